import type { CategoryDecider } from './categories.ts'
import type { ArticleEntity } from './entity.ts'
/**
 * The article as it travels from extraction to the store and out through the API.
 * Field names are the contract's (DECISIONS.md, "Article"); snake case because they are wire names.
 */

/** Where `published_at` came from; `warc` means no date was found on the page and WARC-Date stands in. */
export type DateSource = 'meta' | 'jsonld' | 'time' | 'url' | 'warc'

/** What extraction gets out of one HTML response record, before enrichment. */
export interface ExtractedArticle {
  /** Canonical link when it is on the same host, else the WARC-Target-URI. */
  url: string
  /** WARC-Target-URI exactly as crawled (kept so `/v1/article` can find a known variant). */
  target_uri: string
  title: string
  description: string
  /** ISO 8601 UTC, second precision, trailing Z. */
  published_at: string
  date_source: DateSource
  /** WARC-Date, ISO 8601 UTC, second precision, trailing Z. */
  crawled_at: string
  /** Lower-case hostname without a leading `www.`. */
  host: string
  /** Last label of the host (`uk` for `bbc.co.uk`). */
  tld: string
  image: string
  authors: string[]
  tags: string[]
  /** Body text, paragraphs separated by blank lines. */
  text: string
  words: number
  /** Declared language of the page (`<html lang>`, Content-Language, og:locale), raw, may be empty. */
  declared_lang: string
  /** article:section or JSON-LD articleSection, may be empty. */
  section: string
  /** Publisher-stated country or dateline text found in the page, may be empty. */
  site_country: string
}

export type CountrySource = 'tld' | 'html' | 'content' | 'default'
/** Tone labels, as every answer names them (`/v1/btc/news`, articles, stats, the `sentiment` filter). */
export const SENTIMENT_LABELS = ['pos', 'neu', 'neg'] as const
export type SentimentLabel = (typeof SENTIMENT_LABELS)[number]
/** A tone score's range (core/enrich/sentiment.ts): P(pos) − P(neg), or the squashed lexicon sum. */
export const SCORE_MIN = -1
export const SCORE_MAX = 1

export function isSentimentLabel(value: string): value is SentimentLabel {
  return (SENTIMENT_LABELS as readonly string[]).includes(value)
}

/** What enrichment adds. Filled by core/enrich (issue 3); ingest stores it beside the extraction. */
export interface Enrichment {
  lang: string
  country: string
  country_source: CountrySource
  category: string
  category_confidence: number
  /** Which labeller decided `category`: the trained model (English) or the term lists (core/enrich/category-choice.ts). */
  category_by: CategoryDecider
  sentiment: SentimentLabel
  score: number
  labelled_by: 'model' | 'lexicon'
  lexicon_score: number
  lexicon_terms: string
  is_bitcoin: boolean
  /** People, organisations and places the article names (core/enrich/entities.ts, issue 27). */
  entities: ArticleEntity[]
}

export type StoredArticle = ExtractedArticle & Enrichment & { id: string }

/**
 * How long after its crawl a page's publication may lie: a later date is an event or expiry date,
 * not publication (batch/extract/published-date.ts), beyond clock skew and zone slips. The store
 * relies on it: nothing published in a range was crawled before the range's start minus this.
 */
export const PUBLISHED_AFTER_CRAWL_MAX_S = 36 * 3600
