/**
 * Shouted lines (issue 27): a line whose letters are all capitals (a newswire headline, `EU BACKS
 * FRENCH PLAN TO TAX BRITISH IMPORTS`) tells the tagger nothing by its capitals, and the tagger,
 * trained on mixed case, reads it badly. Before tagging, the tokens of such a line are rewritten in
 * the case news would likely write them (`EU backs French plan to tax British imports`), from
 * the lists the tagger already has: the English case lists (how unlabelled news writes a word inside
 * a sentence), the name lists (places, countries, organisations, first names), the hand-kept
 * organisation acronyms, the language's function words. A word none of them knows is lower case
 * when it looks inflected (`heralds`, `falsifying`) or when its word cluster (word-clusters.ts) is
 * almost all words news writes in lower case, else capitalised (`Menendez`). Each setting was
 * chosen on the development sets with their first sentence upper-cased (scripts/entity-dev.ts
 * --caps, docs/benchmarks.md); English only. Only token texts change, never token
 * boundaries, so the mention words come out in the rewritten case (`European Union`, not
 * `EUROPEAN UNION`). Lines with a lower-case letter are left alone: the check costs one look at
 * each token's first character until the line's first lower-case word.
 */
import { CASE_CAPITAL, CASE_LOWER, type EntityGazetteer } from './entity-gazetteer.ts'
import { KNOWN_ORG_ACRONYMS, KNOWN_ORG_NAMES } from './entity-known-organisations.ts'
import { LEX_FIRST_NAME, LEX_KINDS, LEX_KNOWN_ORG_FIRST, LEX_STARTS_LONGER, lexiconIndex } from './entity-lexicon.ts'
import { hashString } from './entity-model.ts'
import { type EntityToken, isCandidate, NAME_CONNECTORS } from './entity-tokens.ts'
import { functionWordsOf } from './function-words.ts'

export interface TruecaseRules {
  /** Model groups whose shouted lines are rewritten. */
  groups: ReadonlySet<string>
  /** Words with letters a line needs before it counts as shouted. */
  minWords: number
  /**
   * A word no list knows: `capital` (`Tarmac`), `lower` (`tarmac`), `upper` (left as written), or
   * `cluster`: lower case when its word cluster is mostly lower-case words (clusterLowerShare), else capitalised.
   */
  unknown: 'capital' | 'lower' | 'upper' | 'cluster'
  /** Words of at most this many letters that no list knows, or only the capital list, stay in capitals (`EU`, `FBI`). */
  acronymMax: number
  /** The first word of a line gets a capital, as a sentence's does. */
  sentenceStart: boolean
  /**
   * A word no list knows is lower case when it looks like an inflected ordinary word: a listed
   * lower-case word plus `s`, `es`, `ed`, `ing`, or an ending names rarely have (`-ing`, `-tion`…);
   * a hyphenated one takes each part's case (`Pakistani-controlled`).
   */
  morphology: boolean
  /** `unknown: 'cluster'`: a word no list knows is lower case when at least this share of its cluster's listed words is usually lower case. */
  clusterLowerShare: number
}

export const TRUECASE_RULES: TruecaseRules = {
  groups: new Set(['en']),
  minWords: 3,
  unknown: 'cluster',
  acronymMax: 3,
  sentenceStart: true,
  morphology: true,
  clusterLowerShare: 0.9,
}

/** Per model group and word cluster: 0 when at least `share` of the cluster's words in the case lists are usually lower case, else 1 (names). */
const NAME_CLUSTERS = new WeakMap<EntityGazetteer['lexicon'], Map<string, Uint8Array>>()

function nameClusters(lex: EntityGazetteer['lexicon'], group: string, share: number): Uint8Array | undefined {
  let byGroup = NAME_CLUSTERS.get(lex)
  if (byGroup === undefined) {
    byGroup = new Map()
    NAME_CLUSTERS.set(lex, byGroup)
  }
  let out = byGroup.get(`${group} ${share}`)
  if (out !== undefined) return out
  const caseOf = lex.caseOf.get(group)
  if (caseOf === undefined) return undefined
  let max = 0
  for (const c of lex.cluster) if (c > max) max = c
  const lower = new Uint32Array(max + 1)
  const capital = new Uint32Array(max + 1)
  for (let k = 0; k < lex.cluster.length; k++) {
    const c = lex.cluster[k] as number
    if (c < 0) continue
    if (caseOf[k] === CASE_LOWER) lower[c] = (lower[c] as number) + 1
    else if (caseOf[k] === CASE_CAPITAL) capital[c] = (capital[c] as number) + 1
  }
  out = new Uint8Array(max + 1)
  for (let c = 0; c <= max; c++) {
    const l = lower[c] as number
    out[c] = l > 0 && l >= share * (l + (capital[c] as number)) ? 0 : 1
  }
  byGroup.set(`${group} ${share}`, out)
  return out
}

