/** The trends family: stories, their keywords, the countries that have them and one story by slug. */
import { p } from './shared-params.ts'
import { type EndpointSpec, endpoint } from './spec.ts'

/** Trend slugs: Unicode letters, marks and digits joined by single hyphens (allow-listed before any file lookup). */
export const TREND_SLUG_PATTERN = /^[\p{L}\p{M}\p{N}]+(?:-[\p{L}\p{M}\p{N}]+)*$/u

const trendScope = {
  country: p.country,
  window: p.trendWindow,
  date: p.trendDate,
  since: p.since,
  until: p.until,
  category: p.category,
} as const

export const TREND_ENDPOINTS: readonly EndpointSpec[] = [
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
    description:
      'A story of the default window by country and slug: its articles (newest first), their tone over the whole story, the people, organisations and places its articles name most, and an hourly timeline of its articles and their tone.',
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
]
