/**
 * The endpoint registry: every endpoint of the contract with every parameter's type, bounds,
 * default, allowed values and description, written once. Validation, OpenAPI, the MCP tools and
 * the docs are all generated from this value.
 *
 * One module a family under endpoints/; ENDPOINTS lists them in the order the docs, OpenAPI and
 * MCP list them.
 */
import { BTC_ENDPOINTS } from './endpoints/btc.ts'
import { ENTITY_ENDPOINTS } from './endpoints/entities.ts'
import { MARKET_ENDPOINTS } from './endpoints/markets.ts'
import { SEARCH_ENDPOINTS } from './endpoints/search.ts'
import { SERVICE_ENDPOINTS } from './endpoints/service.ts'
import type { EndpointSpec } from './endpoints/spec.ts'
import { TREND_ENDPOINTS } from './endpoints/trends.ts'

export { ENTITY_PAGE_DAYS } from './endpoints/entities.ts'
export { ARTICLE_FIELDS, STATS_HOURLY_MAX_HOURS } from './endpoints/search.ts'
export { SENTIMENTS } from './endpoints/shared-params.ts'
export type { EndpointSpec } from './endpoints/spec.ts'
export { TREND_SLUG_PATTERN } from './endpoints/trends.ts'

export const ENDPOINTS: readonly EndpointSpec[] = [
  ...SEARCH_ENDPOINTS,
  ...TREND_ENDPOINTS,
  ...ENTITY_ENDPOINTS,
  ...BTC_ENDPOINTS,
  ...MARKET_ENDPOINTS,
  ...SERVICE_ENDPOINTS,
]

/** MCP tool name: `news_get_` plus the path words (`/v1/trends/{cc}/{slug}` → `news_get_trends_cc_slug`). */
export function toolName(path: string): string {
  const words = path.split(/[/{}.]+/).filter((w) => w !== '' && w !== 'v1')
  return `news_get_${words.join('_')}`
}

export function findEndpoint(path: string): EndpointSpec | undefined {
  return ENDPOINTS.find((e) => e.path === path)
}

/** The largest value an integer query parameter allows (benchmarks draw their deepest offsets from it). */
export function intParamMax(path: string, param: string): number {
  const spec = findEndpoint(path)?.query[param]
  if (spec?.kind !== 'int') throw new Error(`${path} has no integer parameter ${param}`)
  return spec.max
}
