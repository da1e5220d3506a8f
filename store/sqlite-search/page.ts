/** A page of search results, by the plan PAGE_PLANS picks (store/sqlite-search/plan.ts). */
import { PUBLISHED_AFTER_CRAWL_MAX_S } from '../../core/article.ts'
import { hasPositive } from '../../core/search/query-syntax.ts'
import type { SearchPage, SearchRequest } from '../../core/search/types.ts'
import { crawlHourToken } from '../fts-facets.ts'
import { timeKeyFloor } from '../time-key.ts'
import {
  countSlice,
  countTotal,
  facetsAsTokens,
  hasMoreMatches,
  hasRowsPast,
  newestCrawlS,
  postingCount,
  postingsUpTo,
} from './count.ts'
import { dedupedPage } from './dedupe.ts'
import { choosePlan, DEDUPE_SORT_NARROW_MAX, PAGE_PLANS, type SearchContext, SORT_ALL_MAX } from './plan.ts'
import { ARTICLE_COLUMNS, type StoreArticleRow, toPage } from './rows.ts'
import { type Binding, buildWhere, fromClause, orderBy, relevanceTiers, SCAN_INDEX, type Where } from './where.ts'

export function searchPage(ctx: SearchContext, req: SearchRequest): SearchPage {
  const db = ctx.db
  const sort = req.sort === 'relevance' && !hasPositive(req.query) ? 'date' : req.sort
  const w = buildWhere(req, facetsAsTokens(ctx, req))
  let matches: number | undefined
  const total = () => (matches ??= countTotal(ctx, req, w))
  let newest: number | undefined
  const newestCrawl = () => (newest ??= newestCrawlS(ctx, req.toS))
  let many: boolean | undefined
  let posted: number | undefined
  const plan = choosePlan(ctx, 'page', PAGE_PLANS, {
    dedupe: req.dedupe,
    manyMatches: () => (many ??= hasMoreMatches(ctx, req, w, SORT_ALL_MAX)),
    sort,
    offset: req.offset,
    size: req.size,
    postings: () => (posted ??= postingsUpTo(ctx, req, w, DEDUPE_SORT_NARROW_MAX + 1)),
    hasMatch: w.matchExpr !== null,
    countable: w.countable,
    words: hasPositive(req.query),
    matches: total,
    rowsPast: () => hasRowsPast(ctx, req.maxSeq),
    endNearNewestCrawl: () => newestCrawl() - req.toS <= req.toS - req.fromS,
  })
  const page = (rows: StoreArticleRow[]) => toPage(db, rows, total(), req.fullText)
  switch (plan) {
    case 'dedupe-crawl-sorted':
      return dedupedPage(ctx, req, sort, w, 'crawl-sorted')
    case 'dedupe-crawl-days':
      return dedupedPage(ctx, req, sort, w, 'crawl-days')
    case 'dedupe':
      return dedupedPage(ctx, req, sort, w, 'in-order')
    case 'past-end':
      return page([])
    case 'relevance-tiers':
      return page(tieredRows(ctx, req, relevanceTiers(w)))
    case 'crawl-hours':
      return page(crawlHourRows(ctx, req, sort === 'crawled' ? 'crawled' : 'crawled_asc', w, false))
    case 'crawl-hours-joined':
      return page(crawlHourRows(ctx, req, sort === 'crawled' ? 'crawled' : 'crawled_asc', w, true))
    case 'date-walk':
      return page(dateWalk(ctx, req, w, sort === 'date_asc' ? 'date_asc' : 'date', req.size, req.offset).rows)
    case 'crawl-index-walk':
      return page(
        db
          .query<StoreArticleRow, Binding[]>(
            `SELECT ${ARTICLE_COLUMNS} FROM articles a INDEXED BY articles_crawled WHERE ${w.sql} ORDER BY ${orderBy(sort, false)} LIMIT ? OFFSET ?`,
          )
          .all(...w.params, req.size, req.offset),
      )
    case 'crawl-sorted':
      return page(crawlSortedRows(ctx, req, sort === 'crawled' ? 'crawled' : 'crawled_asc', w))
    case 'sorted-rows': {
      const from = fromClause(w, req, sort)
      return page(
        db
          .query<StoreArticleRow, Binding[]>(
            `SELECT ${ARTICLE_COLUMNS} FROM ${from.sql} WHERE ${w.sql} ORDER BY ${orderBy(sort, w.matchExpr !== null)} LIMIT ? OFFSET ?`,
          )
          .all(...from.params, ...w.params, req.size, req.offset),
      )
    }
  }
}

