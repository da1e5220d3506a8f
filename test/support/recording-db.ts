/**
 * A Database that records every statement run through it (SQL and bound values), so a test can
 * ask SQLite for the plan of exactly what a reader of the store ran (test/store/search-plans.test.ts).
 */
import type { Database, Statement } from 'bun:sqlite'

export type Bound = string | number | bigint | boolean | null | Uint8Array

export interface RanStatement {
  sql: string
  params: Bound[]
}

const RUNNERS = new Set(['all', 'get', 'iterate', 'run', 'values'])

export function recordingDb(db: Database): { db: Database; ran: RanStatement[] } {
  const ran: RanStatement[] = []
  const wrap = (stmt: Statement, sql: string): Statement =>
    new Proxy(stmt, {
      get(target, prop, receiver) {
        const value: unknown = Reflect.get(target, prop, receiver)
        if (typeof prop === 'string' && RUNNERS.has(prop) && typeof value === 'function') {
          return (...params: Bound[]) => {
            ran.push({ sql, params })
            return (value as (...p: Bound[]) => unknown).apply(target, params)
          }
        }
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value
      },
    })
  const proxy = new Proxy(db, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver)
      if (prop === 'query' || prop === 'prepare') {
        return (sql: string) => wrap((value as (s: string) => Statement).call(target, sql), sql)
      }
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value
    },
  })
  return { db: proxy, ran }
}

export interface PlanRow {
  id: number
  parent: number
  detail: string
}

/** SQLite's plan for a statement as it was run (EXPLAIN QUERY PLAN with the same bound values). */
export function planOf(db: Database, s: RanStatement): PlanRow[] {
  return db.query<PlanRow, Bound[]>(`EXPLAIN QUERY PLAN ${s.sql}`).all(...s.params)
}

/** The store's only virtual table is the full-text index; SQLite names it by its alias. */
const FTS_LOOP = /^(SCAN|SEARCH) \S+ (EXISTS )?VIRTUAL TABLE/
/** Any other loop: over article rows, an index, or a materialised subquery. */
const OTHER_LOOP = /^(SCAN|SEARCH) (?!.*VIRTUAL TABLE)/

/** A lower bound on the rowid: the rows past a snapshot watermark. */
const PAST_WATERMARK = /\bseq\s*>\s*\?/
/** The articles read by a date range of an index (alone or after other columns) rather than by rowid; a per-match lookup by time key (`tkey=?`) is not a range read. */
const DATE_INDEX_RANGE =
  /^SEARCH (a|articles) USING (COVERING )?INDEX \S+ \((?!tkey=)(?:[^)]*\bAND )?(published_at|tkey)[<>]/

/**
 * What is wrong with a plan, in words (empty when nothing):
 * - the full-text table probed per row: a MATCH loop nested inside a loop over article rows, or
 *   inside a correlated subquery (evaluated once per outer row);
 * - a whole-table scan of the articles (no index, no rowid range);
 * - with `orderedWalk`, a sort of the whole slice (USE TEMP B-TREE FOR ORDER BY) where the
 *   index order already is the requested order;
 * - a read of the articles past a watermark (`seq > ?` in `sql`) that goes by a date index over
 *   the whole date range instead of the rowid range, which holds only the newest rows (at 10M
 *   the date-index read cost 400 ms with nothing past the watermark).
 */
export function planFaults(plan: readonly PlanRow[], opts: { orderedWalk: boolean; sql: string }): string[] {
  const faults: string[] = []
  const byParent = new Map<number, PlanRow[]>()
  for (const row of plan) byParent.set(row.parent, [...(byParent.get(row.parent) ?? []), row])
  const ancestors = (row: PlanRow): PlanRow[] => {
    const out: PlanRow[] = []
    let p = plan.find((r) => r.id === row.parent)
    while (p !== undefined) {
      out.push(p)
      const parent = p.parent
      p = plan.find((r) => r.id === parent)
    }
    return out
  }
  for (const siblings of byParent.values()) {
    // Siblings are the loops of one join, outermost first: a MATCH loop after another loop runs once per outer row.
    let outer: PlanRow | null = null
    for (const row of siblings) {
      if (FTS_LOOP.test(row.detail)) {
        if (outer !== null) faults.push(`MATCH probed per row of "${outer.detail}"`)
      } else if (OTHER_LOOP.test(row.detail)) outer = row
    }
  }
  for (const row of plan) {
    if (FTS_LOOP.test(row.detail) && ancestors(row).some((a) => a.detail.startsWith('CORRELATED')))
      faults.push(`MATCH probed per row in "${row.detail}" under a correlated subquery`)
    if (/^SCAN (a|articles)$/.test(row.detail)) faults.push(`whole table scanned: "${row.detail}"`)
    if (opts.orderedWalk && row.detail === 'USE TEMP B-TREE FOR ORDER BY')
      faults.push('the whole slice sorted where the index walk is already in order')
    if (PAST_WATERMARK.test(opts.sql) && DATE_INDEX_RANGE.test(row.detail))
      faults.push(`date index read where the rowid range past the watermark exists: "${row.detail}"`)
  }
  return faults
}
