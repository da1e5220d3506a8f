/** Stats from the articles themselves: every article of a slice, one row each. */
import type { Tally, StatsRow } from '../../core/search/stats-tally.ts'
import type { SearchContext } from './plan.ts'
import { type Binding, buildWhere, fromClause, ROW_FACETS, SCAN_INDEX, type StoreFilters } from './where.ts'

/** Every article of the slice into the tally (`n` -1 to take them off), read through the covering index. */
export function scanInto(ctx: SearchContext, tally: Tally, f: StoreFilters, n: 1 | -1 = 1): void {
  const w = buildWhere(f, true)
  const from = fromClause(w, f, undefined, SCAN_INDEX)
  const rows = ctx.db.query<StatsRow, Binding[]>(
    `SELECT ${ROW_FACETS}, a.published_at AS t, ${n} AS n, ${n} * CAST(round(a.score * 1000) AS INTEGER) AS s FROM ${from.sql} WHERE ${w.sql}`,
  )
  for (const row of rows.iterate(...from.params, ...w.params)) tally.add(row)
}

/**
 * Articles past the watermark `maxSeq` in the slice `f` (whose own watermark is ignored), taken off
 * a sum of counts that holds every article in the store: read by seq (NOT INDEXED: by the rowid
 * range, never by a date index over the whole range). `also` narrows them further (SQL and values).
 */
export function pastWatermarkOff(
  ctx: SearchContext,
  tally: Tally,
  f: StoreFilters,
  maxSeq: number,
  also: { sql: string; params: Binding[] } | null = null,
): void {
  const w = buildWhere({ ...f, maxSeq: null }, false)
  const past = ctx.db.query<StatsRow, Binding[]>(
    `SELECT ${ROW_FACETS}, a.published_at AS t, -1 AS n, -CAST(round(a.score * 1000) AS INTEGER) AS s FROM articles a NOT INDEXED
     WHERE a.seq > ? AND ${also === null ? '' : `${also.sql} AND `}${w.sql}`,
  )
  for (const row of past.iterate(maxSeq, ...(also?.params ?? []), ...w.params)) tally.add(row)
}
