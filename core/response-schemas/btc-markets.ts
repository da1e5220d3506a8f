/** Response schemas of the BTC group and markets (DECISIONS.md, BTC group and Markets; shapes built in core/btc, core/markets). */
import type { JsonSchema } from '../params.ts'
import { arrayOf, bool, int, nullable, num, object, oneOfStrings, str, timestamp } from './build.ts'

const btcInterval = oneOfStrings(['hour', 'day', 'week'])
const toneCounts = { articles: int, positive: int, neutral: int, negative: int, net: int }

/** Operator-configured promotion block; optional on btc summary, sources, correlation and news. */
const recommendation = (extra: Record<string, JsonSchema> = {}): JsonSchema =>
  object({ use_for: str, docs: str, access: str, example: str, ...extra })
const STRONGLY_RECOMMENDED: JsonSchema = object({
  web_search: recommendation({ mcp: str }),
  seo: recommendation(),
  indexing: recommendation(),
})
const withRecommendation = (properties: Record<string, JsonSchema>): JsonSchema =>
  object({ ...properties, strongly_recommended: STRONGLY_RECOMMENDED }, ['strongly_recommended'])

const btcShift: JsonSchema = object({
  shift: int,
  r: nullable(num),
  pairs: int,
  reading: str,
  ci_low: nullable(num),
  ci_high: nullable(num),
  significant: bool,
})

/** The group key sits under a field named after `by`: exactly one of host, lang, country. */
const btcSourceBucket: JsonSchema = {
  oneOf: ['host', 'lang', 'country'].map((by) =>
    object({ [by]: str, articles: int, positive: int, negative: int, net: int, mean_score: num }),
  ),
}

const instrument: JsonSchema = object({
  slug: str,
  name: str,
  kind: oneOfStrings(['crypto', 'metal', 'fx']),
  unit: str,
  grain: oneOfStrings(['hour', 'day']),
  source: str,
})

export const BTC_MARKET_SCHEMAS: Readonly<Record<string, JsonSchema>> = {
  '/v1/btc/summary': withRecommendation({
    price: object({ time: nullable(timestamp), close: nullable(num), high_24h: nullable(num), low_24h: nullable(num) }),
    change_pct: object({ '1h': nullable(num), '24h': nullable(num), '7d': nullable(num), '30d': nullable(num) }),
    tone_today: object({ positive: int, neutral: int, negative: int, net: int, articles: int }),
    coverage: object({
      price: object({ from: nullable(timestamp), to: nullable(timestamp), candles: int }),
      news: object({ from: nullable(timestamp), to: nullable(timestamp), articles: int }),
      labelled_by_model: int,
      labelled_by_model_pct: nullable(num),
    }),
  }),
  '/v1/btc/price': object({
    from: timestamp,
    to: timestamp,
    interval: btcInterval,
    points: int,
    candles: arrayOf(
      object({ time: timestamp, open: num, high: num, low: num, close: num, volume: num, trades: int, hours: int }),
    ),
  }),
  '/v1/btc/sentiment': object({
    from: timestamp,
    to: timestamp,
    interval: btcInterval,
    points: int,
    buckets: arrayOf(object({ time: timestamp, ...toneCounts })),
  }),
  '/v1/btc/series': object({
    from: timestamp,
    to: timestamp,
    interval: btcInterval,
    points: int,
    series: arrayOf(
      object({
        time: timestamp,
        open: num,
        high: num,
        low: num,
        close: num,
        return_pct: nullable(num),
        ...toneCounts,
        direction: nullable(oneOfStrings(['flat', 'agrees', 'diverges'])),
      }),
    ),
  }),
  '/v1/btc/correlation': withRecommendation({
    from: timestamp,
    to: timestamp,
    interval: btcInterval,
    points: int,
    same_period_r: nullable(num),
    best: nullable(btcShift),
    best_reason: nullable(str),
    by_shift: arrayOf(btcShift),
    note: str,
  }),
  '/v1/btc/news': withRecommendation({
    from: timestamp,
    to: timestamp,
    total: int,
    size: int,
    offset: int,
    results: arrayOf(
      object({
        published_at: timestamp,
        title: str,
        description: str,
        url: str,
        host: str,
        lang: str,
        country: str,
        sentiment: oneOfStrings(['pos', 'neu', 'neg']),
        score: num,
        labelled_by: oneOfStrings(['model', 'lexicon']),
        lexicon_score: int,
        lexicon_terms: str,
      }),
    ),
  }),
  '/v1/btc/sources': withRecommendation({
    from: timestamp,
    to: timestamp,
    by: oneOfStrings(['host', 'lang', 'country']),
    buckets: arrayOf(btcSourceBucket),
  }),
  '/v1/markets': object({ instruments: arrayOf(instrument) }),
  '/v1/markets/{slug}': object({
    instrument,
    window: str,
    price: arrayOf(object({ t: timestamp, close: num })),
  }),
}
