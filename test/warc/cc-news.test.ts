import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import zlib from 'node:zlib'
import { fetchListing, listingUrl, parseCcNewsSpec } from '../../batch/warc/cc-news.ts'
import { resolveInputs } from '../../batch/warc/inputs.ts'

// A listing as Common Crawl publishes it: gzip text, one path a line, sorted, for one month.
const JAN_PATHS = [
  'crawl-data/CC-NEWS/2024/01/CC-NEWS-20240101012345-00000.warc.gz',
  'crawl-data/CC-NEWS/2024/01/CC-NEWS-20240101150102-00001.warc.gz',
  'crawl-data/CC-NEWS/2024/01/CC-NEWS-20240102000517-00002.warc.gz',
  'crawl-data/CC-NEWS/2024/01/CC-NEWS-20240115093000-00003.warc.gz',
  'crawl-data/CC-NEWS/2024/01/CC-NEWS-20240131235959-00004.warc.gz',
]
const requested: string[] = []
let slowDowns = 0
let server: ReturnType<typeof Bun.serve>
let base = ''

beforeAll(() => {
  server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(req) {
      const path = new URL(req.url).pathname
      requested.push(path)
      if (path === '/cc/crawl-data/CC-NEWS/2024/01/warc.paths.gz')
        return new Response(zlib.gzipSync(`${JAN_PATHS.join('\n')}\n`))
      if (path === '/cc/crawl-data/CC-NEWS/2024/02/warc.paths.gz')
        return new Response(new Uint8Array([0x1f, 0x8b, 8, 0, 1, 2, 3, 4, 5, 6, 7]))
      // A proxy may hand the listing over already decompressed.
      if (path === '/cc/crawl-data/CC-NEWS/2024/05/warc.paths.gz')
        return new Response('crawl-data/CC-NEWS/2024/05/CC-NEWS-20240501000000-01000.warc.gz\n')
      if (path === '/cc/crawl-data/CC-NEWS/2024/03/warc.paths.gz') return new Response(zlib.gzipSync('\n'))
      // Slow Down once, then the listing (Common Crawl's 503 under load).
      if (path === '/cc/crawl-data/CC-NEWS/2024/06/warc.paths.gz') {
        slowDowns++
        if (slowDowns % 2 === 1) return new Response('Slow Down', { status: 503 })
        return new Response(zlib.gzipSync('crawl-data/CC-NEWS/2024/06/CC-NEWS-20240601000000-02000.warc.gz\n'))
      }
      return new Response('no such listing', { status: 404 })
    },
  })
  base = `http://127.0.0.1:${server.port}/cc/`
})
afterAll(() => server.stop(true))

const url = (path: string) => `${base}${path}`

describe('cc-news listings', () => {
  test('month: every file of the month, in order', async () => {
    expect(await resolveInputs(['cc-news:2024/01'], { ccNewsBaseUrl: base })).toEqual(JAN_PATHS.map(url))
    expect(requested.at(-1)).toBe('/cc/crawl-data/CC-NEWS/2024/01/warc.paths.gz')
  })

  test.each([
    { spec: 'cc-news:2024/01/01', want: JAN_PATHS.slice(0, 2) },
    { spec: 'cc-news:2024/01/02', want: JAN_PATHS.slice(2, 3) },
    { spec: 'cc-news:2024/01/31', want: JAN_PATHS.slice(4, 5) },
  ])('day: $spec → the files whose timestamp is that day', async ({ spec, want }) => {
    expect(await resolveInputs([spec], { ccNewsBaseUrl: base })).toEqual(want.map(url))
  })

  test('an uncompressed listing is read too', async () => {
    expect(await resolveInputs(['cc-news:2024/05'], { ccNewsBaseUrl: base })).toEqual([
      url('crawl-data/CC-NEWS/2024/05/CC-NEWS-20240501000000-01000.warc.gz'),
    ])
  })

  test('a base URL without the trailing slash works too', async () => {
    expect(await resolveInputs(['cc-news:2024/01/15'], { ccNewsBaseUrl: base.slice(0, -1) })).toEqual([
      url(JAN_PATHS[3] ?? ''),
    ])
  })

  test('a listing that answers 503 is retried under the given policy, and fails at once without one', async () => {
    const june = [url('crawl-data/CC-NEWS/2024/06/CC-NEWS-20240601000000-02000.warc.gz')]
    expect(
      await resolveInputs(['cc-news:2024/06'], {
        ccNewsBaseUrl: base,
        retry: { retries: 1, backoffMs: 0, maxBackoffMs: 0 },
      }),
    ).toEqual(june)
    await expect(resolveInputs(['cc-news:2024/06'], { ccNewsBaseUrl: base })).rejects.toThrow('HTTP 503')
  })

  test('the injected fetch is used', async () => {
    const asked: string[] = []
    await resolveInputs(['cc-news:2024/01'], {
      ccNewsBaseUrl: base,
      fetch: (input, init) => {
        asked.push(input)
        return fetch(input, init)
      },
    })
    expect(asked).toEqual([url('crawl-data/CC-NEWS/2024/01/warc.paths.gz')])
  })

  test.each([
    {
      spec: 'cc-news:2024/01/05',
      error: `no CC-NEWS WARC files for cc-news:2024/01/05 in ${'BASE'}crawl-data/CC-NEWS/2024/01/warc.paths.gz`,
    },
    { spec: 'cc-news:2024/03', error: 'no CC-NEWS WARC files for cc-news:2024/03' },
    { spec: 'cc-news:2024/02', error: 'not a valid gzip file' },
    {
      spec: 'cc-news:2024/04',
      error: `cannot list cc-news:2024/04: ${'BASE'}crawl-data/CC-NEWS/2024/04/warc.paths.gz answered HTTP 404`,
    },
  ])('listing problems: $spec', async ({ spec, error }) => {
    await expect(resolveInputs([spec], { ccNewsBaseUrl: base })).rejects.toThrow(error.replace('BASE', base))
  })
})

