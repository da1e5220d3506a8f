/**
 * English rules over a tagged span's own words (issue 27, fifth pass), applied after the other
 * rules after the tagger (entity-rules.ts) and chosen on the dev half of the annotated English news
 * pages with the older dev sets (docs/entities-data.md, "Rules after the tagger"). Each fixes one
 * class of error the tagger makes on news pages:
 *
 * - `orgCue`: capitalised words right after a lower-case organisation noun (`the journal Nature
 *   Astronomy`, `the think-tank Chatham House`, `the company Coty`) or after `published by|on|in`
 *   (`originally published on Live Science`) are an organisation, unless a listed place, a first
 *   name, a title or a date; a date joined on by a connector, or a second name after `and`, is cut off.
 * - `handle`: a name right after `@` is a social-media handle (`@NGRSenate`), no entity.
 * - `eventHead`: a span that ends in an event's head word (`Davis Cup`, `Grand Prix`) is no entity:
 *   events are neither people, organisations nor places.
 * - `titleSplit`: a person's title inside an organisation or place span splits it: `Prime Minister
 *   Shehbaz Sharif`, `Senate President Bukola Saraki` → the person after the title; a span that
 *   ends in an office (`Indian Foreign Secretary`) names nobody; `Leader of Burnley Council` → the
 *   organisation after `of`.
 * - `placeHead`: a person or organisation span of two words or more that ends in a place's head
 *   word (`Kent Street`, `Burnley Cemetery`, `Thitu Island`) is a place.
 * - `roleModifier`: a span's first word that qualifies a role (`Former`, `Ousted`, `Acting`) is no
 *   part of the name after it (`Former National Security Council official`).
 * - `titleName`: capitalised words the tagger left untagged, a title and then two words or more
 *   that are no ordinary words (`Indian Foreign Secretary Vikram Misri`): the words after the title
 *   are a person.
 * - `hyphenName`: untagged, a hyphenated first name (each part a listed first name) and one or two
 *   capitalised words (`Jo-Wilfried Tsonga`): a person.
 * - `ofOrg`: a person or place span, or an organisation span that starts with a first name, holding
 *   `of` and ending in an organisation's head, the word before `of` being none (`Liu-Shiu-Cheong of
 *   Victoria Hospital`, `Patrick Liu of Victoria Hospital`): the organisation after `of`.
 * - `hyphenPlace` (on mentions): `Pakistan-administered Kashmir` → `Pakistan` and `Kashmir`;
 *   `India-Pakistan` → both, when each part is a listed place or country.
 */
import { CASE_LOWER, type EntityGazetteer, listedKind } from './entity-gazetteer.ts'
import { GAZ_COUNTRY, GAZ_PLACE, type FeatureContext } from './entity-model.ts'
import { type EntityToken, isCandidate } from './entity-tokens.ts'

export interface SpanRules {
  /** A capitalised run right after a lower-case organisation noun (`the journal Nature Astronomy`) is an organisation. */
  orgCue: boolean
  handle: boolean
  eventHead: boolean
  titleSplit: boolean
  placeHead: boolean
  roleModifier: boolean
  hyphenPlace: boolean
  titleName: boolean
  ofOrg: boolean
  hyphenName: boolean
  /** A line opening with a listed place in capitals and a dateline's mark names that place (core/enrich/entity-datelines.ts). */
  datelines: boolean
}

export const SPAN_RULES: SpanRules = {
  orgCue: true,
  handle: false,
  eventHead: true,
  titleSplit: true,
  placeHead: true,
  roleModifier: true,
  hyphenPlace: true,
  titleName: true,
  ofOrg: true,
  hyphenName: true,
  datelines: true,
}

/** Leading words that are a person's title, not their name (also read by foldMentions). */
export const TITLES: ReadonlySet<string> = new Set(
  (
    'president prime minister chancellor mr mrs ms miss dr sir dame lord lady king queen prince princess pope ' +
    'senator sen rep gov governor mayor general gen judge justice secretary chairman ceo coach captain ' +
    'herr frau monsieur madame señor señora signor signora senhor senhora de heer mevrouw präsident présidente presidente ' +
    'rev reverend father sister brother cardinal bishop archbishop rabbi imam sheikh sgt sergeant lt col colonel ' +
    'capt commissioner chief director professor prof dean ambassador sheriff detective officer attorney ' +
    'congressman congresswoman councillor councilman councilwoman insider defenseman defender midfielder ' +
    'striker goalkeeper quarterback pitcher manager republican democrat rt hon'
  ).split(' '),
)

