/**
 * `/v1/btc/correlation`: Pearson's r between `return_pct` and `net` on one interval grid, for
 * every shift from −max_shift to +max_shift. Shift k pairs news at period t with the return at
 * t+k, so a positive shift means news leads price (DECISIONS.md, BTC group).
 */
import type { Candle } from '../candle.ts'
import type { ToneArticle } from './btc-article.ts'
import { fisherInterval, pearson } from './pearson.ts'
import { type Interval, type TimeRange, alignRange, countOf, periodStarts } from './periods.ts'
import { sentimentBuckets } from './sentiment-buckets.ts'
import { seriesPoints } from './series.ts'
import { RATIO_DIGITS, isoMs, roundOrNull } from './serialise.ts'

export const CORRELATION_NOTE =
  'A peak at a negative shift means the press reacts to price. Correlation is not causation. Descriptive, not a trading signal.'

export interface ShiftEntry {
  shift: number
  r: number | null
  pairs: number
  reading: string
  ci_low: number | null
  ci_high: number | null
  significant: boolean
}

export interface CorrelationBody {
  from: string
  to: string
  interval: Interval
  points: number
  same_period_r: number | null
  best: ShiftEntry | null
  /** Why `best` is null; null when there is a best. */
  best_reason: string | null
  by_shift: ShiftEntry[]
  note: string
}

export function reading(shift: number, interval: Interval): string {
  if (shift < 0) return `price leads news by ${countOf(-shift, interval)}`
  if (shift > 0) return `news leads price by ${countOf(shift, interval)}`
  return `same ${interval}`
}

/** The (return, net) pairs of shift k: net at t with return at t+k, both present. */
export function shiftPairs(
  net: readonly (number | null)[],
  ret: readonly (number | null)[],
  shift: number,
): { returns: number[]; nets: number[] } {
  const returns: number[] = []
  const nets: number[] = []
  for (let t = 0; t < net.length; t++) {
    const x = ret[t + shift]
    const y = net[t]
    if (x === undefined || x === null || y === undefined || y === null) continue
    returns.push(x)
    nets.push(y)
  }
  return { returns, nets }
}

/**
 * One entry per shift, ascending. r, ci_low and ci_high are rounded to 4 decimals here (this
 * builds the wire form); `significant` is read from the rounded bounds so it never contradicts
 * them (a bound shown as 0 is not significant).
 */
export function correlateByShift(
  net: readonly (number | null)[],
  ret: readonly (number | null)[],
  maxShift: number,
  interval: Interval,
): { entries: ShiftEntry[]; fullR: Map<number, number> } {
  const entries: ShiftEntry[] = []
  const fullR = new Map<number, number>()
  for (let shift = -maxShift; shift <= maxShift; shift++) {
    const { returns, nets } = shiftPairs(net, ret, shift)
    const r = pearson(returns, nets)
    const ci = r === null ? null : fisherInterval(r, returns.length)
    const ciLow = roundOrNull(ci?.low ?? null, RATIO_DIGITS)
    const ciHigh = roundOrNull(ci?.high ?? null, RATIO_DIGITS)
    if (r !== null) fullR.set(shift, r)
    entries.push({
      shift,
      r: roundOrNull(r, RATIO_DIGITS),
      pairs: returns.length,
      reading: reading(shift, interval),
      ci_low: ciLow,
      ci_high: ciHigh,
      significant: ciLow !== null && ciHigh !== null && (ciLow > 0 || ciHigh < 0),
    })
  }
  return { entries, fullR }
}

export const BEST_REASONS = {
  noR: 'no shift has an r (fewer than 3 pairs, or no variation in returns or tone)',
  noInterval: 'no shift has enough pairs for a 95% interval (at least 4 are needed)',
  notSignificant: 'no shift is significant at 95%',
} as const

/**
 * The significant entry with the largest r (full precision); ties go to the smaller |shift|,
 * then to the lower shift. Null with a reason when no entry is significant.
 */
export function pickBest(
  entries: readonly ShiftEntry[],
  fullR: ReadonlyMap<number, number>,
): { best: ShiftEntry | null; reason: string | null } {
  let best: ShiftEntry | null = null
  let bestR = Number.NEGATIVE_INFINITY
  for (const e of entries) {
    const r = fullR.get(e.shift)
    if (!e.significant || r === undefined) continue
    const better =
      best === null ||
      r > bestR ||
      (r === bestR &&
        (Math.abs(e.shift) < Math.abs(best.shift) ||
          (Math.abs(e.shift) === Math.abs(best.shift) && e.shift < best.shift)))
    if (better) {
      best = e
      bestR = r
    }
  }
  if (best !== null) return { best, reason: null }
  if (entries.every((e) => e.r === null)) return { best: null, reason: BEST_REASONS.noR }
  if (entries.every((e) => e.ci_low === null)) return { best: null, reason: BEST_REASONS.noInterval }
  return { best: null, reason: BEST_REASONS.notSignificant }
}

/**
 * The grid is every period of the aligned range; `net` is zero-filled, a return exists where
 * the series has a point with a return_pct. `points` is the number of series points (periods
 * with a candle), the same as `/v1/btc/series` reports for the same range.
 */
export function correlationBody(
  hourly: readonly Candle[],
  articles: readonly ToneArticle[],
  interval: Interval,
  range: TimeRange,
  maxShift: number,
): CorrelationBody {
  const aligned = alignRange(range, interval)
  const grid = periodStarts(aligned.fromMs, aligned.toMs, interval)
  const netByStart = new Map(sentimentBuckets(articles, interval, aligned).map((b) => [b.timeMs, b.net]))
  const points = seriesPoints(hourly, articles, interval, aligned)
  const returnByStart = new Map(points.map((p) => [p.timeMs, p.returnPct]))
  const net = grid.map((t) => netByStart.get(t) ?? 0)
  const ret = grid.map((t) => returnByStart.get(t) ?? null)
  const { entries, fullR } = correlateByShift(net, ret, maxShift, interval)
  const { best, reason } = pickBest(entries, fullR)
  return {
    from: isoMs(aligned.fromMs),
    to: isoMs(aligned.toMs),
    interval,
    points: points.length,
    same_period_r: entries.find((e) => e.shift === 0)?.r ?? null,
    best: best === null ? null : { ...best },
    best_reason: reason,
    by_shift: entries,
    note: CORRELATION_NOTE,
  }
}
