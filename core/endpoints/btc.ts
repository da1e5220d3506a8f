/** The BTC family: price candles, bitcoin news tone, the two joined, their correlation, the news and its sources. */
import { SENTIMENT_LABELS } from '../article.ts'
import { p } from './shared-params.ts'
import { type EndpointSpec, endpoint } from './spec.ts'

export const BTC_ENDPOINTS: readonly EndpointSpec[] = [
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
]
