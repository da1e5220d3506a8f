/** The REST fetcher against a real HTTP server on loopback that answers like Binance. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Server } from 'bun'
import { fetchBinanceKlines } from '../../batch/prices/binance-fetch.ts'
import { PriceDataError } from '../../batch/prices/errors.ts'
import type { FetchLike } from '../../batch/prices/http-get.ts'
import { ms, readFixture } from './fixtures.ts'

const H = 3_600_000
const SERIES_START = ms('2024-01-01T00:00:00Z')
const SERIES_HOURS = 2500
const SLOW_MS = 3000

/** Hour i of the served series; expectations below use the same definition. */
function klineAt(i: number): unknown[] {
  const openTime = SERIES_START + i * H
  const close = 40000 + i
  return [
    openTime,
    (close - 0.5).toFixed(8),
    (close + 10).toFixed(8),
    (close - 10.5).toFixed(8),
    close.toFixed(8),
    '12.50000000',
    openTime + H - 1,
    '500000.00000000',
    1000 + i,
    '6.00000000',
    '240000.00000000',
    '0',
  ]
}

/** Binance semantics: open times in [startTime, endTime], at most `limit` rows, oldest first. */
function klinesPage(url: URL): unknown[][] {
  const start = Number(url.searchParams.get('startTime'))
  const end = Number(url.searchParams.get('endTime'))
  const limit = Number(url.searchParams.get('limit'))
  const rows: unknown[][] = []
  for (let i = 0; i < SERIES_HOURS && rows.length < limit; i++) {
    const openTime = SERIES_START + i * H
    if (openTime >= start && openTime <= end) rows.push(klineAt(i))
  }
  return rows
}

let server: Server<undefined>
let base = ''
const requests: URL[] = []
const fetchVia: FetchLike = (url, init) => globalThis.fetch(url, init)

beforeAll(async () => {
  const recorded = await readFixture('klines-rest-page.json')
  server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      const url = new URL(request.url)
      requests.push(url)
      const scenario = url.pathname.split('/')[1]
      const json = (body: unknown, status = 200): Response => Response.json(body, { status })
      switch (scenario) {
        case 'ok':
          return json(klinesPage(url))
        case 'recorded':
          return new Response(recorded, { headers: { 'content-type': 'application/json' } })
        case 'error500':
          return json({ code: -1000, msg: 'An unknown error occurred while processing the request.' }, 500)
        case 'second-page-500':
          return Number(url.searchParams.get('startTime')) > SERIES_START
            ? new Response('upstream down', { status: 500 })
            : json(klinesPage(url))
        case 'garbage':
          return new Response('<html><body><h1>502 Bad Gateway</h1></body></html>', {
            headers: { 'content-type': 'text/html' },
          })
        case 'object':
          return json({ code: -1121, msg: 'Invalid symbol.' })
        case 'stuck':
          return new Response(recorded)
        case 'slow':
          await Bun.sleep(SLOW_MS)
          return json(klinesPage(url))
        default:
          return new Response('not found', { status: 404 })
      }
    },
  })
  base = `http://127.0.0.1:${server.port}`
})

afterAll(() => server.stop(true))

const options = (scenario: string, over: Partial<Parameters<typeof fetchBinanceKlines>[0]> = {}) => ({
  symbol: 'BTCUSDT',
  interval: '1h' as const,
  startMs: SERIES_START,
  endMs: SERIES_START + SERIES_HOURS * H,
  baseUrl: `${base}/${scenario}`,
  fetch: fetchVia,
  timeoutMs: 1000,
  ...over,
})

