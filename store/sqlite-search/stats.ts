/** Stats of a slice (plans: STATS_PLANS), added up in TypeScript as SQLite yields rows (core/search/stats-tally.ts). */
import { SCORE_MAX, SCORE_MIN } from '../../core/article.ts'
import { StatsTally } from '../../core/search/stats-tally.ts'
import type { SearchFilters, StatsResult } from '../../core/search/types.ts'
import { nextDouble, scoreBucket } from '../fts-facets.ts'
import { daysCover, memoDaysInto, wholeDays } from './day-counts.ts'
import { choosePlan, type SearchContext, STATS_PLANS } from './plan.ts'
import { scanInto } from './scan.ts'
import { type CountedTerm, countedTerm, partDayInto, termDaysInto } from './term-days.ts'
import { DAY_S, scoreRangeOf } from './where.ts'

export function stats(ctx: SearchContext, f: SearchFilters, top: number, periodSeconds: number): StatsResult {
  // Rows are added up in TypeScript as SQLite yields them (core/search/stats-tally.ts): at 1M
  // articles that is 2.5–3× faster than grouping a temporary table five ways, and holds no rows.
  const tally = new StatsTally(periodSeconds)
  const excluded = f.excludeHost ?? []
  if (excluded.length === 0) statsInto(ctx, tally, f, periodSeconds)
  else if (f.host !== undefined && f.host.length > 0) {
    // Hosts kept and hosts left out: the difference is a host filter (or nothing at all).
    const out = new Set(excluded)
    const host = f.host.filter((h) => !out.has(h))
    if (host.length > 0) statsInto(ctx, tally, { ...f, host, excludeHost: [] }, periodSeconds)
  } else {
    // The slice with every host, less the excluded hosts' part of it (read from their posting
    // lists): the whole slice can then come from counts, and only the excluded hosts' articles
    // are read (docs/DECISIONS.md, Signals on every article).
    const all = { ...f, excludeHost: [] }
    ctx.db.transaction(() => {
      statsInto(ctx, tally, all, periodSeconds)
      scanInto(ctx, tally, { ...all, host: excluded }, -1)
    })()
  }
  return tally.result(top)
}

/**
 * One slice into the tally, by the plan STATS_PLANS picks. Several statements, read in one
 * transaction so that a batch committed meanwhile cannot land between them (the counts, the
 * counted words and the watermark's correction must see one store: a refresh may drop a word
 * between two statements).
 */
function statsInto(ctx: SearchContext, tally: StatsTally, f: SearchFilters, periodSeconds: number): void {
  ctx.db.transaction(() => {
    const days = wholeDays(f, periodSeconds)
    let outside: SearchFilters[] | null = null
    let term: CountedTerm | null = null
    const words = f.query !== null || f.entity !== undefined
    const plan = choosePlan(ctx, 'stats', STATS_PLANS, {
      fewerOutsideRange: () => (outside = outsideOfRange(ctx, f, periodSeconds)) !== null,
      wholeDays: days !== null,
      words: f.query !== null,
      daysCover: daysCover(f, true),
      countedTerm: () => words && (term = countedTerm(ctx, f, true)) !== null,
    })
    switch (plan) {
      case 'word-counts-less-outside':
        // The word's whole answer from its counts, less its articles outside the range, read as
        // tone ranges of their own.
        statsInto(ctx, tally, { ...f, minScore: undefined, maxScore: undefined }, periodSeconds)
        for (const part of outside ?? []) scanInto(ctx, tally, part, -1)
        return
      case 'scan':
      case 'scan-uncounted':
        scanInto(ctx, tally, f)
        return
      case 'day-counts':
      case 'word-day-counts': {
        if (days === null) throw new Error('day-count plans need whole days')
        // Whole days from the per-day and span counts, the part-days at either end from the articles.
        const counted = term as CountedTerm | null
        if (counted === null) memoDaysInto(ctx, tally, f, days.first, days.end, periodSeconds)
        else termDaysInto(ctx, tally, f, counted, days.first, days.end)
        if (f.fromS < days.first * DAY_S) partDayInto(ctx, tally, f, counted, f.fromS, days.first * DAY_S)
        if (days.end * DAY_S < f.toS) partDayInto(ctx, tally, f, counted, days.end * DAY_S, f.toS)
      }
    }
  })()
}

/**
 * A counted word (store/term-counts.ts) with a tone-score range, over whole days: the slices of
 * its articles below and above the range, when they are fewer than those inside it, so that
 * the answer is the word's counts less those (`min_score=-0.2&q=…` reads the 27% of the word's
 * articles below −0.2 instead of the 73% above); null otherwise, and the range's articles are
 * read. The word's own spread over scores is not counted: the store's over the range's days,
 * from the counts by day, label and tenth (migration 19: 60 rows a day; the 64-day spans of the
 * counts by tenth it read before took 6–26 ms at 1M), stands in for it.
 */
function outsideOfRange(ctx: SearchContext, f: SearchFilters, periodSeconds: number): SearchFilters[] | null {
  const range = scoreRangeOf(f)
  if (range === null || f.query === null) return null
  const all = { ...f, minScore: undefined, maxScore: undefined }
  const days = wholeDays(all, periodSeconds)
  if (days === null || countedTerm(ctx, all, true) === null) return null
  const lo = scoreBucket(range.min)
  const hi = scoreBucket(range.max)
  let inside = 0
  let outside = 0
  const byTenth = ctx.db.query<{ tenth: number; n: number }, [number, number]>(
    'SELECT tenth, sum(n) AS n FROM article_score_days WHERE day >= ? AND day < ? GROUP BY tenth',
  )
  for (const row of byTenth.iterate(days.first, days.end))
    if (row.tenth >= lo && row.tenth <= hi) inside += row.n
    else outside += row.n
  if (outside >= inside) return null
  const parts: SearchFilters[] = []
  if (range.min > SCORE_MIN) parts.push({ ...all, maxScore: nextDouble(range.min, -1) })
  if (range.max < SCORE_MAX) parts.push({ ...all, minScore: nextDouble(range.max, 1) })
  return parts
}