/** Titles that stand before one name alone (`President Trump`); others need two words after them (`General Electric`). */
const OFFICE_TITLES: ReadonlySet<string> = new Set(
  'president minister chancellor senator sen rep gov governor mayor secretary commander ambassador commissioner'.split(
    ' ',
  ),
)

/** Offices a span may end in that name nobody (`Foreign Secretary`, `Vice President`). */
const OFFICES: ReadonlySet<string> = new Set(
  (
    'president minister secretary chancellor governor mayor senator ambassador commissioner chairman chairwoman ' +
    'spokesman spokeswoman spokesperson ceo director manager sheriff speaker leader commander'
  ).split(' '),
)

const EVENT_HEADS: ReadonlySet<string> = new Set(
  'cup championship championships olympics finals awards festival tournament prix marathon'.split(' '),
)

const PLACE_HEADS: ReadonlySet<string> = new Set(
  (
    'street road avenue boulevard lane square island islands mountain mountains river lake bay sea ocean valley ' +
    'county province strait peninsula desert canyon cemetery airport stadium bridge beach'
  ).split(' '),
)

const ROLE_MODIFIERS: ReadonlySet<string> = new Set(
  'former ex late acting outgoing incoming interim then ousted disgraced embattled retired'.split(' '),
)

/** Lower-case nouns that say the capitalised name right after them is an organisation's (`the think-tank Chatham House`). */
const ORG_CUES: ReadonlySet<string> = new Set(
  (
    'journal newspaper magazine tabloid website broadcaster publisher outlet think-tank company firm startup start-up ' +
    'carmaker automaker airline retailer insurer lender charity nonprofit network agency group label studio'
  ).split(' '),
)

/** Capitalised words a cue noun may stand before that name no organisation (`the company Tuesday said`). */
const NOT_AFTER_CUE: ReadonlySet<string> = new Set(
  (
    'monday tuesday wednesday thursday friday saturday sunday january february march april may june july august ' +
    'september october november december'
  ).split(' '),
)

const B_PER = 1
const B_ORG = 3
const B_LOC = 5

