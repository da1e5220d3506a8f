/**
 * The planner: which plan answers which request, as tables read top to bottom, the first row
 * whose `when` holds winning. Each row names its plan and says why it is the right one there; the
 * executors (page.ts, count.ts, stats.ts) run what was chosen, and the plan guard
 * (test/store/search-plans.test.ts) reads these tables to check that every plan is reached by the
 * registry's request shapes and that none of their statements scans, sorts or probes per row.
 *
 * Pure: a fact that needs the store (how many matches, whether rows lie past the watermark, whether
 * a word is counted) is a function the executor memoises, asked only when a row gets to it, so a
 * request runs the statements it ran before the planner was a table and no more.
 */
import type { Database } from 'bun:sqlite'
import { TOTAL_EXACT_LIMIT, type SearchSort } from '../../core/search/types.ts'

export interface PlanChoice {
  readonly table: 'page' | 'total' | 'count' | 'stats'
  readonly plan: string
  readonly reason: string
}
export type PlanObserver = (choice: PlanChoice) => void

/** What every executor gets: the connection, and who wants to know which plans ran (the plan guard). */
export interface SearchContext {
  readonly db: Database
  readonly onPlan?: PlanObserver
}

export interface PlanRow<F> {
  readonly plan: string
  readonly reason: string
  readonly when: (facts: F) => boolean
}

/** The first row whose `when` holds (the last row of each table always does), reported to the observer. */
export function choosePlan<F, P extends string>(
  ctx: SearchContext,
  table: PlanChoice['table'],
  rows: readonly (PlanRow<F> & { plan: P })[],
  facts: F,
): P {
  for (const row of rows)
    if (row.when(facts)) {
      ctx.onPlan?.({ table, plan: row.plan, reason: row.reason })
      return row.plan
    }
  throw new Error(`no ${table} plan for this request`)
}

/** Up to this many matches a crawl-time sort sorts them all (a few ms); past it, it walks crawl hours. */
export const SORT_ALL_MAX = 2_000

/**
 * Up to this many matches, a deep page of `dedupe=true` with a crawl-time sort reads every match's
 * crawl time, key and group from the covering index at once and sorts them (about 2 µs a match
 * warm at 1M: `q=ayuntamiento`, 10,427 matches, 22 ms to read them), where the crawl-day walk pays
 * a MATCH of 24 crawl-hour tokens for each day it passes (59 ms to reach offset 9,900).
 */
export const DEDUPE_SORT_NARROW_MAX = 15_000

const isCrawlSort = (s: SearchSort): s is 'crawled' | 'crawled_asc' => s === 'crawled' || s === 'crawled_asc'
const isDateSort = (s: SearchSort): s is 'date' | 'date_asc' => s === 'date' || s === 'date_asc'

export interface PageFacts {
  dedupe: boolean
  /** Whether the MATCH expression has more than SORT_ALL_MAX postings in the range (or there is none: the whole range). */
  manyMatches: () => boolean
  /** The sort in effect: relevance without words is a date sort. */
  sort: SearchSort
  offset: number
  size: number
  /** The MATCH expression's postings in the range, up to DEDUPE_SORT_NARROW_MAX + 1 (Infinity without one). */
  postings: () => number
  /** Whether the slice has a MATCH expression (a word or a filter with tokens). */
  hasMatch: boolean
  /** Whether the MATCH expression alone is the slice (store/sqlite-search/where.ts). */
  countable: boolean
  /** Whether the query has words to find (not only exclusions). */
  words: boolean
  /** The slice's matches, exact up to TOTAL_EXACT_LIMIT (the total plans below). */
  matches: () => number
  rowsPast: () => boolean
  /** Whether the newest crawl lies no further past the range's end than the range is long. */
  endNearNewestCrawl: () => boolean
}

