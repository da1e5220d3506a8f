/**
 * Entities at ingest (issue 27): the people, organisations and places an article names, each with
 * a canonical name and key (core/entity.ts), a count and, for places, a country.
 *
 * Tokens (entity-tokens.ts), a line in capitals rewritten in its likely case (entity-truecase.ts)
 * → gazetteer marks (entity-gazetteer.ts) → Viterbi BIO tagging by an averaged perceptron
 * (entity-model.ts) → rules (entity-rules.ts) → spans → one entity per name within the article, where a
 * shorter name that is the first or last words of a longer one of the same type folds into it
 * ("Putin" and "President Putin" into "Vladimir Putin"). Pure: the weights and lists are data in
 * this folder, written by scripts/train-entities.ts (data card: docs/entities-data.md).
 */
import type { ExtractedArticle } from '../article.ts'
import { type ArticleEntity, type EntityType, entitySlug } from '../entity.ts'
import {
  CASE_LOWER,
  type EntityGazetteer,
  type EntityGazetteerFile,
  loadGazetteer,
  markGazetteer,
  placeCountry,
} from './entity-gazetteer.ts'
import gazetteerText from './entity-gazetteer.json' with { type: 'text' }
import {
  decodeTags,
  type EntityModelFile,
  type FeatureContext,
  hashString,
  loadWeights,
  type WeightTable,
} from './entity-model.ts'
import { lexiconIndex } from './entity-lexicon.ts'
import {
  CONSISTENCY_RULES,
  type ConsistencyRules,
  harmoniseTypes,
  tagAcronyms,
  tagSurnames,
} from './entity-consistency.ts'
import { applyEntityRules, ENTITY_RULES, type EntityRules } from './entity-rules.ts'
import { isShoutedWord, markDatelineStarts, tagDatelines } from './entity-datelines.ts'
import { SPAN_RULES, type SpanRules, splitHyphenatedPlaces, TITLES } from './entity-span-rules.ts'
import {
  asciiWordHashes,
  type EntityToken,
  isCandidate,
  NAME_CONNECTORS,
  tokenizeForEntities,
  wordShapeHash,
} from './entity-tokens.ts'
import { truecaseShoutedLines } from './entity-truecase.ts'
import weightsText from './entity-weights.json' with { type: 'text' }

/** Body characters read; a longer body is cut at the last space before it (a news body is rarely longer). */
export const ENTITY_BODY_MAX_CHARS = 12_000
/**
 * Entities kept per article, the most mentioned first. On the 161 English pages of the
 * article-extraction benchmark the most was 83 (median 12); a cap of 30 cut 16 of them and 10% of
 * all the entities they name, each a named entity that search, stats and recall lose.
 */
export const ENTITIES_MAX = 100
/** Languages with a model: English, and one model for the six other Latin-script languages. */
export const ENTITY_LANGS: ReadonlySet<string> = new Set(['en', 'de', 'fr', 'es', 'it', 'pt', 'nl'])

interface EntityWeightsFile {
  format: string
  description: string
  models: Record<string, EntityModelFile>
}

/**
 * Both files are imported as text (Bun's `type: 'text'`; TypeScript still types them as their JSON)
 * and parsed here, so the parsed objects are garbage once the tables are built: a JSON import
 * keeps its object alive for the life of the thread, ~10 MB of heap in every worker (issue 28).
 */
const GAZETTEER: EntityGazetteer = loadGazetteer(JSON.parse(gazetteerText as unknown as string) as EntityGazetteerFile)
const MODELS: ReadonlyMap<string, WeightTable> = new Map(
  Object.entries((JSON.parse(weightsText as unknown as string) as EntityWeightsFile).models).map(([group, file]) => [
    group,
    loadWeights(file),
  ]),
)

/** Which weights tag a language: `en`, or `xx` for the other supported languages. */
export function entityModelGroup(lang: string): 'en' | 'xx' | null {
  if (lang === 'en') return 'en'
  return ENTITY_LANGS.has(lang) ? 'xx' : null
}

const TYPE_OF_TAG: readonly (EntityType | null)[] = [
  null,
  'person',
  'person',
  'organisation',
  'organisation',
  'place',
  'place',
]

