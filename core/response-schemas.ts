/**
 * JSON Schemas of the 200 bodies (DECISIONS.md shapes), published in /openapi.json so that a
 * client can validate what it receives, and used by the tests to validate every answer.
 */
import { SCORE_MAX, SCORE_MIN, SENTIMENT_LABELS } from './article.ts'
import { CATEGORY_DECIDERS } from './categories.ts'
import { ENTITY_TYPES } from './entity.ts'
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

/** One entity an article names (core/entity.ts). */
export const ENTITY_SCHEMA: JsonSchema = object({
  key: str,
  name: str,
  type: { type: 'string', enum: [...ENTITY_TYPES] },
  count: int,
  country: nullable(str),
})

export const ARTICLE_SCHEMA: JsonSchema = object(
  {
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
    category_confidence: { type: 'number', minimum: 0, maximum: 1 },
    category_by: { type: 'string', enum: [...CATEGORY_DECIDERS] },
    sentiment: { type: 'string', enum: [...SENTIMENT_LABELS] },
    score: { type: 'number', minimum: SCORE_MIN, maximum: SCORE_MAX },
    labelled_by: { type: 'string', enum: ['model', 'lexicon'] },
    entities: arrayOf(ENTITY_SCHEMA),
    image: str,
    authors: arrayOf(str),
    tags: arrayOf(str),
    words: int,
    text: str,
  },
  ['text'],
)

/** A slice's or a period's tone (answers/search.ts, toneSummary). */
const TONE_SUMMARY: Record<string, JsonSchema> = {
  pos: int,
  neu: int,
  neg: int,
  net: int,
  net_tone: nullable({ type: 'number', minimum: SCORE_MIN, maximum: SCORE_MAX }),
  mean_score: nullable({ type: 'number', minimum: SCORE_MIN, maximum: SCORE_MAX }),
}

/** Search results may be cut down by `fields`, so no field is required there. */
const SEARCH_HIT_SCHEMA: JsonSchema = { ...ARTICLE_SCHEMA, required: [] }

const bucket = object({ key: str, articles: int })

/** A trend's headline and a trend detail's item. */
const trendHeadline = object({ title: str, url: str, host: str, lang: str, published_at: timestamp })

// BTC group and markets (DECISIONS.md, BTC group and Markets; shapes built in core/btc, core/markets).
const num: JsonSchema = { type: 'number' }
const bool: JsonSchema = { type: 'boolean' }
const oneOfStrings = (values: readonly string[]): JsonSchema => ({ type: 'string', enum: [...values] })
const btcInterval = oneOfStrings(['hour', 'day', 'week'])
const toneCounts = { articles: int, positive: int, neutral: int, negative: int, net: int }

/** Operator-configured promotion block; optional on btc summary, sources, correlation and news. */
const recommendation = (extra: Record<string, JsonSchema> = {}): JsonSchema =>
  object({ use_for: str, docs: str, access: str, example: str, ...extra })
const STRONGLY_RECOMMENDED: JsonSchema = object({
  web_search: recommendation({ mcp: str }),
  seo: recommendation(),
  indexing: recommendation(),
})
const withRecommendation = (properties: Record<string, JsonSchema>): JsonSchema =>
  object({ ...properties, strongly_recommended: STRONGLY_RECOMMENDED }, ['strongly_recommended'])

const btcShift: JsonSchema = object({
  shift: int,
  r: nullable(num),
  pairs: int,
  reading: str,
  ci_low: nullable(num),
  ci_high: nullable(num),
  significant: bool,
})

/** The group key sits under a field named after `by`: exactly one of host, lang, country. */
const btcSourceBucket: JsonSchema = {
  oneOf: ['host', 'lang', 'country'].map((by) =>
    object({ [by]: str, articles: int, positive: int, negative: int, net: int, mean_score: num }),
  ),
}

const instrument: JsonSchema = object({
  slug: str,
  name: str,
  kind: oneOfStrings(['crypto', 'metal', 'fx']),
  unit: str,
  grain: oneOfStrings(['hour', 'day']),
  source: str,
})

/** A slice's stats without its q (`/v1/stats`, `/v1/entities/{key}`). */
const STATS_PROPERTIES: Record<string, JsonSchema> = {
  total: int,
  from: timestamp,
  to: timestamp,
  countries: arrayOf(bucket),
  langs: arrayOf(bucket),
  tlds: arrayOf(bucket),
  hosts: arrayOf(bucket),
  categories: arrayOf(bucket),
  sentiments: arrayOf(bucket),
  tone: object(TONE_SUMMARY),
  normalize: { type: 'string', enum: ['none', 'share'] },
  timeline: arrayOf(
    object(
      { time: timestamp, articles: int, ...TONE_SUMMARY, all_articles: int, share: nullable({ type: 'number' }) },
      ['all_articles', 'share'],
    ),
  ),
}