/** Rewrites `tags` in place (English). */
export function applySpanRules(
  ctx: FeatureContext,
  tags: Uint8Array,
  gaz: EntityGazetteer,
  orgHeads: ReadonlySet<string>,
  headsBeforeOf: ReadonlySet<string>,
  rules: SpanRules = SPAN_RULES,
): Uint8Array {
  const { tokens, lower } = ctx
  const n = tokens.length
  const caseOf = gaz.caseOf.get('en')
  const isPlace = (from: number, to: number) =>
    to - from < gaz.maxTokens && (listedKind(gaz, ctx, from, to) & (GAZ_PLACE | GAZ_COUNTRY)) !== 0
  const set = (from: number, to: number, b: number) => {
    for (let k = from; k <= to; k++) tags[k] = b === 0 ? 0 : k === from ? b : b + 1
  }
  if (rules.titleName || rules.hyphenName) {
    let i = 0
    while (i < n) {
      const end = ctx.runEnd[i] as number
      if (end < 0) {
        i++
        continue
      }
      if (rules.titleName && end - i >= 2 && isUntagged(i, end)) nameAfterTitle(i, end)
      if (
        rules.hyphenName &&
        end > i &&
        end - i <= 2 &&
        isUntagged(i, end) &&
        isHyphenFirstName(lower[i] as string, gaz.firstNames)
      )
        set(i, end, B_PER)
      i = end + 1
    }
  }
  if (rules.orgCue) {
    let r = 0
    while (r < n) {
      const end = ctx.runEnd[r] as number
      if (end < 0) {
        r++
        continue
      }
      if (r > 0 && !(tokens[r] as EntityToken).start && (ORG_CUES.has(lower[r - 1] as string) || afterPublished(r)))
        orgAfterCue(r, end)
      r = end + 1
    }
  }
  let i = 0
  while (i < n) {
    const tag = tags[i] as number
    if (tag === 0 || tag % 2 === 0) {
      i++
      continue
    }
    let end = i
    while (end + 1 < n && tags[end + 1] === tag + 1) end++
    const next = end + 1
    const last = lower[end] as string
    if (rules.handle && i > 0 && (tokens[i - 1] as EntityToken).text === '@') set(i, end, 0)
    else if (rules.eventHead && EVENT_HEADS.has(last)) set(i, end, 0)
    else if (rules.roleModifier && end > i && ROLE_MODIFIERS.has(lower[i] as string)) {
      // Re-read the span without its first word.
      tags[i] = 0
      tags[i + 1] = tag
      i++
      continue
    } else if (rules.titleSplit && tag !== B_PER && splitTitle(i, end)) {
      i = next
      continue
    } else if (
      rules.ofOrg &&
      (tag !== B_ORG || gaz.firstNames.has(lower[i] as string)) &&
      end - i >= 2 &&
      orgHeads.has(last) &&
      orgAfterOf(i, end)
    ) {
      i = next
      continue
    } else if (rules.placeHead && tag !== B_LOC && end > i && PLACE_HEADS.has(last) && !hasWord(i, end, 'of'))
      set(i, end, B_LOC)
    i = next
  }
  return tags

  /** `published by|on|in [the]` right before token r (`originally published on Live Science`). */
  function afterPublished(r: number): boolean {
    let k = r - 1
    if (lower[k] === 'the') k--
    const w = lower[k]
    return k > 0 && (w === 'by' || w === 'on' || w === 'in') && lower[k - 1] === 'published'
  }

  /** `orgCue` over the run from..to after a cue noun: an organisation unless a place, a person's name or a date. */
  function orgAfterCue(from: number, to: number): void {
    if (ctx.candidate[from - 1] === 1) return
    // A date joined on by a connector is no part of the name (`the journal Nature Astronomy on Monday`).
    // So is a second name after `and` (`published by Walikali and Gossipgist`).
    for (let k = from + 1; k < to; k++)
      if (ctx.candidate[k] === 0 && (lower[k] === 'and' || NOT_AFTER_CUE.has(lower[k + 1] as string))) {
        to = k - 1
        break
      }
    const first = lower[from] as string
    if (TITLES.has(first) || NOT_AFTER_CUE.has(first) || gaz.firstNames.has(first) || isPlace(from, to)) return
    // The tagger's spans here: none, or organisations already, or others inside the run only.
    if (from > 0 && (tags[from] as number) % 2 === 0 && tags[from] !== 0) return
    set(from, to, B_ORG)
    if (to + 1 < n && (tags[to + 1] as number) % 2 === 0 && tags[to + 1] !== 0)
      tags[to + 1] = (tags[to + 1] as number) - 1
  }

  function isUntagged(from: number, to: number): boolean {
    for (let k = from; k <= to; k++) if (tags[k] !== 0) return false
    return true
  }

  /** `titleName` over an untagged capitalised run. */
  function nameAfterTitle(from: number, to: number): void {
    for (let j = to - 2; j >= from; j--) {
      const w = lower[j] as string
      if (!TITLES.has(w) && !OFFICES.has(w)) continue
      for (let k = j + 1; k <= to; k++) {
        const r = lower[k] as string
        if (orgHeads.has(r) || PLACE_HEADS.has(r) || TITLES.has(r) || caseOf?.get(r) === CASE_LOWER) return
        if (!isCandidate((tokens[k] as EntityToken).text)) return
      }
      if (isPlace(j + 1, to)) return
      set(j + 1, to, B_PER)
      return
    }
  }

  /** `ofOrg`; true when it rewrote the span. */
  function orgAfterOf(from: number, to: number): boolean {
    for (let k = from + 1; k < to; k++) {
      if (lower[k] !== 'of') continue
      if (headsBeforeOf.has(lower[k - 1] as string)) return false
      let o = k + 1
      if (lower[o] === 'the') o++
      if (o >= to) return false
      set(from, k, 0)
      set(o, to, B_ORG)
      return true
    }
    return false
  }

  function hasWord(from: number, to: number, w: string): boolean {
    for (let k = from; k <= to; k++) if (lower[k] === w) return true
    return false
  }

  /** `titleSplit` on an organisation or place span; true when it rewrote the span. */
  function splitTitle(from: number, to: number): boolean {
    // `Leader of Burnley Council`, `Speaker of the House`: the organisation after `of`.
    if (OFFICES.has(lower[from] as string) && lower[from + 1] === 'of' && from + 2 < to) {
      let k = from + 2
      if (lower[k] === 'the') k++
      // Only before an organisation's name (`Secretary of State Mike Pompeo` is left alone).
      if (!orgHeads.has(lower[to] as string) && !hasWord(k, to, 'of')) return false
      const tag = tags[from] as number
      set(from, k - 1, 0)
      set(k, to, tag)
      return true
    }
    for (let j = to; j >= from; j--) {
      const w = lower[j] as string
      if (!TITLES.has(w) && !OFFICES.has(w)) continue
      if (j === to) {
        if (!OFFICES.has(w)) return false
        // An organisation's name before its office (`House of Representatives Speaker`): the organisation.
        if (to > from && (hasWord(from, to, 'of') || orgHeads.has(lower[to - 1] as string))) {
          tags[to] = 0
          return true
        }
        // Otherwise a span ending in an office names nobody (`Indian Foreign Secretary`).
        set(from, to, 0)
        return true
      }
      const rest = to - j
      if (rest < (OFFICE_TITLES.has(w) ? 1 : 2)) return false
      for (let k = j + 1; k <= to; k++) {
        const r = lower[k] as string
        if (orgHeads.has(r) || PLACE_HEADS.has(r) || r === 'of' || caseOf?.get(r) === CASE_LOWER) return false
      }
      if (isPlace(j + 1, to)) return false
      set(from, j, 0)
      set(j + 1, to, B_PER)
      return true
    }
    return false
  }
}

