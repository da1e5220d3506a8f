/** The shapes of a demo plan (demo/plan.ts): stories, articles, planned records, an hour, the context. */
import type { DemoLang } from './lang/index.ts'
import type { BtcSeries } from './prices.ts'
import type { Publisher } from './publishers.ts'
import type { ArticleSlots, BitcoinFacts } from './text.ts'

export type MalformedKind = 'truncated' | 'bad_content_length' | 'corrupt_payload'
export const MALFORMED_KINDS: readonly MalformedKind[] = ['truncated', 'bad_content_length', 'corrupt_payload']
export type ExtraKind = 'robots' | 'json' | 'image' | 'redirect' | 'not-found'
export type PageKind = 'article' | ExtraKind

export interface StorySpec {
  id: string
  country: string
  lang: DemoLang
  slots: ArticleSlots
  keywords: string[]
  size: number
  publishers: Publisher[]
  /** Per article: crawl hour, second within it, publisher, headline template. */
  articles: { hour: number; second: number; publisher: Publisher; template: number }[]
}

export interface ArticleSpec {
  /** Unique across the archive: hour × 100000 + position in the hour's fresh plan. */
  id: number
  publisher: Publisher
  lang: DemoLang
  slots: ArticleSlots
  story: StorySpec | null
  bitcoin: BitcoinFacts | null
  /** True publication instant, whole minutes. */
  publishedMs: number
  title: string
  /** First sentence of the body; the description on templates that have one. */
  lead: string
  /** The article this one is a syndicated copy of (same text on another host). */
  original: ArticleSpec | null
  canonicalUrl: string
}

export interface PlannedRecord {
  kind: PageKind
  crawlMs: number
  publisher: Publisher
  targetUri: string
  article: ArticleSpec | null
  recrawl: boolean
  malformed: MalformedKind | null
  /** Stable per-record key for content that is not an article (image bytes, redirects). */
  key: number
}

export interface HourPlan {
  hour: number
  records: PlannedRecord[]
}

export interface PlanContext {
  seed: number
  articlesPerDay: number
  publishers: readonly Publisher[]
  btc: BtcSeries
  countries: readonly string[]
  /** Publishers whose ground-truth country is the key. */
  byCountry: ReadonlyMap<string, readonly Publisher[]>
  byLang: ReadonlyMap<DemoLang, readonly Publisher[]>
  /** Share of the article volume per country (sums to 1). */
  countryShare: ReadonlyMap<string, number>
  storyCache: Map<number, StorySpec[]>
  freshCache: Map<number, HourPlan>
}
