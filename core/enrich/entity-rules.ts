/**
 * Rules over the tagger's BIO tags (issue 27), applied after decoding and before spans become
 * mentions. Each rule fixes one class of error the model makes on news text and was kept only if
 * it helped on the dev sets (docs/entities-data.md, "Rules after the tagger"):
 *
 * - `trim`: a span ends at its last capitalised word; lower-case words the model let in after a
 *   name (`Fort Worth hotel`, `Garrett engaged`) or between names (`Pittsburgh center Maurkice
 *   Pouncey`) are cut out, connectors between capitalised words (`Bank of England`) stay.
 * - `orgHead`: a capitalised run that ends in an organisation's head word (`Inc`, `University`,
 *   `Ministry`, `Airlines`…) or holds one followed by `of` (`University of Texas`) is an
 *   organisation, whatever the model said of it; in English the capitalised words before such a
 *   head are the name's too (`Massachusetts Institute of Technology`).
 * - `seenOrg` (English only): untagged capitalised words that make a name the training sets label
 *   as an organisation (`BBC`, `Labour Party`, `Reuters`; scripts/entity-gazetteer-build.ts) are one.
 * - `dateline`: an all-capital place at the start of a line before `(`, `,`, `-`, `—` or `:`
 *   (`WASHINGTON (Reuters) -`) is a place.
 * - `demonym` (English only): a one-word place that is a demonym (`Indian`, `Iraqis`) is no
 *   entity: an adjective, as the training sets are relabelled (scripts/entity-data.ts dropDemonyms).
 * - `countryPlace` (English only): a span that is exactly a country's name (`Malaysia`, `US`) but
 *   was tagged a person or an organisation is a place.
 * - `listedOrg` (English only): untagged capitalised words that make a whole name in the
 *   organisation list (S&P 500: `Home Depot`, `PG&E`) are an organisation; one word alone only
 *   inside a sentence and if it is no ordinary word, place, first name or demonym.
 * - `knownOrg` (English only): a whole capitalised run that is a hand-kept organisation name
 *   (core/enrich/entity-known-organisations.ts: `NATO`, `Hezbollah`, `Reuters`, `Real Madrid`) is
 *   an organisation, untagged or tagged a person or a place.
 */
import { CASE_LOWER, type EntityGazetteer, listedKind } from './entity-gazetteer.ts'
import { KNOWN_ORG_ACRONYMS, KNOWN_ORG_NAMES } from './entity-known-organisations.ts'
import { LEX_KNOWN_ORG_FIRST, LEX_ORG_FIRST, LEX_SEEN_ORG_FIRST } from './entity-lexicon.ts'
import { GAZ_COUNTRY, GAZ_ORG, GAZ_PLACE, type FeatureContext } from './entity-model.ts'
import { type EntityToken, isCandidate, NAME_CONNECTORS } from './entity-tokens.ts'
import { applySpanRules, SPAN_RULES, type SpanRules } from './entity-span-rules.ts'

export interface EntityRules {
  seenOrg: boolean
  trim: boolean
  orgHead: boolean
  dateline: boolean
  /** The organisation-head rule in English too. */
  orgHeadEn: boolean
  /** English: a one-word place that is a demonym (`Indian`, `Iraqis`) is no entity. */
  demonym: boolean
  /** English: a name that is exactly a country's name tagged a person or an organisation is a place. */
  countryPlace: boolean
  /** English: untagged capitalised words that make a listed organisation (S&P 500) are one. */
  listedOrg: boolean
  /** English: a whole capitalised run that is a hand-kept organisation name is one, whatever the tagger said. */
  knownOrg: boolean
  /** English, organisation heads: `and`/`the` after a capitalised word (no `of` before) starts the name after it. */
  orgJoin: boolean
  /** English, organisation heads: `Center`, `Centre`, `Infirmary`, `Observatory` last, and a head before `for` (`Institute for`). */
  orgHeadMore: boolean
}

export const ENTITY_RULES: EntityRules = {
  seenOrg: true,
  trim: true,
  orgHead: true,
  dateline: true,
  orgHeadEn: true,
  demonym: true,
  countryPlace: true,
  listedOrg: true,
  knownOrg: true,
  orgJoin: true,
  orgHeadMore: true,
}

