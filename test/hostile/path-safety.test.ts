/**
 * No way out of the data folders (issue 9, item 3): path values are allow-listed before any file
 * lookup; snapshotPathFor never yields a path that leaves the version folder; the live node's
 * snapshot reader serves only files its manifest lists; no URL (traversal in any encoding) reads
 * a file outside the snapshot folder; `/v1/article` never fetches anything from the network.
 */
import { afterAll, describe, expect, spyOn, test } from 'bun:test'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, normalize, sep } from 'node:path'
import fc from 'fast-check'
import { ENDPOINTS } from '../../core/endpoints.ts'
import { parseParam } from '../../core/params.ts'
import { createApp } from '../../live/app.ts'
import { SnapshotSource } from '../../live/snapshot-source.ts'
import { SqliteSearchIndex } from '../../store/search-sqlite.ts'
import { LATEST_FILE, MANIFEST_FILE, snapshotPathFor } from '../../contract/snapshot-files.ts'
import { anyRequest } from '../fuzz/request-arbitraries.ts'
import { FIXTURE_NOW, buildFixtureStore } from '../support/fixture-store.ts'
import { tempDir } from '../support/tmp.ts'

const SECRET = 'SECRET-OUTSIDE-THE-SNAPSHOT-FOLDER'
const VERSION = '20261121T1400Z'
const tmp = tempDir('paths')
const root = join(tmp.dir, 'snapshots')
const versionDir = join(root, VERSION)

// A snapshot folder with a few served files, and secrets next to it, above it and inside it
// (a file in the version folder that the manifest does not list is not served either).
const SERVED: Record<string, string> = {
  'v1/markets.json': '{"instruments":[]}',
  'v1/trends/GB/storm-warning.json': '{"served":"trend"}',
  'v1/markets/gold.json': '{"served":"gold"}',
}
for (const [path, body] of Object.entries(SERVED)) {
  mkdirSync(join(versionDir, path, '..'), { recursive: true })
  writeFileSync(join(versionDir, path), body)
}
writeFileSync(join(tmp.dir, 'secret.json'), SECRET)
writeFileSync(join(root, 'secret.json'), SECRET)
writeFileSync(join(versionDir, 'v1', 'unlisted.json'), SECRET)
mkdirSync(join(versionDir, 'v1', 'markets', 'x'), { recursive: true })
writeFileSync(join(versionDir, 'v1', 'markets', 'x', 'secret.json'), SECRET)
writeFileSync(
  join(versionDir, MANIFEST_FILE),
  JSON.stringify({
    schema: 1,
    version: VERSION,
    built_at: '2026-11-21T14:00:00Z',
    watermark: 1_000_000,
    counts: {},
    sources: {},
    files: Object.keys(SERVED).map((path) => ({ path, bytes: 1, sha256: 'x' })),
  }),
)
writeFileSync(
  join(root, LATEST_FILE),
  JSON.stringify({ version: VERSION, built_at: '2026-11-21T14:00:00Z', watermark: 1_000_000 }),
)

const db = buildFixtureStore(join(tmp.dir, 's.sqlite'))
const source = new SnapshotSource({ root, db: () => db, index: (d) => new SqliteSearchIndex(d) })
source.refresh()
const app = createApp({
  data: () => source.current,
  clock: () => new Date(FIXTURE_NOW.getTime()),
  uptimeSeconds: () => 1,
  version: '0.1.0',
  log: () => {},
  snapshotsRoot: root,
})
const get = (target: string) => app.handle(new Request(`http://localhost${target}`))
afterAll(() => {
  db.close()
  tmp.cleanup()
})

/** Does `rel`, joined under the version folder, stay inside it? */
const staysInside = (rel: string) =>
  normalize(join(versionDir, rel)).startsWith(versionDir + sep) && !rel.includes('\0') && !rel.includes('\\')

const TRAVERSALS = [
  '..',
  '%2e%2e',
  '%2E%2E',
  '.%2e',
  '%252e%252e',
  '..%2f..%2fsecret',
  '..%2F..%2F..%2Fsecret.json',
  '..%5c..%5csecret.json',
  '%c0%ae%c0%ae',
  '%00',
  'storm-warning%00',
  'storm-warning.json%00',
  '..%00',
  'x%2fsecret',
  '~',
]

