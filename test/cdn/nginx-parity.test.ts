/**
 * nginx (deploy/nginx-newsdesk.conf.template) in front of a real live node on loopback: every
 * snapshot-served URL answers through nginx with the live node's bytes, Content-Type, version and
 * cache lifetime, gzip when asked; every other URL reaches the live node. Skips when nginx is absent.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { fixedSnapshotUrls, trendSnapshotUrls } from '../../build/snapshot/compute.ts'
import { buildSnapshot } from '../../build/snapshot/run.ts'
import { createApp } from '../../live/app.ts'
import { SnapshotSource } from '../../live/snapshot-source.ts'
import { SqliteSearchIndex } from '../../store/search-sqlite.ts'
import { tempDir } from '../support/tmp.ts'
import { type RunningNginx, nginxBinary, startNginx } from './nginx-harness.ts'
import { shiftedFixtureStore } from './shifted-fixture.ts'

const binary = nginxBinary()
if (binary === null) console.log('skip: nginx parity tests: no nginx binary (install Debian\'s nginx or set NGINX_BIN)')

describe.skipIf(binary === null)('nginx in front of the live node', () => {
  const tmp = tempDir('nginx')
  const root = join(tmp.dir, 'snapshots')
  const { db, builtAt } = shiftedFixtureStore(join(tmp.dir, 'store.sqlite'))
  const source = new SnapshotSource({ root, db: () => db, index: (d) => new SqliteSearchIndex(d) })
  const app = createApp({ data: () => source.current, clock: () => new Date(), uptimeSeconds: () => 0, version: 't', log: () => {}, snapshotsRoot: root })
  let live = ''
  let nginx: RunningNginx
  let snapshotUrls: string[] = []
  let version = ''

  beforeAll(async () => {
    version = buildSnapshot({ db, root, now: builtAt, sources: {}, bundle: false }).version
    source.refresh()
    const view = source.current
    if (view === null) throw new Error('no snapshot loaded')
    snapshotUrls = [...fixedSnapshotUrls(), ...trendSnapshotUrls(view, builtAt.getTime())]
    app.listen({ port: 0, hostname: '127.0.0.1' })
    live = `http://127.0.0.1:${app.server?.port}`
    nginx = await startNginx(binary as string, join(tmp.dir, 'nginx'), root, `127.0.0.1:${app.server?.port}`)
  })
  afterAll(async () => {
    await nginx?.stop()
    await app.stop()
    db.close()
    tmp.cleanup()
  })

  const get = (base: string, url: string, headers: Record<string, string> = {}) =>
    fetch(`${base}${url}`, { headers: { 'accept-encoding': 'identity', ...headers }, decompress: false })
  const maxAge = (r: Response): number => Number(/max-age=(\d+)/.exec(r.headers.get('cache-control') ?? '')?.[1] ?? Number.NaN)

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

  test('gzip when asked: the decompressed body is the live node\'s bytes', async () => {
    let compressed = 0
    for (const url of snapshotUrls) {
      const [viaNginx, direct] = await Promise.all([get(nginx.base, url, { 'accept-encoding': 'gzip' }), get(live, url)])
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
    if (!url.startsWith('/health')) expect(body).toBe(await direct.text())
  })

  test('a new version is served by nginx as soon as the build swaps `current`', async () => {
    const next = new Date(builtAt.getTime() + 60_000)
    const v2 = buildSnapshot({ db, root, now: next, sources: {}, bundle: false }).version
    expect(v2).not.toBe(version)
    const r = await get(nginx.base, '/v1/markets')
    expect(r.headers.get('x-snapshot-version')).toBe(v2)
  })

  test('nginx logged no errors', () => {
    expect(nginx.errorLog()).not.toMatch(/\[(error|crit|alert|emerg)\]/)
  })
})