/** Endings of ordinary English words that names rarely have. */
const ORDINARY_ENDINGS = [
  'ing',
  'ed',
  'ly',
  'tion',
  'tions',
  'ment',
  'ments',
  'ness',
  'ity',
  'ous',
  'ive',
  'able',
  'ful',
  'less',
]
/** Endings to strip before looking a word up again: `heralds` → `herald`, `boycotted` → `boycott`. */
const INFLECTIONS = ['s', 'es', 'ed', 'd', 'ing']

/** Lower case but a capital first letter, and after a hyphen (`Al-Assad`) or a one-letter `O'` (`O'Brien`). */
export function capitalise(word: string): string {
  const w = word.toLowerCase()
  let out = w.charAt(0).toUpperCase()
  for (let i = 1; i < w.length; i++) {
    const prev = w.charCodeAt(i - 1)
    const ch = w.charAt(i)
    out += prev === 45 || ((prev === 39 || prev === 0x2019) && i === 2) ? ch.toUpperCase() : ch
  }
  return out
}

/** A word with a letter and no lower-case letter; 0 when it has a lower-case letter, 1 when shouted, 2 when no letter. */
function shoutedWord(text: string): number {
  let letter = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c >= 97 && c <= 122) return 0
    if (c >= 65 && c <= 90) letter = true
    else if (c >= 128) {
      const ch = text.charAt(i)
      if (ch !== ch.toUpperCase()) return 0
      if (ch !== ch.toLowerCase()) letter = true
    }
  }
  return letter ? 1 : 2
}

/**
 * Rewrites, in place, the tokens of every shouted line (all letters capitals, `minWords` words with
 * letters or more) to their likely case, and their entries in `candidates` (isCandidate of each
 * token) to match. Returns how many lines it rewrote.
 */
export function truecaseShoutedLines(
  tokens: EntityToken[],
  candidates: number[] | undefined,
  gaz: EntityGazetteer,
  group: string,
  lang: string,
  rules: TruecaseRules = TRUECASE_RULES,
): number {
  if (!rules.groups.has(group)) return 0
  const n = tokens.length
  let lines = 0
  let from = 0
  while (from < n) {
    // One line: tokens from `from` up to the next line start; rejected at its first lower-case word.
    let to = from + 1
    while (to < n && (tokens[to] as EntityToken).lineStart !== true) to++
    let words = 0
    let shouted = true
    for (let k = from; k < to; k++) {
      const t = (tokens[k] as EntityToken).text
      const c = t.charCodeAt(0)
      if (c >= 97 && c <= 122) {
        shouted = false
        break
      }
      if (c < 48 || (c > 57 && c < 65) || (c > 90 && c < 128)) continue
      const s = shoutedWord(t)
      if (s === 0) {
        shouted = false
        break
      }
      if (s === 1) words++
    }
    if (shouted && words >= rules.minWords) {
      recaseLine(tokens, from, to, gaz, group, lang, rules)
      if (candidates !== undefined)
        for (let k = from; k < to; k++) candidates[k] = isCandidate((tokens[k] as EntityToken).text) ? 1 : 0
      lines++
    }
    from = to
  }
  return lines
}

const NAME = 1
const KEEP = 2
const LOWER = 3

