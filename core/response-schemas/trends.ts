/** Response schemas of the trends and entities families. */
import { SCORE_MAX, SCORE_MIN, SENTIMENT_LABELS } from '../article.ts'
import { ENTITY_TYPES } from '../entity.ts'
import type { JsonSchema } from '../params.ts'
import { ARTICLE_SCHEMA, STATS_PROPERTIES, TONE_SUMMARY } from './article.ts'
import { arrayOf, int, nullable, num, object, str, timestamp } from './build.ts'

/** A trend's headline and a trend detail's item. */
const trendHeadline = object({ title: str, url: str, host: str, lang: str, published_at: timestamp })

const entityType: JsonSchema = { type: 'string', enum: [...ENTITY_TYPES] }

export const TREND_SCHEMAS: Readonly<Record<string, JsonSchema>> = {
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
    timeline: arrayOf(object({ time: timestamp, articles: int, ...TONE_SUMMARY })),
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
}
