/** The markets family: the instruments and one instrument's prices. */
import { DAY } from './shared-params.ts'
import { type EndpointSpec, endpoint } from './spec.ts'

export const MARKET_ENDPOINTS: readonly EndpointSpec[] = [
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
]