/**
 * A crawl-time page from the crawl-hour tokens: days of hours are counted newest (or oldest)
 * first until the page's first match is reached, then that day's hours one by one, and rows
 * are read only from the hours the page covers, each hour sorted by crawl time. Crawls before
 * the range's start less PUBLISHED_AFTER_CRAWL_MAX_S cannot hold a match (store invariant).
 * `joined`: the MATCH expression only narrows the slice (a row test decides: a tone-score range,
 * rows past the watermark), so each count joins the hour's matches to the covering index and
 * tests them there; the cost grows with the matches before the page, not with all of them
 * (sorting every match of a common word with `min_score` took 400-600 ms at 1M).
 */
function crawlHourRows(
  ctx: SearchContext,
  req: SearchRequest,
  sort: 'crawled' | 'crawled_asc',
  w: Where,
  joined: boolean,
): StoreArticleRow[] {
  const db = ctx.db
  const newest = newestCrawlS(ctx, req.toS)
  const first = Math.floor((req.fromS - PUBLISHED_AFTER_CRAWL_MAX_S) / 3600)
  const last = Math.floor(newest / 3600)
  const desc = sort === 'crawled'
  const hoursFrom = (h: number, count: number): number[] =>
    Array.from({ length: count }, (_, i) => (desc ? h - i : h + i)).filter((x) => x >= first && x <= last)
  const inHours = (hours: readonly number[]) =>
    `(${w.matchExpr}) AND (facets : (${hours.map((h) => `"${crawlHourToken(h)}"`).join(' OR ')}))`
  const countIn = (hours: readonly number[], cap: number): number => {
    if (!joined) return postingCount(ctx, inHours(hours), req.fromS, req.toS, cap)
    const hw = { ...w, matchExpr: inHours(hours) }
    const narrow = fromClause(hw, req, undefined, SCAN_INDEX)
    return (
      db
        .query<{ n: number }, Binding[]>(
          `SELECT count(*) AS n FROM (SELECT 1 FROM ${narrow.sql} WHERE ${hw.sql} LIMIT ${cap})`,
        )
        .get(...narrow.params, ...hw.params)?.n ?? 0
    )
  }
  const rows: StoreArticleRow[] = []
  let skip = req.offset
  let day = desc ? last : first
  const step = desc ? -24 : 24
  while (rows.length < req.size && day >= first && day <= last) {
    const dayHours = hoursFrom(day, 24)
    day += step
    // The whole day lies before the page: skip it by its count.
    const inDay = countIn(dayHours, skip + 1)
    if (inDay <= skip) {
      skip -= inDay
      continue
    }
    for (const hour of dayHours) {
      if (rows.length >= req.size) break
      const inHour = countIn([hour], skip + 1)
      if (inHour <= skip) {
        skip -= inHour
        continue
      }
      const hw = { ...w, matchExpr: `(${w.matchExpr}) AND (facets : "${crawlHourToken(hour)}")` }
      const from = fromClause(hw, req, sort)
      const got = db
        .query<StoreArticleRow, Binding[]>(
          `SELECT ${ARTICLE_COLUMNS} FROM ${from.sql} WHERE ${hw.sql} ORDER BY ${orderBy(sort, true)} LIMIT ? OFFSET ?`,
        )
        .all(...from.params, ...hw.params, req.size - rows.length, skip)
      rows.push(...got)
      skip = 0
    }
  }
  return rows
}

/**
 * `limit` rows of a MATCH-driven slice in time-key order after skipping `offset`. When the MATCH
 * expression is the whole slice, the skipped matches are stepped over in the posting lists (the
 * key of the first row of the page is found there) instead of being joined to their rows one by
 * one: offset 9,900 costs 9,900 posting-list steps, not 9,900 row reads (or, when a row test
 * decides the slice, 9,900 entries of the covering index). The same step counts
 * the slice when it ends before the offset (`sliceRows`), so a relevance tier the offset passes
 * is read once, not a second time to count it (at 10M that second read was 67 of 184 ms).
 */