const O = 0
const B_ORG = 3
const I_ORG = 4
const B_LOC = 5

/** Last words that make a capitalised run an organisation (lower case). */
export const ORG_HEADS: ReadonlySet<string> = new Set(
  (
    'inc corp corporation ltd llc plc llp gmbh ag sa nv bv spa holdings group bank university college ' +
    'institute school academy party ministry department council committee commission agency association ' +
    'federation union fc airlines airways times post journal news press tribune herald gazette telegraph ' +
    'foundation society trust authority bureau board court parliament congress senate assembly police ' +
    'army navy organisation organization corps club league network media studios motors technologies ' +
    'systems industries partners capital ventures fund exchange reserve administration office service ' +
    'services hospital church coalition alliance movement conference museum records company orchestra ' +
    'laboratories labs pharmaceuticals communications broadcasting channel magazine brigade regiment division'
  ).split(' '),
)

/** English only (fourth pass): armed and security forces (`Israel Defense Forces`, `US Marines`, `National Guard`). */
const ORG_HEADS_EN: ReadonlySet<string> = new Set(['forces', 'marines', 'guard', 'guards', 'brigades', 'militia'])

/** English only (fifth pass): institutions named like buildings (`Goddard Space Flight Center`, `Aberdeen Royal Infirmary`). */
const ORG_HEADS_MORE: ReadonlySet<string> = new Set(
  (
    'center centre infirmary observatory robotics aerospace publishing publishers consulting solutions software ' +
    'electronics entertainment properties logistics insurance securities investments therapeutics semiconductor ' +
    'telecom realty brands foods'
  ).split(' '),
)

/** English places whose last word is an organisation head. */
const PLACES_WITH_HEADS: ReadonlySet<string> = new Set(['west bank', 'left bank', 'south bank'])

/** Heads that name an organisation before `of`: `University of Texas`, `Bank of England`. */
export const ORG_HEADS_BEFORE_OF: ReadonlySet<string> = new Set(
  (
    'university college institute bank ministry department council committee commission agency association ' +
    'federation union board bureau court office school academy society church house chamber league ' +
    'organisation organization party museum conference'
  ).split(' '),
)

/** The B- tag of a tag's type, 0 for O. */
const typeOf = (tag: number) => (tag === 0 ? 0 : tag % 2 === 1 ? tag : tag - 1)

function isAllCaps(word: string): boolean {
  let letters = 0
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i)
    if (c >= 65 && c <= 90) letters++
    else if (c >= 97 && c <= 122) return false
    else if (c === 46 || c === 38) continue
    else if (c >= 128 && word[i] !== (word[i] as string).toUpperCase()) return false
  }
  return letters >= 2
}

