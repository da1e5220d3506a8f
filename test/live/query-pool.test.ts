/**
 * Store queries off the event loop (live/query-pool.ts): the real worker gives the same answers as
 * the main thread; a query past its budget is stopped and answered 503 naming the budget, and the
 * pool goes on answering; the node answers /health while a worker is busy with a slow query.
 */
import { Database } from 'bun:sqlite'
import { afterAll, describe, expect, test } from 'bun:test'
import { ENDPOINTS } from '../../core/endpoints.ts'
import { createApp } from '../../live/app.ts'
import { serveWithLimits } from '../../live/limits.ts'
import { QueryPool, type QueryJob, type WorkerReady } from '../../live/query-pool.ts'
import type { QueryWorkerConfig } from '../../live/query-worker.ts'
import { WARMUP_REQUESTS } from '../../live/query-warmup.ts'
import { MIGRATIONS } from '../../store/schema.ts'
import { SqliteSearchIndex } from '../../store/search-sqlite.ts'
import { buildFixtureStore, FIXTURE_NOW, fixtureArticles } from '../support/fixture-store.ts'
import { tempDir } from '../support/tmp.ts'

const tmp = tempDir('newsdesk-pool-')
const articles = fixtureArticles()
const storePath = `${tmp.dir}/s.sqlite`
const db = buildFixtureStore(storePath, articles)
const watermark = db.query<{ s: number }, []>('SELECT max(seq) AS s FROM articles').get()?.s ?? 0
const deps = {
  data: () => ({ db, index: new SqliteSearchIndex(db), version: 'v-test', watermark, builtAt: '2026-11-21T13:05:00Z' }),
  clock: () => new Date(FIXTURE_NOW.getTime()),
  uptimeSeconds: () => 1,
  version: '0.1.0',
  log: () => {},
}
const realReports: WorkerReady[] = []
const realPool = new QueryPool({
  workerUrl: new URL('../../live/query-worker.ts', import.meta.url),
  config: { storePath, mmapBytes: 0 } satisfies QueryWorkerConfig,
  size: 2,
  budgetMs: 30_000,
  clock: () => FIXTURE_NOW.getTime(),
  onReady: (r) => realReports.push(r),
})

/** Resolves once `n` workers of a pool have reported ready (through the pool's onReady). */
async function readyReports(reports: WorkerReady[], n: number): Promise<WorkerReady[]> {
  for (let i = 0; i < 400 && reports.length < n; i++) await Bun.sleep(25)
  return reports
}
afterAll(() => {
  realPool.close()
  db.close()
  tmp.cleanup()
})

describe('the real query worker answers as the main thread does', () => {
  const inline = createApp(deps)
  let jobs = 0
  const pooled = createApp({ ...deps, queries: { run: (j: QueryJob) => (jobs++, realPool.run(j)) } })
  const first = articles[0]
  test.each([
    '/v1/search?q=bitcoin&country=GB',
    '/v1/search?country=FR&sort=date_asc&size=5',
    '/v1/search?q=market%20-crash&lang=en&sort=relevance&highlight=true',
    '/v1/search?tld=com&strict_country=true&dedupe=true&full_text=true',
    '/v1/search?host=news1.co.uk&fields=title,url',
    '/v1/stats?country=DE&top=3',
    '/v1/stats?q=bitcoin&date=7d',
    '/v1/rss?q=bitcoin&country=GB',
    '/v1/atom?lang=fr',
    '/v1/feed.json?country=JP',
    `/v1/article?url=${encodeURIComponent(first?.url ?? '')}`,
    '/v1/article?url=https%3A%2F%2Fnowhere.example%2Fx',
    '/v1/btc/news?size=5',
    '/v1/search?size=500',
    `/v1/search?q=${'a%20'.repeat(40)}`,
  ])('%s', async (path) => {
    const before = jobs
    const [a, b] = await Promise.all([
      inline.handle(new Request(`http://localhost${path}`)),
      pooled.handle(new Request(`http://localhost${path}`)),
    ])
    // Requests the registry rejects are answered on the main thread; the rest (a q past the caps
    // included: only parsing q finds it) go to a worker.
    expect(jobs - before).toBe(path.includes('size=500') ? 0 : 1)
    expect(b.status).toBe(a.status)
    expect(await b.text()).toBe(await a.text())
    expect(b.headers.get('content-type')).toBe(a.headers.get('content-type'))
  })
})