export const PAGE_PLANS = [
  {
    plan: 'dedupe-crawl-sorted',
    reason: `dedupe=true with a crawl-time sort of ${SORT_ALL_MAX} to ${DEDUPE_SORT_NARROW_MAX} matches whose page lies past the first quarter of them: every match's crawl time, key and group read once from the covering index and sorted, groups counted from them`,
    when: (f: PageFacts) =>
      f.dedupe &&
      isCrawlSort(f.sort) &&
      // A shallow page never pays for counting the postings (a day or two of the walk is cheaper).
      (f.offset + f.size) * 4 > SORT_ALL_MAX &&
      f.manyMatches() &&
      f.postings() <= DEDUPE_SORT_NARROW_MAX &&
      (f.offset + f.size) * 4 >= f.postings(),
  },
  {
    plan: 'dedupe-crawl-days',
    reason: `dedupe=true with a crawl-time sort of more than ${SORT_ALL_MAX} matches: crawl days walked in order, each day's matches sorted, a group kept the first time it is seen, until the page is full and the count is past its limit`,
    when: (f: PageFacts) => f.dedupe && isCrawlSort(f.sort) && f.manyMatches(),
  },
  {
    plan: 'dedupe',
    reason:
      'dedupe=true: matches walked in the requested order, a group kept the first time it is seen, until the page is full and the count is past its limit',
    when: (f: PageFacts) => f.dedupe,
  },
  {
    plan: 'past-end',
    reason: 'the offset lies past the last match: an empty page, before any walk looks for the offset in posting lists',
    when: (f: PageFacts) => f.offset >= f.matches() && f.matches() <= TOTAL_EXACT_LIMIT,
  },
  {
    plan: 'relevance-tiers',
    reason: 'sort=relevance: a date walk of the matches with every word in the title, then of the others',
    when: (f: PageFacts) => f.sort === 'relevance',
  },
  {
    plan: 'crawl-hours',
    reason: `crawl-time sort of more than ${SORT_ALL_MAX} matches that the MATCH expression is exactly: hours counted from crawl-hour tokens, rows read from the page's hours only`,
    when: (f: PageFacts) =>
      isCrawlSort(f.sort) && f.countable && f.hasMatch && f.matches() > SORT_ALL_MAX && !f.rowsPast(),
  },
  {
    plan: 'crawl-hours-joined',
    reason: `crawl-time sort of more than ${SORT_ALL_MAX} matches that a row test decides (a tone-score range, rows past the watermark): the crawl-hour walk, each day counted by joining its matches to the covering index`,
    when: (f: PageFacts) => isCrawlSort(f.sort) && f.hasMatch && f.matches() > SORT_ALL_MAX,
  },
  {
    plan: 'date-walk',
    reason: 'date sort with a MATCH expression: the index walked in time-key order, stopping at the page',
    when: (f: PageFacts) => isDateSort(f.sort) && f.hasMatch,
  },
  {
    plan: 'crawl-index-walk',
    reason:
      'word-less crawl-time sort of more matches than the exact-count limit: the crawl-time index walked, each row tested, the page found within a few hundred rows per match',
    when: (f: PageFacts) =>
      isCrawlSort(f.sort) &&
      !f.words &&
      f.matches() > TOTAL_EXACT_LIMIT &&
      (f.sort === 'crawled_asc' || f.endNearNewestCrawl()),
  },
  {
    plan: 'crawl-sorted',
    reason:
      "crawl-time sort with a MATCH expression: crawl times from the covering index, then whole rows of the page's crawl-time span only",
    when: (f: PageFacts) => isCrawlSort(f.sort) && f.hasMatch,
  },
  {
    plan: 'sorted-rows',
    reason:
      'no MATCH expression: a date sort walks the time-key index; a crawl-time sort of few matches sorts them all',
    when: () => true,
  },
] as const satisfies readonly PlanRow<PageFacts>[]
export type PagePlan = (typeof PAGE_PLANS)[number]['plan']

export interface TotalFacts {
  postingLists: number
  /** Whether the range holds whole UTC days. */
  wholeDays: boolean
  /** A query or an entity filter: counted words, never the word-less counts. */
  words: boolean
  /** Whether the word-less per-day counts hold these filters. */
  daysCover: boolean
  countedTerm: () => boolean
  /** A tone-score range with a word (or one entity) counted by score tenth for the other filters. */
  countedTenths: () => boolean
}

