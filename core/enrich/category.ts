/**
 * The article's category: the best-scoring of CATEGORIES over weighted signals, or `world` when
 * nothing scores enough. Signals, strongest first: article:section, the URL's path sections and
 * sub-domain, tags, then keywords in the title, description and the opening of the body.
 */
import type { ExtractedArticle } from '../article.ts'
import { CATEGORIES, type Category } from '../categories.ts'
import { CATEGORY_KEYWORDS, SECTION_WORDS, type CategoryLists } from './category-terms.ts'
import { listEntries, SubstringIndex, TermIndex } from './term-index.ts'
import { foldAccents, foldCase, leadText, stripElision, tokenVariants, wordTokens } from './tokens.ts'

export type CategoryInput = Pick<
  ExtractedArticle,
  'url' | 'host' | 'section' | 'tags' | 'title' | 'description' | 'text'
>

export interface CategoryGuess {
  category: Category
  /** 0 for the `world` fallback; otherwise the winner's share of all signal, damped when the signal is thin. */
  confidence: number
}

const WEIGHT = { section: 6, path: 5, subdomain: 5, tag: 2, title: 2, description: 1, body: 0.75 } as const
/** A body can add at most this much to one category, so a long body cannot outvote a section. */
const BODY_CAP = 4.5
const TAG_CAP = 4
/** Below this the signal is too thin to name a category. */
const MIN_SCORE = 2
const BODY_MAX_CHARS = 1000
/** Titles, tags, sections and URLs longer than this are junk; the cap bounds the work on hostile pages. */
const FIELD_MAX_CHARS = 2000
const CJK_LANGUAGES: ReadonlySet<string> = new Set(['zh', 'ja'])

interface Indexes {
  sections: TermIndex<Category>
  words: ReadonlyMap<string, TermIndex<Category>>
  substrings: ReadonlyMap<string, SubstringIndex<Category>>
  /** Entries listed twice for one language (a data error; a test keeps this empty). */
  duplicates: string[]
}

function buildIndexes(): Indexes {
  const duplicates: string[] = []
  const fill = (lists: CategoryLists, add: (term: string, c: Category) => boolean, label: string): void => {
    for (const category of CATEGORIES) {
      for (const term of listEntries(lists[category])) {
        if (!add(fold(term), category)) duplicates.push(`${label}:${term}`)
      }
    }
  }
  const sections = new TermIndex<Category>()
  fill(SECTION_WORDS, (t, c) => sections.add(t, c), 'section')
  const words = new Map<string, TermIndex<Category>>()
  const substrings = new Map<string, SubstringIndex<Category>>()
  for (const [lang, lists] of Object.entries(CATEGORY_KEYWORDS)) {
    if (CJK_LANGUAGES.has(lang)) {
      const index = new SubstringIndex<Category>()
      fill(lists, (t, c) => index.add(t, c), lang)
      substrings.set(lang, index)
    } else {
      const index = new TermIndex<Category>()
      fill(lists, (t, c) => index.add(t, c), lang)
      words.set(lang, index)
    }
  }
  return { sections, words, substrings, duplicates }
}

const INDEXES = buildIndexes()

/** Entries that appear twice in one language's lists; exported for the data test. */
export function duplicateCategoryTerms(): readonly string[] {
  return INDEXES.duplicates
}

/** Lists and text meet in one form: lower case, no Latin accents. */
function fold(text: string): string {
  return foldAccents(foldCase(text))
}

/** Tokens for matching: folded, and without French/Italian elisions so phrases still match. */
function matchTokens(text: string, limit: number): string[] {
  const tokens = wordTokens(fold(text), limit)
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as string
    if (token.includes("'")) tokens[i] = stripElision(token)
  }
  return tokens
}

type Scores = Map<Category, number>

function bump(scores: Scores, category: Category, by: number, cap = Number.POSITIVE_INFINITY): void {
  scores.set(category, Math.min(cap, (scores.get(category) ?? 0) + by))
}

/** The terms of an article's title and description, when the caller has matched them already. */
export interface MatchedHeadline {
  title: readonly Category[]
  description: readonly Category[]
}

