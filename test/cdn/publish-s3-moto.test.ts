/**
 * Object-store publishing for real: two versions published to a local S3-compatible server (moto)
 * when one is installed; skips otherwise (the plan itself: publish-plan.test.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { S3Client } from 'bun'
import { assetsReferencedBy } from '../../contract/page-bundle.ts'
import { writePage } from '../../batch/page.ts'
import { IMMUTABLE, publishToBucket } from '../../batch/publish-s3.ts'
import { publishSnapshot } from '../../batch/snapshot/publish.ts'
import { createPage } from '../../live/page.ts'
import { tempDir } from '../support/tmp.ts'
import { freePort } from './nginx-harness.ts'

const motoBin =
  ['/root/.pyenv/shims/moto_server', '/usr/local/bin/moto_server', '/usr/bin/moto_server'].find((p) => existsSync(p)) ??
  Bun.which('moto_server')
if (motoBin === null || motoBin === undefined)
  console.log('skip: S3 publish against a local endpoint: moto_server is not installed')

describe.skipIf(motoBin === null || motoBin === undefined)('publish to a local S3-compatible server (moto)', () => {
  const tmp = tempDir('s3')
  let server: ReturnType<typeof Bun.spawn> | null = null
  let client: S3Client
  let endpoint = ''

  beforeAll(async () => {
    const port = await freePort()
    endpoint = `http://127.0.0.1:${port}`
    server = Bun.spawn([motoBin as string, '-H', '127.0.0.1', '-p', String(port)], {
      stdout: 'ignore',
      stderr: 'ignore',
    })
    for (let i = 0; ; i++) {
      try {
        await fetch(endpoint)
        break
      } catch {
        if (i > 200) throw new Error('moto_server did not start')
        await Bun.sleep(50)
      }
    }
    expect((await fetch(`${endpoint}/newsdesk`, { method: 'PUT' })).status).toBe(200)
    client = new S3Client({
      bucket: 'newsdesk',
      endpoint,
      accessKeyId: 'test',
      secretAccessKey: 'test',
      region: 'us-east-1',
    })
  }, 30_000)
  afterAll(async () => {
    server?.kill()
    await server?.exited
    tmp.cleanup()
  })

  test('two versions: objects, headers, the changed set and the pointer', async () => {
    const root = join(tmp.dir, 'snapshots')
    const meta = (version: string, built_at: string) => ({ version, built_at, watermark: 1, counts: {}, sources: {} })
    publishSnapshot(root, meta('20261121T1300Z', '2026-11-21T13:00:00Z'), [
      { path: 'v1/trends.json', body: '{"t":1}' },
      { path: 'v1/trends/FR/été-chaud.json', body: '{"s":"été"}' },
    ])
    await writePage(root)
    const refs = assetsReferencedBy(readFileSync(join(root, 'index.html'), 'utf8'))
    const pageKeys = ['index.html', ...refs.map((n) => `assets/${n}`)].sort()
    const first = await publishToBucket(root, client, { nowMs: Date.parse('2026-11-21T13:05:00Z') })
    expect(
      first.plan
        .filter((o) => o.why === 'new')
        .map((o) => o.key)
        .sort(),
    ).toEqual([...pageKeys, 'v1/trends', 'v1/trends/FR/été-chaud'].sort())

    const head = async (key: string) => fetch(client.presign(key, { method: 'GET' }))
    // The page arrives as the live node serves it: same bytes, same Content-Type; the index until the next build, the hashed assets for good.
    const live = createPage(() => {})
    const index = await head('index.html')
    expect(await index.text()).toBe(await (await live.index()).text())
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(index.headers.get('cache-control')).toBe((await live.index()).headers.get('cache-control'))
    expect(index.headers.get('cache-control')).toBe('no-cache')
    for (const name of refs) {
      const [got, want] = [await head(`assets/${name}`), await live.asset(name)]
      expect(Buffer.from(await got.arrayBuffer()).equals(Buffer.from(await want.arrayBuffer()))).toBe(true)
      expect(got.headers.get('content-type')).toBe(
        name.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8',
      )
      expect(got.headers.get('content-type')).toBe(want.headers.get('content-type'))
      expect(got.headers.get('cache-control')).toBe(IMMUTABLE)
    }
    const slug = await head('v1/trends/FR/été-chaud')
    expect(slug.status).toBe(200)
    expect(await slug.text()).toBe('{"s":"été"}')
    expect(slug.headers.get('content-type')).toBe('application/json')
    expect(slug.headers.get('cache-control')).toBe('public, max-age=3600')
    expect((await head('20261121T1300Z/manifest.json')).headers.get('cache-control')).toBe(IMMUTABLE)

    // An asset no index.html names (left by a page two publishes old) goes, after the pointer.
    await client.write('assets/app-stale001.js', 'stale')
    publishSnapshot(root, meta('20261121T1400Z', '2026-11-21T14:00:00Z'), [{ path: 'v1/trends.json', body: '{"t":2}' }])
    const second = await publishToBucket(root, client, { nowMs: Date.parse('2026-11-21T14:00:00Z') })
    expect(second.plan.filter((o) => !o.key.startsWith('20261121T1400Z/')).map((o) => `${o.action} ${o.key}`)).toEqual([
      'put v1/trends',
      'delete v1/trends/FR/été-chaud',
      'put latest.json',
      'delete assets/app-stale001.js',
    ])
    expect((await head('assets/app-stale001.js')).status).toBe(404)
    for (const name of refs) expect((await head(`assets/${name}`)).status).toBe(200)
    expect(await (await head('v1/trends')).text()).toBe('{"t":2}')
    expect((await head('v1/trends/FR/été-chaud')).status).toBe(404)
    expect(JSON.parse(await (await head('latest.json')).text()).version).toBe('20261121T1400Z')
    // publishing the same version again changes nothing but the pointer
    const again = await publishToBucket(root, client, { nowMs: Date.parse('2026-11-21T14:01:00Z') })
    expect(again.plan.map((o) => o.key)).toEqual(['latest.json'])

    // A new bundle: its assets, then index.html; the previous page's assets stay one publish.
    const html = readFileSync(join(root, 'index.html'), 'utf8')
    const next = refs.map((n) => n.replace(/^app-[^.]+/, 'app-next0001'))
    for (const [i, name] of next.entries()) writeFileSync(join(root, 'assets', name), `/* ${i} */`)
    writeFileSync(
      join(root, 'index.html'),
      refs.reduce((h, n, i) => h.replace(`assets/${n}`, `assets/${next[i]}`), html),
    )
    const third = await publishToBucket(root, client, { nowMs: Date.parse('2026-11-21T14:30:00Z') })
    expect(third.plan.map((o) => `${o.action} ${o.key}`)).toEqual([
      ...[...next].sort().map((n) => `put assets/${n}`),
      'put index.html',
      'put latest.json',
    ])
    const swapped = await head('index.html')
    expect(assetsReferencedBy(await swapped.text()).sort()).toEqual([...next].sort())
    expect(swapped.headers.get('cache-control')).toBe('no-cache') // revalidated on every load, as the live node and nginx send it
    for (const name of [...refs, ...next]) expect((await head(`assets/${name}`)).status).toBe(200)
  }, 30_000)
})
