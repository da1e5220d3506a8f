/** The daily providers over files and over a real HTTP server on loopback. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Server } from 'bun'
import { pathToFileURL } from 'node:url'
import { createCsvDailyProvider } from '../../batch/prices/daily-provider.ts'
import { ECB_PROVIDER_NAME, createEcbProviders, readEcbUsdCross } from '../../batch/prices/ecb-provider.ts'
import { PriceDataError } from '../../batch/prices/errors.ts'
import type { FetchLike } from '../../batch/prices/http-get.ts'
import { fixturePath, ms, readFixture } from './fixtures.ts'

const ALL = { fromMs: 0, toMs: ms('2100-01-01T00:00:00Z') }
const day = (c: { dayMs: number }): string => new Date(c.dayMs).toISOString().slice(0, 10)
const SLOW_MS = 3000

let server: Server<undefined>
let base = ''
let hits = 0
const fetchVia: FetchLike = (url, init) => globalThis.fetch(url, init)

beforeAll(() => {
  server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      hits += 1
      const path = new URL(request.url).pathname
      if (path === '/gold.csv') return new Response(Bun.file(fixturePath('daily-date-close.csv')))
      if (path === '/eurofxref-hist.zip') return new Response(Bun.file(fixturePath('eurofxref-hist-sample.zip')))
      if (path === '/html') return new Response('<html><body>Service Unavailable</body></html>')
      if (path === '/slow.csv') {
        await Bun.sleep(SLOW_MS)
        return new Response('date,close\n2024-01-02,1\n')
      }
      if (path === '/500') return new Response('Internal Server Error', { status: 500 })
      return new Response('not found', { status: 404 })
    },
  })
  base = `http://127.0.0.1:${server.port}`
})

afterAll(() => server.stop(true))

describe('CSV provider', () => {
  test.each([
    { name: 'local path', location: () => fixturePath('daily-date-close.csv') },
    { name: 'file: URL', location: () => pathToFileURL(fixturePath('daily-date-close.csv')).href },
    { name: 'http URL', location: () => `${base}/gold.csv` },
  ])('$name', async ({ location }) => {
    const provider = createCsvDailyProvider({ name: 'lbma', instrument: 'gold', location: location(), fetch: fetchVia })
    expect([provider.name, provider.instrument]).toEqual(['lbma', 'gold'])
    const result = await provider.fetchDaily(ALL)
    expect(result.closes.map((c) => [day(c), c.close])).toEqual([
      ['2024-01-02', 2064.4],
      ['2024-01-03', 2041.75],
      ['2024-01-04', 2049.8],
    ])
  })

  test('the range is [from, to): to is exclusive', async () => {
    const provider = createCsvDailyProvider({
      name: 'lbma',
      instrument: 'gold',
      location: fixturePath('daily-date-close.csv'),
    })
    const result = await provider.fetchDaily({ fromMs: ms('2024-01-03T00:00:00Z'), toMs: ms('2024-01-04T00:00:00Z') })
    expect(result.closes.map(day)).toEqual(['2024-01-03'])
    expect(result.rows).toBe(3)
  })

  test.each([
    { name: 'HTTP 500', path: '/500', code: 'http-status', says: 'HTTP 500' },
    { name: 'HTTP 404', path: '/missing.csv', code: 'http-status', says: 'HTTP 404' },
    { name: 'an HTML body', path: '/html', code: 'no-columns', says: 'daily CSV header "<html>' },
    { name: 'a slow server', path: '/slow.csv', code: 'timeout', says: 'within 200 ms' },
  ])('$name: $code', async ({ path, code, says }) => {
    const provider = createCsvDailyProvider({
      name: 'x',
      instrument: 'silver',
      location: `${base}${path}`,
      fetch: fetchVia,
      timeoutMs: 200,
    })
    const error = await provider.fetchDaily(ALL).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PriceDataError)
    expect((error as PriceDataError).code).toBe(code as PriceDataError['code'])
    expect((error as PriceDataError).message).toContain(says)
  })

  test('a missing local file: a clear error without a stack in the message', async () => {
    const provider = createCsvDailyProvider({ name: 'x', instrument: 'gold', location: fixturePath('no-such.csv') })
    await expect(provider.fetchDaily(ALL)).rejects.toThrow('(ENOENT)')
  })

  test('an unknown instrument is refused when the provider is built', () => {
    expect(() => createCsvDailyProvider({ name: 'x', instrument: 'platinum', location: 'a.csv' })).toThrow(
      'unknown instrument "platinum"',
    )
  })
})

describe('ECB provider', () => {
  /** Expected = the definition: units per USD = (units per EUR) / (USD per EUR), same day. From the sample's lines. */
  const sample = [
    { date: '2024-01-02', usd: 1.0956, brl: 5.3462, inr: 91.2225 },
    { date: '2024-01-03', usd: 1.0919, brl: 5.3815, inr: 90.8985 },
    { date: '2024-01-04', usd: 1.0953, brl: 5.3717, inr: 91.1215 },
    { date: '2024-01-05', usd: 1.0921, brl: 5.3636, inr: 90.8165 },
  ]

  test.each([
    { currency: 'BRL', pick: (r: (typeof sample)[number]) => r.brl / r.usd },
    { currency: 'INR', pick: (r: (typeof sample)[number]) => r.inr / r.usd },
  ])('readEcbUsdCross $currency: oldest first, N/A counted as missing', async ({ currency, pick }) => {
    const result = readEcbUsdCross(await readFixture('eurofxref-hist-sample.csv'), currency)
    expect(result.closes.map(day)).toEqual(sample.map((r) => r.date))
    result.closes.forEach((c, i) => expect(c.close).toBeCloseTo(pick(sample[i] as (typeof sample)[number]), 12))
    expect(result).toMatchObject({ rows: 5, skipped: 1, missing: 1, errors: [] })
  })

  test('a currency the file lacks is a no-columns error', async () => {
    expect(() => readEcbUsdCross('Date,USD,JPY,\n2024-01-02,1.1,150,\n', 'BRL')).toThrow('no Date, USD or BRL column')
  })

  test.each([
    { name: 'zip over http', location: () => `${base}/eurofxref-hist.zip` },
    { name: 'zip on disk', location: () => fixturePath('eurofxref-hist-sample.zip') },
    { name: 'stored zip with two entries', location: () => fixturePath('eurofxref-hist-stored.zip') },
    { name: 'plain CSV', location: () => fixturePath('eurofxref-hist-sample.csv') },
  ])('$name: usd-brl and usd-inr, name "ecb"', async ({ location }) => {
    const providers = createEcbProviders({ location: location(), fetch: fetchVia })
    expect(providers.map((p) => [p.name, p.instrument])).toEqual([
      [ECB_PROVIDER_NAME, 'usd-brl'],
      [ECB_PROVIDER_NAME, 'usd-inr'],
    ])
    const [brl, inr] = await Promise.all(providers.map((p) => p.fetchDaily(ALL)))
    expect(brl?.closes[0]?.close).toBeCloseTo(5.3462 / 1.0956, 12)
    expect(inr?.closes.at(-1)?.close).toBeCloseTo(90.8165 / 1.0921, 12)
  })

  test('providers fetched together share one download', async () => {
    const before = hits
    const providers = createEcbProviders({ location: `${base}/eurofxref-hist.zip`, fetch: fetchVia })
    await Promise.all(providers.map((p) => p.fetchDaily(ALL)))
    expect(hits - before).toBe(1)
  })

  test('a failed download is not cached', async () => {
    let calls = 0
    const flaky: FetchLike = async (url, init) => {
      calls += 1
      return calls === 1 ? new Response('busy', { status: 503 }) : globalThis.fetch(url, init)
    }
    const [brl] = createEcbProviders({ location: `${base}/eurofxref-hist.zip`, fetch: flaky })
    await expect(brl?.fetchDaily(ALL)).rejects.toThrow('HTTP 503')
    expect((await brl?.fetchDaily(ALL))?.closes.length).toBe(4)
  })

  test.each([
    { instruments: ['gold'], says: 'no USD cross for "gold"' },
    { instruments: ['usd-jpy'], says: 'unknown instrument "usd-jpy"' },
  ])('refuses $instruments', ({ instruments, says }) => {
    expect(() => createEcbProviders({}, instruments)).toThrow(says)
  })
})
