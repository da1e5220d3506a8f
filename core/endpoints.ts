/**
 * The endpoint registry: every endpoint of the contract with every parameter's type, bounds,
 * default, allowed values and description, written once. Validation, OpenAPI, the MCP tools and
 * the docs are all generated from this value.
 */
import { CATEGORIES } from './categories.ts'
import { SCORE_MAX, SCORE_MIN, SENTIMENT_LABELS } from './article.ts'
import type { ParamSpec } from './params.ts'
import { DATE_PRESETS } from './time-range.ts'
import { ENTITY_KEY_PATTERN, ENTITY_TYPES } from './entity.ts'
import { BACKGROUND_DAYS } from './trends/score.ts'

/** Tone labels, as `/v1/btc/news` names them. */
export const SENTIMENTS = SENTIMENT_LABELS

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

/** The entity page's range when neither `date` nor `from`/`to` is given. */
export const ENTITY_PAGE_DAYS = 30

/** Trend slugs: Unicode letters, marks and digits joined by single hyphens (allow-listed before any file lookup). */
export const TREND_SLUG_PATTERN = /^[\p{L}\p{M}\p{N}]+(?:-[\p{L}\p{M}\p{N}]+)*$/u

const MINUTE = 60_000
const DAY = 86_400_000
/** `/v1/stats` gives an hourly timeline for ranges up to this many hours, a daily one beyond. */
export const STATS_HOURLY_MAX_HOURS = 72

const p = {
  q: {
    kind: 'string',
    maxLength: 500,
    description:
      'Search phrase: words (all must match), "exact phrase", -word to exclude, OR between words (binds tighter than the space), (parentheses) to group, NOT or - before a word or group to exclude it: decision NOT (police OR coach). At most 32 terms, 16 OR groups, 8 levels of parentheses. Empty: the latest articles by filter.',
  },
  country: {
    kind: 'list',
    item: { name: 'country' },
    maxItems: 50,
    description: 'ISO 3166-1 alpha-2 country codes, comma-separated, case-insensitive.',
  },
  lang: {
    kind: 'list',
    item: { name: 'lang' },
    maxItems: 50,
    description: 'ISO 639-1 language codes, comma-separated, case-insensitive.',
  },
  tld: {
    kind: 'list',
    item: { name: 'tld' },
    maxItems: 50,
    description: 'Top-level domains (last label of the host, e.g. uk, com), comma-separated.',
  },
  host: {
    kind: 'list',
    item: { name: 'host' },
    maxItems: 50,
    description: 'Publisher host names without www., comma-separated.',
  },
  date: {
    kind: 'enum',
    values: DATE_PRESETS,
    description:
      'Date preset: today (since 00:00 UTC), yesterday (the previous UTC day), or 24h, 48h, 7d, 30d before the request. from/to override it.',
  },
  from: {
    kind: 'range',
    description:
      'Start of range: YYYY-MM-DD (00:00 UTC), an ISO 8601 date-time, unix seconds, now, or now-<N><m|h|d|w>.',
  },
  to: { kind: 'range', description: 'End of range, exclusive; same forms as from.' },
  strictCountry: {
    kind: 'bool',
    default: false,
    description: 'Drop articles whose country is only the unreliable en-US default.',
  },
  interval: (def: 'hour' | 'day') =>
    ({
      kind: 'enum',
      values: ['hour', 'day', 'week'],
      default: def,
      description: 'Period of each point: hour, day or week (weeks start Monday 00:00 UTC).',
    }) as const,
  trendWindow: {
    kind: 'window',
    window: { units: ['m', 'h', 'd'], minMs: 15 * MINUTE, maxMs: 30 * DAY },
    default: '24h',
    forms: 'a window <N>m, <N>h or <N>d from 15m to 30d',
    description: 'Window ending now: <N>m, <N>h or <N>d, from 15m to 30d.',
  },
  trendDate: { kind: 'day', description: 'One UTC day (YYYY-MM-DD), used instead of window.' },
  since: {
    kind: 'instant',
    description: 'Explicit start (ISO 8601); since/until take precedence over window and date.',
  },
  until: { kind: 'instant', description: 'Explicit end, exclusive (ISO 8601).' },
  category: {
    kind: 'list',
    item: { name: 'enum', values: CATEGORIES },
    maxItems: CATEGORIES.length,
    description: `Categories, comma-separated: ${CATEGORIES.join(', ')}.`,
  },
  sentiment: {
    kind: 'list',
    item: { name: 'enum', values: SENTIMENTS },
    maxItems: SENTIMENTS.length,
    description: 'Tone labels, comma-separated: pos, neu, neg.',
  },
  minScore: {
    kind: 'number',
    min: SCORE_MIN,
    max: SCORE_MAX,
    description: 'Lowest tone score kept (inclusive), from -1 (most negative) to 1 (most positive).',
  },
  maxScore: {
    kind: 'number',
    min: SCORE_MIN,
    max: SCORE_MAX,
    description: 'Highest tone score kept (inclusive), from -1 to 1.',
  },
  excludeHost: {
    kind: 'list',
    item: { name: 'host' },
    maxItems: 50,
    description: 'Publisher host names to leave out, comma-separated (a leading www. is ignored).',
  },
  normalize: {
    kind: 'enum',
    values: ['none', 'share'],
    default: 'none',
    description:
      "share: each timeline period also gives its articles as a share of all articles published in that period (all_articles, share), so a story's rise shows however busy the day is.",
  },
  entity: {
    kind: 'list',
    item: { name: 'entity' },
    maxItems: 20,
    description:
      'People, organisations or places the article names, comma-separated: keys as answers give them (person:vladimir-putin, place:paris) or names (Vladimir Putin: every type with that name). Any of them matches. An unknown entity matches nothing.',
  },
  in: {
    kind: 'enum',
    values: ['all', 'title'],
    default: 'all',
    description: 'Where the words of q must match: all (headline and standfirst) or title (headline only).',
  },
} satisfies Record<string, ParamSpec | ((d: 'hour' | 'day') => ParamSpec)>

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

