/** The engine-independent search interface: what the live node asks, whatever engine answers. */
import type { SentimentLabel } from '../article.ts'
import type { CategoryDecider } from '../categories.ts'
import type { ArticleEntity } from '../entity.ts'
import type { ParsedQuery } from './query-syntax.ts'

export type SearchSort = 'date' | 'date_asc' | 'crawled' | 'crawled_asc' | 'relevance'

export interface SearchFilters {
  query: ParsedQuery | null
  country?: readonly string[]
  lang?: readonly string[]
  tld?: readonly string[]
  host?: readonly string[]
  /** Categories (core/categories.ts). */
  category?: readonly string[]
  /** Sentiment labels: pos, neu, neg. */
  sentiment?: readonly SentimentLabel[]
  /** Tone range over `score`, inclusive at both ends. */
  minScore?: number
  maxScore?: number
  /** Entity keys (core/entity.ts): articles naming any of them. */
  entity?: readonly string[]
  /** Publisher hosts left out. */
  excludeHost?: readonly string[]
  /** Match q's words in the headline only (`in=title`), not in the headline and standfirst. */
  titleOnly?: boolean
  /** [fromS, toS) in epoch seconds over published_at. */
  fromS: number
  toS: number
  strictCountry: boolean
  /** Only articles with seq ≤ this are visible (the snapshot's data watermark); null: all. */
  maxSeq: number | null
}

export interface SearchRequest extends SearchFilters {
  sort: SearchSort
  size: number
  offset: number
  dedupe: boolean
  fullText: boolean
}

/** An article as the API returns it (DECISIONS.md, Article), fields in the documented order. */
export interface ArticleRecord {
  id: string
  url: string
  title: string
  description: string
  published_at: string
  crawled_at: string
  host: string
  tld: string
  lang: string
  country: string
  country_source: string
  category: string
  /** How sure the category labeller was (0–1), and which labeller decided (issue 26). */
  category_confidence: number
  category_by: CategoryDecider
  /** The tone, as `/v1/btc/news` gives it: the label, the score in [-1, 1] and what decided it. */
  sentiment: SentimentLabel
  score: number
  labelled_by: 'model' | 'lexicon'
  /** People, organisations and places the article names, most mentioned first (issue 27). */
  entities: ArticleEntity[]
  image: string
  authors: string[]
  tags: string[]
  words: number
  text?: string
}

/** Extra fields the BTC endpoints and feeds read beside the Article fields. */
export interface ArticleSignals {
  lexicon_score: number
  lexicon_terms: string
  /** Syndication group: copies of one story on several hosts share it. */
  dup_group: string
}

export interface SearchPage {
  total: number
  totalRelation: 'eq' | 'gte'
  articles: (ArticleRecord & ArticleSignals)[]
}

export interface Bucket {
  key: string
  articles: number
}

/** One timeline period: its articles by tone and the sum of their scores in thousandths (exact integers). */
export interface PeriodTone {
  articles: number
  pos: number
  neu: number
  neg: number
  scoreMilli: number
}

export interface StatsResult {
  total: number
  countries: Bucket[]
  langs: Bucket[]
  tlds: Bucket[]
  hosts: Bucket[]
  categories: Bucket[]
  sentiments: Bucket[]
  /** Per period start (epoch s), only periods that have articles; the caller zero-fills. */
  timeline: Map<number, PeriodTone>
}

export const TOTAL_EXACT_LIMIT = 10_000

export interface SearchIndex {
  search(request: SearchRequest): SearchPage
  stats(filters: SearchFilters, top: number, periodSeconds: number): StatsResult
  /** Articles per period of every article in [fromS, toS) (no filter but the watermark): the denominator of `normalize=share`. */
  volume(fromS: number, toS: number, periodSeconds: number, maxSeq: number | null): Map<number, number>
  /** By exact URL, or by a crawled variant of the canonical URL. */
  article(url: string, fullText: boolean, maxSeq: number | null): (ArticleRecord & ArticleSignals) | null
}
