import { describe, expect, test } from 'bun:test'
import Ajv from 'ajv'
import { correlationBody } from '../../core/btc/correlation.ts'
import { newsBody } from '../../core/btc/news.ts'
import { priceBody } from '../../core/btc/price-body.ts'
import { sentimentBody } from '../../core/btc/sentiment-buckets.ts'
import { seriesBody } from '../../core/btc/series.ts'
import { sourcesBody } from '../../core/btc/sources.ts'
import { summaryBody } from '../../core/btc/summary.ts'
import { marketBody, marketsBody, pointsFromCandles, withSources } from '../../core/markets/markets-body.ts'
import { RESPONSE_SCHEMAS } from '../../core/response-schemas.ts'
import { findInstrument, type Instrument } from '../../core/instruments.ts'
import { DAY, articlesWithNet, dailyFlatHours, ms } from './fixtures.ts'

const ajv = new Ajv({ allErrors: true, strict: false })
const NOW = ms('2026-11-21T14:00:00Z')
const day0 = ms('2026-10-01')
const range = { fromMs: day0, toMs: NOW }
const hourly = dailyFlatHours(
  day0,
  Array.from({ length: 50 }, (_, d) => 60_000 + 100 * Math.sin(d)),
)
const articles = Array.from({ length: 50 }, (_, d) => articlesWithNet(day0 + d * DAY, (d % 7) - 3)).flat()
const bitcoin: Instrument = { ...(findInstrument('bitcoin') as Omit<Instrument, 'source'>), source: 'demo' }

const RECOMMENDATION = {
  web_search: { use_for: 'x', docs: 'x', access: 'x', example: 'x', mcp: 'x' },
  seo: { use_for: 'x', docs: 'x', access: 'x', example: 'x' },
  indexing: { use_for: 'x', docs: 'x', access: 'x', example: 'x' },
}

const BODIES: [string, unknown][] = [
  ['/v1/btc/summary', summaryBody(hourly, articles, NOW)],
  ['/v1/btc/summary', summaryBody([], [], NOW)],
  ['/v1/btc/price', priceBody(hourly, 'day', range)],
  ['/v1/btc/price', priceBody([], 'week', range)],
  ['/v1/btc/sentiment', sentimentBody(articles, 'hour', { fromMs: NOW - 2 * DAY, toMs: NOW })],
  ['/v1/btc/series', seriesBody(hourly, articles, 'day', range)],
  ['/v1/btc/correlation', correlationBody(hourly, articles, 'day', range, 4)],
  ['/v1/btc/correlation', correlationBody([], [], 'week', range, 24)],
  ['/v1/btc/news', newsBody(articles, { sort: 'date', size: 20, offset: 0 }, range)],
  ['/v1/btc/sources', sourcesBody(articles, 'host', 25, range)],
  ['/v1/btc/sources', sourcesBody(articles, 'lang', 25, range)],
  ['/v1/btc/sources', sourcesBody(articles, 'country', 25, range)],
  ['/v1/markets', marketsBody(withSources({ bitcoin: 'demo' }))],
  ['/v1/markets/{slug}', marketBody(bitcoin, '7d', pointsFromCandles(hourly), NOW)],
]

const validate = (path: string, body: unknown): boolean => {
  const ok = ajv.validate(RESPONSE_SCHEMAS[path] ?? false, body)
  if (!ok) console.error(path, ajv.errorsText())
  return ok
}

describe('response schemas', () => {
  test.each(BODIES.map(([path, body], i) => ({ i, path, body })))('#$i $path validates', ({ path, body }) => {
    expect(validate(path, body)).toBe(true)
  })

  test.each(['/v1/btc/summary', '/v1/btc/sources', '/v1/btc/correlation', '/v1/btc/news'])(
    '%s allows the strongly_recommended block',
    (path) => {
      const body = BODIES.find(([p]) => p === path)?.[1] as object
      expect(validate(path, { ...body, strongly_recommended: RECOMMENDATION })).toBe(true)
    },
  )

  test.each(['/v1/btc/price', '/v1/btc/sentiment', '/v1/btc/series', '/v1/markets', '/v1/markets/{slug}'])(
    '%s rejects extra properties',
    (path) => {
      const body = BODIES.find(([p]) => p === path)?.[1] as object
      expect(ajv.validate(RESPONSE_SCHEMAS[path] ?? false, { ...body, strongly_recommended: RECOMMENDATION })).toBe(
        false,
      )
    },
  )

  test('a sources bucket must carry exactly one key field', () => {
    const body = sourcesBody(articles, 'host', 25, range)
    const bad = { ...body, buckets: body.buckets.map((b) => ({ ...b, lang: 'en' })) }
    expect(ajv.validate(RESPONSE_SCHEMAS['/v1/btc/sources'] ?? false, bad)).toBe(false)
  })

  test('every schema root is an object schema (MCP outputSchema requires it)', () => {
    for (const path of new Set(BODIES.map(([p]) => p))) expect(RESPONSE_SCHEMAS[path]?.type).toBe('object')
  })
})
