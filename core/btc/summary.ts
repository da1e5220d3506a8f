/**
 * `/v1/btc/summary` at a given `now`: the latest close with its 24-hour high and low, the change
 * over 1h/24h/7d/30d, bitcoin news tone since 00:00 UTC, and what the data covers.
 */
import type { Candle } from '../candle.ts'
import type { BtcArticle } from './btc-article.ts'
import { DAY_MS, HOUR_MS, periodStart } from './periods.ts'
import { countTone, emptyCounts } from './sentiment-buckets.ts'
import { RATIO_DIGITS, SHARE_DIGITS, isoMs, roundOrNull, roundTo } from './serialise.ts'

/** How far back each change_pct looks, from the start of the latest candle. */
export const CHANGE_LAGS_MS = { '1h': HOUR_MS, '24h': DAY_MS, '7d': 7 * DAY_MS, '30d': 30 * DAY_MS } as const
export type ChangeKey = keyof typeof CHANGE_LAGS_MS

export interface SummaryBody {
  price: { time: string | null; close: number | null; high_24h: number | null; low_24h: number | null }
  change_pct: Record<ChangeKey, number | null>
  tone_today: { positive: number; neutral: number; negative: number; net: number; articles: number }
  coverage: {
    price: { from: string | null; to: string | null; candles: number }
    news: { from: string | null; to: string | null; articles: number }
    labelled_by_model: number
    labelled_by_model_pct: number | null
  }
}

/** Oldest and newest of a list of instants (epoch ms), as timestamps; nulls when it is empty. */
function span(times: readonly number[]): { from: string | null; to: string | null } {
  if (times.length === 0) return { from: null, to: null }
  let lo = Number.POSITIVE_INFINITY
  let hi = Number.NEGATIVE_INFINITY
  for (const t of times) {
    if (t < lo) lo = t
    if (t > hi) hi = t
  }
  return { from: isoMs(lo), to: isoMs(hi) }
}

/**
 * `hourly`: every hourly candle held; `articles`: every bitcoin article held (coverage counts
 * them all). The price fields use the candles that started before `now`:
 * - high_24h / low_24h span the 24 hourly slots ending with the latest candle; a gap in them is
 *   not filled with older hours;
 * - each change_pct compares with the candle exactly 1h/24h/7d/30d before the latest one, and is
 *   null when that hour is missing (no nearest neighbour is substituted).
 * tone_today counts articles in [00:00 UTC of now, now). coverage from/to are the times of the
 * oldest and newest candle (start) and article (published_at), inclusive.
 */
export function summaryBody(hourly: readonly Candle[], articles: readonly BtcArticle[], nowMs: number): SummaryBody {
  const past = hourly.filter((c) => c.openTimeMs < nowMs)
  let latest: Candle | undefined
  for (const c of past) if (latest === undefined || c.openTimeMs > latest.openTimeMs) latest = c
  const byStart = new Map(past.map((c) => [c.openTimeMs, c]))

  let price: SummaryBody['price'] = { time: null, close: null, high_24h: null, low_24h: null }
  const change_pct: SummaryBody['change_pct'] = { '1h': null, '24h': null, '7d': null, '30d': null }
  if (latest !== undefined) {
    const last = latest
    const day = past.filter((c) => c.openTimeMs > last.openTimeMs - DAY_MS)
    price = {
      time: isoMs(last.openTimeMs),
      close: last.close,
      high_24h: Math.max(...day.map((c) => c.high)),
      low_24h: Math.min(...day.map((c) => c.low)),
    }
    for (const key of Object.keys(CHANGE_LAGS_MS) as ChangeKey[]) {
      const before = byStart.get(last.openTimeMs - CHANGE_LAGS_MS[key])
      change_pct[key] =
        before === undefined || before.close === 0 ? null : roundTo((last.close / before.close - 1) * 100, RATIO_DIGITS)
    }
  }

  const midnightMs = periodStart(nowMs, 'day')
  const today = emptyCounts()
  for (const a of articles) {
    const ms = a.published_at * 1000
    if (ms >= midnightMs && ms < nowMs) countTone(today, a.sentiment)
  }

  const byModel = articles.filter((a) => a.labelled_by === 'model').length
  return {
    price,
    change_pct,
    tone_today: {
      positive: today.positive,
      neutral: today.neutral,
      negative: today.negative,
      net: today.net,
      articles: today.articles,
    },
    coverage: {
      price: { ...span(hourly.map((c) => c.openTimeMs)), candles: hourly.length },
      news: { ...span(articles.map((a) => a.published_at * 1000)), articles: articles.length },
      labelled_by_model: byModel,
      labelled_by_model_pct:
        articles.length === 0 ? null : roundOrNull((byModel / articles.length) * 100, SHARE_DIGITS),
    },
  }
}
