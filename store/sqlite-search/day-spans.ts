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
