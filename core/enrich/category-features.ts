/**
 * What the category model sees of an article: the words of its headline and standfirst (unigrams,
 * crude stems, stemmed bigrams), the words of its URL's section path (`/business/money/` →
 * `p:business`, `p:money`) and sub-domain, its article:section, and the term lists' verdicts
 * (`T:technology` for the whole term-list guess, `t:…` per category a headline term names, `P:…`
 * per category a path or section names), so the model learns how far to trust the lists and still
 * knows a word the labelled sets never used; and each word's cluster of similar words (`c:17`,
 * core/enrich/word-clusters.ts), so an unseen word counts through its family. Training (scripts/train-category.ts) and inference
 * (category-model.ts) both call this.
 */
import {
  type CategoryInput,
  classifyCategory,
  pathCategories,
  sectionCategories,
  subdomainCategory,
  textCategories,
  urlPath,
  type MatchedHeadline,
} from './category.ts'
import { foldAccents, foldCase, leadText, wordTokens } from './tokens.ts'
import { WORD_CLUSTERS } from './word-clusters.ts'
import { WORD_VECTORS, type WordVectors } from './word-vectors.ts'

const NUMBER_RE = /\d+(?:[.,]\d+)*/g
const URL_RE = /\b(?:https?:\/\/|www\.)\S+/g
const HEAD_MAX_CHARS = 400
const FIELD_MAX_CHARS = 2000
const MAX_TOKENS = 80
const SUFFIX_RE = /(?:ing|ed|es|s|ly)$/
const PATH_SPLIT_RE = /[/\-_.+]+/
/** As in category.ts: a segment with more words than this is the article's slug, not a section. */
const SECTION_MAX_WORDS = 3
/** Only the first few segments name sections; later ones are dates, ids and slugs. */
const MAX_SECTION_SEGMENTS = 4
const GENERIC_SUBDOMAINS: ReadonlySet<string> = new Set(['www', 'm', 'amp', 'mobile', 'edition', 'www2'])
/** Words too common in headlines to say anything about a category; they only add noise to the weights. */
const SKIP_WORDS: ReadonlySet<string> = new Set([
  'a',
  'an',
  'the',
  'of',
  'to',
  'in',
  'on',
  'for',
  'and',
  'or',
  'is',
  'at',
  'by',
  'with',
  'as',
])

export type CategoryFeatureInput = Pick<CategoryInput, 'url' | 'host' | 'section' | 'title' | 'description'>

function fold(text: string): string {
  return foldAccents(foldCase(text))
}

/** A crude English stem (`elections` → `election`, `gaming` → `gam`), so rare inflections share a weight. */
function stem(token: string): string {
  return token.length > 4 ? token.replace(SUFFIX_RE, '') : token
}

export function headlineTokens(text: string): string[] {
  const cleaned = fold(leadText(text, HEAD_MAX_CHARS)).replace(URL_RE, ' ').replace(NUMBER_RE, ' 0 ')
  return wordTokens(cleaned, MAX_TOKENS).filter((t) => !SKIP_WORDS.has(t))
}

/** Section words of a URL path: the words of its first short segments, without digits-only parts. */
export function pathSectionWords(url: string): string[] {
  const path = urlPath(url)
  const segments = fold(path)
    .split('/')
    .filter((s) => s !== '')
  // The last segment is the article itself (a slug or an id) unless the path ends with a slash.
  const sections = path.endsWith('/') ? segments : segments.slice(0, -1)
  const words: string[] = []
  for (const segment of sections.slice(0, MAX_SECTION_SEGMENTS)) {
    const parts = segment.split(PATH_SPLIT_RE).filter((w) => w !== '' && !/\d/.test(w))
    if (parts.length === 0 || parts.length > SECTION_MAX_WORDS) continue
    words.push(...parts)
  }
  return words
}

/** A standfirst cut from a body: its first paragraph, at most this many characters. */
export const BODY_STANDFIRST_MAX_CHARS = 300

/**
 * The standfirst of an article that has none: its body's first non-empty paragraph, cut to
 * BODY_STANDFIRST_MAX_CHARS. The labelled sets with a body and no standfirst were read this way
 * (scripts/category-data.ts), so the model sees a page whose description is empty as it saw them.
 */
