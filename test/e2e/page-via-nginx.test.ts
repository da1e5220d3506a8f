/**
 * The page from a static host: `bun run build`'s code path (commandBuild over a small demo archive)
 * writes the snapshot and the page; nginx (deploy/) serves `/` and the bundle from the snapshot
 * folder and forwards the API; Chromium, knowing only nginx's address, searches (answered by the
 * live node), lists trends and draws the BTC charts (snapshot files served by nginx itself), with
 * no console error and nothing but article images fetched from elsewhere.
 */
import { afterAll, beforeAll, expect, spyOn, test } from 'bun:test'
import type { Database } from 'bun:sqlite'
import { join } from 'node:path'
import type { Response as PageResponse } from 'playwright-core'
import { generateDemoArchive } from '../../demo/index.ts'
import { commandBuild } from '../../batch/main.ts'
import { parseConfig } from '../../core/config.ts'
import { createApp } from '../../live/app.ts'
import { SnapshotSource } from '../../live/snapshot-source.ts'
import { openStore, storePath } from '../../store/open.ts'
import { SqliteSearchIndex } from '../../store/search-sqlite.ts'
import { type RunningNginx, nginxForTests, startNginx } from '../cdn/nginx-harness.ts'
import { tempDir } from '../support/tmp.ts'
import { type Browsing, HAS_CHROMIUM, announceSkip, launch, openPage, screenshot } from './browser-support.ts'

announceSkip('test/e2e/page-via-nginx.test.ts')
const binary = HAS_CHROMIUM ? nginxForTests('test/e2e/page-via-nginx.test.ts') : null
const NOW = new Date('2026-11-21T14:00:00Z')
const tmp = tempDir('page-via-nginx')
let db: Database
let app: ReturnType<typeof createApp>
let nginx: RunningNginx
let browsing: Browsing

beforeAll(async () => {
  if (binary === null) return
  const demo = join(tmp.dir, 'demo')
  await generateDemoArchive({ outDir: demo, now: NOW, days: 10, articlesPerDay: 40 })
  const config = parseConfig({
    NEWSDESK_DATA: join(tmp.dir, 'data'),
    NEWSDESK_SNAPSHOTS: join(tmp.dir, 'snapshots'),
    NEWSDESK_INPUTS: demo,
    NEWSDESK_WORKERS: '0',
  })
  const log = spyOn(console, 'log').mockImplementation(() => undefined)
  try {
    await commandBuild(config, NOW, ['--no-export'])
  } finally {
    log.mockRestore()
  }
  db = openStore(storePath(config.dataDir), { readonly: true })
  const source = new SnapshotSource({ root: config.snapshotsDir, db: () => db, index: (d) => new SqliteSearchIndex(d) })
  source.refresh()
  app = createApp({
    data: () => source.current,
    clock: () => NOW,
    uptimeSeconds: () => 0,
    version: 't',
    log: () => {},
    snapshotsRoot: config.snapshotsDir,
  })
  app.listen({ port: 0, hostname: '127.0.0.1' })
  nginx = await startNginx(binary, join(tmp.dir, 'nginx'), config.snapshotsDir, `127.0.0.1:${app.server?.port}`)
  browsing = await launch()
}, 60_000)
afterAll(async () => {
  if (binary !== null) {
    await browsing?.close()
    await nginx?.stop()
    await app?.stop()
    db?.close()
  }
  tmp.cleanup()
})

/** Who answered: nginx's static handler (a file: Last-Modified), or the live node (its request id). */
const origin = (r: PageResponse) => {
  const h = r.headers()
  return h['x-request-id'] !== undefined ? 'live' : h['last-modified'] !== undefined ? 'file' : 'other'
}

test.skipIf(binary === null)(
  'the page served from the snapshot folder by nginx works: search via the live node, trends and BTC from snapshot files',
  async () => {
    const w = await openPage(browsing)
    const { page } = w
    const seen: { path: string; status: number; origin: string }[] = []
    page.on('response', (r) => {
      const url = new URL(r.url())
      if (url.origin === new URL(nginx.base).origin)
        seen.push({ path: `${url.pathname}${url.search}`, status: r.status(), origin: origin(r) })
    })
    await page.goto(nginx.base)
    await page.getByLabel('Words', { exact: true }).fill('bitcoin')
    await page.getByRole('button', { name: 'Search' }).click()
    await page.waitForSelector('#search-results li.hit')

    await page.locator('a[data-view="trends"]').click()
    await page.waitForSelector('#trends-list li')
    await page.waitForSelector('#t-country option:nth-child(2)', { state: 'attached' })

    await page.locator('a[data-view="btc"]').click()
    await page.waitForSelector('#btc-series-chart[data-interval] canvas')
    await page.waitForSelector('#btc-corr-chart canvas')
    await screenshot(page, 'page-via-nginx-btc')

    const by = (test: (path: string) => boolean) => seen.filter((s) => test(s.path))
    // The page itself: index.html and its bundle, as files from the snapshot folder.
    expect(
      by((p) => p === '/' || p.startsWith('/assets/')).map((s) => [s.path.split('.').pop(), s.origin, s.status]),
    ).toEqual(
      expect.arrayContaining([
        ['/', 'file', 200],
        ['js', 'file', 200],
        ['css', 'file', 200],
      ]),
    )
    expect(by((p) => p.startsWith('/assets/')).every((s) => s.origin === 'file')).toBe(true)
    // A parameterised search went through nginx to the live node.
    const searches = by((p) => p.startsWith('/v1/search?'))
    expect(searches.length).toBeGreaterThan(0)
    expect(searches.every((s) => s.origin === 'live' && s.status === 200)).toBe(true)
    // The default-parameter answers the views start with came from snapshot files.
    for (const path of ['/v1/trends/countries', '/v1/btc/summary'])
      expect(by((p) => p === path).map((s) => s.origin)).toEqual(['file'])
    expect(seen.every((s) => s.status === 200)).toBe(true)
    // Only article images live elsewhere (the publishers' hosts, stubbed by openPage).
    expect(w.external.filter((u) => !/\/images\/\d+\.jpg$/.test(u))).toEqual([])
    expect(w.problems).toEqual([])
    await w.close()
  },
  30_000,
)
