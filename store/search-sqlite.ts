/**
 * SearchIndex over the store's own SQLite file: FTS5 for the words, plain indexed columns for the
 * filters. Everything is parameterised SQL; the MATCH expression is built only from index tokens
 * (letters, digits and marks), so no user text reaches FTS5's query syntax unquoted.
 *
 * Which plan answers a request is a table (store/sqlite-search/plan.ts); the executors are the
 * other modules of store/sqlite-search/. Every store is migrated on open (store/open.ts: a
 * read-only open of a store older than this program fails), so no plan asks the schema version.
 */
import type { Database } from 'bun:sqlite'
import type {
  ArticleRecord,
  ArticleSignals,
  SearchFilters,
  SearchIndex,
  SearchPage,
  SearchRequest,
  StatsResult,
} from '../core/search/types.ts'
import { searchPage } from './sqlite-search/page.ts'
import type { PlanObserver, SearchContext } from './sqlite-search/plan.ts'
import { articleByUrl } from './sqlite-search/rows.ts'
import { stats } from './sqlite-search/stats.ts'

export { daySpans } from './sqlite-search/day-spans.ts'
export { matchExpression, nodeExpression, type TermOptions } from './sqlite-search/match-expression.ts'
export type { PlanChoice, PlanObserver } from './sqlite-search/plan.ts'
export { ARTICLE_COLUMNS, articleEntities, type StoreArticleRow, toRecord } from './sqlite-search/rows.ts'

export class SqliteSearchIndex implements SearchIndex {
  readonly #ctx: SearchContext

  /** `onPlan` hears every plan chosen (the plan guard, test/store/search-plans.test.ts). */
  constructor(db: Database, opts: { onPlan?: PlanObserver } = {}) {
    this.#ctx = opts.onPlan === undefined ? { db } : { db, onPlan: opts.onPlan }
  }

  /**
   * One read transaction per search, so every statement of it (the check for rows past the
   * watermark, the count, the walks) sees the same store: without it a batch that commits
   * between the check and an FTS5 count that reads no rows put the new articles into an answer
   * pinned to the older watermark (test/snapshot/hot-swap.test.ts caught one such total).
   */
  search(req: SearchRequest): SearchPage {
    return this.#ctx.db.transaction(() => searchPage(this.#ctx, req))()
  }

  stats(f: SearchFilters, top: number, periodSeconds: number): StatsResult {
    return stats(this.#ctx, f, top, periodSeconds)
  }

  volume(fromS: number, toS: number, periodSeconds: number, maxSeq: number | null): Map<number, number> {
    const all = this.stats({ query: null, fromS, toS, strictCountry: false, maxSeq }, 1, periodSeconds)
    return new Map([...all.timeline].map(([t, p]) => [t, p.articles]))
  }

  article(url: string, fullText: boolean, maxSeq: number | null): (ArticleRecord & ArticleSignals) | null {
    return articleByUrl(this.#ctx.db, url, fullText, maxSeq)
  }
}