test('each real worker answers every warm-up request and reads the hot pages before it takes a job', async () => {
  const reports = await readyReports(realReports, 2)
  const n = articles.length
  const whole = { warmed: WARMUP_REQUESTS.length, failures: [], stopped: false, indexRows: [n, n] }
  expect(
    reports.map((r) => ({
      warmed: r.warmed,
      failures: r.failures,
      stopped: r.pages?.stopped,
      indexRows: r.pages?.read.slice(0, 2).map((x) => x.rows),
    })),
  ).toEqual([whole, whole])
})

test('a real worker with no store yet (before the first build) is ready at once and warms nothing', async () => {
  const reports: WorkerReady[] = []
  const pool = new QueryPool({
    workerUrl: new URL('../../live/query-worker.ts', import.meta.url),
    config: { storePath: `${tmp.dir}/absent.sqlite`, mmapBytes: 0 } satisfies QueryWorkerConfig,
    size: 1,
    budgetMs: 30_000,
    onReady: (r) => reports.push(r),
  })
  try {
    expect(
      (await readyReports(reports, 1)).map((r) => ({ warmed: r.warmed, pages: r.pages, failures: r.failures })),
    ).toEqual([{ warmed: 0, pages: null, failures: [] }])
  } finally {
    pool.close()
  }
})

test('a real worker on a store the batch job has not migrated yet skips its warm-up, saying so once', async () => {
  const oldPath = `${tmp.dir}/old.sqlite`
  buildFixtureStore(oldPath, articles.slice(0, 20)).close()
  const raw = new Database(oldPath)
  raw.exec(`PRAGMA user_version = ${MIGRATIONS.length - 1}`)
  raw.close()
  const reports: WorkerReady[] = []
  const pool = new QueryPool({
    workerUrl: new URL('../../live/query-worker.ts', import.meta.url),
    config: { storePath: oldPath, mmapBytes: 0 } satisfies QueryWorkerConfig,
    size: 1,
    budgetMs: 30_000,
    onReady: (r) => reports.push(r),
  })
  try {
    const [ready] = await readyReports(reports, 1)
    expect({ warmed: ready?.warmed, pages: ready?.pages }).toEqual({ warmed: 0, pages: null })
    expect(ready?.failures.length).toBe(1)
    expect(ready?.failures[0]).toContain(`older than this program's ${MIGRATIONS.length}`)
  } finally {
    pool.close()
  }
})

test('only the endpoints the registry marks readsStore go to the workers', async () => {
  let jobs = 0
  const app = createApp({ ...deps, queries: { run: (j: QueryJob) => (jobs++, realPool.run(j)) } })
  const pooled = ENDPOINTS.filter((e) => e.readsStore === true).map((e) => e.path)
  expect(pooled.sort()).toEqual([
    '/v1/article',
    '/v1/atom',
    '/v1/btc/news',
    '/v1/entities',
    '/v1/entities/{key}',
    '/v1/feed.json',
    '/v1/rss',
    '/v1/search',
    '/v1/stats',
  ])
  for (const path of ['/health', '/v1/trends', '/v1/trends/keywords', '/v1/btc/hourly']) {
    const before = jobs
    const r = await app.handle(new Request(`http://localhost${path}`))
    expect({ path, status: r.status < 500, jobs: jobs - before }).toEqual({ path, status: true, jobs: 0 })
  }
})

const job = (path: string, sleepMs: number): QueryJob => ({
  path,
  url: `http://localhost${path}?sleep=${sleepMs}`,
  pathValues: {},
  nowMs: FIXTURE_NOW.getTime(),
  version: 'v',
  watermark: null,
  builtAt: null,
})
const sleepyWorker = new URL('../support/sleepy-query-worker.ts', import.meta.url)