export function classifyCategory(a: CategoryInput, lang: string, matched?: MatchedHeadline): CategoryGuess {
  const scores: Scores = new Map()
  for (const c of sectionCategories(a.section)) bump(scores, c, WEIGHT.section)
  for (const c of pathCategories(a.url)) bump(scores, c, WEIGHT.path)
  const sub = subdomainCategory(a.host)
  if (sub !== undefined) bump(scores, sub, WEIGHT.subdomain)

  const tagScores: Scores = new Map()
  for (const tag of a.tags.slice(0, 20)) {
    for (const c of textCategories(tag, lang, true)) bump(tagScores, c, WEIGHT.tag, TAG_CAP)
  }
  for (const [c, s] of tagScores) bump(scores, c, s)

  for (const c of matched?.title ?? textCategories(a.title, lang, false)) bump(scores, c, WEIGHT.title)
  for (const c of matched?.description ?? textCategories(a.description, lang, false))
    bump(scores, c, WEIGHT.description)
  const bodyScores: Scores = new Map()
  for (const c of textCategories(leadText(a.text, BODY_MAX_CHARS), lang, false))
    bump(bodyScores, c, WEIGHT.body, BODY_CAP)
  for (const [c, s] of bodyScores) bump(scores, c, s)

  let best: Category = 'world'
  let bestScore = 0
  let total = 0
  // CATEGORIES order breaks ties, so the result never depends on Map insertion order.
  for (const c of CATEGORIES) {
    const s = scores.get(c) ?? 0
    total += s
    if (s > bestScore) {
      best = c
      bestScore = s
    }
  }
  if (bestScore < MIN_SCORE) return { category: 'world', confidence: 0 }
  const confidence = (bestScore / total) * (1 - Math.exp(-bestScore / 4))
  return { category: best, confidence: Math.round(confidence * 1000) / 1000 }
}

/** article:section values such as "Sport", "Politics - UK", "Medio Ambiente", "经济". */
export function sectionCategories(section: string): Category[] {
  if (section.trim() === '') return []
  // A section that names no known category ("Meinung", "Local") says nothing.
  return matchAll(INDEXES.sections, matchTokens(section.slice(0, FIELD_MAX_CHARS), 8))
}

const SCHEME_HOST_RE = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i
const PATH_SPLIT_RE = /[/\-_.+]+/
/** Path segments with more words than this are article slugs (the title again), not sections. */
const SECTION_MAX_WORDS = 3

/** A URL's path, without scheme, host, query and fragment, percent-decoded when that is well formed. */
export function urlPath(url: string): string {
  let path = url.slice(0, FIELD_MAX_CHARS).replace(SCHEME_HOST_RE, '')
  const end = path.search(/[?#]/)
  if (end >= 0) path = path.slice(0, end)
  if (path.includes('%')) {
    try {
      path = decodeURIComponent(path)
    } catch {
      // a malformed escape: keep the raw path
    }
  }
  return path
}

export function pathCategories(url: string): Category[] {
  const path = urlPath(url)
  const found = new Set<Category>()
  for (const segment of fold(path).split('/')) {
    const words = segment.split(PATH_SPLIT_RE).filter((w) => w !== '' && !/^\d+$/.test(w))
    if (words.length === 0 || words.length > SECTION_MAX_WORDS) continue
    for (const c of matchAll(INDEXES.sections, words)) found.add(c)
    const joined = words.join('-')
    if (words.length > 1) {
      const m = INDEXES.sections.matchWord(joined)
      if (m !== undefined) found.add(m.value)
    }
  }
  return [...found]
}

const GENERIC_SUBDOMAINS: ReadonlySet<string> = new Set(['www', 'm', 'amp', 'mobile', 'news', 'edition', 'en', 'www2'])

export function subdomainCategory(host: string): Category | undefined {
  const labels = host.split('.')
  if (labels.length < 3) return undefined
  const first = labels[0] ?? ''
  if (GENERIC_SUBDOMAINS.has(first)) return undefined
  return INDEXES.sections.matchWord(fold(first))?.value
}

/** One category per distinct term named in a piece of text; tags may also be section words ("Sport"). */
export function textCategories(text: string, lang: string, isTag: boolean): Category[] {
  if (text === '') return []
  const capped = text.slice(0, FIELD_MAX_CHARS)
  const found = new Map<string, Category>()
  if (isTag) matchInto(INDEXES.sections, matchTokens(capped, 6), found)
  const substrings = INDEXES.substrings.get(lang)
  if (substrings !== undefined) {
    for (const hit of substrings.scan(fold(capped))) found.set(hit.term, hit.value)
  } else {
    const index = INDEXES.words.get(lang) ?? INDEXES.words.get('en')
    if (index !== undefined) matchInto(index, matchTokens(capped, 250), found)
  }
  return [...found.values()]
}

function matchAll(index: TermIndex<Category>, tokens: readonly string[]): Category[] {
  const found = new Map<string, Category>()
  matchInto(index, tokens, found)
  return [...new Set(found.values())]
}

/** Every entry of `index` the tokens match (phrases first), trying each token's variants; keyed by entry. */
function matchInto(index: TermIndex<Category>, tokens: readonly string[], found: Map<string, Category>): void {
  for (let i = 0; i < tokens.length; i++) {
    const m = index.match(tokens, i)
    if (m !== undefined) {
      found.set(m.term, m.value)
      i += m.tokens - 1
      continue
    }
    const token = tokens[i] ?? ''
    const c = token.charCodeAt(0)
    if (token.includes("'") || (c >= 0x0600 && c <= 0x06ff)) {
      for (const variant of tokenVariants(token).slice(1)) {
        const v = index.matchWord(variant)
        if (v !== undefined) {
          found.set(v.term, v.value)
          break
        }
      }
    }
  }
}
