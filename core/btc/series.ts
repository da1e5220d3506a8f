/**
 * `/v1/btc/series`: candle prices joined with the tone buckets of the same period. Only periods
 * with a candle are points; `return_pct` is against the previous point of the series (which is
 * the previous period unless the hourly data has a gap), null for the first.
 */
import type { Candle } from '../candle.ts'
import type { ToneArticle } from './btc-article.ts'
import { type Interval, type TimeRange, alignRange } from './periods.ts'
import { resample } from './resample.ts'
import { type ToneCounts, emptyCounts, sentimentBuckets } from './sentiment-buckets.ts'
import { RATIO_DIGITS, isoMs, roundOrNull } from './serialise.ts'

export type Direction = 'flat' | 'agrees' | 'diverges'

/** |return_pct| below this (in percent) counts as no move (DECISIONS.md, BTC group). */
export const FLAT_RETURN_PCT = 0.1

export interface SeriesPoint extends ToneCounts {
  timeMs: number
  open: number
  high: number
  low: number
  close: number
  /** Full precision; null for the first point (or a previous close of 0). */
  returnPct: number | null
}

export interface SeriesPointWire extends ToneCounts {
  time: string
  open: number
  high: number
  low: number
  close: number
  return_pct: number | null
  direction: Direction | null
}

export interface SeriesBody {
  from: string
  to: string
  interval: Interval
  points: number
  series: SeriesPointWire[]
}

/** (close / previous close − 1) · 100, or null without a usable previous close. */
export function returnPct(previousClose: number | undefined, close: number): number | null {
  if (previousClose === undefined || previousClose === 0) return null
  return (close / previousClose - 1) * 100
}

/**
 * The DECISIONS.md rule, applied to `return_pct` as served (4 decimals), so that a client
 * checking the rule against the body always agrees with it.
 */
export function direction(servedReturnPct: number | null, net: number): Direction | null {
  if (servedReturnPct === null) return null
  if (Math.abs(servedReturnPct) < FLAT_RETURN_PCT || net === 0) return 'flat'
  return Math.sign(servedReturnPct) === Math.sign(net) ? 'agrees' : 'diverges'
}

/** Points of the aligned range, oldest first, at full precision. */
export function seriesPoints(
  hourly: readonly Candle[],
  articles: readonly ToneArticle[],
  interval: Interval,
  range: TimeRange,
): SeriesPoint[] {
  const aligned = alignRange(range, interval)
  const tone = new Map(sentimentBuckets(articles, interval, aligned).map((b) => [b.timeMs, b]))
  const candles = resample(hourly, interval, aligned.fromMs, aligned.toMs)
  let previousClose: number | undefined
  return candles.map((c) => {
    const { articles: count, positive, neutral, negative, net } = tone.get(c.openTimeMs) ?? emptyCounts()
    const point: SeriesPoint = {
      timeMs: c.openTimeMs,
      open: c.open,
      high: c.high,
      low: c.low,
      close: c.close,
      returnPct: returnPct(previousClose, c.close),
      articles: count,
      positive,
      neutral,
      negative,
      net,
    }
    previousClose = c.close
    return point
  })
}

export function seriesPointWire(p: SeriesPoint): SeriesPointWire {
  const served = roundOrNull(p.returnPct, RATIO_DIGITS)
  return {
    time: isoMs(p.timeMs),
    open: p.open,
    high: p.high,
    low: p.low,
    close: p.close,
    return_pct: served,
    articles: p.articles,
    positive: p.positive,
    neutral: p.neutral,
    negative: p.negative,
    net: p.net,
    direction: direction(served, p.net),
  }
}

export function seriesBody(
  hourly: readonly Candle[],
  articles: readonly ToneArticle[],
  interval: Interval,
  range: TimeRange,
): SeriesBody {
  const aligned = alignRange(range, interval)
  const series = seriesPoints(hourly, articles, interval, aligned).map(seriesPointWire)
  return { from: isoMs(aligned.fromMs), to: isoMs(aligned.toMs), interval, points: series.length, series }
}
