/** The article, its entities, and a slice's tone and stats: the parts several answers share. */
import { SCORE_MAX, SCORE_MIN, SENTIMENT_LABELS } from '../article.ts'
import { CATEGORY_DECIDERS } from '../categories.ts'
import { ENTITY_TYPES } from '../entity.ts'
import type { JsonSchema } from '../params.ts'
import { arrayOf, int, nullable, object, str, timestamp } from './build.ts'

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
export const TONE_SUMMARY: Record<string, JsonSchema> = {
  pos: int,
  neu: int,
  neg: int,
  net: int,
  net_tone: nullable({ type: 'number', minimum: SCORE_MIN, maximum: SCORE_MAX }),
  mean_score: nullable({ type: 'number', minimum: SCORE_MIN, maximum: SCORE_MAX }),
}

const bucket = object({ key: str, articles: int })

/** A slice's stats without its q (`/v1/stats`, `/v1/entities/{key}`). */
export const STATS_PROPERTIES: Record<string, JsonSchema> = {
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
