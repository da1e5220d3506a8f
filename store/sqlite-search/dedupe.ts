/**
 * `dedupe=true`: the first article of each syndication group in the requested order, and the
 * number of groups (exact up to TOTAL_EXACT_LIMIT).
 */
import { type SearchPage, type SearchRequest, type SearchSort, TOTAL_EXACT_LIMIT } from '../../core/search/types.ts'
import { hasRowsPast } from './count.ts'
import type { SearchContext } from './plan.ts'
import { ARTICLE_COLUMNS, type StoreArticleRow, toPage } from './rows.ts'
import { type Binding, fromClause, orderBy, relevanceTiers, SCAN_INDEX, type Where } from './where.ts'

/**
 * The matches are read in the requested order (a walk of the index for date sorts) and a group is
 * kept the first time it is seen, so reading stops once the page is full and the count has passed
 * its limit, instead of numbering every match.
 */
export function dedupedPage(ctx: SearchContext, req: SearchRequest, sort: SearchSort, w: Where): SearchPage {
  const db = ctx.db
  // Groups are read from the covering index (time key and group, no row) where the order allows.
  const narrow = sort !== 'crawled' && sort !== 'crawled_asc'
  // Where the MATCH expression is the whole slice (and nothing lies past the watermark), only
  // each match's group is needed: read from the two-column index, no row test.
  const bare = narrow && !hasRowsPast(ctx, req.maxSeq)
  const walks = (sort === 'relevance' ? relevanceTiers(w) : [w]).map((tier) => {
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
  const seen = new Set<string>()
  const picked: { tkey: number; dup_group: string }[] = []
  const end = req.offset + req.size
  walking: for (const walk of walks) {
    for (const row of db.query<{ tkey: number; dup_group: string }, Binding[]>(walk.sql).iterate(...walk.params)) {
      if (seen.has(row.dup_group)) continue
      seen.add(row.dup_group)
      if (seen.size > req.offset && seen.size <= end) picked.push(row)
      if (seen.size > TOTAL_EXACT_LIMIT && seen.size >= end) break walking
    }
  }
  // A crawl-time walk read whole rows (ARTICLE_COLUMNS): they are the page.
  if (!narrow) return toPage(db, picked as unknown as StoreArticleRow[], seen.size, req.fullText)
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