/** One mention: its type and its words as written. */
export interface EntityMention {
  type: EntityType
  words: string[]
  /** From a title-case headline: counts only if the body names it too. */
  weak?: boolean
}

/** How far from a candidate token the features read (two words of context, one token after an entity). */
const CONTEXT_REACH = 3

/** Typed arrays a context's arrays are cut from when its caller is done with it before the next one (extractMentions). */
interface ContextBuffers {
  size: number
  candidate: Uint8Array
  near: Uint8Array
  wantCluster: Uint8Array
  caseClass: Uint8Array
  gaz: Uint8Array
  hLower: Uint32Array
  hShape: Uint32Array
  word: Int32Array
  runEnd: Int32Array
  runStart: Int32Array
  clusters: Int16Array
}

let BUFFERS: ContextBuffers | null = null

function contextBuffers(n: number): ContextBuffers {
  if (BUFFERS !== null && BUFFERS.size >= n) return BUFFERS
  const size = Math.max(n, 2 * (BUFFERS?.size ?? 2048))
  BUFFERS = {
    size,
    candidate: new Uint8Array(size),
    near: new Uint8Array(size),
    wantCluster: new Uint8Array(size),
    caseClass: new Uint8Array(size),
    gaz: new Uint8Array(size),
    hLower: new Uint32Array(size),
    hShape: new Uint32Array(size),
    word: new Int32Array(size),
    runEnd: new Int32Array(size),
    runStart: new Int32Array(size),
    clusters: new Int16Array(size),
  }
  return BUFFERS
}

/**
 * Builds what the features read for a token list (also used by training); only near candidates.
 * `candidates`: isCandidate of each token when the caller has it already (tokenizeForEntities).
 * `reuse`: the arrays are views of buffers kept between calls, for a caller done with this context
 * before it builds the next (extractMentions): no eleven typed arrays a text; each view is
 * filled with what a new array would hold.
 */
export function featureContext(
  tokens: readonly EntityToken[],
  group: 'en' | 'xx',
  gaz = GAZETTEER,
  candidates?: ArrayLike<number>,
  reuse = false,
): FeatureContext {
  const n = tokens.length
  const b = reuse ? contextBuffers(n) : null
  const candidate = b === null ? new Uint8Array(n) : b.candidate.subarray(0, n).fill(0)
  const near = b === null ? new Uint8Array(n) : b.near.subarray(0, n).fill(0)
  const wantCluster = b === null ? new Uint8Array(n) : b.wantCluster.subarray(0, n).fill(0)
  // Marked up to (not including) these indices already: each token is written once, not once per candidate near it.
  let nearTo = 0
  let clusterTo = 0
  for (let i = 0; i < n; i++) {
    if (candidates === undefined ? !isCandidate((tokens[i] as EntityToken).text) : candidates[i] === 0) continue
    candidate[i] = 1
    const nearEnd = Math.min(n, i + CONTEXT_REACH + 1)
    for (let k = Math.max(nearTo, i - CONTEXT_REACH); k < nearEnd; k++) near[k] = 1
    nearTo = nearEnd
    // Word clusters are read one token either side of a scored token only.
    const clusterEnd = Math.min(n, i + 3)
    for (let k = Math.max(clusterTo, i - 1); k < clusterEnd; k++) wantCluster[k] = 1
    clusterTo = clusterEnd
  }
  const lex = gaz.lexicon
  const lower = new Array<string>(n)
  const hLower = b === null ? new Uint32Array(n) : b.hLower.subarray(0, n).fill(0)
  const hShape = b === null ? new Uint32Array(n) : b.hShape.subarray(0, n).fill(0)
  const word = (b === null ? new Int32Array(n) : b.word.subarray(0, n)).fill(-1)
  const clusters = (b === null ? new Int16Array(n) : b.clusters.subarray(0, n)).fill(-1)
  const caseOf = lex.caseOf.get(group)
  const caseClass = b === null ? new Uint8Array(n) : b.caseClass.subarray(0, n).fill(0)
  for (let i = 0; i < n; i++) {
    if (near[i] === 0) {
      lower[i] = ''
      continue
    }
    const text = (tokens[i] as EntityToken).text
    // Most words are ASCII: their lower-case hash and shape hash in one pass, and no toLowerCase without a capital.
    const ascii = asciiWordHashes(text, hLower, hShape, i)
    const w = ascii === 0 ? text : text.toLowerCase()
    if (ascii < 0) {
      hLower[i] = hashString(w)
      hShape[i] = wordShapeHash(text)
    }
    const h = hLower[i] as number
    lower[i] = w
    // The lexicon's facts are read of candidates only, and (English) a word's cluster beside one.
    if (candidate[i] === 0 && (wantCluster[i] === 0 || group !== 'en')) continue
    const k = lexiconIndex(lex, w, h)
    if (k < 0) continue
    word[i] = k
    if (group === 'en' && wantCluster[i] === 1) clusters[i] = lex.cluster[k] as number
    if (caseOf !== undefined && candidate[i] === 1) caseClass[i] = caseOf[k] as number
  }
  const runEnd = (b === null ? new Int32Array(n) : b.runEnd.subarray(0, n)).fill(-1)
  const runStart = (b === null ? new Int32Array(n) : b.runStart.subarray(0, n)).fill(-1)
  let i = 0
  while (i < n) {
    if (!candidate[i]) {
      i++
      continue
    }
    let end = i
    let j = i + 1
    while (j < n && !(tokens[j] as EntityToken).start) {
      if (candidate[j]) end = j
      else if (!(j + 1 < n && candidate[j + 1] && NAME_CONNECTORS.has(lower[j] as string))) break
      j++
    }
    for (let k = i; k <= end; k++) {
      runEnd[k] = end
      runStart[k] = i
    }
    i = end + 1
  }
  return {
    tokens,
    candidate,
    lower,
    hLower,
    hShape,
    word,
    lexicon: lex,
    gaz: markGazetteer(gaz, lower, candidate, word, b === null ? undefined : b.gaz.subarray(0, n).fill(0)),
    clusters,
    runEnd,
    runStart,
    caseClass,
  }
}

