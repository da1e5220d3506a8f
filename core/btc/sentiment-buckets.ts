/**
 * `/v1/btc/sentiment`: bitcoin articles per period by label, zero-filled over every period of
 * the (aligned) range, so a quiet period shows as zeros rather than disappearing.
 */
import { type ToneArticle, isPublishedIn } from './btc-article.ts'
import { type Interval, type TimeRange, alignRange, periodStart, periodStarts } from './periods.ts'
import { isoMs } from './serialise.ts'

export interface ToneCounts {
  articles: number
  positive: number
  neutral: number
  negative: number
  /** positive − negative. */
  net: number
}

export interface Bucket extends ToneCounts {
  /** Start of the period, epoch ms. */
  timeMs: number
}

export interface BucketWire extends ToneCounts {
  time: string
}

export interface SentimentBody {
  from: string
  to: string
  interval: Interval
  points: number
  buckets: BucketWire[]
}

export function emptyCounts(): ToneCounts {
  return { articles: 0, positive: 0, neutral: 0, negative: 0, net: 0 }
}

/** Adds one article to the counts in place. */
export function countTone(counts: ToneCounts, sentiment: ToneArticle['sentiment']): void {
  counts.articles += 1
  if (sentiment === 'pos') counts.positive += 1
  else if (sentiment === 'neg') counts.negative += 1
  else counts.neutral += 1
  counts.net = counts.positive - counts.negative
}

/** One bucket per period of the aligned range, oldest first; articles outside the range are ignored. */
export function sentimentBuckets(articles: readonly ToneArticle[], interval: Interval, range: TimeRange): Bucket[] {
  const aligned = alignRange(range, interval)
  const buckets = periodStarts(aligned.fromMs, aligned.toMs, interval).map(
    (timeMs): Bucket => ({ timeMs, ...emptyCounts() }),
  )
  const byStart = new Map(buckets.map((b) => [b.timeMs, b]))
  for (const a of articles) {
    if (!isPublishedIn(a, aligned)) continue
    const bucket = byStart.get(periodStart(a.published_at * 1000, interval))
    if (bucket !== undefined) countTone(bucket, a.sentiment)
  }
  return buckets
}

export function sentimentBody(articles: readonly ToneArticle[], interval: Interval, range: TimeRange): SentimentBody {
  const aligned = alignRange(range, interval)
  const buckets = sentimentBuckets(articles, interval, aligned).map(({ timeMs, ...counts }) => ({
    time: isoMs(timeMs),
    ...counts,
  }))
  return { from: isoMs(aligned.fromMs), to: isoMs(aligned.toMs), interval, points: buckets.length, buckets }
}
