/**
 * `dedupe=true`: the first article of each syndication group in the requested order, and the
 * number of groups (exact up to TOTAL_EXACT_LIMIT).
 */
import { type SearchPage, type SearchRequest, type SearchSort, TOTAL_EXACT_LIMIT } from '../../core/search/types.ts'
import { hasRowsPast, newestCrawlS } from './count.ts'
import { PUBLISHED_AFTER_CRAWL_MAX_S } from '../../core/article.ts'
import { crawlHourToken } from '../fts-facets.ts'
import type { SearchContext } from './plan.ts'
import { ARTICLE_COLUMNS, type StoreArticleRow, toPage } from './rows.ts'
import { type Binding, fromClause, orderBy, relevanceTiers, SCAN_INDEX, type Where } from './where.ts'

/**
 * How the matches are met in order: `in-order`, a walk of the index in the requested order (date
 * sorts; a crawl-time sort of few matches, whole rows sorted); `crawl-days`, crawl days walked in
 * order, each sorted; `crawl-sorted`, every match's crawl time, key and group read at once and
 * sorted (store/sqlite-search/plan.ts, DEDUPE_SORT_NARROW_MAX).
 */
export type DedupeWalk = 'in-order' | 'crawl-days' | 'crawl-sorted'

/**
 * The matches are read in the requested order (a walk of the index for date sorts) and a group is
 * kept the first time it is seen, so reading stops once the page is full and the count has passed
 * its limit, instead of numbering every match.
 */
export function dedupedPage(
  ctx: SearchContext,
  req: SearchRequest,
  sort: SearchSort,
  w: Where,
  mode: DedupeWalk,
): SearchPage {
  const db = ctx.db
  const crawlDays = mode === 'crawl-days'
  const crawlSorted = mode === 'crawl-sorted'
  // Groups are read from the covering index (time key and group, no row) where the order allows.
  const narrow = sort !== 'crawled' && sort !== 'crawled_asc'
  // Where the MATCH expression is the whole slice (and nothing lies past the watermark), only
  // each match's group is needed: read from the two-column index, no row test.
  const bare = narrow && !hasRowsPast(ctx, req.maxSeq)
  const walks: Iterable<Iterable<GroupRow>> = crawlSorted
    ? [crawlSortedWalk(ctx, req, sort !== 'crawled_asc', w)]
    : crawlDays
      ? crawlDayWalks(ctx, req, sort === 'crawled_asc' ? 'crawled_asc' : 'crawled', w)
      : (sort === 'relevance' ? relevanceTiers(w) : [w])
          .map((tier) => {
            const walkSort = sort === 'relevance' ? 'date' : sort
            if (bare && tier.countable && tier.matchExpr !== null) {
              // The MATCH expression and the time-key range in the join are the whole slice: no WHERE.
              const from = fromClause(tier, req, walkSort, 'articles_tkey_dup')
              return {
                sql: `SELECT a.tkey, a.dup_group FROM ${from.sql} ORDER BY ${orderBy(walkSort, true)}`,
                params: from.params,
              }
            }
            const from = fromClause(tier, req, walkSort, narrow ? SCAN_INDEX : 'articles_tkey')
            const fromSql = narrow && tier.matchExpr === null ? `articles a INDEXED BY ${SCAN_INDEX}` : from.sql
            const columns = narrow ? 'a.tkey, a.dup_group' : ARTICLE_COLUMNS
            return {
              sql: `SELECT ${columns} FROM ${fromSql} WHERE ${tier.sql} ORDER BY ${orderBy(walkSort, tier.matchExpr !== null)}`,
              params: [...from.params, ...tier.params],
            }
          })
          .map((walk) => db.query<GroupRow, Binding[]>(walk.sql).iterate(...walk.params))
  const seen = new Set<string>()
  const picked: { tkey: number; dup_group: string }[] = []
  const end = req.offset + req.size
  // A narrow walk in index order goes on counting past the page at the cost of an index entry a
  // match, and so does a walk of every match already read and sorted; a crawl-time walk (whole
  // rows sorted, or sorted day by day) stops with the page.
  const stopAtPage = !crawlSorted && (crawlDays || !narrow)
  walking: for (const walk of walks) {
    for (const row of walk) {
      if (seen.has(row.dup_group)) continue
      seen.add(row.dup_group)
      if (seen.size > req.offset && seen.size <= end) picked.push(row)
      if (seen.size >= end && (stopAtPage || seen.size > TOTAL_EXACT_LIMIT)) break walking
    }
  }
  // The number of groups does not depend on the order they are met in, so after a crawl-time
  // walk the rest of the count reads only each match's group, in index order.
  if (stopAtPage && seen.size >= end && seen.size <= TOTAL_EXACT_LIMIT)
    countGroups(ctx, req, w, !hasRowsPast(ctx, req.maxSeq), seen)
  // A crawl-time walk of the sorted slice read whole rows (ARTICLE_COLUMNS): they are the page.
  if (!narrow && !crawlDays && !crawlSorted)
    return toPage(db, picked as unknown as StoreArticleRow[], seen.size, req.fullText)
  // The page's rows, in the order their groups were met.
  const keys = picked.map((p) => p.tkey)
  const byKey = new Map(
    keys.length === 0
      ? []
      : db
          .query<StoreArticleRow & { tkey: number }, number[]>(
            `SELECT ${ARTICLE_COLUMNS}, a.tkey FROM articles a WHERE a.tkey IN (${keys.map(() => '?').join(', ')})`,
          )
          .all(...keys)
          .map((r) => [r.tkey, r] as const),
  )
  return toPage(
    db,
    keys.map((k) => byKey.get(k)).filter((r): r is StoreArticleRow & { tkey: number } => r !== undefined),
    seen.size,
    req.fullText,
  )
}

