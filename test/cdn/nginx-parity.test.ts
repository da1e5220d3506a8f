/**
 * nginx (deploy/nginx-newsdesk.conf.template) in front of a real live node on loopback: every
 * snapshot-served URL answers through nginx with the live node's bytes, Content-Type, version and
 * cache lifetime, gzip when asked; the page the build wrote beside the snapshots is the page the
 * live node serves at `/`; every other URL reaches the live node. Without nginx: a failure under
 * CI=true (.ci/run installs it), a printed skip elsewhere.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readFileSync, renameSync } from 'node:fs'
import { join } from 'node:path'
import { assetsReferencedBy } from '../../contract/page-bundle.ts'
import { type PageWritten, writePage } from '../../batch/page.ts'
import { fixedSnapshotUrls, trendSnapshotUrls } from '../../batch/snapshot/compute.ts'
import { buildSnapshot } from '../../batch/snapshot/run.ts'
import { createApp } from '../../live/app.ts'
import { SnapshotSource } from '../../live/snapshot-source.ts'
import { SqliteSearchIndex } from '../../store/search-sqlite.ts'
import { tempDir } from '../support/tmp.ts'
import { type RunningNginx, nginxForTests, startNginx } from './nginx-harness.ts'
import { shiftedFixtureStore } from './shifted-fixture.ts'

const binary = nginxForTests('test/cdn/nginx-parity.test.ts')

if (binary !== null)
  describe('nginx in front of the live node', () => {
    const tmp = tempDir('nginx')
    const root = join(tmp.dir, 'snapshots')
    const { db, builtAt } = shiftedFixtureStore(join(tmp.dir, 'store.sqlite'))
    const source = new SnapshotSource({ root, db: () => db, index: (d) => new SqliteSearchIndex(d) })
    const app = createApp({
      data: () => source.current,
      clock: () => new Date(),
      uptimeSeconds: () => 0,
      version: 't',
      log: () => {},
      snapshotsRoot: root,
    })
    let live = ''
    let nginx: RunningNginx
    let snapshotUrls: string[] = []
    let version = ''
    let page: PageWritten

    beforeAll(async () => {
      version = buildSnapshot({ db, root, now: builtAt, sources: {}, bundle: false }).version
      page = await writePage(root)
      source.refresh()
      const view = source.current
      if (view === null) throw new Error('no snapshot loaded')
      snapshotUrls = [...fixedSnapshotUrls(), ...trendSnapshotUrls(view, builtAt.getTime())]
      app.listen({ port: 0, hostname: '127.0.0.1' })
      live = `http://127.0.0.1:${app.server?.port}`
      nginx = await startNginx(binary, join(tmp.dir, 'nginx'), root, `127.0.0.1:${app.server?.port}`)
    })
    afterAll(async () => {
      await nginx?.stop()
      await app.stop()
      db.close()
      tmp.cleanup()
    })

    const get = (base: string, url: string, headers: Record<string, string> = {}) =>
      fetch(`${base}${url}`, { headers: { 'accept-encoding': 'identity', ...headers }, decompress: false })
    const maxAge = (r: Response): number =>
      Number(/max-age=(\d+)/.exec(r.headers.get('cache-control') ?? '')?.[1] ?? Number.NaN)

    test('the snapshot covers the URL kinds nginx maps: fixed, per-country and non-ASCII trend slugs', () => {
      expect(snapshotUrls.some((u) => u.startsWith('/v1/trends?country='))).toBe(true)
      expect(snapshotUrls.some((u) => /^\/v1\/trends\/[A-Z]{2}\/.*%[CDE]/.test(u))).toBe(true)
    })

    test('every snapshot-served URL: nginx serves the file, the same bytes and headers as the live node', async () => {
      expect(snapshotUrls.length).toBeGreaterThan(20)
      for (const url of snapshotUrls) {
        const [viaNginx, direct] = await Promise.all([get(nginx.base, url), get(live, url)])
        expect({ url, status: viaNginx.status }).toEqual({ url, status: 200 })
        expect(direct.status).toBe(200)
        // Served by nginx itself: the live node would have added a request id.
        expect(viaNginx.headers.get('x-request-id')).toBeNull()
        expect(direct.headers.get('x-request-id')).not.toBeNull()
        expect(Buffer.from(await viaNginx.arrayBuffer()).equals(Buffer.from(await direct.arrayBuffer()))).toBe(true)
        expect(viaNginx.headers.get('content-type')).toBe(direct.headers.get('content-type') as string)
        expect(viaNginx.headers.get('x-snapshot-version')).toBe(version)
        expect(direct.headers.get('x-snapshot-version')).toBe(version)
        expect(viaNginx.headers.get('access-control-allow-origin')).toBe('*')
        expect(Math.abs(maxAge(viaNginx) - maxAge(direct))).toBeLessThanOrEqual(3)
        expect(maxAge(viaNginx)).toBeGreaterThan(0)
      }
    })

    test('ETag revalidation through nginx answers 304', async () => {
      for (const url of snapshotUrls.slice(0, 5)) {
        const first = await get(nginx.base, url)
        const etag = first.headers.get('etag')
        expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/)
        const again = await get(nginx.base, url, { 'if-none-match': etag as string })
        expect(again.status).toBe(304)
      }
    })

    test("gzip when asked: the decompressed body is the live node's bytes", async () => {
      let compressed = 0
      for (const url of snapshotUrls) {
        const [viaNginx, direct] = await Promise.all([
          get(nginx.base, url, { 'accept-encoding': 'gzip' }),
          get(live, url),
        ])
        const raw = Buffer.from(await viaNginx.arrayBuffer())
        const want = Buffer.from(await direct.arrayBuffer())
        if (viaNginx.headers.get('content-encoding') === 'gzip') {
          compressed++
          expect(Buffer.from(Bun.gunzipSync(raw)).equals(want)).toBe(true)
          expect(viaNginx.headers.get('vary')).toContain('Accept-Encoding')
        } else {
          expect(want.byteLength).toBeLessThan(1024)
          expect(raw.equals(want)).toBe(true)
        }
      }
      expect(compressed).toBeGreaterThan(0)
    })

    test.each([
      '/v1/search?q=bitcoin',
      '/v1/stats',
      '/v1/btc/price?interval=hour',
      '/v1/btc/correlation?max_shift=2',
      '/v1/trends?country=de',
      '/v1/trends?country=ZZ',
      '/v1/trends?country=DE&limit=5',
      '/v1/trends/keywords?limit=3',
      '/v1/markets/no-such-market',
      '/v1/trends/by-country/DE',
      '/v1/rss',
      '/health',
      '/snapshots/',
      '/openapi.json',
    ])('parameterised or dynamic URL reaches the live node: %s', async (url) => {
      const [viaNginx, direct] = await Promise.all([get(nginx.base, url), get(live, url)])
      expect(viaNginx.status).toBe(direct.status)
      // The API answers carry a request id only the live node adds (the OpenAPI plugin's document has none).
      if (url !== '/openapi.json') expect(viaNginx.headers.get('x-request-id')).not.toBeNull()
      expect(viaNginx.headers.get('content-type')).toBe(direct.headers.get('content-type') as string)
      // Feeds name themselves by the Host the client used: nginx passes it through unchanged.
      const body = (await viaNginx.text()).replaceAll(nginx.base, live)
      // Both requests end their default range at the live node's clock, which may tick between
      // them: the range's ends (a default range starts a fixed time before now) are the fields
      // allowed to differ (by the second it ticked).
      const end = (text: string) =>
        text.replace(/"(from|to|since|until)":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"/g, '"$1":"(now)"')
      if (!url.startsWith('/health')) expect(end(body)).toBe(end(await direct.text()))
    })

    // Page files come from nginx's static handler: it adds Last-Modified, the live node never does.
    const fromFile = (r: Response) => r.headers.get('last-modified') !== null
    const PAGE_HEADERS = ['content-type', 'cache-control', 'content-security-policy', 'x-content-type-options']
    const headersOf = (r: Response) => Object.fromEntries(PAGE_HEADERS.map((h) => [h, r.headers.get(h)]))

    test('the page: `/` and every asset it names come from the snapshot root, the bytes and headers the live node serves', async () => {
      expect(page.files).toContain('index.html')
      const html = readFileSync(join(root, 'index.html'), 'utf8')
      const assets = assetsReferencedBy(html)
      expect(assets.map((a) => a.split('.').pop()).sort()).toEqual(['css', 'js'])
      expect(page.files.sort()).toEqual(['index.html', ...assets.map((a) => `assets/${a}`)].sort())
      for (const url of ['/', '/?view=trends', ...assets.map((a) => `/assets/${a}`)]) {
        const [viaNginx, direct] = await Promise.all([get(nginx.base, url), get(live, url)])
        expect({ url, nginx: viaNginx.status, live: direct.status }).toEqual({ url, nginx: 200, live: 200 })
        expect({ url, nginxFromFile: fromFile(viaNginx), liveFromFile: fromFile(direct) }).toEqual({
          url,
          nginxFromFile: true,
          liveFromFile: false,
        })
        const bytes = Buffer.from(await viaNginx.arrayBuffer())
        expect(bytes.equals(Buffer.from(await direct.arrayBuffer()))).toBe(true)
        expect(bytes.equals(readFileSync(join(root, url.startsWith('/assets/') ? url.slice(1) : 'index.html')))).toBe(
          true,
        )
        expect({ url, ...headersOf(viaNginx) }).toEqual({ url, ...headersOf(direct) })
      }
    })

    test("the page through nginx: gzip when asked (the live node's bytes once decompressed), 304 on revalidation", async () => {
      const assets = assetsReferencedBy(readFileSync(join(root, 'index.html'), 'utf8'))
      for (const url of ['/', ...assets.map((a) => `/assets/${a}`)]) {
        const [viaNginx, direct] = await Promise.all([
          get(nginx.base, url, { 'accept-encoding': 'gzip' }),
          get(live, url),
        ])
        expect({ url, encoding: viaNginx.headers.get('content-encoding') }).toEqual({ url, encoding: 'gzip' })
        expect(viaNginx.headers.get('vary')).toContain('Accept-Encoding')
        expect(
          Buffer.from(Bun.gunzipSync(Buffer.from(await viaNginx.arrayBuffer()))).equals(
            Buffer.from(await direct.arrayBuffer()),
          ),
        ).toBe(true)
        const etag = viaNginx.headers.get('etag')
        expect(etag).not.toBeNull()
        expect((await get(nginx.base, url, { 'if-none-match': etag as string })).status).toBe(304)
      }
    })

    test('before a build has written the page, `/` and unknown assets reach the live node', async () => {
      const index = join(root, 'index.html')
      renameSync(index, `${index}.away`)
      try {
        const [viaNginx, direct] = await Promise.all([get(nginx.base, '/'), get(live, '/')])
        expect(viaNginx.status).toBe(200)
        expect(fromFile(viaNginx)).toBe(false)
        expect(await viaNginx.text()).toBe(await direct.text())
      } finally {
        renameSync(`${index}.away`, index)
      }
      const missing = await get(nginx.base, '/assets/app-00000000.js')
      expect(missing.status).toBe(404)
      expect(await missing.text()).toBe(await (await get(live, '/assets/app-00000000.js')).text())
    })

    test('a new version is served by nginx as soon as the build swaps `current`', async () => {
      const next = new Date(builtAt.getTime() + 60_000)
      const v2 = buildSnapshot({ db, root, now: next, sources: {}, bundle: false }).version
      expect(v2).not.toBe(version)
      const r = await get(nginx.base, '/v1/markets')
      expect(r.headers.get('x-snapshot-version')).toBe(v2)
    })

    test('a second build of the same minute (version `<minute>-02`) is served by nginx too', async () => {
      const next = new Date(builtAt.getTime() + 120_000)
      const first = buildSnapshot({ db, root, now: next, sources: {}, bundle: false }).version
      const second = buildSnapshot({ db, root, now: next, sources: {}, bundle: false }).version
      expect(second).toBe(`${first}-02`)
      const [viaNginx, direct] = await Promise.all([get(nginx.base, '/v1/markets'), get(live, '/v1/markets')])
      expect(viaNginx.headers.get('x-request-id')).toBeNull()
      expect(viaNginx.headers.get('x-snapshot-version')).toBe(second)
      expect(await viaNginx.text()).toBe(await direct.text())
    })

    test('nginx logged no errors', () => {
      expect(nginx.errorLog()).not.toMatch(/\[(error|crit|alert|emerg)\]/)
    })
  })
