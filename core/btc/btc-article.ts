/** A bitcoin article as the BTC endpoints read it (the store's is_bitcoin rows). */
import type { SentimentLabel } from '../article.ts'
import type { TimeRange } from './periods.ts'

export interface BtcArticle {
  /** Epoch seconds UTC. */
  published_at: number
  title: string
  description: string
  url: string
  host: string
  lang: string
  country: string
  sentiment: SentimentLabel
  score: number
  labelled_by: 'model' | 'lexicon'
  lexicon_score: number
  lexicon_terms: string
}

/** The fields the counting endpoints (sentiment, series, correlation, summary) need. */
export type ToneArticle = Pick<BtcArticle, 'published_at' | 'sentiment'>

export function isPublishedIn(article: Pick<BtcArticle, 'published_at'>, range: TimeRange): boolean {
  const ms = article.published_at * 1000
  return ms >= range.fromMs && ms < range.toMs
}