describe('fetchBinanceKlines: paging', () => {
  test('2500 hours at 1000 per page: 3 requests, every hour once, in order', async () => {
    requests.length = 0
    const result = await fetchBinanceKlines(options('ok'))
    expect(requests.length).toBe(3)
    expect(requests.map((u) => Number(u.searchParams.get('startTime')))).toEqual([
      SERIES_START,
      SERIES_START + 1000 * H,
      SERIES_START + 2000 * H,
    ])
    expect(requests.every((u) => u.pathname === '/ok/api/v3/klines' && u.searchParams.get('limit') === '1000')).toBe(
      true,
    )
    expect(
      requests.every((u) => u.searchParams.get('symbol') === 'BTCUSDT' && u.searchParams.get('interval') === '1h'),
    ).toBe(true)
    expect(result.candles.length).toBe(SERIES_HOURS)
    expect(result).toMatchObject({ rows: SERIES_HOURS, skipped: 0, duplicates: 0, intervalMs: H, errors: [] })
    result.candles.forEach((c, i) => {
      expect(c).toEqual({
        openTimeMs: SERIES_START + i * H,
        open: 40000 + i - 0.5,
        high: 40010 + i,
        low: 39989.5 + i,
        close: 40000 + i,
        volume: 12.5,
        trades: 1000 + i,
        hours: 1,
      })
    })
  })

  test.each([
    {
      name: 'a sub-range, exact page multiple: no extra request',
      from: 100,
      to: 300,
      limit: 100,
      requests: 2,
      candles: 200,
    },
    { name: 'a sub-range, partial last page', from: 10, to: 35, limit: 10, requests: 3, candles: 25 },
    { name: 'one hour', from: 5, to: 6, limit: 1000, requests: 1, candles: 1 },
    { name: 'beyond the served data', from: 2490, to: 2600, limit: 1000, requests: 1, candles: 10 },
  ])('$name', async ({ from, to, limit, requests: calls, candles }) => {
    requests.length = 0
    const result = await fetchBinanceKlines(
      options('ok', { startMs: SERIES_START + from * H, endMs: SERIES_START + to * H, limit }),
    )
    expect(requests.length).toBe(calls)
    expect(result.candles.length).toBe(candles)
    expect(result.candles[0]?.openTimeMs).toBe(SERIES_START + from * H)
    expect(requests.at(-1)?.searchParams.get('endTime')).toBe(String(SERIES_START + to * H - 1))
  })

  test('a base URL with a trailing slash', async () => {
    const result = await fetchBinanceKlines(options('recorded/', { endMs: SERIES_START + 3 * H }))
    expect(result.candles.map((c) => c.close)).toEqual([42475.23, 42613.56, 42581.1])
  })
})

describe('fetchBinanceKlines: failures are PriceDataErrors with a code', () => {
  test.each([
    { scenario: 'error500', code: 'http-status', says: 'HTTP 500' },
    { scenario: 'error500', code: 'http-status', says: 'An unknown error occurred' },
    { scenario: 'second-page-500', code: 'http-status', says: 'page 2: HTTP 500' },
    { scenario: 'garbage', code: 'bad-body', says: 'body is not JSON: <html>' },
    { scenario: 'object', code: 'bad-body', says: 'an object with keys code, msg' },
    { scenario: 'stuck', code: 'no-progress', says: 'is before the requested start' },
    { scenario: 'nowhere', code: 'http-status', says: 'HTTP 404' },
  ])('$scenario: $code ($says)', async ({ scenario, code, says }) => {
    const limit = scenario === 'stuck' ? 3 : scenario === 'second-page-500' ? 1000 : undefined
    const error = await fetchBinanceKlines(options(scenario, { limit })).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PriceDataError)
    expect((error as PriceDataError).code).toBe(code as PriceDataError['code'])
    expect((error as PriceDataError).message).toContain(says)
  })

  test('a slow server: timeout after timeoutMs, not after the handler', async () => {
    const started = performance.now()
    const error = await fetchBinanceKlines(options('slow', { timeoutMs: 200 })).catch((e: unknown) => e)
    const elapsed = performance.now() - started
    expect(error).toBeInstanceOf(PriceDataError)
    expect((error as PriceDataError).code).toBe('timeout')
    expect((error as PriceDataError).message).toContain('within 200 ms')
    expect(elapsed).toBeLessThan(SLOW_MS - 1000)
  })

  test('a fetch that ignores the abort signal still times out', async () => {
    const deaf: FetchLike = () => new Promise(() => {})
    const error = await fetchBinanceKlines(options('ok', { fetch: deaf, timeoutMs: 100 })).catch((e: unknown) => e)
    expect((error as PriceDataError).code).toBe('timeout')
  })

  test('connection refused is a network error', async () => {
    const closed = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response('') })
    const port = closed.port
    closed.stop(true)
    const error = await fetchBinanceKlines(options('ok', { baseUrl: `http://127.0.0.1:${port}` })).catch(
      (e: unknown) => e,
    )
    expect((error as PriceDataError).code).toBe('network')
  })

  test.each([
    { name: 'limit 0', over: { limit: 0 }, says: 'limit must be' },
    { name: 'limit 1001', over: { limit: 1001 }, says: 'limit must be' },
    { name: 'empty range', over: { endMs: SERIES_START }, says: 'must be before' },
  ])('argument check: $name', async ({ over, says }) => {
    await expect(fetchBinanceKlines(options('ok', over))).rejects.toThrow(says)
  })
})
