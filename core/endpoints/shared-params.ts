/** Parameters several endpoint families share, each written once (the registry is their one source). */
import { SCORE_MAX, SCORE_MIN, SENTIMENT_LABELS } from '../article.ts'
import { CATEGORIES } from '../categories.ts'
import type { ParamSpec } from '../params.ts'
import { DATE_PRESETS } from '../time-range.ts'

/** Tone labels, as `/v1/btc/news` names them. */
export const SENTIMENTS = SENTIMENT_LABELS

const MINUTE = 60_000
export const DAY = 86_400_000

/** The shared parameter specs by name; an endpoint's query maps its wire names onto them. */
export const p = {
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