describe('path values are allow-listed by the registry before use', () => {
  const pathParams = ENDPOINTS.flatMap((e) =>
    Object.entries(e.pathParams).map(([name, spec]) => ({ path: e.path, name, spec })),
  )
  test.each(pathParams.map((p) => [`${p.path} ${p.name}`, p] as const))(
    '%s refuses traversal forms',
    (_label, { spec }) => {
      expect(spec.kind === 'string' && spec.pattern !== undefined).toBe(true)
      for (const raw of TRAVERSALS.flatMap((t) => [t, decodeURIComponentSafe(t)])) {
        expect(parseParam(spec, raw, { nowMs: 0 }).ok).toBe(false)
      }
    },
  )

  test('every accepted path value is free of dots, slashes, backslashes and NUL', () => {
    for (const { spec } of pathParams) {
      fc.assert(
        fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (raw) => {
          if (parseParam(spec, raw, { nowMs: 0 }).ok) expect(raw).not.toMatch(/[./\\\0%]/)
        }),
        { numRuns: 2_000, seed: 9 },
      )
    }
  })
})

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}

describe('snapshotPathFor never leaves the version folder', () => {
  test.each(TRAVERSALS)('trend slug %s', (slug) => {
    const p = snapshotPathFor(`/v1/trends/GB/${slug}`, new URLSearchParams())
    expect(p === null || staysInside(p)).toBe(true)
    expect(p).toBeNull()
  })

  test('fuzzed request targets map to null or a .json path inside the folder', () => {
    fc.assert(
      fc.property(anyRequest, (target) => {
        const url = new URL(`http://localhost${target}`)
        const p = snapshotPathFor(url.pathname, url.searchParams)
        if (p !== null) {
          expect(staysInside(p)).toBe(true)
          expect(p).toMatch(/^v1\/.+\.json$/)
        }
      }),
      { numRuns: 1_000, seed: 17 },
    )
  }, 60_000)
})

describe('the snapshot reader serves only files its manifest lists', () => {
  test.each([
    '../secret.json',
    '../../secret.json',
    'v1/../../secret.json',
    'v1/unlisted.json',
    'v1/markets/x/secret.json',
    '/etc/passwd',
    `${tmp.dir}/secret.json`,
    'v1/markets.json\0',
    'v1\\..\\..\\secret.json',
  ])('file(%s) is null', (path) => {
    expect(source.current?.file(path) ?? null).toBeNull()
  })

  test('listed files are served', () => {
    expect(new TextDecoder().decode(source.current?.file('v1/markets/gold.json') ?? new Uint8Array())).toBe(
      SERVED['v1/markets/gold.json'] ?? '',
    )
  })
})

describe('no URL reads a file outside the snapshot folder', () => {
  const prefixes = [
    '/v1/trends/GB/',
    '/v1/trends/',
    '/v1/markets/',
    '/v1/markets/x/',
    `/snapshots/${VERSION}/`,
    `/snapshots/${VERSION}/v1/`,
    '/snapshots/',
    '/assets/',
    '/',
  ]
  const targets = prefixes.flatMap((p) =>
    [...TRAVERSALS, 'unlisted', 'unlisted.json'].flatMap((t) => [
      `${p}${t}`,
      `${p}${t}/${t}/secret.json`,
      `${p}${t}%2f${t}%2fsecret.json`,
      `${p}${t}%2f${t}%2f${t}%2fsecret.json`,
    ]),
  )

  test(`${targets.length} traversal URLs never answer the secret`, async () => {
    const statuses = new Map<number, number>()
    for (const target of targets) {
      const r = await get(target)
      const text = await r.text()
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1)
      expect(text).not.toContain(SECRET)
      expect(r.status).toBeLessThan(500)
    }
    expect(statuses.get(200) ?? 0).toBeLessThan(targets.length)
  }, 60_000)

  test('served snapshot files still answer (the allow-list is not a deny-all)', async () => {
    expect(await (await get('/v1/markets/gold')).text()).toBe(SERVED['v1/markets/gold.json'] ?? '')
    expect(await (await get('/v1/trends/GB/storm-warning')).text()).toBe(
      SERVED['v1/trends/GB/storm-warning.json'] ?? '',
    )
  })
})

describe('/v1/article never fetches a URL', () => {
  test('no fetch and no connection, whatever the url', async () => {
    let hits = 0
    const server = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: () => ((hits += 1), new Response('<html><title>fetched</title></html>')),
    })
    const spy = spyOn(globalThis, 'fetch')
    try {
      for (const url of [
        `http://127.0.0.1:${server.port}/story`,
        `http://localhost:${server.port}/`,
        'file:///etc/passwd',
        'https://example.com/news/1',
        `http://[::1]:${server.port}/`,
        'gopher://127.0.0.1:70/',
      ]) {
        const r = await get(`/v1/article?url=${encodeURIComponent(url)}`)
        expect(r.status).toBe(404)
        expect(await r.text()).not.toContain('fetched')
      }
      expect(spy).not.toHaveBeenCalled()
      expect(hits).toBe(0)
    } finally {
      spy.mockRestore()
      await server.stop(true)
    }
  })
})
