/** What one registry entry says about an endpoint, and the helper that fills an entry's optional parts. */
import type { ParamSpec } from '../params.ts'

export interface EndpointSpec {
  path: string
  group: 'search' | 'trends' | 'btc' | 'markets' | 'service'
  summary: string
  description: string
  query: Readonly<Record<string, ParamSpec>>
  pathParams: Readonly<Record<string, ParamSpec>>
  /** Query parameters that must be present. */
  required: readonly string[]
  /** Default range length when `from` and `to` are both omitted (the range ends at the request time). */
  defaultRangeDays?: number
  /**
   * The answer reads articles from the store by filters (a search, a count, a feed), so it can
   * take long enough to be answered off the event loop: by a query worker when the node has them
   * (live/query-pool.ts), under the per-query time budget.
   */
  readsStore?: true
}

/** One registry entry, with no path parameters and nothing required unless it says so. */
export function endpoint(
  spec: Omit<EndpointSpec, 'pathParams' | 'required'> & Partial<Pick<EndpointSpec, 'pathParams' | 'required'>>,
): EndpointSpec {
  return { pathParams: {}, required: [], ...spec }
}