export function standfirstFromBody(body: string): string {
  let start = 0
  while (start < body.length) {
    const end = body.indexOf('\n', start)
    const paragraph = body.slice(start, end < 0 ? body.length : end).trim()
    if (paragraph !== '') return paragraph.slice(0, BODY_STANDFIRST_MAX_CHARS)
    if (end < 0) break
    start = end + 1
  }
  return ''
}

/** Distinct features of one article; `lang` picks the term list the verdict features come from. */
export function categoryFeatures(a: CategoryFeatureInput, lang: string): string[] {
  return categoryFeaturesAndWords(a, lang).features
}

/** The features and the headline's and standfirst's words (what `vectorOfWords` averages), tokenised once. */
export function categoryFeaturesAndWords(
  a: CategoryFeatureInput,
  lang: string,
): { features: string[]; words: string[]; matched: MatchedHeadline } {
  const features = new Set<string>()
  const words: string[] = []
  const addText = (text: string): void => {
    const tokens = headlineTokens(text)
    words.push(...tokens)
    const stems = tokens.map(stem)
    for (const t of tokens) {
      features.add(t)
      // The word's family (core/enrich/word-clusters.ts): what a word the labelled sets never used shares with ones they did.
      const cluster = WORD_CLUSTERS.get(t)
      if (cluster !== undefined) features.add(`c:${cluster}`)
    }
    for (const s of stems) features.add(`~${s}`)
    for (let i = 0; i + 1 < stems.length; i++) features.add(`${stems[i]} ${stems[i + 1]}`)
  }
  addText(a.title)
  addText(a.description)

  for (const w of pathSectionWords(a.url)) features.add(`p:${w}`)
  if (a.host !== '') features.add(`h:${a.host}`)
  const sub = a.host.split('.')
  if (sub.length >= 3 && !GENERIC_SUBDOMAINS.has(sub[0] ?? '')) features.add(`sub:${fold(sub[0] ?? '')}`)
  for (const w of headlineTokens(a.section.slice(0, FIELD_MAX_CHARS)).slice(0, 6)) features.add(`s:${w}`)

  // Matched once: the term-list guess below reads the same matches.
  const matched = {
    title: textCategories(a.title, lang, false),
    description: textCategories(a.description, lang, false),
  }
  for (const c of matched.title) features.add(`t:${c}`)
  for (const c of matched.description) features.add(`d:${c}`)
  for (const c of pathCategories(a.url)) features.add(`P:${c}`)
  for (const c of sectionCategories(a.section)) features.add(`P:${c}`)
  const subCategory = subdomainCategory(a.host)
  if (subCategory !== undefined) features.add(`P:${subCategory}`)
  const guess = classifyCategory({ ...a, tags: [], text: '' }, lang, matched)
  features.add(`T:${guess.category}`)
  return { features: [...features], words, matched }
}

/**
 * The mean word vector of the headline and standfirst (core/enrich/word-vectors.ts), scaled to
 * length √dims so each dimension is about 1 in size; undefined when no word has a vector.
 */
export function categoryVector(
  a: Pick<CategoryFeatureInput, 'title' | 'description'>,
  vectors: WordVectors = WORD_VECTORS,
): Float32Array | undefined {
  return vectorOfWords([...headlineTokens(a.title), ...headlineTokens(a.description)], vectors)
}

/** `categoryVector` of words already tokenised by `headlineTokens`. */
export function vectorOfWords(words: readonly string[], vectors: WordVectors = WORD_VECTORS): Float32Array | undefined {
  const sum = new Float32Array(vectors.dims)
  let found = 0
  const dims = vectors.dims
  for (const t of words) {
    const row = vectors.rows.get(t)
    if (row === undefined) continue
    found++
    const at = row * dims
    for (let d = 0; d < dims; d++) sum[d] = (sum[d] as number) + (vectors.data[at + d] as number)
  }
  if (found === 0) return undefined
  let norm = 0
  for (const x of sum) norm += x * x
  const scale = Math.sqrt(vectors.dims) / Math.sqrt(norm)
  for (let d = 0; d < sum.length; d++) sum[d] = (sum[d] as number) * scale
  return sum
}
