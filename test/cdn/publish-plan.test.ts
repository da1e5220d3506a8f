/**
 * Object-store publishing: the plan (which keys change, with which headers) as a table, and a real
 * publish to a local S3-compatible server (moto) when one is installed; that part skips otherwise.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { S3Client } from 'bun'
import { IMMUTABLE, type PlanInput, currentMaxAge, planPublish, publishToBucket, urlKeyOf } from '../../build/publish-s3.ts'
import { publishSnapshot } from '../../build/snapshot/publish.ts'
import type { Manifest } from '../../store/snapshot-files.ts'
import { tempDir } from '../support/tmp.ts'
import { freePort } from './nginx-harness.ts'

const file = (path: string, sha: string) => ({ path, bytes: 1, sha256: sha.padEnd(64, '0') })
const manifest = (version: string, files: ReturnType<typeof file>[]): Manifest => ({
  schema: 1,
  version,
  built_at: `${version.slice(0, 4)}-${version.slice(4, 6)}-${version.slice(6, 8)}T${version.slice(9, 11)}:${version.slice(11, 13)}:00Z`,
  watermark: 1,
  counts: {},
  sources: {},
  files,
})
const v1 = manifest('20261121T1300Z', [file('v1/trends.json', 'a'), file('v1/markets.json', 'b'), file('v1/trends/FR/été-chaud.json', 'c')])
const v2 = manifest('20261121T1400Z', [file('v1/trends.json', 'a'), file('v1/markets.json', 'B'), file('v1/trends/by-country/FR.json', 'd')])
const input = (over: Partial<PlanInput>): PlanInput => ({
  versionFiles: new Map([['manifest.json', 'x'], ['SHA256SUMS', ''], ['v1/trends.json', 'a'], ['data/articles.ndjson.gz', 'y']]),
  manifest: v2,
  previous: v1,
  existingVersionKeys: new Set(),
  nowMs: Date.parse('2026-11-21T14:10:00Z'),
  ...over,
})

test.each([
  { path: 'v1/trends.json', key: 'v1/trends' },
  { path: 'v1/trends/by-country/US.json', key: 'v1/trends/by-country/US' },
  { path: 'v1/trends/FR/été-chaud.json', key: 'v1/trends/FR/été-chaud' },
  { path: 'v1/markets/gold.json', key: 'v1/markets/gold' },
])('root key of $path is its URL path', ({ path, key }) => expect(urlKeyOf(path)).toBe(key))

test.each([
  { name: 'just built', now: '2026-11-21T14:00:00Z', want: 3900 },
  { name: '10 min later', now: '2026-11-21T14:10:00Z', want: 3300 },
  { name: 'next build overdue', now: '2026-11-21T16:00:00Z', want: 60 },
])('current files cacheable until the next build: $name', ({ now, want }) => expect(currentMaxAge('2026-11-21T14:00:00Z', Date.parse(now))).toBe(want))

describe('planPublish', () => {
  const plan = planPublish(input({}))
  const byKey = new Map(plan.map((o) => [o.key, o]))

  test('every file of the new version is uploaded once, immutable', () => {
    for (const path of ['manifest.json', 'SHA256SUMS', 'v1/trends.json', 'data/articles.ndjson.gz']) {
      expect(byKey.get(`20261121T1400Z/${path}`)).toMatchObject({ action: 'put', cacheControl: IMMUTABLE, why: 'new version' })
    }
    expect(byKey.get('20261121T1400Z/data/articles.ndjson.gz')?.contentType).toBe('application/gzip')
  })

  test('root copies: only changed and new files, with a max-age to the next build', () => {
    expect(byKey.has('v1/trends')).toBe(false) // same sha256 as the previous version
    expect(byKey.get('v1/markets')).toMatchObject({ action: 'put', why: 'changed', contentType: 'application/json', cacheControl: 'public, max-age=3300' })
    expect(byKey.get('v1/trends/by-country/FR')).toMatchObject({ action: 'put', why: 'new' })
  })

  test('files the new version lacks are deleted; the pointer comes last, no-cache', () => {
    expect(byKey.get('v1/trends/FR/été-chaud')).toMatchObject({ action: 'delete', why: 'removed' })
    expect(plan.at(-1)).toMatchObject({ key: 'latest.json', cacheControl: 'no-cache', why: 'pointer' })
  })

  test('first publish uploads every root copy; a resumed publish skips what is there; a prefix prefixes every key', () => {
    expect(planPublish(input({ previous: null })).filter((o) => o.why === 'new').length).toBe(3)
    const resumed = planPublish(input({ existingVersionKeys: new Set(['20261121T1400Z/data/articles.ndjson.gz']) }))
    expect(resumed.some((o) => o.key === '20261121T1400Z/data/articles.ndjson.gz')).toBe(false)
    expect(planPublish(input({ prefix: 'news/' })).every((o) => o.key.startsWith('news/'))).toBe(true)
  })
})

const motoBin = ['/root/.pyenv/shims/moto_server', '/usr/local/bin/moto_server', '/usr/bin/moto_server'].find((p) => existsSync(p)) ?? Bun.which('moto_server')
if (motoBin === null || motoBin === undefined) console.log('skip: S3 publish against a local endpoint: moto_server is not installed')

describe.skipIf(motoBin === null || motoBin === undefined)('publish to a local S3-compatible server (moto)', () => {
  const tmp = tempDir('s3')
  let server: ReturnType<typeof Bun.spawn> | null = null
  let client: S3Client
  let endpoint = ''

  beforeAll(async () => {
    const port = await freePort()
    endpoint = `http://127.0.0.1:${port}`
    server = Bun.spawn([motoBin as string, '-H', '127.0.0.1', '-p', String(port)], { stdout: 'ignore', stderr: 'ignore' })
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
    client = new S3Client({ bucket: 'newsdesk', endpoint, accessKeyId: 'test', secretAccessKey: 'test', region: 'us-east-1' })
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
    const first = await publishToBucket(root, client, { nowMs: Date.parse('2026-11-21T13:05:00Z') })
    expect(first.plan.filter((o) => o.why === 'new').map((o) => o.key).sort()).toEqual(['v1/trends', 'v1/trends/FR/été-chaud'])

    const head = async (key: string) => fetch(client.presign(key, { method: 'GET' }))
    const slug = await head('v1/trends/FR/été-chaud')
    expect(slug.status).toBe(200)
    expect(await slug.text()).toBe('{"s":"été"}')
    expect(slug.headers.get('content-type')).toBe('application/json')
    expect(slug.headers.get('cache-control')).toBe('public, max-age=3600')
    expect((await head('20261121T1300Z/manifest.json')).headers.get('cache-control')).toBe(IMMUTABLE)

    publishSnapshot(root, meta('20261121T1400Z', '2026-11-21T14:00:00Z'), [{ path: 'v1/trends.json', body: '{"t":2}' }])
    const second = await publishToBucket(root, client, { nowMs: Date.parse('2026-11-21T14:00:00Z') })
    expect(second.plan.filter((o) => !o.key.startsWith('20261121T1400Z/')).map((o) => `${o.action} ${o.key}`)).toEqual([
      'put v1/trends',
      'delete v1/trends/FR/été-chaud',
      'put latest.json',
    ])
    expect(await (await head('v1/trends')).text()).toBe('{"t":2}')
    expect((await head('v1/trends/FR/été-chaud')).status).toBe(404)
    expect(JSON.parse(await (await head('latest.json')).text()).version).toBe('20261121T1400Z')
    // publishing the same version again changes nothing but the pointer
    const again = await publishToBucket(root, client, { nowMs: Date.parse('2026-11-21T14:01:00Z') })
    expect(again.plan.map((o) => o.key)).toEqual(['latest.json'])
  }, 30_000)
})
