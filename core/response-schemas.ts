/**
 * JSON Schemas of the 200 bodies (DECISIONS.md shapes), published in /openapi.json so that a
 * client can validate what it receives, and used by the tests to validate every answer.
 *
 * One module a family under response-schemas/; RESPONSE_SCHEMAS lists them in endpoint order.
 */
import type { JsonSchema } from './params.ts'
import { BTC_MARKET_SCHEMAS } from './response-schemas/btc-markets.ts'
import { arrayOf, int, nullable, object, str, timestamp } from './response-schemas/build.ts'
import { SEARCH_SCHEMAS } from './response-schemas/search.ts'
import { TREND_SCHEMAS } from './response-schemas/trends.ts'

export { ARTICLE_SCHEMA, ENTITY_SCHEMA } from './response-schemas/article.ts'

export const DETAIL_SCHEMA: JsonSchema = object({ detail: str })

export const VALIDATION_ERROR_SCHEMA: JsonSchema = object({
  detail: arrayOf(
    object(
      {
        loc: arrayOf({ anyOf: [str, int] }),
        msg: str,
        type: str,
        input: {},
        ctx: { type: 'object' },
      },
      ['input', 'ctx'],
    ),
  ),
})

const HEALTH_SCHEMA: JsonSchema = object({
  status: { type: 'string', enum: ['ok', 'degraded'] },
  version: str,
  snapshot: nullable(object({ version: str, built_at: timestamp })),
  articles: int,
  oldest: nullable(timestamp),
  newest: nullable(timestamp),
  last_ingest: nullable(timestamp),
  lag_seconds: nullable(int),
  uptime_s: int,
  source_failures: arrayOf(object({ kind: str, source: str, message: str })),
  origin: nullable({ type: 'string', enum: ['demo', 'real'] }),
  following: arrayOf(str),
})

export const RESPONSE_SCHEMAS: Readonly<Record<string, JsonSchema>> = {
  ...SEARCH_SCHEMAS,
  ...TREND_SCHEMAS,
  '/health': HEALTH_SCHEMA,
  ...BTC_MARKET_SCHEMAS,
}
