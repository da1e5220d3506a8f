import type { Database } from 'bun:sqlite'
import { SPAN_LEVELS } from '../schema.ts'

/**
 * Whole days [first, end) as runs of aligned spans (store/schema.ts, SPAN_LEVELS): each run is
 * `level` with span numbers [from, to) (day numbers for level 0), the longest spans that fit
 * first, so a 90-day range is a 64-day span, a few 16- and 4-day ones and at most a few days at
 * each end.
 */
export function daySpans(first: number, end: number): { level: number; from: number; to: number }[] {
  const runs: { level: number; from: number; to: number }[] = []
  let day = first
  while (day < end) {
    let level = 0
    for (const l of SPAN_LEVELS) {
      const size = 4 ** l
      if (day % size === 0 && day + size <= end) level = l
    }
    const size = 4 ** level
    const span = Math.floor(day / size)
    const last = runs.at(-1)
    if (last !== undefined && last.level === level && last.to === span) last.to = span + 1
    else runs.push({ level, from: span, to: span + 1 })
    day += size
  }
  return runs
}

/** A run of aligned spans (as daySpans gives them) whose counts are added (`sign` 1) or taken off (-1). */
export interface SignedSpanRun {
  readonly level: number
  readonly from: number
  readonly to: number
  readonly sign: 1 | -1
}

/**
 * Rows a span of each level holds, relative to a day's, in the span count tables at 1M articles
 * (article_score_spans: 5.1k a day, 13.5k a 4-day span, 29k a 16-day span, 47.6k a 64-day span;
 * the others grow alike): a longer span repeats most of a shorter one's hosts and combinations.
 */
const SPAN_READ_COST = [1, 2.6, 5.7, 9.3] as const

const runsCost = (runs: readonly SignedSpanRun[]): number =>
  runs.reduce((c, r) => c + (r.to - r.from) * (SPAN_READ_COST[r.level] ?? 4 ** r.level), 0)

/**
 * Whole days [first, end) of a store whose articles all lie in the days [data.first, data.end), as
 * the cheapest of: daySpans of the part that holds articles, or, for each span level, the aligned
 * spans of that level around it less daySpans of what they hold outside the range. Days without
 * articles count nothing, so a span may run past the store's ends: the default 90 days of a
 * 91-day store are then two 64-day spans less two days (about half the rows of 4 16-day spans,
 * 5 4-day spans and 5 days). Every day of [data.first, data.end) is counted once if it lies in
 * [first, end) and not at all otherwise (test/store/count-trigger-plans.test.ts).
 */
export function signedDaySpans(first: number, end: number, data: { first: number; end: number }): SignedSpanRun[] {
  const lo = Math.max(first, data.first)
  const hi = Math.min(end, data.end)
  if (hi <= lo) return []
  const signed = (runs: ReturnType<typeof daySpans>, sign: 1 | -1) => runs.map((r) => ({ ...r, sign }))
  let best = signed(daySpans(lo, hi), 1)
  let bestCost = runsCost(best)
  for (const level of SPAN_LEVELS) {
    const size = 4 ** level
    const from = Math.floor(lo / size)
    const to = Math.ceil(hi / size)
    const runs: SignedSpanRun[] = [
      { level, from, to, sign: 1 },
      ...signed(daySpans(Math.max(from * size, data.first), lo), -1),
      ...signed(daySpans(hi, Math.min(to * size, data.end)), -1),
    ]
    const cost = runsCost(runs)
    if (cost < bestCost) {
      best = runs
      bestCost = cost
    }
  }
  return best
}

/**
 * The days that may hold articles, [first, end): a day wider each way than the oldest and newest
 * published_at (a seek of articles_published each: one query with both would scan), so that day numbering at the ends (SQL integer
 * division truncates, JavaScript floors) cannot leave a day out. Empty store: no days.
 */
export function storeDays(db: Database): { first: number; end: number } {
  const row = db
    .query<{ lo: number | null; hi: number | null }, []>(
      'SELECT (SELECT min(published_at) FROM articles) AS lo, (SELECT max(published_at) FROM articles) AS hi',
    )
    .get()
  if (row === null || row.lo === null || row.hi === null) return { first: 0, end: 0 }
  return { first: Math.floor(row.lo / 86_400) - 1, end: Math.floor(row.hi / 86_400) + 2 }
}