/** Adds the slice's groups to `seen` until it holds more than TOTAL_EXACT_LIMIT or every group. */
function countGroups(ctx: SearchContext, req: SearchRequest, w: Where, exact: boolean, seen: Set<string>): void {
  const walk =
    w.matchExpr === null
      ? { sql: `SELECT a.dup_group FROM articles a INDEXED BY ${SCAN_INDEX} WHERE ${w.sql}`, params: w.params }
      : exact && w.countable
        ? (() => {
            const from = fromClause(w, req, undefined, 'articles_tkey_dup')
            return { sql: `SELECT a.dup_group FROM ${from.sql}`, params: from.params }
          })()
        : (() => {
            const from = fromClause(w, req, undefined, SCAN_INDEX)
            return { sql: `SELECT a.dup_group FROM ${from.sql} WHERE ${w.sql}`, params: [...from.params, ...w.params] }
          })()
  for (const row of ctx.db.query<{ dup_group: string }, Binding[]>(walk.sql).iterate(...walk.params)) {
    seen.add(row.dup_group)
    if (seen.size > TOTAL_EXACT_LIMIT) return
  }
}

/**
 * A crawl-time order as a walk of crawl days (24 crawl-hour tokens each) from the newest crawl
 * back (or from the range's start less PUBLISHED_AFTER_CRAWL_MAX_S forward), each day's matches
 * sorted on their own: the walk stops with the page and the count, so `dedupe=true&sort=crawled`
 * sorts a day or a few, not every match of the range (5 s for the 90-day range at 1M).
 */
function* crawlDayWalks(
  ctx: SearchContext,
  req: SearchRequest,
  sort: 'crawled' | 'crawled_asc',
  w: Where,
): Generator<GroupRow[]> {
  const first = Math.floor((req.fromS - PUBLISHED_AFTER_CRAWL_MAX_S) / 3600)
  const last = Math.floor(newestCrawlS(ctx, req.toS) / 3600)
  const desc = sort === 'crawled'
  for (let h = desc ? last : first; desc ? h >= first : h <= last; h += desc ? -24 : 24) {
    const hours = Array.from({ length: 24 }, (_, i) => (desc ? h - i : h + i)).filter((x) => x >= first && x <= last)
    const day = `facets : (${hours.map((x) => `"${crawlHourToken(x)}"`).join(' OR ')})`
    const dw = { ...w, matchExpr: w.matchExpr === null ? day : `(${w.matchExpr}) AND (${day})` }
    yield crawlSortedWalk(ctx, req, desc, dw)
  }
}

/**
 * Every match of the slice: crawl time, key and group from the covering index in one statement
 * (no row), in crawl-time order (newest first when `desc`); the ids that order equal crawl times
 * are read for those rows only.
 */
function crawlSortedWalk(ctx: SearchContext, req: SearchRequest, desc: boolean, w: Where): GroupRow[] {
  const from = fromClause(w, req, undefined, SCAN_INDEX)
  const rows = ctx.db
    .query<TimedGroupRow, Binding[]>(
      `SELECT a.crawled_at AS crawled, a.tkey, a.dup_group FROM ${from.sql} WHERE ${w.sql}`,
    )
    .all(...from.params, ...w.params)
  return inCrawlOrder(rows, desc, (keys) => idsOf(ctx, keys))
}

interface GroupRow {
  tkey: number
  dup_group: string
}

export interface TimedGroupRow extends GroupRow {
  /** crawled_at, epoch seconds. */
  crawled: number
}

/**
 * Rows in crawl-time order (newest first when `desc`), equal crawl times by article id ascending
 * (`ORDER BY crawled_at DESC|ASC, id`, store/sqlite-search/where.ts): the ids are asked of
 * `idsOf` for the rows that share a crawl time only. Pure.
 */
export function inCrawlOrder(
  rows: readonly TimedGroupRow[],
  desc: boolean,
  idsOf: (tkeys: readonly number[]) => ReadonlyMap<number, string>,
): TimedGroupRow[] {
  const sorted = [...rows].sort((a, b) => (desc ? b.crawled - a.crawled : a.crawled - b.crawled))
  const tied: number[] = []
  for (let i = 0; i < sorted.length; i++) {
    const r = sorted[i] as TimedGroupRow
    if (sorted[i - 1]?.crawled === r.crawled || sorted[i + 1]?.crawled === r.crawled) tied.push(r.tkey)
  }
  if (tied.length === 0) return sorted
  const ids = idsOf(tied)
  const idOf = (r: TimedGroupRow) => ids.get(r.tkey) ?? ''
  return sorted.sort(
    (a, b) =>
      (desc ? b.crawled - a.crawled : a.crawled - b.crawled) || (idOf(a) < idOf(b) ? -1 : idOf(a) > idOf(b) ? 1 : 0),
  )
}

/** The article ids of these time keys. */
function idsOf(ctx: SearchContext, tkeys: readonly number[]): Map<number, string> {
  const out = new Map<number, string>()
  for (let i = 0; i < tkeys.length; i += 500) {
    const chunk = tkeys.slice(i, i + 500)
    for (const r of ctx.db
      .query<{ tkey: number; id: string }, number[]>(
        `SELECT tkey, id FROM articles WHERE tkey IN (${chunk.map(() => '?').join(', ')})`,
      )
      .all(...chunk))
      out.set(r.tkey, r.id)
  }
  return out
}
