/** The entities family: trending people, organisations and places, and one entity's page. */
import { ENTITY_KEY_PATTERN, ENTITY_TYPES } from '../entity.ts'
import { BACKGROUND_DAYS } from '../trends/score.ts'
import { p } from './shared-params.ts'
import { type EndpointSpec, endpoint } from './spec.ts'

/** The entity page's range when neither `date` nor `from`/`to` is given. */
export const ENTITY_PAGE_DAYS = 30

export const ENTITY_ENDPOINTS: readonly EndpointSpec[] = [
  endpoint({
    path: '/v1/entities',
    readsStore: true,
    group: 'trends',
    summary: 'Trending people, organisations and places',
    description: `Entities named in the window clearly more often than in the ${BACKGROUND_DAYS} whole days before it (as the trends' background): each with its articles in the window, the background articles, the count the background predicts (expected), the burst score (articles − expected) / √(expected + 1) they are ranked by, and the tone of its coverage.`,
    query: {
      country: { ...p.country, description: 'Only articles from these countries (ISO-2, comma-separated).' },
      type: {
        kind: 'list',
        item: { name: 'enum', values: ENTITY_TYPES },
        maxItems: ENTITY_TYPES.length,
        description: `Entity types, comma-separated: ${ENTITY_TYPES.join(', ')}.`,
      },
      window: p.trendWindow,
      date: p.trendDate,
      since: p.since,
      until: p.until,
      min_articles: { kind: 'int', min: 1, max: 1000, default: 3, description: 'Minimum articles in the window.' },
      size: { kind: 'int', min: 1, max: 200, default: 50, description: 'Entities per page.' },
      offset: { kind: 'int', min: 0, max: 10000, default: 0, description: 'Entities to skip.' },
    },
  }),
  endpoint({
    path: '/v1/entities/{key}',
    readsStore: true,
    group: 'trends',
    summary: 'One entity: volume and tone over time, who is named with it, its latest stories',
    description: `The coverage of one person, organisation or place: the stats of the articles naming it (facets, tone, timeline as /v1/stats gives them; the last ${ENTITY_PAGE_DAYS} days unless date or from/to say otherwise), the entities most often named in the same articles, and its latest stories (one article per syndicated story); the filters narrow all three. An unknown key gives an empty answer.`,
    pathParams: {
      key: {
        kind: 'string',
        maxLength: 100,
        pattern: ENTITY_KEY_PATTERN,
        patternHint:
          'an entity key: person:…, organisation:… or place:… and a slug of lower-case letters, digits and hyphens',
        description: 'Entity key, as answers give it (person:vladimir-putin).',
      },
    },
    query: {
      country: p.country,
      lang: p.lang,
      category: p.category,
      sentiment: p.sentiment,
      date: p.date,
      from: p.from,
      to: p.to,
      top: { kind: 'int', min: 1, max: 100, default: 10, description: 'Buckets per facet.' },
      normalize: p.normalize,
      related: { kind: 'int', min: 0, max: 100, default: 20, description: 'Entities named with it, most often first.' },
      stories: { kind: 'int', min: 0, max: 50, default: 10, description: 'Latest stories naming it.' },
    },
  }),
]