export const TOTAL_PLANS = [
  {
    plan: 'day-counts',
    reason:
      'two posting lists or more (they may seldom meet) and no words: whole days from the per-day counts, the part days at either end counted as rows',
    when: (f: TotalFacts) => f.postingLists >= 2 && f.wholeDays && !f.words && f.daysCover,
  },
  {
    plan: 'word-tenth-counts',
    reason:
      "a counted word with a tone-score range: the tenths the range holds whole from the word's counts by tenth, the (at most two) tenths it cuts through counted from their articles",
    when: (f: TotalFacts) => f.wholeDays && f.words && f.countedTenths(),
  },
  {
    plan: 'word-day-counts',
    reason:
      "two posting lists or more with a counted word: whole days from the word's counts, stale and part days counted as rows",
    when: (f: TotalFacts) => f.postingLists >= 2 && f.wholeDays && f.words && f.countedTerm(),
  },
  {
    plan: 'count-slice',
    reason: 'one posting list (FTS5 counts it fast, stopping at the limit) or no counts for this slice',
    when: () => true,
  },
] as const satisfies readonly PlanRow<TotalFacts>[]
export type TotalPlan = (typeof TOTAL_PLANS)[number]['plan']

export interface CountFacts {
  hasMatch: boolean
  countable: boolean
  rowsPast: () => boolean
}

export const COUNT_PLANS = [
  {
    plan: 'posting-lists',
    reason: 'the MATCH expression is the whole slice and nothing lies past the watermark: posting lists, no row read',
    when: (f: CountFacts) => f.hasMatch && f.countable && !f.rowsPast(),
  },
  {
    plan: 'rows',
    reason:
      'row tests remain (a filter without tokens, a tone-score range, rows past the watermark): rows joined and tested',
    when: () => true,
  },
] as const satisfies readonly PlanRow<CountFacts>[]
export type CountPlan = (typeof COUNT_PLANS)[number]['plan']

export interface StatsFacts {
  /** A tone-score range over whole days with a word (or one entity) counted by score tenth. */
  countedTenths: () => boolean
  /** Whether the range holds whole UTC days and the timeline is daily or coarser. */
  wholeDays: boolean
  /** Whether there is a query (an entity filter alone is not: daysCover refuses it). */
  words: boolean
  /** Whether the word-less per-day and span counts hold these filters for a whole stats answer. */
  daysCover: boolean
  /** Whether the query, or the one entity without a query, has per-day counts for these filters. */
  countedTerm: () => boolean
}

export const STATS_PLANS = [
  {
    plan: 'word-tenth-counts',
    reason:
      "a counted word with a tone-score range: the tenths the range holds whole from the word's counts by tenth, the (at most two) tenths it cuts through from their articles",
    when: (f: StatsFacts) => f.countedTenths(),
  },
  {
    plan: 'scan',
    reason: 'no whole UTC day in the range, or a timeline finer than a day: every article of the slice',
    when: (f: StatsFacts) => !f.wholeDays,
  },
  {
    plan: 'day-counts',
    reason:
      'no words, filters the per-day and span counts hold: whole days from counts (memoised per connection and store state), part days from the articles',
    when: (f: StatsFacts) => !f.words && f.daysCover,
  },
  {
    plan: 'word-day-counts',
    reason: "a counted word: whole days from the word's per-day counts, stale and part days from the articles",
    when: (f: StatsFacts) => f.countedTerm(),
  },
  {
    plan: 'scan-uncounted',
    reason: 'words without counts, or filters the counts do not hold: every article of the slice',
    when: () => true,
  },
] as const satisfies readonly PlanRow<StatsFacts>[]
export type StatsPlan = (typeof STATS_PLANS)[number]['plan']

/** Every table, for the plan guard. */
export const PLAN_TABLES = { page: PAGE_PLANS, total: TOTAL_PLANS, count: COUNT_PLANS, stats: STATS_PLANS } as const