/** A mention with the tokens it was read from: `from` to `to` (exclusive), indices into the text's tokens. */
interface TokenMention extends EntityMention {
  from: number
  to: number
}

/**
 * Spans of a tag sequence as mentions; `withTokens`: each also carries its token range (for
 * extractMentionSpans; the mentions are otherwise the same).
 */
export function tagsToMentions(
  tokens: readonly EntityToken[],
  tags: ArrayLike<number>,
  withTokens = false,
): EntityMention[] {
  const out: EntityMention[] = []
  let current: EntityMention | null = null
  for (let i = 0; i < tokens.length; i++) {
    const tag = tags[i] as number
    const type = TYPE_OF_TAG[tag] ?? null
    if (type === null) {
      current = null
      continue
    }
    const word = (tokens[i] as EntityToken).text
    if (tag % 2 === 1 || current === null || current.type !== type) {
      current = withTokens ? ({ type, words: [word], from: i, to: i + 1 } as TokenMention) : { type, words: [word] }
      out.push(current)
    } else {
      current.words.push(word)
      if (withTokens) (current as TokenMention).to = i + 1
    }
  }
  return out
}

/** Mentions in one text (sentences, a paragraph, or fields joined by blank lines). */
export function extractMentions(
  text: string,
  lang: string,
  rules: EntityRules = ENTITY_RULES,
  consistency: ConsistencyRules = CONSISTENCY_RULES,
  spans: SpanRules = SPAN_RULES,
): EntityMention[] {
  return tagText(text, lang, rules, consistency, spans, false).mentions
}

