/**
 * What a new query worker (live/query-worker.ts) answers once, for itself, before the pool sends
 * it a user's request: one search per sort and per plan family (facet-driven, MATCH-driven,
 * phrase, OR with exclusion, dedupe, highlight) and the stats of the default 90 days, each with
 * the smallest page. A fresh worker's first answers were slow for reasons no plan can fix (its
 * connection's page cache, prepared statements, the JIT): on the 90-day demo the first
 * `country=JP&sort=crawled` after a start took 65 ms and 7 ms the second time.
 *
 * After the queries the worker reads the store's hot pages (store/warm-pages.ts), newest first.
 *
 * The answers are thrown away. The pool does not dispatch to a worker until it says it is ready,
 * so a user's request is never charged for the warm-up; queries and pages stop once
 * WARMUP_MAX_MS have passed, so a large store delays readiness by about that much (on the
 * demo the whole warm-up takes a few hundred ms; on the 1M benchmark store it reads the newest
 * few hundred thousand index entries and stops).
 */
import type { QueryJob } from './query-pool.ts'

/** Path and query string of each warm-up request, answered in this order. */
export const WARMUP_REQUESTS: readonly (readonly [path: string, query: string])[] = [
  ['/v1/search', 'country=US&sort=crawled&size=1'],
  ['/v1/search', 'country=US&sort=crawled_asc&size=1'],
  ['/v1/search', 'country=GB&lang=en&sort=date_asc&size=1'],
  ['/v1/search', 'q=news&country=US&size=1'],
  ['/v1/search', 'q=market&sort=relevance&highlight=true&size=1'],
  ['/v1/search', 'q=news&country=US&dedupe=true&size=1'],
  ['/v1/search', 'q=%22new+york%22&size=1'],
  ['/v1/search', 'q=market+OR+bitcoin+-police&size=1'],
  // The default window (90 days), the heaviest stats a request without parameters asks for.
  ['/v1/stats', ''],
]

export const WARMUP_MAX_MS = 1500

/** The warm-up jobs at `nowMs` (the node's clock, so date windows cover the data it serves). */
export function warmupJobs(nowMs: number): QueryJob[] {
  return WARMUP_REQUESTS.map(([path, query]) => ({
    path,
    url: `http://warmup.invalid${path}?${query}`,
    pathValues: {},
    nowMs,
    version: null,
    watermark: null,
    builtAt: null,
  }))
}
