/** The response shapes the page reads (core/response-schemas.ts is the contract; only the fields used here). */

export interface SearchHit {
  id?: string
  url?: string
  title?: string
  description?: string
  published_at?: string
  host?: string
  lang?: string
  country?: string
  image?: string
  category?: string
  sentiment?: Sentiment
  score?: number
  labelled_by?: 'model' | 'lexicon'
  entities?: NamedEntity[]
}

/** A person, organisation or place an article names: core's type, not a copy. */
export type { ArticleEntity as NamedEntity } from '../core/entity.ts'
import type { ArticleEntity as NamedEntity } from '../core/entity.ts'
import type { SentimentLabel as Sentiment } from '../core/article.ts'

/** `/v1/entities`: trending entities of the window. */
export interface EntitiesAnswer {
  window: string
  total: number
  entities: (Omit<NamedEntity, 'count'> & { articles: number; burst: number; expected: number })[]
}

export interface SearchAnswer {
  q: string
  total: number
  total_relation: 'eq' | 'gte'
  size: number
  offset: number
  results: SearchHit[]
}

/** The tone labels, in the contract's order: core's own list, bundled into the page. */
export { SENTIMENT_LABELS as SENTIMENTS } from '../core/article.ts'
export type { SentimentLabel as Sentiment } from '../core/article.ts'

export interface FacetBucket {
  key: string
  articles: number
}

export interface TimelinePoint {
  time: string
  articles: number
  pos: number
  neu: number
  neg: number
  net: number
  net_tone: number | null
  mean_score: number | null
  /** Only with normalize=share. */
  all_articles?: number
  share?: number | null
}

export interface StatsAnswer {
  total: number
  from: string
  to: string
  tone: { pos: number; neu: number; neg: number; net: number; net_tone: number | null; mean_score: number | null }
  countries: FacetBucket[]
  langs: FacetBucket[]
  categories: FacetBucket[]
  sentiments: FacetBucket[]
  /** Only when asked (`entities=N`): the entities most named among the newest matching articles. */
  entities?: (FacetBucket & { name: string; type: string })[]
  entities_counted?: number
  normalize: 'none' | 'share'
  timeline: TimelinePoint[]
}

export interface Headline {
  title: string
  url: string
  host: string
  lang: string
  published_at: string
}

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
  headlines: Headline[]
}

export interface TrendsAnswer {
  window: string
  total: number
  trends: Trend[]
}

export interface TrendDetail extends Omit<Trend, 'keywords' | 'headlines'> {
  items: (Headline & { sentiment?: Sentiment; score?: number })[]
  /** The story's tone over all its articles, and the names its articles carry most. */
  tone?: StatsAnswer['tone']
  entities?: (Omit<NamedEntity, 'count' | 'country'> & { articles: number })[]
  /** Its articles and their tone per hour of the window. */
  timeline?: TimelinePoint[]
}

export interface CountriesAnswer {
  window: string
  countries: { country: string; trends: number; articles: number }[]
}

export interface KeywordsAnswer {
  total: number
  keywords: { word: string; trends: number; articles: number }[]
}

export interface BtcSummary {
  price: { time: string | null; close: number | null; high_24h: number | null; low_24h: number | null }
  change_pct: Record<'1h' | '24h' | '7d' | '30d', number | null>
  tone_today: { positive: number; neutral: number; negative: number; net: number; articles: number }
}

export interface BtcSeriesAnswer {
  interval: string
  points: number
  series: { time: string; close: number; net: number; articles: number; return_pct: number | null }[]
}

export interface BtcShift {
  shift: number
  r: number | null
  pairs: number
  reading: string
  ci_low: number | null
  ci_high: number | null
  significant: boolean
}

export interface BtcCorrelationAnswer {
  interval: string
  points: number
  same_period_r: number | null
  best: BtcShift | null
  best_reason: string | null
  by_shift: BtcShift[]
  note: string
}

export interface Instrument {
  slug: string
  name: string
  kind: string
  unit: string
  grain: string
  source: string
}

export interface MarketAnswer {
  instrument: Instrument
  window: string
  price: { t: string; close: number }[]
}