/** extractMentions' pipeline; `withTokens`: the mentions carry their token ranges (TokenMention). */
function tagText(
  text: string,
  lang: string,
  rules: EntityRules,
  consistency: ConsistencyRules,
  spans: SpanRules,
  withTokens: boolean,
): { mentions: EntityMention[]; tokens: EntityToken[]; starts: number[]; ends: number[] } {
  const group = entityModelGroup(lang)
  const model = group === null ? undefined : MODELS.get(group)
  if (group === null || model === undefined) return { mentions: [], tokens: [], starts: [], ends: [] }
  const candidates: number[] = []
  const tokens = tokenizeForEntities(text, [], candidates)
  // Where each token is in the text, read before a shouted line's tokens are rewritten in their likely case.
  const starts = withTokens ? tokenOffsets(text, tokens) : []
  const ends = withTokens ? tokens.map((t, k) => (starts[k] as number) + t.text.length) : []
  truecaseShoutedLines(tokens, candidates, GAZETTEER, group, lang)
  if (spans.datelines) markDatelineStarts(tokens)
  const ctx = featureContext(tokens, group, GAZETTEER, candidates, true)
  const tags = applyEntityRules(ctx, decodeTags(ctx, model, group), GAZETTEER, group, rules, spans)
  if (spans.datelines) tagDatelines(tokens, tags, isListedPlace)
  if (group === 'en' && consistency.acronymTag) tagAcronyms(tokens, tags, ctx.candidate)
  if (consistency.surnameTag) tagSurnames(tokens, tags, ctx.candidate, ctx.caseClass, CASE_LOWER)
  const mentions = tagsToMentions(tokens, tags, withTokens)
  // English only: on the Portuguese dev set the acronym rule cost organisation recall.
  return {
    mentions:
      group === 'en' ? harmoniseTypes(splitHyphenatedPlaces(mentions, GAZETTEER, spans), consistency) : mentions,
    tokens,
    starts,
    ends,
  }
}

/**
 * A mention with its place in the text: UTF-16 offsets, end exclusive, and where each word starts and
 * ends (a word of a line in capitals is read in its likely case: `words` may differ from the text in case).
 */
export interface MentionSpan extends EntityMention {
  start: number
  end: number
  at: number[]
  ends: number[]
}

/**
 * Start offset of each token in `text` (tokenizeForEntities keeps every token as written; between two
 * tokens it skips only white space, line and zero-width separators and an abbreviation's full stop).
 */
export function tokenOffsets(text: string, tokens: readonly EntityToken[]): number[] {
  const out: number[] = []
  let at = 0
  for (const t of tokens) {
    const k = text.indexOf(t.text, at)
    if (k < 0 || /[^\s.\u200b\u2028\u2029\u3000]/u.test(text.slice(at, k)))
      throw new Error(`tokenOffsets: token "${t.text}" not found after ${at}`)
    out.push(k)
    at = k + t.text.length
  }
  return out
}

/**
 * extractMentions with each mention's place in `text`: the same mentions (a test holds them equal),
 * each with the offsets of the words it was read from. A place split out of a hyphenated word
 * (`India-Pakistan`, splitHyphenatedPlaces) spans its part of the word.
 */
export function extractMentionSpans(text: string, lang: string): MentionSpan[] {
  const {
    mentions,
    tokens,
    starts,
    ends: tokenEnds,
  } = tagText(text, lang, ENTITY_RULES, CONSISTENCY_RULES, SPAN_RULES, true)
  const out: MentionSpan[] = []
  // Where in a hyphenated token the last part was found, so a repeated part (`Sudan-South Sudan`) finds the next.
  let partToken = -1
  let partAt = 0
  for (const m of mentions as TokenMention[]) {
    let from = m.from
    const same = (f: number) =>
      f + m.words.length <= tokens.length && m.words.every((w, k) => (tokens[f + k] as EntityToken).text === w)
    if (!same(from) && same(from + 1)) from++
    if (same(from)) {
      const at = m.words.map((_, k) => starts[from + k] as number)
      const ends = m.words.map((_, k) => tokenEnds[from + k] as number)
      out.push({
        type: m.type,
        words: m.words,
        start: at[0] as number,
        end: ends[ends.length - 1] as number,
        at,
        ends,
      })
      continue
    }
    // A part of one hyphenated token (the token as read, so in its likely case; the case changes no length).
    const token = (tokens[m.from] as EntityToken).text
    const word = m.words[0] as string
    if (m.words.length !== 1) throw new Error(`extractMentionSpans: cannot place "${m.words.join(' ')}"`)
    const k = token.indexOf(word, partToken === m.from ? partAt : 0)
    if (k < 0) throw new Error(`extractMentionSpans: cannot place "${word}" in "${token}"`)
    partToken = m.from
    partAt = k + word.length
    const start = (starts[m.from] as number) + k
    out.push({
      type: m.type,
      words: m.words,
      start,
      end: start + word.length,
      at: [start],
      ends: [start + word.length],
    })
  }
  return out
}

