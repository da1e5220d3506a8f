/**
 * Property-based fuzzing of every registry endpoint (issue 9, item 1), seeded and sized for
 * `npm test`; `FUZZ_RUNS=<n>` sets the runs per endpoint (default 100), `FUZZ_SEED` the seed.
 * Most requests go through `createApp(...).handle`; one pass goes over a real listen on loopback,
 * including raw request lines a URL parser would have normalised away.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { connect } from 'node:net'
import fc from 'fast-check'
import { ENDPOINTS } from '../../core/endpoints.ts'
import { fixtureApp } from '../live/app-support.ts'
import { judge } from './oracle.ts'
import { anyRequest, requestFor } from './request-arbitraries.ts'
import { readSetting } from '../../core/settings.ts'

const RUNS_PER_ENDPOINT = readSetting(process.env, 'FUZZ_RUNS')
const SEED = readSetting(process.env, 'FUZZ_SEED')

const f = fixtureApp()
const tally = { handled: 0, overHttp: 0, rawLines: 0, resets: 0, fiveXx: 0, byStatus: new Map<number, number>() }
/** Bun's HTTP server refuses request heads past its limit (431, or a reset while the client still writes). */
const HEAD_LIMIT_CHARS = 16 * 1024

function count(status: number): void {
  tally.byStatus.set(status, (tally.byStatus.get(status) ?? 0) + 1)
  if (status >= 500) tally.fiveXx++
}

async function viaHandle(target: string): Promise<{ status: number; pathname: string; failure: string | null }> {
  const request = new Request(`http://localhost${target}`)
  const response = await f.app.handle(request)
  const text = await response.text()
  tally.handled++
  count(response.status)
  const verdict = judge(
    new URL(request.url).pathname,
    response.status,
    response.headers.get('content-type') ?? '',
    text,
  )
  return {
    status: response.status,
    pathname: new URL(request.url).pathname,
    failure: verdict.ok ? null : (verdict.reason ?? 'failed'),
  }
}

async function healthy(get: (path: string) => Promise<Response>): Promise<void> {
  const health = await get('/health')
  expect(health.status).toBe(200)
  const search = await get('/v1/search?q=bitcoin&size=5')
  expect(search.status).toBe(200)
  expect(((await search.json()) as { results: unknown[] }).results.length).toBe(5)
}

describe('fuzz: every endpoint through createApp().handle', () => {
  test.each(ENDPOINTS.map((e) => [e.path, e] as const))(
    '%s',
    async (_path, endpoint) => {
      await fc.assert(
        fc.asyncProperty(requestFor(endpoint), async (target) => {
          const { failure } = await viaHandle(target)
          if (failure !== null) throw new Error(`${target.slice(0, 300)} → ${failure}`)
        }),
        { numRuns: RUNS_PER_ENDPOINT, seed: SEED, endOnFailure: true },
      )
      await healthy((p) => f.get(p))
    },
    300_000,
  )
})

/** Request lines a client library would normalise: raw backslashes, dot segments, NUL, huge paths. */
const RAW_TARGETS = [
  '/v1/trends/GB/..%2f..%2f..%2fetc%2fpasswd',
  '/v1/trends/GB/../../../../etc/passwd',
  '/v1/markets/..%2f..%2fmanifest',
  '/v1/markets/../../latest.json',
  '/v1/markets/bitcoin/..\\..\\..\\etc\\passwd',
  '/v1/trends/GB\\..\\..\\etc',
  '\\v1\\search',
  '/v1/search/%2e%2e/%2e%2e/etc/passwd',
  '/v1/trends/%2e%2e/%2e%2e',
  '/v1/trends/GB/%00',
  '/v1/trends/GB/a%00.json',
  '/v1/markets/bitcoin%00.json',
  '/../../../../etc/passwd',
  '/v1/../../etc/passwd',
  '//etc/passwd',
  `/v1/search?q=${'a'.repeat(60_000)}`,
  `/v1/${'a/'.repeat(4000)}`,
  '/v1/search?q=%ED%A0%80&host=%C3%28',
  '/v1/article?url=file:///etc/passwd',
  '/v1/article?url=http://127.0.0.1:1/',
  '*',
]

/** Sends one request line as bytes and returns the status code of the answer (0: connection closed). */
function rawRequest(port: number, target: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`)
    })
    let head = ''
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => {
      head += chunk
    })
    socket.on('end', () => resolve(Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0)))
    socket.on('error', reject)
    socket.setTimeout(10_000, () => {
      socket.destroy()
      reject(new Error(`timeout on ${target.slice(0, 80)}`))
    })
  })
}

describe('fuzz: one pass over a real listen on loopback', () => {
  let base = ''
  let port = 0
  beforeAll(() => {
    f.app.listen({ port: 0, hostname: '127.0.0.1' })
    port = f.app.server?.port ?? 0
    base = `http://127.0.0.1:${port}`
  })

  test('sampled requests over fetch', async () => {
    const failures: string[] = []
    for (const target of fc.sample(anyRequest, { numRuns: Math.max(40, RUNS_PER_ENDPOINT * 2), seed: SEED + 1 })) {
      let r: Response
      try {
        r = await fetch(`${base}${target}`)
      } catch (error) {
        if (target.length <= HEAD_LIMIT_CHARS) throw error
        tally.resets++
        continue
      }
      const text = await r.text()
      tally.overHttp++
      count(r.status)
      const verdict = judge(new URL(`${base}${target}`).pathname, r.status, r.headers.get('content-type') ?? '', text)
      if (!verdict.ok) failures.push(`${target.slice(0, 200)} → ${verdict.reason}`)
    }
    expect(failures).toEqual([])
    await healthy((p) => fetch(`${base}${p}`))
  }, 120_000)

  test.each(RAW_TARGETS.map((t) => [t.length > 80 ? `${t.slice(0, 60)}… (${t.length} chars)` : t, t]))(
    'raw request line %s',
    async (_label, target) => {
      const status = await rawRequest(port, target)
      tally.rawLines++
      count(status)
      expect(status).toBeGreaterThanOrEqual(200)
      expect(status).toBeLessThan(500)
    },
  )

  test('still answers normally afterwards', async () => {
    await healthy((p) => fetch(`${base}${p}`))
  })

  afterAll(async () => {
    await f.app.stop(true)
    f.cleanup()
    const statuses = [...tally.byStatus.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([s, n]) => `${s}×${n}`)
      .join(' ')
    console.log(
      `fuzz report: ${tally.handled + tally.overHttp + tally.rawLines} requests fuzzed over ${ENDPOINTS.length} endpoints ` +
        `(${tally.handled} via handle, ${tally.overHttp} over HTTP, ${tally.rawLines} raw request lines; ${tally.resets} over-long heads refused by Bun), ` +
        `5xx seen: ${tally.fiveXx}; statuses ${statuses}; seed ${SEED}, ${RUNS_PER_ENDPOINT} runs per endpoint`,
    )
    console.log(
      `reliability: ${JSON.stringify({ section: 'fuzz', requests: tally.handled + tally.overHttp + tally.rawLines, five_xx: tally.fiveXx, endpoints: ENDPOINTS.length, seed: SEED, runs_per_endpoint: RUNS_PER_ENDPOINT })}`,
    )
  })
})