const trendScope = {
  country: p.country,
  window: p.trendWindow,
  date: p.trendDate,
  since: p.since,
  until: p.until,
  category: p.category,
} as const

function endpoint(
  spec: Omit<EndpointSpec, 'pathParams' | 'required'> & Partial<Pick<EndpointSpec, 'pathParams' | 'required'>>,
): EndpointSpec {
  return { pathParams: {}, required: [], ...spec }
}

export const ENDPOINTS: readonly EndpointSpec[] = [
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
  endpoint({
    path: '/v1/trends',
    group: 'trends',
    summary: 'Trending stories',
    description:
      'Stories (articles from one country whose headlines share significant words) in the window, ranked by publishers.',
    query: {
      ...trendScope,
      kw: {
        kind: 'list',
        item: { name: 'word' },
        maxItems: 20,
        description: 'Keep only stories carrying all these keywords.',
      },
      q: { kind: 'string', maxLength: 200, description: 'Substring of the story title (case-insensitive).' },
      entity: {
        ...p.entity,
        description:
          'Keep only stories with an article naming one of these people, organisations or places (keys or names, comma-separated).',
      },
      min_publishers: { kind: 'int', min: 1, max: 100, default: 1, description: 'Minimum distinct publishers.' },
      min_articles: { kind: 'int', min: 1, max: 1000, default: 1, description: 'Minimum articles.' },
      sort: {
        kind: 'enum',
        values: ['publishers', 'articles', 'newest', 'oldest', 'title'],
        default: 'publishers',
        description: 'Order of stories.',
      },
      size: { kind: 'int', min: 1, max: 200, default: 50, description: 'Stories per page.' },
      offset: { kind: 'int', min: 0, max: 10000, default: 0, description: 'Stories to skip.' },
      headlines: { kind: 'int', min: 0, max: 10, default: 3, description: 'Headlines listed per story.' },
    },
  }),
  endpoint({
    path: '/v1/trends/keywords',
    group: 'trends',
    summary: 'Trending keywords',
    description: 'Significant words of the stories in the window, by the number of stories carrying them.',
    query: {
      ...trendScope,
      starts: { kind: 'string', maxLength: 100, description: 'Keep words starting with this (case-insensitive).' },
      min_trends: {
        kind: 'int',
        min: 1,
        max: 1000,
        default: 2,
        description: 'A word used by fewer stories is treated as noise.',
      },
      size: { kind: 'int', min: 1, max: 500, default: 50, description: 'Keywords per page.' },
      offset: { kind: 'int', min: 0, max: 10000, default: 0, description: 'Keywords to skip.' },
    },
  }),
  endpoint({
    path: '/v1/trends/countries',
    group: 'trends',
    summary: 'Countries with trends',
    description: 'Countries with stories in the default 24h window, by number of stories.',
    query: { min_trends: { kind: 'int', min: 0, max: 10000, default: 1, description: 'Minimum stories per country.' } },
  }),
  endpoint({
    path: '/v1/trends/{cc}/{slug}',
    group: 'trends',
    summary: 'One trend with its articles',
    description: 'A story of the default window by country and slug.',
    pathParams: {
      cc: {
        kind: 'string',
        maxLength: 2,
        pattern: /^[A-Za-z]{2}$/,
        patternHint: 'a two-letter country code',
        description: 'ISO-2 country code.',
      },
      slug: {
        kind: 'string',
        maxLength: 200,
        pattern: TREND_SLUG_PATTERN,
        patternHint: 'lower-case words joined by hyphens',
        description: 'Trend slug.',
      },
    },
    query: { size: { kind: 'int', min: 1, max: 500, default: 100, description: 'Maximum number of items.' } },
  }),
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
  endpoint({
    path: '/v1/btc/summary',
    group: 'btc',
    summary: 'BTC price, changes, tone today and coverage',
    description: 'Latest close, 24h high/low, change over 1h/24h/7d/30d, bitcoin news tone today, data coverage.',
    query: {},
  }),
  endpoint({
    path: '/v1/btc/price',
    group: 'btc',
    summary: 'BTC/USDT candles',
    description: 'Hourly candles, or day/week candles resampled exactly from them.',
    query: { interval: p.interval('hour'), from: p.from, to: p.to },
    defaultRangeDays: 30,
  }),
  endpoint({
    path: '/v1/btc/sentiment',
    group: 'btc',
    summary: 'Bitcoin news tone per period',
    description: 'Bitcoin articles per period by sentiment label, zero-filled.',
    query: { interval: p.interval('day'), from: p.from, to: p.to },
    defaultRangeDays: 30,
  }),
  endpoint({
    path: '/v1/btc/series',
    group: 'btc',
    summary: 'BTC price joined with news tone',
    description: 'Candle prices with return_pct, tone counts and direction per period.',
    query: { interval: p.interval('day'), from: p.from, to: p.to },
    defaultRangeDays: 30,
  }),
  endpoint({
    path: '/v1/btc/correlation',
    group: 'btc',
    summary: 'Lead/lag correlation between BTC returns and news tone',
    description:
      'Pearson r between return_pct and net tone for each shift; positive shifts pair news with later prices.',
    query: {
      interval: p.interval('day'),
      from: p.from,
      to: p.to,
      max_shift: { kind: 'int', min: 1, max: 24, default: 4, description: 'Widest shift to test, in intervals.' },
    },
    defaultRangeDays: 90,
  }),
  endpoint({
    path: '/v1/btc/news',
    readsStore: true,
    group: 'btc',
    summary: 'Bitcoin news with sentiment',
    description: 'Bitcoin articles with their sentiment label, score and lexicon terms.',
    query: {
      from: p.from,
      to: p.to,
      label: { kind: 'enum', values: SENTIMENT_LABELS, description: 'Sentiment label.' },
      host: p.host,
      lang: p.lang,
      q: { kind: 'string', maxLength: 200, description: 'Substring of the headline (case-insensitive).' },
      sort: {
        kind: 'enum',
        values: ['date', 'date_asc', 'score', 'score_asc'],
        default: 'date',
        description: 'Order of results.',
      },
      size: { kind: 'int', min: 1, max: 100, default: 20, description: 'Results per page.' },
      offset: { kind: 'int', min: 0, max: 9900, default: 0, description: 'Results to skip.' },
    },
    defaultRangeDays: 7,
  }),
  endpoint({
    path: '/v1/btc/sources',
    group: 'btc',
    summary: 'Bitcoin news by source',
    description: 'Bitcoin articles and tone grouped by host, language or country.',
    query: {
      from: p.from,
      to: p.to,
      by: { kind: 'enum', values: ['host', 'lang', 'country'], default: 'host', description: 'Grouping dimension.' },
      top: { kind: 'int', min: 1, max: 200, default: 25, description: 'Groups returned.' },
    },
    defaultRangeDays: 30,
  }),
  endpoint({
    path: '/v1/markets',
    group: 'markets',
    summary: 'Market instruments',
    description: 'The instruments with their kind, unit, grain and data source.',
    query: {},
  }),
  endpoint({
    path: '/v1/markets/{slug}',
    group: 'markets',
    summary: 'Prices of one instrument',
    description: "Closing prices at the instrument's grain over a window ending now.",
    pathParams: {
      slug: {
        kind: 'string',
        maxLength: 40,
        pattern: /^[a-z0-9-]{1,40}$/,
        patternHint: 'an instrument slug such as bitcoin or usd-brl',
        description: 'Instrument slug.',
      },
    },
    query: {
      window: {
        kind: 'window',
        window: { units: ['h', 'd', 'w', 'y'], minMs: 3_600_000, maxMs: 365 * DAY },
        default: '7d',
        forms: 'a window <N>h, <N>d, <N>w or <N>y of at most 1y',
        description: 'Window ending now: <N>h, <N>d, <N>w or <N>y, at most 1y.',
      },
    },
  }),
  endpoint({
    path: '/health',
    group: 'service',
    summary: 'Service health and corpus size',
    description: 'Status, snapshot version, article count and ingest lag.',
    query: {},
  }),
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