/**
 * Words that are never a name alone: the first half of a title, a legal suffix cut off by a comma,
 * an English article the tagger opened a name with and then closed (`The` before `European
 * Commission`: 7 of 2,739 entities on the benchmark's real pages).
 */
const NOT_A_NAME: ReadonlySet<string> = new Set([
  'vice',
  'deputy',
  'inc',
  'ltd',
  'llc',
  'corp',
  'plc',
  'the',
  'a',
  'an',
])

const POST_NOMINALS: ReadonlySet<string> = new Set([
  'MBE',
  'OBE',
  'CBE',
  'KBE',
  'DBE',
  'QC',
  'KC',
  'MP',
  'MEP',
  'MSP',
  'PhD',
])

/** Longest word of TITLES and of NOT_A_NAME: a longer word is neither, and needs no lower-casing to be known so. */
const TITLE_MAX_LENGTH = Math.max(...[...TITLES].map((t) => t.length))
const NOT_A_NAME_MAX_LENGTH = Math.max(...[...NOT_A_NAME].map((t) => t.length))

/** TITLES.has(w.toLowerCase()). */
const isTitle = (w: string) => w.length <= TITLE_MAX_LENGTH && TITLES.has(w.toLowerCase())

/** Tokens a mention may hold that are no part of its name: a dot, a possessive. */
const isNotName = (w: string) => w === '.' || w === "'s" || w === '’s'

/**
 * The words of a mention foldMentions keys it by, as a range of its words: `[from, to)` such that
 * `words.slice(from, to)` without full stops and possessives is nameWords(m); null when foldMentions
 * skips the mention (a title alone, `Vice`, `Inc`, no word). For mention spans: the tagged span cut
 * to the name, as the document level counts it.
 */
export function nameRange(m: EntityMention): [number, number] | null {
  const idx: number[] = []
  m.words.forEach((w, k) => {
    if (!isNotName(w)) idx.push(k)
  })
  const words = idx.map((k) => m.words[k] as string)
  let a = 0
  let b = words.length
  if (m.type === 'person') {
    let k = 0
    while (k < b - 1 && TITLES.has((words[k] as string).toLowerCase())) k++
    for (let j = b - 3; j >= k; j--) {
      if (TITLES.has((words[j] as string).toLowerCase())) {
        k = j + 1
        break
      }
    }
    a = k
    while (b - a > 1 && POST_NOMINALS.has(words[b - 1] as string)) b--
  } else if (b > 1 && (words[0] as string).toLowerCase() === 'the') a = 1
  if (b <= a) return null
  if (
    b - a === 1 &&
    ((m.type === 'person' && TITLES.has((words[a] as string).toLowerCase())) ||
      NOT_A_NAME.has((words[a] as string).toLowerCase()))
  )
    return null
  return [idx[a] as number, (idx[b - 1] as number) + 1]
}

/** Trims a mention to its name: titles off a person, a leading article off the rest. */
export function nameWords(m: EntityMention): string[] {
  let words = m.words.some(isNotName) ? m.words.filter((w) => !isNotName(w)) : m.words
  if (m.type === 'person') {
    let k = 0
    while (k < words.length - 1 && isTitle(words[k] as string)) k++
    // A title inside the span (`South Dakota Gov Kristi Noem`): the name is what follows, if two words or more.
    for (let j = words.length - 3; j >= k; j--) {
      if (isTitle(words[j] as string)) {
        k = j + 1
        break
      }
    }
    if (k > 0) words = words.slice(k)
    // Letters after a name are no part of it (`Afrasiab Anwar MBE`, `Luke Pollard MP`).
    while (words.length > 1 && POST_NOMINALS.has(words[words.length - 1] as string)) words = words.slice(0, -1)
  } else if (words.length > 1 && (words[0] as string).length === 3 && (words[0] as string).toLowerCase() === 'the')
    words = words.slice(1)
  return words
}

