/**
 * `/v1/trends`: the stories of a scope, filtered, sorted and paged (DECISIONS.md, Trends).
 *
 * Decisions beyond DECISIONS.md:
 * - `kw`: a story carries a word when one of its keywords equals it ignoring case and diacritics,
 *   or has the same stem in one of the story's languages; all words must be carried. So
 *   `/v1/trends?kw=w` finds at least the stories `/v1/trends/keywords` counts for `w` (same
 *   scope and filters), and exactly those unless another spelling or inflection of `w` is a
 *   keyword too.
 * - `q`: a substring of the title, ignoring case and diacritics.
 * - Sorts, each ending with country and slug (unique together) so pages never overlap:
 *   publishers: publishers, articles, last_seen (descending); articles: articles, publishers,
 *   last_seen (descending); newest: first_seen descending, then publishers; oldest: first_seen
 *   ascending, then publishers; title: the title ignoring case and diacritics, then as written.
 * - `score` is added to each trend (two decimals; see score.ts).
 */
import { fold } from '../search/tokens.ts'
import type { Params } from '../validate.ts'
import { cmp, compareByPublishers } from './cluster.ts'
import { filterKeys } from './headline-terms.ts'
import { enumParam, intParam, listParam, stringParam } from './params.ts'
import type { Story, TrendHeadline, TrendSet } from './types.ts'
import { iso, roundScore, scopeFields, toHeadline } from './wire.ts'

export type TrendSort = 'publishers' | 'articles' | 'newest' | 'oldest' | 'title'

export interface Trend {
  title: string
  category: string
  country: string
  slug: string
  articles: number
  publishers: number
  first_seen: string
  last_seen: string
  keywords: string[]
  headlines: TrendHeadline[]
  score: number
}

export interface TrendsBody {
  window: string
  since: string
  until: string
  total: number
  size: number
  offset: number
  trends: Trend[]
}

const PATH = '/v1/trends'

const byCountryThenSlug = (a: Story, b: Story): number => cmp(a.country, b.country) || cmp(a.slug, b.slug)

export const TREND_SORTS: Readonly<Record<TrendSort, (a: Story, b: Story) => number>> = {
  publishers: compareByPublishers,
  articles: (a, b) =>
    b.articles - a.articles || b.publishers - a.publishers || b.lastSeen - a.lastSeen || byCountryThenSlug(a, b),
  newest: (a, b) => b.firstSeen - a.firstSeen || b.publishers - a.publishers || byCountryThenSlug(a, b),
  oldest: (a, b) => a.firstSeen - b.firstSeen || b.publishers - a.publishers || byCountryThenSlug(a, b),
  title: (a, b) => cmp(fold(a.title), fold(b.title)) || cmp(a.title, b.title) || byCountryThenSlug(a, b),
}

/** `keep`: a test the caller adds (the `entity` filter: a story with an article naming one of them). */
export function trendsBody(set: TrendSet, params: Params, keep: (s: Story) => boolean = () => true): TrendsBody {
  const size = intParam(params, PATH, 'size')
  const offset = intParam(params, PATH, 'offset')
  const headlines = intParam(params, PATH, 'headlines')
  const matching = filterStories(set.stories, params).filter(keep)
  const sorted = matching.sort(TREND_SORTS[enumParam<TrendSort>(params, PATH, 'sort')])
  return {
    ...scopeFields(set),
    total: sorted.length,
    size,
    offset,
    trends: sorted.slice(offset, offset + size).map((s) => toTrend(s, headlines)),
  }
}

/** The stories passing the filters of `/v1/trends` (country, category, kw, q, min_publishers, min_articles). */
export function filterStories(stories: readonly Story[], params: Params): Story[] {
  const countries = new Set(listParam(params, 'country') ?? [])
  const categories = new Set(listParam(params, 'category') ?? [])
  const kw = listParam(params, 'kw') ?? []
  const q = stringParam(params, 'q')
  const needle = q === undefined ? null : fold(q.trim())
  const minPublishers = intParam(params, PATH, 'min_publishers')
  const minArticles = intParam(params, PATH, 'min_articles')
  return stories.filter(
    (s) =>
      (countries.size === 0 || countries.has(s.country)) &&
      (categories.size === 0 || categories.has(s.category)) &&
      s.publishers >= minPublishers &&
      s.articles >= minArticles &&
      (needle === null || fold(s.title).includes(needle)) &&
      kw.every((w) => carries(s, w)),
  )
}

/** Whether one of the story's keywords is `word` (ignoring case and diacritics) or shares its stem. */
export function carries(s: Story, word: string): boolean {
  const folded = fold(word.trim())
  if (s.keywords.some((k) => fold(k.word) === folded)) return true
  const keys = filterKeys(word, s.langs)
  return s.keywords.some((k) => keys.has(k.key))
}

export function toTrend(s: Story, headlines: number): Trend {
  return {
    title: s.title,
    category: s.category,
    country: s.country,
    slug: s.slug,
    articles: s.articles,
    publishers: s.publishers,
    first_seen: iso(s.firstSeen),
    last_seen: iso(s.lastSeen),
    keywords: s.keywords.map((k) => k.word),
    headlines: s.headlines.slice(0, headlines).map(toHeadline),
    score: roundScore(s.score),
  }
}