describe('time budget', () => {
  test('a query past its budget is stopped and answered 503 naming the budget; the pool goes on answering', async () => {
    const pool = new QueryPool({ workerUrl: sleepyWorker, config: null, size: 1, budgetMs: 300 })
    try {
      const slow = await pool.run(job('/v1/search', 20_000))
      expect(slow.status).toBe(503)
      expect(JSON.stringify(slow.body)).toContain('time budget of 300 ms')
      expect(slow.headers?.['retry-after']).toBe('5')
      // The blocked worker was replaced: the next job is answered by a fresh one.
      const next = await pool.run(job('/v1/stats', 0))
      expect(next).toEqual({ status: 200, body: { slept: 0, path: '/v1/stats' } })
      expect(pool.load).toEqual({ queued: 0, running: 0, warming: 0 })
    } finally {
      pool.close()
    }
  })

  test('a new worker is sent nothing while it warms up, so the warm-up never counts against a job budget', async () => {
    const reports: WorkerReady[] = []
    // The warm-up (600 ms) is twice the budget: a job sent to the warming worker would be stopped.
    const pool = new QueryPool({
      workerUrl: sleepyWorker,
      config: { warmMs: 600 },
      size: 1,
      budgetMs: 300,
      onReady: (r) => reports.push(r),
    })
    try {
      const answer = pool.run(job('/v1/search', 0))
      expect(pool.load).toEqual({ queued: 1, running: 0, warming: 1 })
      expect(await answer).toEqual({ status: 200, body: { slept: 0, path: '/v1/search' } })
      expect(reports.map((r) => r.ms)).toEqual([600])
      expect(pool.load).toEqual({ queued: 0, running: 0, warming: 0 })
    } finally {
      pool.close()
    }
  })

  test('a warm-up that keeps killing its worker is skipped after two losses; the pool then answers', async () => {
    const lines: string[] = []
    const pool = new QueryPool({
      workerUrl: sleepyWorker,
      config: { warmExit: true },
      size: 1,
      budgetMs: 20_000,
      log: (l) => lines.push(l),
    })
    try {
      expect(await pool.run(job('/v1/search', 0))).toEqual({ status: 200, body: { slept: 0, path: '/v1/search' } })
      expect(lines.filter((l) => l.startsWith('query worker exited')).length).toBe(2)
      expect(lines.join('\n')).toContain('lost 2 times while warming up')
      expect(pool.load).toEqual({ queued: 0, running: 0, warming: 0 })
    } finally {
      pool.close()
    }
  })

  test('a worker that ends its thread mid-job is noticed at once (500, not the budget) and replaced', async () => {
    const lines: string[] = []
    const pool = new QueryPool({
      workerUrl: sleepyWorker,
      config: null,
      size: 1,
      budgetMs: 20_000,
      log: (l) => lines.push(l),
    })
    try {
      const t = performance.now()
      const gone = await pool.run({ ...job('/v1/search', 0), url: 'http://localhost/v1/search?exit=1' })
      expect(gone).toEqual({ status: 500, body: { detail: 'Internal error' } })
      // Far below the 20 s budget: the exit itself answered the job.
      expect(performance.now() - t).toBeLessThan(10_000)
      expect(lines.join('\n')).toContain('query worker exited on /v1/search')
      const next = await pool.run(job('/v1/stats', 0))
      expect(next).toEqual({ status: 200, body: { slept: 0, path: '/v1/stats' } })
      expect(pool.load).toEqual({ queued: 0, running: 0, warming: 0 })
    } finally {
      pool.close()
    }
  })

  test('jobs queue when every worker is busy and are answered in order', async () => {
    const reports: WorkerReady[] = []
    const pool = new QueryPool({
      workerUrl: sleepyWorker,
      config: null,
      size: 1,
      budgetMs: 30_000,
      onReady: (r) => reports.push(r),
    })
    try {
      await readyReports(reports, 1)
      const order: string[] = []
      const runs = ['/v1/search', '/v1/stats', '/v1/rss'].map((p) =>
        pool.run(job(p, 50)).then((r) => order.push((r.body as { path: string }).path)),
      )
      expect(pool.load).toEqual({ queued: 2, running: 1, warming: 0 })
      await Promise.all(runs)
      expect(order).toEqual(['/v1/search', '/v1/stats', '/v1/rss'])
    } finally {
      pool.close()
    }
  })
})

test('the node answers /health while a query worker is busy with a slow search', async () => {
  const pool = new QueryPool({ workerUrl: sleepyWorker, config: null, size: 1, budgetMs: 30_000 })
  const app = createApp({ ...deps, queries: pool })
  const server = serveWithLimits(app, { port: 0, hostname: '127.0.0.1' })
  try {
    const base = `http://127.0.0.1:${server.port}`
    const events: string[] = []
    const slow = fetch(`${base}/v1/search?q=bitcoin&sleep=1500`).then(async (r) =>
      events.push(`search ${r.status} ${JSON.stringify(await r.json())}`),
    )
    await Bun.sleep(50)
    const health = await fetch(`${base}/health`)
    events.push(`health ${health.status}`)
    await slow
    // /health came back first, while the only worker was blocked for 1.5 s.
    expect(events).toEqual(['health 200', 'search 200 {"slept":1500,"path":"/v1/search"}'])
  } finally {
    server.stop(true)
    pool.close()
  }
})