interface Group {
  type: EntityType
  slug: string
  slugWords: string[]
  name: string
  /** Whether `name` is in capitals only (`WASHINGTON`, a dateline): a later mention in mixed case replaces it. */
  shouted: boolean
  count: number
  weak: boolean
  /** Lower-case name, for places only (their country look-up); '' for the other types. */
  lower: string
  /** A place's country, once it is kept. */
  country: string | null
}

function startsWith(long: readonly string[], short: readonly string[]): boolean {
  for (let i = 0; i < short.length; i++) if (long[i] !== short[i]) return false
  return true
}

function endsWith(long: readonly string[], short: readonly string[]): boolean {
  const off = long.length - short.length
  for (let i = 0; i < short.length; i++) if (long[off + i] !== short[i]) return false
  return true
}

/**
 * One entity per name: equal (type, slug) mentions merge; a shorter name that is the first or
 * last words of a longer one of the same type folds into the most mentioned such name; a name
 * seen under several types takes the type it was seen under most.
 */
export function foldMentions(mentions: readonly EntityMention[], gaz = GAZETTEER): ArticleEntity[] {
  const bySlug = new Map<string, Map<EntityType, Group>>()
  // A name is mentioned again and again; entitySlug (Unicode normalisation and four regular expressions) runs once per name.
  const slugOf = new Map<string, string>()
  for (const m of mentions) {
    const words = nameWords(m)
    // A title alone (`Governor`, `President`) names nobody, nor does a word that only qualifies one (`Vice`, `Inc`).
    if (
      words.length === 0 ||
      (words.length === 1 &&
        ((m.type === 'person' && isTitle(words[0] as string)) ||
          ((words[0] as string).length <= NOT_A_NAME_MAX_LENGTH && NOT_A_NAME.has((words[0] as string).toLowerCase()))))
    )
      continue
    const name = words.join(' ')
    let slug = slugOf.get(name)
    if (slug === undefined) {
      slug = entitySlug(name)
      slugOf.set(name, slug)
    }
    if (slug === '' || slug.length < 2) continue
    let types = bySlug.get(slug)
    if (types === undefined) {
      types = new Map()
      bySlug.set(slug, types)
    }
    const g = types.get(m.type)
    if (g === undefined) {
      types.set(m.type, {
        type: m.type,
        slug,
        slugWords: slug.split('-'),
        name,
        shouted: isShoutedWord(name),
        count: 1,
        weak: m.weak === true,
        lower: m.type === 'place' ? words.map((w) => w.toLowerCase()).join(' ') : '',
        country: null,
      })
    } else {
      g.count++
      if (m.weak !== true) g.weak = false
      if (g.shouted && !isShoutedWord(name)) {
        g.name = name
        g.shouted = false
      }
    }
  }
  // One type per slug: the most mentioned, ties to the first in ENTITY_TYPES order.
  const groups: Group[] = []
  for (const types of bySlug.values()) {
    let best: Group | null = null
    let total = 0
    let weak = true
    for (const g of types.values()) {
      total += g.count
      weak &&= g.weak
      if (best === null || g.count > best.count) best = g
    }
    if (best !== null) groups.push({ ...best, count: total, weak })
  }
  groups.sort((a, b) => b.slugWords.length - a.slugWords.length || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0))
  const kept: Group[] = []
  for (const g of groups) {
    let target: Group | null = null
    // A listed place keeps its own name: `Plymouth` is not `Plymouth Citybus`, `Burnley` not `Burnley Cemetery`.
    const country = g.type === 'place' ? placeCountry(gaz, g.lower) : null
    const listedPlace = country !== null
    for (const k of listedPlace ? [] : kept) {
      if (k.type !== g.type || k.slugWords.length <= g.slugWords.length) continue
      if (!startsWith(k.slugWords, g.slugWords) && !endsWith(k.slugWords, g.slugWords)) continue
      if (target === null || k.count > target.count) target = k
    }
    if (target === null) {
      g.country = country
      kept.push(g)
    } else {
      target.count += g.count
      if (!g.weak) target.weak = false
    }
  }
  const out: ArticleEntity[] = []
  for (const g of kept) {
    if (g.weak) continue
    out.push({
      key: `${g.type}:${g.slug}`,
      name: g.shouted && g.type !== 'organisation' ? quietName(g.name) : g.name,
      type: g.type,
      count: g.count,
      country: g.country,
    })
  }
  out.sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  return out
}