function dateWalk(
  ctx: SearchContext,
  req: SearchRequest,
  w: Where,
  sort: 'date' | 'date_asc',
  limit: number,
  offset: number,
): { rows: StoreArticleRow[]; sliceRows: number | null } {
  let tier = w
  let skip = offset
  if (offset > 0 && w.matchExpr !== null) {
    const desc = sort === 'date'
    const exact = w.countable && !hasRowsPast(ctx, req.maxSeq)
    // The first offset + 1 matches in order: how many there are, and the last one's key. When a
    // row test decides the slice (a tone-score range, rows past the watermark), the matches are
    // tested on the covering index's entries, never on their whole rows.
    const narrow = fromClause(w, req, sort, SCAN_INDEX)
    const step = exact
      ? ctx.db
          .query<{ n: number; k: number | null }, Binding[]>(
            `SELECT count(*) AS n, ${desc ? 'min' : 'max'}(k) AS k FROM (SELECT rowid AS k FROM articles_fts WHERE articles_fts MATCH ? AND rowid >= ? AND rowid < ? ORDER BY rowid ${desc ? 'DESC' : 'ASC'} LIMIT ?)`,
          )
          .get(w.matchExpr, timeKeyFloor(req.fromS), timeKeyFloor(req.toS), offset + 1)
      : ctx.db
          .query<{ n: number; k: number | null }, Binding[]>(
            `SELECT count(*) AS n, ${desc ? 'min' : 'max'}(k) AS k FROM (SELECT articles_fts.rowid AS k FROM ${narrow.sql} WHERE ${w.sql} ORDER BY articles_fts.rowid ${desc ? 'DESC' : 'ASC'} LIMIT ?)`,
          )
          .get(...narrow.params, ...w.params, offset + 1)
    const n = step?.n ?? 0
    if (n <= offset || step?.k === null || step?.k === undefined) return { rows: [], sliceRows: n }
    tier = { ...w, sql: `${w.sql} AND articles_fts.rowid ${desc ? '<=' : '>='} ?`, params: [...w.params, step.k] }
    skip = 0
  }
  const from = fromClause(tier, req, sort)
  const rows = ctx.db
    .query<StoreArticleRow, Binding[]>(
      `SELECT ${ARTICLE_COLUMNS} FROM ${from.sql} WHERE ${tier.sql} ORDER BY ${orderBy(sort, true)} LIMIT ? OFFSET ?`,
    )
    .all(...from.params, ...tier.params, limit, skip)
  return { rows, sliceRows: null }
}

/** A page across relevance tiers: the offset runs through the first tier, then into the next. */
function tieredRows(ctx: SearchContext, req: SearchRequest, tiers: readonly Where[]): StoreArticleRow[] {
  const rows: StoreArticleRow[] = []
  let skip = req.offset
  for (const tier of tiers) {
    const want = req.size - rows.length
    if (want <= 0) break
    const got = dateWalk(ctx, req, tier, 'date', want, skip)
    rows.push(...got.rows)
    // Rows of this tier that the offset passed over: all of them when the page came up short.
    skip = got.rows.length > 0 ? 0 : Math.max(0, skip - (got.sliceRows ?? countSlice(ctx, req, tier)))
  }
  return rows
}

/**
 * A crawl-time page of a MATCH-driven slice, sorted in two steps: the crawl times of the first
 * offset + size matches in order, from the covering index (a narrow entry per match), then the
 * whole rows of just the page's crawl-time span (ties at either end included, so the id
 * tie-break and the offset within the span give the exact page). Sorting the whole rows of
 * every match read each match's row, which cold took 125 ms at 1M for
 * `country=BR&sort=crawled&date=7d` (9 ms warm).
 */
function crawlSortedRows(
  ctx: SearchContext,
  req: SearchRequest,
  sort: 'crawled' | 'crawled_asc',
  w: Where,
): StoreArticleRow[] {
  const desc = sort === 'crawled'
  const narrow = fromClause(w, req, sort, SCAN_INDEX)
  const times = ctx.db
    .query<{ c: number }, Binding[]>(
      `SELECT a.crawled_at AS c FROM ${narrow.sql} WHERE ${w.sql} ORDER BY a.crawled_at ${desc ? 'DESC' : 'ASC'} LIMIT ?`,
    )
    .all(...narrow.params, ...w.params, req.offset + req.size)
    .map((r) => r.c)
  const first = times[req.offset]
  const last = times[times.length - 1]
  if (first === undefined || last === undefined) return []
  // Matches sorted before the page's first crawl time: the span starts after them.
  const before = times.indexOf(first)
  const span = {
    ...w,
    sql: `${w.sql} AND a.crawled_at ${desc ? '<=' : '>='} ? AND a.crawled_at ${desc ? '>=' : '<='} ?`,
    params: [...w.params, first, last],
  }
  // By the covering index too: the span is tested on its entries, and only rows inside it are read.
  const from = fromClause(span, req, sort, SCAN_INDEX)
  return ctx.db
    .query<StoreArticleRow, Binding[]>(
      `SELECT ${ARTICLE_COLUMNS} FROM ${from.sql} WHERE ${span.sql} ORDER BY ${orderBy(sort, true)} LIMIT ? OFFSET ?`,
    )
    .all(...from.params, ...span.params, req.size, req.offset - before)
}
