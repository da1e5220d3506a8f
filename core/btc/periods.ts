/**
 * The period grid of the BTC endpoints: hours, UTC days and ISO weeks (Monday 00:00 UTC).
 * Every bucket, candle and series point starts on this grid.
 */

export const INTERVALS = ['hour', 'day', 'week'] as const
export type Interval = (typeof INTERVALS)[number]

export const HOUR_MS = 3_600_000
export const DAY_MS = 86_400_000
export const WEEK_MS = 7 * DAY_MS

export const INTERVAL_MS: Readonly<Record<Interval, number>> = { hour: HOUR_MS, day: DAY_MS, week: WEEK_MS }

/** 1970-01-05T00:00:00Z, the first Monday after the epoch (which fell on a Thursday). */
const FIRST_MONDAY_MS = 4 * DAY_MS

export function isInterval(value: unknown): value is Interval {
  return typeof value === 'string' && (INTERVALS as readonly string[]).includes(value)
}

/** Start of the period holding `ms`. All three periods have a fixed length in UTC (no DST). */
export function periodStart(ms: number, interval: Interval): number {
  const length = INTERVAL_MS[interval]
  const origin = interval === 'week' ? FIRST_MONDAY_MS : 0
  return Math.floor((ms - origin) / length) * length + origin
}

/** Every period start in [periodStart(fromMs), toMs), oldest first: the zero-filled grid. */
export function periodStarts(fromMs: number, toMs: number, interval: Interval): number[] {
  const length = INTERVAL_MS[interval]
  const starts: number[] = []
  for (let t = periodStart(fromMs, interval); t < toMs; t += length) starts.push(t)
  return starts
}

/** `N hour(s)`, `N day(s)`, `N week(s)`: singular for 1 only. */
export function countOf(n: number, interval: Interval): string {
  return `${n} ${interval}${n === 1 ? '' : 's'}`
}

/** A half-open range [fromMs, toMs) in epoch milliseconds. */
export interface TimeRange {
  fromMs: number
  toMs: number
}

/**
 * The range with `from` moved down to the start of its period, so the first period of a grid is
 * whole. `to` stays as given (exclusive): the last period may be partial. Idempotent.
 */
export function alignRange(range: TimeRange, interval: Interval): TimeRange {
  return { fromMs: periodStart(range.fromMs, interval), toMs: range.toMs }
}