/** Whether a lower-case name is a place the gazetteer lists with its country. */
const isListedPlace = (lower: string) => placeCountry(GAZETTEER, lower) !== null

/**
 * A person's or place's name seen only in capitals (a dateline `WASHINGTON (AP) —`, a shouted
 * headline), as the name is written: each word capitalised, the rest lower case, also after a
 * hyphen or apostrophe (`WINSTON-SALEM` → `Winston-Salem`). A name of no word longer than three letters stays
 * (`US`, `UAE`), and so does a word with a full stop (`U.S`, `N.M.`). Organisations keep their
 * capitals: most of them are acronyms (`NASA`, `ASEAN`).
 */
function quietName(name: string): string {
  const words = name.split(' ')
  if (!words.some((w) => w.length > 3 && !w.includes('.'))) return name
  return words
    .map((w) =>
      w.includes('.')
        ? w
        : w.toLowerCase().replace(/(^|[-'’])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase()),
    )
    .join(' ')
}

/** How a headline's case is read (the settings chosen on the development sets, docs/benchmarks.md). */
export interface HeadlineRules {
  /** Title case is judged without the headline's first word, which every headline capitalises. */
  skipFirstWord: boolean
}

export const HEADLINE_RULES: HeadlineRules = { skipFirstWord: true }

/** Most words of a headline capitalised: its capitals say little, so its names need the body's support. */
export function isTitleCase(title: string, rules: HeadlineRules = HEADLINE_RULES): boolean {
  let words = 0
  let caps = 0
  let first = rules.skipFirstWord
  for (const w of title.split(/\s+/)) {
    if (w === '') continue
    if (first) {
      first = false
      continue
    }
    if (w.length < 4) continue
    words++
    if (isCandidate(w)) caps++
  }
  return words >= 3 && caps / words > 0.6
}

function cutBody(text: string): string {
  if (text.length <= ENTITY_BODY_MAX_CHARS) return text
  const cut = text.lastIndexOf(' ', ENTITY_BODY_MAX_CHARS)
  return text.slice(0, cut > 0 ? cut : ENTITY_BODY_MAX_CHARS)
}

/** What the tagger reads of an article, in two texts: the title, then the description and cut body as one. */
function articleTexts(a: ExtractedArticle): { title: string; rest: string } {
  return { title: a.title.slice(0, 1000), rest: `${a.description.slice(0, 2000)}\n\n${cutBody(a.text)}` }
}

/** The text the tagger reads of an article, as one string (for annotation and its hash): title, description, cut body. */
export function entityText(a: ExtractedArticle): string {
  const { title, rest } = articleTexts(a)
  return `${title}\n\n${rest}`
}

/**
 * The mentions extractEntities folds, with their offsets in entityText(a): the title's, then the
 * description's and the cut body's (read as one text, as extractEntities reads them); title mentions
 * of a title-case headline are weak, as there. foldMentions of them is extractEntities(a) before its cap.
 */
export function extractArticleMentionSpans(a: ExtractedArticle, lang: string): MentionSpan[] {
  if (entityModelGroup(lang) === null) return []
  const { title, rest } = articleTexts(a)
  const mentions = extractMentionSpans(title, lang)
  if (isTitleCase(title)) for (const m of mentions) m.weak = true
  const shift = title.length + 2
  for (const m of extractMentionSpans(rest, lang))
    mentions.push({
      ...m,
      start: m.start + shift,
      end: m.end + shift,
      at: m.at.map((x) => x + shift),
      ends: m.ends.map((x) => x + shift),
    })
  return mentions
}

/** The entities of one article: title, description and body (the first ENTITY_BODY_MAX_CHARS). */
export function extractEntities(a: ExtractedArticle, lang: string): ArticleEntity[] {
  if (entityModelGroup(lang) === null) return []
  const { title, rest } = articleTexts(a)
  const mentions = extractMentions(title, lang)
  if (isTitleCase(title)) for (const m of mentions) m.weak = true
  mentions.push(...extractMentions(rest, lang))
  return foldMentions(mentions).slice(0, ENTITIES_MAX)
}