/**
 * Two listed first names joined by one hyphen (`jo-wilfried`): w.split('-') has two parts, each in
 * `firstNames`; read without splitting, as every capitalised run's first word is asked.
 */
export function isHyphenFirstName(w: string, firstNames: ReadonlySet<string>): boolean {
  const dash = w.indexOf('-')
  if (dash < 0 || w.indexOf('-', dash + 1) >= 0) return false
  return firstNames.has(w.slice(0, dash)) && firstNames.has(w.slice(dash + 1))
}

/** A hyphenated word's capitalised parts that are listed places (`India-Pakistan`), or null. */
function placeParts(word: string, gaz: EntityGazetteer): string[] | null {
  const parts = word.split('-')
  if (parts.length < 2) return null
  const out: string[] = []
  for (const p of parts) {
    const first = p[0]
    if (first === undefined || first === first.toLowerCase()) continue
    if (((gaz.kinds.get(p.toLowerCase()) ?? 0) & (GAZ_PLACE | GAZ_COUNTRY)) === 0) return null
    out.push(p)
  }
  return out.length > 0 ? out : null
}

/** `hyphenPlace` on mentions (English): the places inside hyphenated words at a mention's edges. */
export function splitHyphenatedPlaces<M extends { type: string; words: string[] }>(
  mentions: M[],
  gaz: EntityGazetteer,
  rules: SpanRules = SPAN_RULES,
): M[] {
  if (!rules.hyphenPlace) return mentions
  const out: M[] = []
  for (const m of mentions) {
    const first = m.words[0] as string
    if (m.words.length === 1 && first.includes('-')) {
      // `India-Pakistan`: every capitalised part a listed place, and more than one.
      const parts = placeParts(first, gaz)
      if (parts !== null && parts.length > 1 && parts.length === first.split('-').length) {
        for (const p of parts) out.push({ ...m, type: 'place', words: [p] })
        continue
      }
    }
    // `Pakistan-administered Kashmir`, `Delhi-based Council`: the modifier's place apart, the name without it.
    const dash = first.indexOf('-')
    if (m.words.length > 1 && dash > 0 && /^[a-z]/.test(first.slice(dash + 1))) {
      const parts = placeParts(first, gaz)
      if (parts !== null) for (const p of parts) out.push({ ...m, type: 'place', words: [p] })
      out.push({ ...m, words: m.words.slice(1) })
      continue
    }
    out.push(m)
  }
  return out
}