describe('invalid specs are refused before any request, with a one-line message', () => {
  test.each([
    { spec: 'cc-news:2024', why: 'expected cc-news:YYYY/MM or cc-news:YYYY/MM/DD' },
    { spec: 'cc-news:2024/1', why: 'expected cc-news:YYYY/MM or cc-news:YYYY/MM/DD' },
    { spec: 'cc-news:2024-01', why: 'expected cc-news:YYYY/MM or cc-news:YYYY/MM/DD' },
    { spec: 'cc-news:2024/01/01/00', why: 'expected cc-news:YYYY/MM or cc-news:YYYY/MM/DD' },
    { spec: 'cc-news:', why: 'expected cc-news:YYYY/MM or cc-news:YYYY/MM/DD' },
    { spec: 'cc-news:2015/12', why: 'CC-NEWS starts in 2016' },
    { spec: 'cc-news:2024/00', why: 'month 00 is not 01-12' },
    { spec: 'cc-news:2024/13', why: 'month 13 is not 01-12' },
    { spec: 'cc-news:2024/01/00', why: 'day 00 is not in 2024-01' },
    { spec: 'cc-news:2024/01/32', why: 'day 32 is not in 2024-01' },
    { spec: 'cc-news:2023/02/29', why: 'day 29 is not in 2023-02' },
  ])('$spec', async ({ spec, why }) => {
    const before = requested.length
    const error = await resolveInputs([spec], { ccNewsBaseUrl: base }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Error)
    expect((error as Error).message).toBe(`invalid input "${spec}": ${why}`)
    expect((error as Error).message).not.toContain('\n')
    expect(requested.length).toBe(before)
  })

  test.each([
    { spec: 'cc-news:2016/01', want: { year: '2016', month: '01', day: null } },
    { spec: 'cc-news:2024/02/29', want: { year: '2024', month: '02', day: '29' } },
    { spec: 'cc-news:2024/12/31', want: { year: '2024', month: '12', day: '31' } },
  ])('valid edge: $spec', ({ spec, want }) => expect(parseCcNewsSpec(spec)).toEqual(want))

  test('listing URL', () => {
    expect(listingUrl({ year: '2024', month: '01', day: null }, 'https://data.commoncrawl.org/')).toBe(
      'https://data.commoncrawl.org/crawl-data/CC-NEWS/2024/01/warc.paths.gz',
    )
  })
})

test('a listing server that never answers fails the attempt after the time limit instead of hanging the build', async () => {
  const silent = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Promise<Response>(() => undefined) })
  try {
    const url = `http://127.0.0.1:${silent.port}/crawl-data/CC-NEWS/2024/01/warc.paths.gz`
    const started = performance.now()
    await expect(
      fetchListing(url, { retry: { retries: 1, backoffMs: 1, maxBackoffMs: 1 }, timeoutMs: 150 }),
    ).rejects.toThrow(`cannot list ${url}`)
    // Two attempts of 150 ms each, not the test's own 60 s timeout.
    expect(performance.now() - started).toBeLessThan(10_000)
  } finally {
    silent.stop(true)
  }
})