/** Rewrites `tags` in place by the rules that are on. */
export function applyEntityRules(
  ctx: FeatureContext,
  tags: Uint8Array,
  gaz: EntityGazetteer,
  group: 'en' | 'xx',
  rules: EntityRules = ENTITY_RULES,
  spans: SpanRules = SPAN_RULES,
): Uint8Array {
  const { tokens, lower, candidate, word } = ctx
  const n = tokens.length
  // The lexicon's flags say which words start a listed name at all (ctx and rules read one gazetteer).
  const startsListed = (i: number, bit: number) => {
    const k = word[i] as number
    return k >= 0 && ((ctx.lexicon.flags[k] as number) & bit) !== 0
  }
  if (rules.trim) {
    for (let i = 0; i < n; i++) {
      if (tags[i] === O) continue
      const t = (tokens[i] as EntityToken).text
      if (isCandidate(t) || /^[\d'’&.-]/.test(t)) continue
      // Connectors (`Bank of England`, `Costa do Marfim` cut as `de o`) stay when a tagged capitalised word follows them;
      // outside English any lower-case word inside a name does (`Ministério italiano dos Negócios Estrangeiros`).
      let j = i
      while (j < n && tags[j] !== O && (tags[j] as number) % 2 === 0 && !isCandidate((tokens[j] as EntityToken).text)) {
        if (group === 'en' && !NAME_CONNECTORS.has((tokens[j] as EntityToken).text.toLowerCase())) break
        j++
      }
      const next = j < n ? (tags[j] as number) : O
      if (j > i && next !== O && next % 2 === 0 && isCandidate((tokens[j] as EntityToken).text)) {
        i = j
        continue
      }
      tags[i] = O
      // What follows starts a span of its own.
      const after = i + 1 < n ? (tags[i + 1] as number) : O
      if (after !== O && after % 2 === 0) tags[i + 1] = after - 1
    }
  }
  if (rules.dateline) {
    for (let i = 0; i < n; i++) {
      const t = tokens[i] as EntityToken
      if (!t.lineStart || !isAllCaps(t.text)) continue
      let end = i
      while (end + 1 < n && isAllCaps((tokens[end + 1] as EntityToken).text) && !(tokens[end + 1] as EntityToken).start)
        end++
      const after = end + 1 < n ? (tokens[end + 1] as EntityToken).text : ''
      if (!/^[(,:—–-]$/.test(after)) continue
      const key = lower.slice(i, end + 1).join(' ') || t.text.toLowerCase()
      const kind = gaz.kinds.get(key) ?? 0
      if ((kind & (GAZ_PLACE | GAZ_COUNTRY)) === 0) continue
      tags[i] = B_LOC
      for (let k = i + 1; k <= end; k++) tags[k] = B_LOC + 1
      if (end + 1 < n && (tags[end + 1] as number) % 2 === 0 && tags[end + 1] !== O)
        tags[end + 1] = typeOf(tags[end + 1] as number)
    }
  }
  // Measured on the dev sets: helps Portuguese (UNER Bosque). In English (orgHeadEn) it costs BTC dev, whose schools are
  // places, about 0.001 and gains WikiANN en dev (measured on, never learned from) 0.019 with the longer head list and
  // the words before `X of` kept: organisation recall 0.135 → 0.195.
  if (rules.orgHead && (group === 'xx' || rules.orgHeadEn)) {
    let i = 0
    while (i < n) {
      const end = ctx.runEnd[i] as number
      if (end < 0) {
        i++
        continue
      }
      const first = ctx.runStart[i] as number
      const last = lower[end] as string
      const more = group === 'en' && rules.orgHeadMore
      let org =
        end > first &&
        (ORG_HEADS.has(last) || (group === 'en' && ORG_HEADS_EN.has(last)) || (more && ORG_HEADS_MORE.has(last)))
      let from = first
      if (!org) {
        // `University of Texas`: a head, then `of`, inside the run; the capitalised words before the head are the
        // name's too (`Massachusetts Institute of Technology`, `United States House of Representatives`).
        for (let k = first; k < end; k++) {
          const w = lower[k] as string
          if (
            (lower[k + 1] === 'of' && ORG_HEADS_BEFORE_OF.has(w)) ||
            (more && lower[k + 1] === 'for' && (ORG_HEADS_BEFORE_OF.has(w) || ORG_HEADS_MORE.has(w)))
          ) {
            org = true
            if (group === 'xx') from = k
            break
          }
        }
      }
      // English: a place named like an organisation (`West Bank`) or a listed place or country is no organisation.
      if (org && group === 'en' && end - first < gaz.maxTokens) {
        const key = lower.slice(first, end + 1).join(' ')
        if (PLACES_WITH_HEADS.has(key) || ((gaz.kinds.get(key) ?? 0) & (GAZ_PLACE | GAZ_COUNTRY)) !== 0) org = false
      }
      if (org) {
        // A sentence's first word is part of the name only if the model said so (`Yesterday Harvard University`).
        if (from === first && (tokens[first] as EntityToken).start && tags[first] === O) from++
        // English: `the` right after a capitalised word, or `and` right after an organisation's name, with no
        // `of` before it, joins two names (`Polygraph.info the Russian Defense Ministry`, `United Nations and
        // European Union`): the organisation is the last; the joining word is no one's.
        if (group === 'en' && rules.orgJoin) {
          for (let k = end - 1; k > from; k--) {
            const w = lower[k] as string
            if ((w !== 'the' && w !== 'and') || candidate[k - 1] === 0) continue
            let of = false
            for (let m = from; m < k; m++) if (lower[m] === 'of') of = true
            if (of) break
            // Before `and` a name of its own: a known organisation or one with a head (not `Securities and Exchange`).
            if (w === 'and' && !isOrganisationName(ctx, from, k - 1)) break
            tags[k] = O
            from = k + 1
            break
          }
        }
        while (from < end && (lower[from] === 'the' || NAME_CONNECTORS.has(lower[from] as string))) from++
        // The head alone (`News`, `Group`) names nothing.
        if (from < end) {
          tags[from] = B_ORG
          for (let k = from + 1; k <= end; k++) tags[k] = I_ORG
          if (end + 1 < n && (tags[end + 1] as number) % 2 === 0 && tags[end + 1] !== O)
            tags[end + 1] = typeOf(tags[end + 1] as number)
        }
      }
      i = end + 1
    }
  }
  if (group === 'en' && (rules.demonym || rules.countryPlace)) {
    let i = 0
    while (i < n) {
      const tag = tags[i] as number
      if (tag === O || tag % 2 === 0) {
        i++
        continue
      }
      let end = i
      while (end + 1 < n && tags[end + 1] === tag + 1) end++
      if (rules.demonym && tag === B_LOC && end === i && gaz.demonyms.has(lower[i] as string)) tags[i] = O
      else if (rules.countryPlace && tag !== B_LOC && end - i < gaz.maxTokens) {
        if ((listedKind(gaz, ctx, i, end) & GAZ_COUNTRY) !== 0) {
          tags[i] = B_LOC
          for (let k = i + 1; k <= end; k++) tags[k] = B_LOC + 1
        }
      }
      i = end + 1
    }
  }
  // Measured on the dev sets (issue 27, third pass): BTC H +0.001, WikiANN en and UNER English-EWT dev ±0; on the real
  // article pages it adds `Home Depot`, `Best Buy`, `PG&E` where the tagger saw nothing.
  if (rules.listedOrg && group === 'en') {
    const caseOf = gaz.caseOf.get(group)
    let i = 0
    while (i < n) {
      if (tags[i] !== O || candidate[i] === 0 || !startsListed(i, LEX_ORG_FIRST)) {
        i++
        continue
      }
      // Longest listed organisation over untagged capitalised words (and connectors between them).
      const best = longestListedRun(
        tokens,
        tags,
        i,
        gaz.maxTokens,
        (key) => ((gaz.kinds.get(key) ?? 0) & GAZ_ORG) !== 0,
      )
      const w = lower[i] as string
      const alone =
        best === i &&
        ((tokens[i] as EntityToken).start ||
          caseOf?.get(w) === CASE_LOWER ||
          ((gaz.kinds.get(w) ?? 0) & (GAZ_PLACE | GAZ_COUNTRY)) !== 0 ||
          gaz.firstNames.has(w) ||
          gaz.demonyms.has(w) ||
          (i > 0 && isCandidate((tokens[i - 1] as EntityToken).text)))
      // Only a whole name: not the start of a longer capitalised run (`Southern California`, `Ball State`), nor one
      // word that is also an ordinary word, a place, a first name or part of a run (`Target`, `Dover`, `Maxine Waters`).
      const longer = best >= 0 && best + 1 < n && isCandidate((tokens[best + 1] as EntityToken).text)
      if (best < 0 || alone || (longer && !(tokens[best + 1] as EntityToken).start)) {
        i++
        continue
      }
      tags[i] = B_ORG
      for (let k = i + 1; k <= best; k++) tags[k] = I_ORG
      i = best + 1
    }
  }
  if (rules.knownOrg && group === 'en') applyKnownOrganisations(ctx, tags)
  const seen = gaz.seenOrganisations.get(group)
  // Measured on the dev sets: helps English (BTC), hurts Portuguese (UNER Bosque), so English only.
  if (rules.seenOrg && seen !== undefined && group === 'en') {
    let i = 0
    while (i < n) {
      if (tags[i] !== O || candidate[i] === 0 || !startsListed(i, LEX_SEEN_ORG_FIRST)) {
        i++
        continue
      }
      // Longest listed name over untagged capitalised words (and connectors between them).
      const best = longestListedRun(tokens, tags, i, gaz.maxTokens, (key) => seen.has(key))
      // A sentence's first word alone is too often an ordinary word (`Target`, `United`).
      if (best < 0 || (best === i && (tokens[i] as EntityToken).start)) {
        i++
        continue
      }
      tags[i] = B_ORG
      for (let k = i + 1; k <= best; k++) tags[k] = I_ORG
      i = best + 1
    }
  }
  if (group === 'en') applySpanRules(ctx, tags, gaz, ORG_HEADS, ORG_HEADS_BEFORE_OF, spans)
  return tags
}

/** Tokens from..to (capitalised words and connectors) name an organisation by themselves: a known name or acronym, or a head last. */
function isOrganisationName(ctx: FeatureContext, from: number, to: number): boolean {
  const words = ctx.lower.slice(from, to + 1)
  if (from === to && KNOWN_ORG_ACRONYMS.has((ctx.tokens[from] as EntityToken).text)) return true
  const head = words[words.length - 1] as string
  return KNOWN_ORG_NAMES.has(words.join(' ')) || (to > from && (ORG_HEADS.has(head) || ORG_HEADS_EN.has(head)))
}

const KNOWN_MAX_TOKENS = Math.max(...[...KNOWN_ORG_NAMES].map((k) => k.split(' ').length))

/**
 * `knownOrg`: a whole capitalised run (not part of a longer one) that is a known organisation's
 * name, or one token that is a known acronym as written, becomes an organisation when the tagger
 * left it untagged or tagged exactly it a person or a place; an organisation it tagged stays as tagged.
 */
function applyKnownOrganisations(ctx: FeatureContext, tags: Uint8Array): void {
  const { tokens, lower, candidate } = ctx
  const n = tokens.length
  let i = 0
  while (i < n) {
    const text = (tokens[i] as EntityToken).text
    const at = ctx.word[i] as number
    if (candidate[i] === 0 || at < 0 || ((ctx.lexicon.flags[at] as number) & LEX_KNOWN_ORG_FIRST) === 0) {
      i++
      continue
    }
    // Not the inside of a longer capitalised run (`Former Real Madrid`, `Labour Day`).
    if (i > 0 && candidate[i - 1] === 1 && !(tokens[i] as EntityToken).start) {
      i++
      continue
    }
    let best = KNOWN_ORG_ACRONYMS.has(text) ? i : -1
    let key = ''
    for (let j = i; j < n && j < i + KNOWN_MAX_TOKENS; j++) {
      if (j > i && (tokens[j] as EntityToken).start) break
      const w = lower[j] as string
      if (candidate[j] === 0 && !NAME_CONNECTORS.has(w)) break
      key = j === i ? w : `${key} ${w}`
      if (candidate[j] === 1 && KNOWN_ORG_NAMES.has(key)) best = j
    }
    const after = best + 1
    if (best < 0 || (after < n && candidate[after] === 1 && !(tokens[after] as EntityToken).start)) {
      i++
      continue
    }
    // The tagger's span over exactly these tokens: untagged, or one span of one type.
    const tag = tags[i] as number
    let whole = tag === O || tag % 2 === 1
    for (let k = i + 1; k <= best && whole; k++) whole = tags[k] === (tag === O ? O : tag + 1)
    if (whole && after < n && tag !== O && tags[after] === tag + 1) whole = false
    if (whole && tag !== B_ORG) {
      tags[i] = B_ORG
      for (let k = i + 1; k <= best; k++) tags[k] = I_ORG
    }
    i = best + 1
  }
}

/**
 * The last token of the longest run from `i` of untagged tokens within one sentence, capitalised
 * words and the connectors between them, that ends on a capitalised word and is `listed` (its
 * words lower-cased, one space apart); -1 when no such run is.
 */
function longestListedRun(
  tokens: readonly EntityToken[],
  tags: Uint8Array,
  i: number,
  maxTokens: number,
  listed: (key: string) => boolean,
): number {
  let key = ''
  let best = -1
  for (let j = i; j < tokens.length && j < i + maxTokens && tags[j] === O; j++) {
    const t = tokens[j] as EntityToken
    if (j > i && t.start) break
    const word = t.text.toLowerCase()
    if (!isCandidate(t.text) && !NAME_CONNECTORS.has(word)) break
    key = j === i ? word : `${key} ${word}`
    if (isCandidate(t.text) && listed(key)) best = j
  }
  return best
}