function recaseLine(
  tokens: EntityToken[],
  from: number,
  to: number,
  gaz: EntityGazetteer,
  group: string,
  lang: string,
  rules: TruecaseRules,
): void {
  const lex = gaz.lexicon
  const caseOf = lex.caseOf.get(group)
  const functionWords = functionWordsOf(lang)
  const lower = new Array<string>(to - from)
  const index = new Int32Array(to - from)
  for (let k = from; k < to; k++) {
    const w = (tokens[k] as EntityToken).text.toLowerCase()
    lower[k - from] = w
    index[k - from] = lexiconIndex(lex, w, hashString(w))
  }
  // Listed names of several words first (`NEW YORK`, `BANK OF AMERICA`), longest at each word.
  const how = new Uint8Array(to - from)
  for (let i = 0; i < to - from; i++) {
    const k = index[i] as number
    if (k < 0 || ((lex.flags[k] as number) & (LEX_STARTS_LONGER | LEX_KNOWN_ORG_FIRST)) === 0) continue
    let key = lower[i] as string
    let best = 0
    for (let len = 2; len <= gaz.maxTokens && i + len <= to - from; len++) {
      key = `${key} ${lower[i + len - 1] as string}`
      if (gaz.kinds.get(key) !== undefined || KNOWN_ORG_NAMES.has(key)) best = len
    }
    for (let j = i; j < i + best; j++) how[j] = NAME_CONNECTORS.has(lower[j] as string) && j > i ? LOWER : NAME
    if (best > 0) i += best - 1
  }
  let first = true
  let lastWord = -1
  for (let i = 0; i < to - from; i++) {
    const token = tokens[from + i] as EntityToken
    const text = token.text
    const s = shoutedWord(text)
    if (s !== 1) continue
    const w = lower[i] as string
    const prevWord = lastWord
    lastWord = i
    let decision = how[i] as number
    if (decision === 0) decision = wordCase(text, w, index[i] as number, lex.flags, caseOf, functionWords, rules)
    // `US` is the pronoun (`JOIN US`) except first in a line or after `the`, where it is the country.
    if (w === 'us' && group === 'en' && !first && lower[prevWord] !== 'the') decision = LOWER
    if (decision === 0 && rules.morphology) {
      const parts = w.split('-')
      if (parts.length > 1 && parts.every((p) => p !== '')) {
        // Each part by the lists; the word as the parts say when at least one part is known.
        const cases = parts.map((p) => {
          const pk = lexiconIndex(lex, p, hashString(p))
          const d = wordCase(p.toUpperCase(), p, pk, lex.flags, caseOf, functionWords, rules)
          return d === 0 && looksOrdinary(p, lex, caseOf) ? LOWER : d
        })
        if (cases.some((d) => d !== 0)) {
          token.text = parts
            .map((p, j) => (cases[j] === LOWER ? p : cases[j] === KEEP ? p.toUpperCase() : capitalise(p)))
            .join('-')
          if (first && rules.sentenceStart) token.text = capitalise(token.text.charAt(0)) + token.text.slice(1)
          first = false
          continue
        }
      } else if (looksOrdinary(w, lex, caseOf)) decision = LOWER
    }
    if (decision === 0 && rules.unknown === 'cluster') {
      const k = index[i] as number
      const c = k >= 0 ? (lex.cluster[k] as number) : -1
      const names = c >= 0 ? nameClusters(lex, group, rules.clusterLowerShare) : undefined
      decision = names === undefined || names[c] === 1 ? NAME : LOWER
    }
    let out =
      decision === LOWER
        ? w
        : decision === NAME
          ? capitalise(text)
          : rules.unknown === 'capital' && decision === 0
            ? capitalise(text)
            : rules.unknown === 'lower' && decision === 0
              ? w
              : text
    // The possessive `'S` is no word of its own.
    if (w === "'s" || w === '’s') out = w
    else if (first && rules.sentenceStart && out === w) out = capitalise(text)
    first = false
    token.text = out
  }
}

/** An unlisted word that looks like an inflected ordinary word. */
function looksOrdinary(w: string, lex: EntityGazetteer['lexicon'], caseOf: Uint8Array | undefined): boolean {
  if (caseOf === undefined) return false
  for (const e of INFLECTIONS) {
    if (w.length <= e.length + 2 || !w.endsWith(e)) continue
    const stem = w.slice(0, -e.length)
    const k = lexiconIndex(lex, stem, hashString(stem))
    if (k >= 0 && caseOf[k] === CASE_LOWER) return true
  }
  for (const e of ORDINARY_ENDINGS) if (w.length > e.length + 2 && w.endsWith(e)) return true
  return false
}

/** NAME, KEEP (capitals), LOWER, or 0 when no list knows the word. */
function wordCase(
  text: string,
  w: string,
  k: number,
  flags: Uint8Array,
  caseOf: Uint8Array | undefined,
  functionWords: ReadonlySet<string>,
  rules: TruecaseRules,
): number {
  // A dotted abbreviation (`U.S.`) or a word with a digit (`F-16`, `G7`) keeps its capitals.
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 46 || (c >= 48 && c <= 57)) return KEEP
  }
  if (functionWords.has(w)) return LOWER
  const cls = k >= 0 && caseOf !== undefined ? (caseOf[k] as number) : 0
  if (cls === CASE_LOWER) return LOWER
  if (KNOWN_ORG_ACRONYMS.has(text)) return KEEP
  const f = k >= 0 ? (flags[k] as number) : 0
  const listed = cls === CASE_CAPITAL || (f & (LEX_KINDS | LEX_FIRST_NAME)) !== 0
  if (text.length <= rules.acronymMax && (f & LEX_FIRST_NAME) === 0) return listed || text.length <= 2 ? KEEP : 0
  return listed ? NAME : 0
}
