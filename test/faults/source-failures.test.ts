/**
 * Issue 9, item 5: sources that fail leave the rest of the build intact. WARC URLs on a loopback
 * server that never answers, that stalls mid-body, or that answers 500, and price files that are
 * garbage (truncated JSON, an HTML error page): the build still publishes every other article and
 * price, and the failures are in the manifest's `sources.failed` and in /health's
 * `source_failures` (file names only, never local folders). The demo and real inputs never share a
 * store (batch/origin.ts), so the WARC URLs go with real files (the demo's, copied into a plain
 * folder) and the garbage prices with the demo archive, in two data directories.
 */
import { afterAll, beforeAll, expect, spyOn, test } from 'bun:test'
import Ajv from 'ajv'
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { generateDemoArchive } from '../../demo/index.ts'
import { commandBuild, type SourceFailure } from '../../batch/main.ts'
import { parseConfig } from '../../core/config.ts'
import { parseStreamConfig } from '../../core/stream-config.ts'
import { RESPONSE_SCHEMAS } from '../../core/response-schemas.ts'
import { createApp } from '../../live/app.ts'
import { SnapshotSource } from '../../live/snapshot-source.ts'
import { openStore, storePath } from '../../store/open.ts'
import { readLatest, readManifest } from '../../contract/snapshot-files.ts'
import { SqliteSearchIndex } from '../../store/search-sqlite.ts'
import { tempDir } from '../support/tmp.ts'

const NOW = new Date('2026-11-21T14:00:00Z')
const TIMEOUT_MS = 300
const tmp = tempDir('source-failures')
const demo = join(tmp.dir, 'demo')
const realDir = join(tmp.dir, 'real')
let truthArticles = 0
let server: ReturnType<typeof Bun.serve>

beforeAll(async () => {
  await generateDemoArchive({ outDir: demo, now: NOW, days: 1, articlesPerDay: 120 })
  truthArticles = (
    JSON.parse(readFileSync(join(demo, 'ground-truth.json'), 'utf8')) as { counts: { articles: number } }
  ).counts.articles
  mkdirSync(realDir)
  for (const name of readdirSync(join(demo, 'warc'), { recursive: true }) as string[]) {
    if (name.endsWith('.warc.gz')) cpSync(join(demo, 'warc', name), join(realDir, name.split('/').pop() ?? name))
  }
  // The price "providers" answer garbage: a truncated JSON array for bitcoin, an error page for gold.
  for (const name of readdirSync(join(demo, 'prices')).filter((n) => n.startsWith('BTCUSDT')))
    writeFileSync(join(demo, 'prices', name), '[[1763683200000,"97000.1",')
  writeFileSync(join(demo, 'prices', 'gold.csv'), '<html><body><h1>502 Bad Gateway</h1></body></html>\n')
  server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch(request) {
      const path = new URL(request.url).pathname
      if (path === '/hang.warc.gz') return new Promise<Response>(() => undefined)
      if (path === '/error.warc.gz') return new Response('upstream down', { status: 500 })
      // Stall: the gzip magic and a few bytes, then silence.
      return new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]))
          },
        }),
        { headers: { 'content-length': '100000' } },
      )
    },
  })
})
afterAll(() => {
  server.stop(true)
  tmp.cleanup()
})