const entityType: JsonSchema = { type: 'string', enum: [...ENTITY_TYPES] }

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
  '/v1/stats': object({ q: str, ...STATS_PROPERTIES }),
  '/v1/article': ARTICLE_SCHEMA,
  '/v1/feed.json': object({
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
          _newsdesk: object({
            category: str,
            sentiment: { type: 'string', enum: [...SENTIMENT_LABELS] },
            score: { type: 'number', minimum: SCORE_MIN, maximum: SCORE_MAX },
            labelled_by: { type: 'string', enum: ['model', 'lexicon'] },
            entities: arrayOf(ENTITY_SCHEMA),
          }),
        },
        ['image'],
      ),
    ),
  }),
  '/v1/trends': object({
    window: str,
    since: timestamp,
    until: timestamp,
    total: int,
    size: int,
    offset: int,
    trends: arrayOf(
      object({
        title: str,
        category: str,
        country: { type: 'string', pattern: '^[A-Z]{2}$' },
        slug: { type: 'string', pattern: '^[\\p{L}\\p{M}\\p{N}]+(?:-[\\p{L}\\p{M}\\p{N}]+)*$' },
        articles: int,
        publishers: int,
        first_seen: timestamp,
        last_seen: timestamp,
        keywords: arrayOf(str),
        headlines: arrayOf(trendHeadline),
        score: { type: 'number' },
      }),
    ),
  }),
  '/v1/trends/keywords': object({
    window: str,
    since: timestamp,
    until: timestamp,
    total: int,
    size: int,
    offset: int,
    keywords: arrayOf(object({ word: str, trends: int, articles: int })),
  }),
  '/v1/trends/countries': object({
    window: str,
    countries: arrayOf(object({ country: { type: 'string', pattern: '^[A-Z]{2}$' }, trends: int, articles: int })),
  }),
  '/v1/trends/{cc}/{slug}': object({
    title: str,
    category: str,
    country: { type: 'string', pattern: '^[A-Z]{2}$' },
    slug: { type: 'string', pattern: '^[\\p{L}\\p{M}\\p{N}]+(?:-[\\p{L}\\p{M}\\p{N}]+)*$' },
    articles: int,
    publishers: int,
    first_seen: timestamp,
    last_seen: timestamp,
    tone: object(TONE_SUMMARY),
    entities: arrayOf(object({ key: str, name: str, type: entityType, articles: int })),
    items: arrayOf(
      object({
        title: str,
        url: str,
        host: str,
        lang: str,
        published_at: timestamp,
        sentiment: { type: 'string', enum: [...SENTIMENT_LABELS] },
        score: { type: 'number', minimum: SCORE_MIN, maximum: SCORE_MAX },
      }),
    ),
  }),
  '/v1/entities': object({
    window: str,
    since: timestamp,
    until: timestamp,
    background_since: timestamp,
    background_until: timestamp,
    country: arrayOf(str),
    type: arrayOf(entityType),
    total: int,
    size: int,
    offset: int,
    entities: arrayOf(
      object({
        key: str,
        name: str,
        type: entityType,
        country: nullable(str),
        articles: int,
        background_articles: int,
        expected: num,
        burst: num,
        tone: object(TONE_SUMMARY),
      }),
    ),
  }),
  '/v1/entities/{key}': object({
    key: str,
    name: nullable(str),
    type: entityType,
    country: nullable(str),
    ...STATS_PROPERTIES,
    related: arrayOf(object({ key: str, name: str, type: entityType, articles: int })),
    stories: arrayOf(ARTICLE_SCHEMA),
  }),
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
    source_failures: arrayOf(object({ kind: str, source: str, message: str })),
    origin: nullable({ type: 'string', enum: ['demo', 'real'] }),
    following: arrayOf(str),
  }),
  '/v1/btc/summary': withRecommendation({
    price: object({ time: nullable(timestamp), close: nullable(num), high_24h: nullable(num), low_24h: nullable(num) }),
    change_pct: object({ '1h': nullable(num), '24h': nullable(num), '7d': nullable(num), '30d': nullable(num) }),
    tone_today: object({ positive: int, neutral: int, negative: int, net: int, articles: int }),
    coverage: object({
      price: object({ from: nullable(timestamp), to: nullable(timestamp), candles: int }),
      news: object({ from: nullable(timestamp), to: nullable(timestamp), articles: int }),
      labelled_by_model: int,
      labelled_by_model_pct: nullable(num),
    }),
  }),
  '/v1/btc/price': object({
    from: timestamp,
    to: timestamp,
    interval: btcInterval,
    points: int,
    candles: arrayOf(
      object({ time: timestamp, open: num, high: num, low: num, close: num, volume: num, trades: int, hours: int }),
    ),
  }),
  '/v1/btc/sentiment': object({
    from: timestamp,
    to: timestamp,
    interval: btcInterval,
    points: int,
    buckets: arrayOf(object({ time: timestamp, ...toneCounts })),
  }),
  '/v1/btc/series': object({
    from: timestamp,
    to: timestamp,
    interval: btcInterval,
    points: int,
    series: arrayOf(
      object({
        time: timestamp,
        open: num,
        high: num,
        low: num,
        close: num,
        return_pct: nullable(num),
        ...toneCounts,
        direction: nullable(oneOfStrings(['flat', 'agrees', 'diverges'])),
      }),
    ),
  }),
  '/v1/btc/correlation': withRecommendation({
    from: timestamp,
    to: timestamp,
    interval: btcInterval,
    points: int,
    same_period_r: nullable(num),
    best: nullable(btcShift),
    best_reason: nullable(str),
    by_shift: arrayOf(btcShift),
    note: str,
  }),
  '/v1/btc/news': withRecommendation({
    from: timestamp,
    to: timestamp,
    total: int,
    size: int,
    offset: int,
    results: arrayOf(
      object({
        published_at: timestamp,
        title: str,
        description: str,
        url: str,
        host: str,
        lang: str,
        country: str,
        sentiment: oneOfStrings(['pos', 'neu', 'neg']),
        score: num,
        labelled_by: oneOfStrings(['model', 'lexicon']),
        lexicon_score: int,
        lexicon_terms: str,
      }),
    ),
  }),
  '/v1/btc/sources': withRecommendation({
    from: timestamp,
    to: timestamp,
    by: oneOfStrings(['host', 'lang', 'country']),
    buckets: arrayOf(btcSourceBucket),
  }),
  '/v1/markets': object({ instruments: arrayOf(instrument) }),
  '/v1/markets/{slug}': object({
    instrument,
    window: str,
    price: arrayOf(object({ t: timestamp, close: num })),
  }),
}
