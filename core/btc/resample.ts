/**
 * Day and week candles resampled exactly from hourly ones: open of the first hour, close of the
 * last, max high, min low, summed volume and trades, `hours` = hours covered. A period without
 * any hourly candle has no candle (gaps are never invented); a partial one says so via `hours`.
 */
import type { Candle } from '../candle.ts'
import { type Interval, periodStart } from './periods.ts'

/**
 * Candles of `interval` from the hourly candles whose start is in [fromMs, toMs), oldest first.
 * Hours are taken as given: one candle per hour is assumed (the store's key), input order is free.
 */
export function resample(hourly: readonly Candle[], interval: Interval, fromMs: number, toMs: number): Candle[] {
  const inRange = hourly
    .filter((c) => c.openTimeMs >= fromMs && c.openTimeMs < toMs)
    .sort((a, b) => a.openTimeMs - b.openTimeMs)
  const out: Candle[] = []
  let current: Candle | undefined
  for (const c of inRange) {
    const start = periodStart(c.openTimeMs, interval)
    if (current !== undefined && current.openTimeMs === start) {
      current.high = Math.max(current.high, c.high)
      current.low = Math.min(current.low, c.low)
      current.close = c.close
      current.volume += c.volume
      current.trades += c.trades
      current.hours += c.hours
    } else {
      current = { ...c, openTimeMs: start }
      out.push(current)
    }
  }
  return out
}