test('failed WARC URLs and garbage prices leave the rest of the build published and are reported', async () => {
  const base = `http://127.0.0.1:${server.port}`
  const config = parseConfig({
    NEWSDESK_DATA: join(tmp.dir, 'data'),
    NEWSDESK_SNAPSHOTS: join(tmp.dir, 'snapshots'),
    NEWSDESK_INPUTS: [realDir, `${base}/hang.warc.gz`, `${base}/stall.warc.gz`, `${base}/error.warc.gz`].join(','),
    NEWSDESK_WORKERS: '0',
  })
  const demoConfig = parseConfig({
    NEWSDESK_DATA: join(tmp.dir, 'demo-data'),
    NEWSDESK_SNAPSHOTS: join(tmp.dir, 'demo-snapshots'),
    NEWSDESK_INPUTS: demo,
    NEWSDESK_WORKERS: '0',
  })
  const log = spyOn(console, 'log').mockImplementation(() => undefined)
  const err = spyOn(console, 'error').mockImplementation(() => undefined)
  const started = performance.now()
  try {
    // No retries: each URL fails on its first attempt (retries and resumes: test/warc/retry-resume.test.ts).
    await commandBuild(config, NOW, ['--no-export'], {
      fetchTimeoutMs: TIMEOUT_MS,
      stream: { ...parseStreamConfig({}), fetchRetries: 0 },
    })
    await commandBuild(demoConfig, NOW, ['--no-export'])
  } finally {
    log.mockRestore()
    err.mockRestore()
  }
  // Bounded by the timeout, not hung on the silent server.
  expect(performance.now() - started).toBeLessThan(20_000)

  const latest = readLatest(config.snapshotsDir)
  expect(latest).not.toBeNull()
  const manifest = readManifest(config.snapshotsDir, latest?.version ?? '')
  const demoManifest = readManifest(demoConfig.snapshotsDir, readLatest(demoConfig.snapshotsDir)?.version ?? '')
  const failed = (manifest?.sources.failed ?? []) as SourceFailure[]
  const priceFailed = (demoManifest?.sources.failed ?? []) as SourceFailure[]
  const bySource = Object.fromEntries([...failed, ...priceFailed].map((f) => [f.source, f]))
  expect(failed.map((f) => f.source).sort()).toEqual(
    [`${base}/error.warc.gz`, `${base}/hang.warc.gz`, `${base}/stall.warc.gz`].sort(),
  )
  expect(priceFailed.map((f) => f.source).sort()).toEqual(['bitcoin', 'gold'])
  expect(bySource[`${base}/hang.warc.gz`]?.message).toContain(`no response in ${TIMEOUT_MS} ms`)
  expect(bySource[`${base}/stall.warc.gz`]?.message).toContain(`no bytes for ${TIMEOUT_MS} ms`)
  expect(bySource[`${base}/error.warc.gz`]?.message).toContain('HTTP 500')
  expect(bySource.bitcoin?.kind).toBe('prices')
  for (const f of [...failed, ...priceFailed]) expect(f.message).not.toContain(tmp.dir)

  // The rest is intact: every article of the archive, and the prices that were fine.
  const demoDb = openStore(storePath(demoConfig.dataDir), { readonly: true })
  const daily = demoDb
    .query<{ instrument: string }, []>('SELECT DISTINCT instrument FROM daily_closes ORDER BY 1')
    .all()
    .map((r) => r.instrument)
  demoDb.close()
  expect(daily).toContain('silver')
  expect(daily).not.toContain('gold')
  const db = openStore(storePath(config.dataDir), { readonly: true })
  expect(db.query<{ n: number }, []>('SELECT count(*) AS n FROM articles').get()?.n).toBe(truthArticles)

  // /health says so, valid against its response schema.
  const snapshots = new SnapshotSource({
    root: config.snapshotsDir,
    db: () => db,
    index: (store) => new SqliteSearchIndex(store),
  })
  snapshots.refresh()
  const app = createApp({ data: () => snapshots.current, clock: () => NOW, uptimeSeconds: () => 0, version: 'test' })
  const res = await app.handle(new Request('http://localhost/health'))
  expect(res.status).toBe(200)
  const body = (await res.json()) as { source_failures: SourceFailure[]; articles: number }
  expect(body.source_failures).toEqual(failed)
  expect(body.articles).toBe(truthArticles)
  const validate = new Ajv({ strict: false }).compile(RESPONSE_SCHEMAS['/health'] ?? {})
  expect(validate(body)).toBe(true)
  db.close()
}, 30_000)
