/** How many articles a search matches, exact up to TOTAL_EXACT_LIMIT (plans: TOTAL_PLANS and COUNT_PLANS). */
import { TotalTally } from '../../core/search/stats-tally.ts'
import { type SearchFilters, type SearchRequest, TOTAL_EXACT_LIMIT } from '../../core/search/types.ts'
import { timeKeyFloor } from '../time-key.ts'
import { daysCover, daysInto, wholeDays } from './day-counts.ts'
import { choosePlan, COUNT_PLANS, type SearchContext, TOTAL_PLANS } from './plan.ts'
import { type CountedTerm, countedTenthsTerm, countedTerm, tenthParts, termDaysInto } from './term-days.ts'
import { type Binding, buildWhere, DAY_S, fromClause, postingLists, SCAN_INDEX, type Where } from './where.ts'

/** A range this short is read row by row rather than by intersecting facet posting lists (facetsAsTokens). */
const SHORT_RANGE_S = 2 * DAY_S

/** Whether the store holds articles past the watermark (ingested after the answer's snapshot). */
export function hasRowsPast(ctx: SearchContext, maxSeq: number | null): boolean {
  if (maxSeq === null) return false
  return (ctx.db.query<{ s: number | null }, []>('SELECT max(seq) AS s FROM articles').get()?.s ?? 0) > maxSeq
}

/** The newest crawl in the store (`fallbackS` when the store is empty). */
export function newestCrawlS(ctx: SearchContext, fallbackS: number): number {
  return ctx.db.query<{ t: number | null }, []>('SELECT max(crawled_at) AS t FROM articles').get()?.t ?? fallbackS
}

/**
 * Whether the slice's MATCH expression has more than `n` postings in the range (read up to n + 1
 * of them; an upper bound of the matches where a row test decides); without one, the slice is the
 * whole range, and the range is taken to hold more.
 */
export function hasMoreMatches(ctx: SearchContext, req: SearchFilters, w: Where, n: number): boolean {
  return postingsUpTo(ctx, req, w, n + 1) > n
}

/** The slice's MATCH postings in the range, counted up to `cap` (Infinity without a MATCH expression). */
export function postingsUpTo(ctx: SearchContext, req: SearchFilters, w: Where, cap: number): number {
  if (w.matchExpr === null) return Number.POSITIVE_INFINITY
  return postingCount(ctx, w.matchExpr, req.fromS, req.toS, cap)
}

/** Postings of a MATCH expression published in [fromS, toS), counted in the index up to `cap`: no row is read. */
export function postingCount(ctx: SearchContext, matchExpr: string, fromS: number, toS: number, cap: number): number {
  return (
    ctx.db
      .query<{ n: number }, Binding[]>(
        `SELECT count(*) AS n FROM (SELECT 1 FROM articles_fts WHERE articles_fts MATCH ? AND rowid >= ? AND rowid < ? LIMIT ${cap})`,
      )
      .get(matchExpr, timeKeyFloor(fromS), timeKeyFloor(toS))?.n ?? 0
  )
}

/**
 * Whether the filters go into the MATCH expression as facet tokens (the default), or stay row
 * tests: for a query without words, of two facets or more, over at most two days, whose days
 * hold no more matches than the exact-count limit. FTS5 intersects two posting lists by
 * leapfrogging, and when they seldom meet it steps through them well past the range's bounds:
 * `country=AR&lang=en&date=24h` took 290–420 ms at 10M, where reading the range's rows in the
 * covering time-key index takes about 10 ms. Where matches are many, the intersection meets
 * the limit (or the page) early and stays the faster way
 * (`country=DE&lang=de&date=24h&sort=crawled`: 6 ms by tokens, 104 ms by rows).
 */
export function facetsAsTokens(ctx: SearchContext, req: SearchFilters): boolean {
  if (req.query !== null || req.toS - req.fromS > SHORT_RANGE_S || postingLists(req) < 2) return true
  if (!daysCover(req, false)) return true
  // The range's days from the per-day counts: at least as many matches as the range holds.
  const days = new TotalTally()
  daysInto(ctx, days, req, Math.floor(req.fromS / DAY_S), Math.floor((req.toS - 1) / DAY_S) + 1)
  return days.total > TOTAL_EXACT_LIMIT
}

/**
 * Matches of a slice up to TOTAL_EXACT_LIMIT + 1 (or `cap`): from the posting lists when the
 * MATCH expression is the whole slice and nothing in the store lies past the watermark (true
 * between batch runs), otherwise the rows are joined and tested.
 */
