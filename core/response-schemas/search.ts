/** Response schemas of the search family: search, stats, one article, the JSON Feed. */
import { SCORE_MAX, SCORE_MIN, SENTIMENT_LABELS } from '../article.ts'
import type { JsonSchema } from '../params.ts'
import { ARTICLE_SCHEMA, ENTITY_SCHEMA, STATS_PROPERTIES } from './article.ts'
import { arrayOf, int, nullable, object, str, timestamp } from './build.ts'
import { ENTITY_TYPES } from '../entity.ts'

/** Search results may be cut down by `fields`, so no field is required there. */
const SEARCH_HIT_SCHEMA: JsonSchema = { ...ARTICLE_SCHEMA, required: [] }

export const SEARCH_SCHEMAS: Readonly<Record<string, JsonSchema>> = {
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
  '/v1/stats': object(
    {
      q: str,
      ...STATS_PROPERTIES,
      entities: arrayOf(
        object({
          key: str,
          name: str,
          type: { type: 'string', enum: [...ENTITY_TYPES] },
          country: nullable(str),
          articles: int,
        }),
      ),
      entities_counted: int,
    },
    ['entities', 'entities_counted'],
  ),
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
}
