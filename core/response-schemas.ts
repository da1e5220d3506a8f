/**
 * JSON Schemas of the 200 bodies (DECISIONS.md shapes), published in /openapi.json so that a
 * client can validate what it receives, and used by the tests to validate every answer.
 */
import type { JsonSchema } from './params.ts'

const str: JsonSchema = { type: 'string' }
const int: JsonSchema = { type: 'integer' }
const timestamp: JsonSchema = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$' }
const nullable = (s: JsonSchema): JsonSchema => ({ anyOf: [s, { type: 'null' }] })
const arrayOf = (items: JsonSchema): JsonSchema => ({ type: 'array', items })

function object(properties: Record<string, JsonSchema>, optional: readonly string[] = []): JsonSchema {
  return {
    type: 'object',
    properties,
    required: Object.keys(properties).filter((k) => !optional.includes(k)),
    additionalProperties: false,
  }
}

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

export const ARTICLE_SCHEMA: JsonSchema = object({
  id: str,
  url: str,
  title: str,
  description: str,
  published_at: timestamp,
  crawled_at: timestamp,
  host: str,
  tld: str,
  lang: str,
  country: str,
  country_source: { type: 'string', enum: ['tld', 'html', 'content', 'default'] },
  category: str,
  image: str,
  authors: arrayOf(str),
  tags: arrayOf(str),
  words: int,
  text: str,
}, ['text'])

/** Search results may be cut down by `fields`, so no field is required there. */
const SEARCH_HIT_SCHEMA: JsonSchema = { ...ARTICLE_SCHEMA, required: [] }

const bucket = object({ key: str, articles: int })

export const RESPONSE_SCHEMAS: Readonly<Record<string, JsonSchema>> = {
  '/v1/search': object({
    q: str,
    total: int,
    total_relation: { type: 'string', enum: ['eq', 'gte'] },
    size: int,
    offset: int,
    sort: str,
    from: timestamp,
    to: timestamp,
    results: arrayOf(SEARCH_HIT_SCHEMA),
  }),
  '/v1/stats': object({
    q: str,
    total: int,
    from: timestamp,
    to: timestamp,
    countries: arrayOf(bucket),
    langs: arrayOf(bucket),
    tlds: arrayOf(bucket),
    hosts: arrayOf(bucket),
    timeline: arrayOf(object({ time: timestamp, articles: int })),
  }),
  '/v1/article': ARTICLE_SCHEMA,
  '/v1/feed.json': object(
    {
      version: { const: 'https://jsonfeed.org/version/1.1' },
      title: str,
      home_page_url: str,
      feed_url: str,
      description: str,
      items: arrayOf(
        object(
          {
            id: str,
            url: str,
            title: str,
            summary: str,
            date_published: timestamp,
            image: str,
            authors: arrayOf(object({ name: str })),
            tags: arrayOf(str),
            external_url: str,
          },
          ['image'],
        ),
      ),
    },
  ),
  '/health': object({
    status: { type: 'string', enum: ['ok', 'degraded'] },
    version: str,
    snapshot: nullable(object({ version: str, built_at: timestamp })),
    articles: int,
    oldest: nullable(timestamp),
    newest: nullable(timestamp),
    last_ingest: nullable(timestamp),
    lag_seconds: nullable(int),
    uptime_s: int,
  }),
}

