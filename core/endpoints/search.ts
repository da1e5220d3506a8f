/** The search family: full-text search, the stats of a slice, one article by URL and the search as feeds. */
import type { ParamSpec } from '../params.ts'
import { p } from './shared-params.ts'
import { type EndpointSpec, endpoint } from './spec.ts'
import { ENTITY_FACET_SAMPLE } from '../entities/facet.ts'

/** The Article fields a client may name in `fields` (DECISIONS.md, Article). */
export const ARTICLE_FIELDS = [
  'id',
  'url',
  'title',
  'description',
  'published_at',
  'crawled_at',
  'host',
  'tld',
  'lang',
  'country',
  'country_source',
  'category',
  'category_confidence',
  'category_by',
  'sentiment',
  'score',
  'labelled_by',
  'entities',
  'image',
  'authors',
  'tags',
  'words',
  'text',
] as const

/** `/v1/stats` gives an hourly timeline for ranges up to this many hours, a daily one beyond. */
export const STATS_HOURLY_MAX_HOURS = 72

/** Filters of every article answer that reads the store by filters: search, stats and the feeds. */
const searchFilters = {
  q: p.q,
  in: p.in,
  country: p.country,
  lang: p.lang,
  tld: p.tld,
  host: p.host,
  exclude_host: p.excludeHost,
  entity: p.entity,
  category: p.category,
  sentiment: p.sentiment,
  min_score: p.minScore,
  max_score: p.maxScore,
  date: p.date,
  from: p.from,
  to: p.to,
} as const

const feedQuery: Record<string, ParamSpec> = {
  ...searchFilters,
  sort: {
    kind: 'enum',
    values: ['date', 'date_asc', 'crawled', 'crawled_asc', 'relevance'],
    default: 'date',
    description: 'Order of items.',
  },
  size: { kind: 'int', min: 1, max: 200, default: 50, description: 'Number of items.' },
  strict_country: p.strictCountry,
}

export const SEARCH_ENDPOINTS: readonly EndpointSpec[] = [
  endpoint({
    path: '/v1/search',
    readsStore: true,
    group: 'search',
    summary: 'Full-text search over the news stream',
    description:
      'Articles matching q and the filters (country, language, TLD, host or excluded hosts, category, tone label, tone score range, dates), newest first by default; each article carries its category and tone (sentiment, score, labelled_by).',
    query: {
      ...searchFilters,
      sort: {
        kind: 'enum',
        values: ['date', 'date_asc', 'crawled', 'crawled_asc', 'relevance'],
        default: 'date',
        description:
          'date/date_asc by published_at, crawled/crawled_asc by crawl time, relevance: articles whose headline holds every word first, then the other matches, newest first within each (BM25 on the OpenSearch engine; by date without q).',
      },
      size: { kind: 'int', min: 1, max: 100, default: 20, description: 'Results per page.' },
      offset: { kind: 'int', min: 0, max: 9900, default: 0, description: 'Results to skip.' },
      highlight: {
        kind: 'bool',
        default: false,
        description:
          'Wrap matched terms of title and description in <em>…</em>; the rest of those fields is HTML-escaped.',
      },
      full_text: { kind: 'bool', default: false, description: 'Include the article body as text.' },
      strict_country: p.strictCountry,
      fields: {
        kind: 'list',
        item: { name: 'enum', values: ARTICLE_FIELDS },
        maxItems: ARTICLE_FIELDS.length,
        description: `Keep only these article fields, in this order: ${ARTICLE_FIELDS.join(', ')}.`,
      },
      dedupe: {
        kind: 'bool',
        default: false,
        description: 'Collapse syndicated copies (one dup_group) to their first article.',
      },
    },
  }),
  endpoint({
    path: '/v1/stats',
    readsStore: true,
    group: 'search',
    summary: 'Facets and timeline of the filtered slice',
    description: `Counts by country, language, TLD, host, category and tone, and an hourly (≤ ${STATS_HOURLY_MAX_HOURS} h) or daily timeline with each period's articles, tone counts, net tone and mean score.`,
    query: {
      ...searchFilters,
      strict_country: p.strictCountry,
      top: { kind: 'int', min: 1, max: 100, default: 20, description: 'Buckets per facet.' },
      normalize: p.normalize,
      entities: {
        kind: 'int',
        min: 0,
        max: 100,
        default: 0,
        description: `Also the entities (people, organisations, places) most often named in the slice: this many, counted over its newest ${ENTITY_FACET_SAMPLE.toLocaleString('en-US')} articles (all of them when fewer; \`entities_counted\` says how many). 0: no entity facet.`,
      },
    },
  }),
  endpoint({
    path: '/v1/article',
    readsStore: true,
    group: 'search',
    summary: 'One article by URL',
    description: 'The article with this exact URL, or with this URL as a crawled variant of its canonical URL.',
    query: {
      url: { kind: 'string', maxLength: 4096, description: 'Exact article URL.' },
      full_text: { kind: 'bool', default: true, description: 'Include the article body as text.' },
    },
    required: ['url'],
  }),
  endpoint({
    path: '/v1/rss',
    readsStore: true,
    group: 'search',
    summary: 'Search as an RSS 2.0 feed',
    description: 'The same search as an RSS 2.0 document.',
    query: feedQuery,
  }),
  endpoint({
    path: '/v1/atom',
    readsStore: true,
    group: 'search',
    summary: 'Search as an Atom 1.0 feed',
    description: 'The same search as an Atom 1.0 document.',
    query: feedQuery,
  }),
  endpoint({
    path: '/v1/feed.json',
    readsStore: true,
    group: 'search',
    summary: 'Search as a JSON Feed 1.1',
    description: 'The same search as a JSON Feed 1.1 document.',
    query: feedQuery,
  }),
]