export function countSlice(ctx: SearchContext, f: SearchFilters, w: Where, cap = TOTAL_EXACT_LIMIT + 1): number {
  const plan = choosePlan(ctx, 'count', COUNT_PLANS, {
    hasMatch: w.matchExpr !== null,
    countable: w.countable,
    rowsPast: () => hasRowsPast(ctx, f.maxSeq),
  })
  if (plan === 'posting-lists') return postingCount(ctx, w.matchExpr as string, f.fromS, f.toS, cap)
  const from = fromClause(w, f, undefined, SCAN_INDEX)
  return (
    ctx.db
      .query<{ n: number }, Binding[]>(
        `SELECT count(*) AS n FROM (SELECT 1 FROM ${from.sql} WHERE ${w.sql} LIMIT ${cap})`,
      )
      .get(...from.params, ...w.params)?.n ?? 0
  )
}

/**
 * A search's matches up to TOTAL_EXACT_LIMIT + 1. For a query of two posting lists or more
 * (filters, or a counted word and filters) without other words, from the per-day counts that
 * stats read (the same exact number a scan gives): the posting lists of a word and a facet (or
 * of two facets) are intersected by leapfrogging, which costs as many seeks as the shorter list
 * has entries when the two rarely meet: `country=IT&lang=en` over 30 days at 10M took 190–250 ms
 * to find no match, while its 30 day rows of counts take under a millisecond. The whole days come
 * from the counts; the part days at either end, and a counted word's stale days, are counted as
 * any search is, only up to what is left of the limit.
 */
export function countTotal(ctx: SearchContext, req: SearchRequest, w: Where): number {
  const days = wholeDays(req, DAY_S)
  const words = req.query !== null || req.entity !== undefined
  let term: CountedTerm | null = null
  const plan = choosePlan(ctx, 'total', TOTAL_PLANS, {
    postingLists: postingLists(req),
    wholeDays: days !== null,
    words,
    daysCover: daysCover(req, false),
    countedTerm: () => (term = countedTerm(ctx, req, false)) !== null,
    countedTenths: () => {
      const counted = days === null ? null : countedTenthsTerm(ctx, req, false)
      if (counted !== null) term = counted
      return counted !== null
    },
  })
  if (plan === 'count-slice' || days === null) return countSlice(ctx, req, w)
  const cap = TOTAL_EXACT_LIMIT + 1
  if (plan === 'word-tenth-counts') {
    // The tenths the range holds whole from the word's counts by tenth over whole days; their part
    // days and the cut tenths counted as any search is, only up to what is left of the limit (a
    // cut tenth of a very common word holds many matches: `q=and&max_score=0` cuts tenth 10 at 0).
    const counted = term as CountedTerm | null
    if (counted === null) throw new Error('word-tenth-counts needs a counted word')
    const parts = tenthParts(ctx, req)
    const total = new TotalTally()
    // Part days with the filters as row tests (a day's matches at most, as below); a cut tenth over
    // the whole range by its score token.
    const rest: { f: SearchFilters; asTokens: boolean }[] = []
    if (parts.whole !== null) {
      termDaysInto(ctx, total, parts.whole, counted, days.first, days.end)
      rest.push(
        { f: { ...parts.whole, toS: days.first * DAY_S }, asTokens: false },
        { f: { ...parts.whole, fromS: days.end * DAY_S }, asTokens: false },
      )
    }
    for (const edge of parts.edges) rest.push({ f: edge, asTokens: true })
    let n = total.total
    for (const part of rest) {
      if (n >= cap || part.f.toS <= part.f.fromS) continue
      n += countSlice(ctx, part.f, buildWhere(part.f, part.asTokens), cap - n)
    }
    return Math.min(n, cap)
  }
  // Inside search()'s read transaction: the counts, the stale days and the part days see one store.
  const total = new TotalTally()
  const rest: { fromS: number; toS: number }[] = [
    { fromS: req.fromS, toS: days.first * DAY_S },
    { fromS: days.end * DAY_S, toS: req.toS },
  ]
  const counted = term as CountedTerm | null
  if (counted === null) daysInto(ctx, total, req, days.first, days.end)
  else {
    // The runs of days between the stale ones (a range may span centuries: never a loop per day).
    const stale = ctx.db
      .query<{ day: number }, [number, number]>(
        'SELECT day FROM term_stale_days WHERE day >= ? AND day < ? ORDER BY day',
      )
      .all(days.first, days.end)
      .map((r) => r.day)
    let from = days.first
    for (const day of stale) {
      if (day > from) termDaysInto(ctx, total, req, counted, from, day)
      rest.push({ fromS: day * DAY_S, toS: (day + 1) * DAY_S })
      from = day + 1
    }
    if (from < days.end) termDaysInto(ctx, total, req, counted, from, days.end)
  }
  let n = total.total
  for (const part of rest) {
    if (n >= cap || part.toS <= part.fromS) continue
    // The filters as row tests, not facet tokens: the word's matches in a day at most (or,
    // without words, a day of rows in the covering time-key index, about 8 ms at 10M), while
    // intersecting a facet's posting list costs the same 190 ms for a tenth of a day as for
    // 30 days at 10M.
    const f = { ...req, ...part }
    n += countSlice(ctx, f, buildWhere(f, false), cap - n)
  }
  return Math.min(n, cap)
}
