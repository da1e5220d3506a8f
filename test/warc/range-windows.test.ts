/**
 * URLs under a retry policy are read in Range windows (build/warc/byte-source.ts), so fetch never
 * holds more than a window ahead of the reader. The bytes must come out exactly as the file's,
 * whatever the window, the start offset and the cuts; each request asks for at most one window.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { openByteSource } from '../../build/warc/byte-source.ts'
import { LocalCommonCrawl, ccNewsPath } from '../support/local-common-crawl.ts'
import { tempDir } from '../support/tmp.ts'
import { seededRandom } from './warc-fixture.ts'

const tmp = tempDir('range-windows')
const crawl = new LocalCommonCrawl(Date.parse('2026-11-21T14:00:00Z'))
const PATH = ccNewsPath(Date.parse('2026-11-21T12:00:00Z'), 1)
const SIZE = 200_003
const FILE = new Uint8Array(SIZE)
const random = seededRandom(3)
for (let i = 0; i < SIZE; i++) FILE[i] = Math.floor(random() * 256)
const RETRY = { retries: 3, backoffMs: 1, maxBackoffMs: 5 }

beforeAll(() => {
  const file = join(tmp.dir, 'f.warc.gz')
  writeFileSync(file, FILE)
  crawl.add({ path: PATH, file, listedFromMs: 0 })
  crawl.start()
})
afterAll(() => {
  crawl.stop()
  tmp.cleanup()
})

let retries = 0
async function readAll(startOffset: number, rangeWindowBytes: number): Promise<Uint8Array> {
  retries = 0
  const source = await openByteSource(crawl.baseUrl + PATH, { retry: { ...RETRY, onRetry: () => retries++ }, startOffset, rangeWindowBytes })
  expect(source.totalBytes).toBe(SIZE)
  const parts: Uint8Array[] = []
  for await (const chunk of source.chunks) parts.push(chunk)
  return new Uint8Array(Buffer.concat(parts))
}

test.each([
  { name: 'windows of 16 KiB', window: 16_384, start: 0, cuts: [] as number[] },
  { name: 'a window of exactly the file', window: SIZE, start: 0, cuts: [] },
  { name: 'a window one byte short of the file', window: SIZE - 1, start: 0, cuts: [] },
  { name: 'a window larger than the file', window: 10 * SIZE, start: 0, cuts: [] },
  { name: 'no windows (0): the rest in one request', window: 0, start: 0, cuts: [] },
  { name: 'from a committed offset, 16 KiB windows', window: 16_384, start: 123_457, cuts: [] },
  { name: 'cuts inside windows resume at the next byte', window: 30_000, start: 0, cuts: [45_000, 45_001 + 29_000, 150_000] },
  { name: 'a cut one byte into a window', window: 50_000, start: 0, cuts: [100_001] },
])('$name', async ({ window, start, cuts }) => {
  crawl.log.length = 0
  crawl.faults.files.set(PATH, cuts.map((at) => ({ kind: 'cut', at }) as const))
  const got = await readAll(start, window)
  expect(got.length).toBe(SIZE - start)
  expect(Buffer.from(got).equals(Buffer.from(FILE.subarray(start)))).toBe(true)
  const requests = crawl.log.filter((e) => e.path === PATH)
  // Each request asks for one window at most, and never goes back: it starts where the bytes
  // handed over so far end (after a cut that can be where the cut answer started: what was in
  // flight is lost with the connection).
  for (const r of requests) if (window > 0) expect(r.sent).toBeLessThanOrEqual(window)
  requests.forEach((r, k) => k > 0 && expect(r.from).toBeGreaterThanOrEqual((requests[k - 1] as (typeof requests)[number]).from))
  expect(crawl.faults.files.get(PATH)).toEqual([])
  // The end of a window is not a failure: no retry (and no backoff) unless a connection was cut.
  expect(retries).toBe(cuts.length)
  if (cuts.length === 0) expect(requests.length).toBe(window === 0 ? 1 : Math.ceil((SIZE - start) / window))
  else expect(requests.length).toBeGreaterThan(Math.ceil((SIZE - start) / window))
})

test('a server that ignores Range still gives the file once, from the asked offset', async () => {
  const server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response(FILE) })
  try {
    const source = await openByteSource(`http://127.0.0.1:${server.port}/f.warc.gz`, { retry: RETRY, startOffset: 1000, rangeWindowBytes: 16_384 })
    const parts: Uint8Array[] = []
    for await (const chunk of source.chunks) parts.push(chunk)
    expect(Buffer.concat(parts).equals(Buffer.from(FILE.subarray(1000)))).toBe(true)
  } finally {
    server.stop(true)
  }
})
