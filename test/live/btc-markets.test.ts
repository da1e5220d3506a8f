import { afterAll, describe, expect, test } from 'bun:test'
import Ajv from 'ajv'
import { RESPONSE_SCHEMAS } from '../../core/response-schemas.ts'
import { fixtureApp } from './app-support.ts'

const f = fixtureApp()
afterAll(() => f.cleanup())
const ajv = new Ajv({ allErrors: true, strict: false })

describe('BTC and markets answers validate against their schemas', () => {
  test.each([
    ['/v1/btc/summary', '/v1/btc/summary'],
    ['/v1/btc/price', '/v1/btc/price'],
    ['/v1/btc/price?interval=day&from=now-20d', '/v1/btc/price'],
    ['/v1/btc/price?interval=week', '/v1/btc/price'],
    ['/v1/btc/sentiment', '/v1/btc/sentiment'],
    ['/v1/btc/series?interval=hour&from=now-2d', '/v1/btc/series'],
    ['/v1/btc/correlation?max_shift=24', '/v1/btc/correlation'],
    ['/v1/btc/news?size=100&sort=score', '/v1/btc/news'],
    ['/v1/btc/sources?by=lang&top=200', '/v1/btc/sources'],
    ['/v1/markets', '/v1/markets'],
    ['/v1/markets/gold?window=30d', '/v1/markets/{slug}'],
    ['/v1/markets/bitcoin?window=48h', '/v1/markets/{slug}'],
  ])('%s', async (path, key) => {
    const r = await f.json(path)
    expect(r.status).toBe(200)
    const ok = ajv.validate(RESPONSE_SCHEMAS[key] ?? false, r.body)
    if (!ok) console.error(path, ajv.errorsText())
    expect(ok).toBe(true)
  })
})

test('day candles are resampled exactly from the stored hours', async () => {
  const day = (await f.json('/v1/btc/price?interval=day&from=2026-11-10&to=2026-11-11')).body as {
    candles: { open: number; high: number; low: number; close: number; hours: number }[]
  }
  const hours = (await f.json('/v1/btc/price?interval=hour&from=2026-11-10&to=2026-11-11')).body as {
    candles: { open: number; high: number; low: number; close: number }[]
  }
  expect(day.candles.length).toBe(1)
  const c = day.candles[0]
  expect(c?.hours).toBe(hours.candles.length)
  expect(c?.open).toBe(hours.candles[0]?.open as number)
  expect(c?.close).toBe(hours.candles.at(-1)?.close as number)
  expect(c?.high).toBe(Math.max(...hours.candles.map((h) => h.high)))
  expect(c?.low).toBe(Math.min(...hours.candles.map((h) => h.low)))
})

test('btc news counts agree with the fixture', async () => {
  const r = await f.json('/v1/btc/news?from=now-90d&size=100')
  const want = f.articles.filter((a) => a.is_bitcoin).length
  expect(r.body.total).toBe(want)
})

test('unknown instrument is a 404, a bad window a 422', async () => {
  expect((await f.json('/v1/markets/platinum')).status).toBe(404)
  expect((await f.json('/v1/markets/gold?window=2y')).status).toBe(422)
  expect((await f.json('/v1/markets/..%2F..%2Fetc')).status).toBeOneOf([404, 422])
})

test('an empty range is a 422', async () => {
  const r = await f.json('/v1/btc/price?from=now')
  expect(r.status).toBe(422)
})
