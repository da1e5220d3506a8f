/**
 * Object-store publishing: the plan (which keys change, with which headers, in which order) as a
 * table and the page's Content-Types against the live node's; the real publish to a local
 * S3-compatible server is publish-s3-moto.test.ts.
 */
import { describe, expect, test } from 'bun:test'
import { ASSET_CACHE_CONTROL, INDEX_HEADERS, bundlePage } from '../../contract/page-bundle.ts'
import {
  IMMUTABLE,
  type PageState,
  type PlanInput,
  type PlannedObject,
  currentMaxAge,
  planPublish,
  urlKeyOf,
} from '../../batch/publish-s3.ts'
import { type Manifest, contentTypeOf } from '../../contract/snapshot-files.ts'

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
const v1 = manifest('20261121T1300Z', [
  file('v1/trends.json', 'a'),
  file('v1/markets.json', 'b'),
  file('v1/trends/FR/été-chaud.json', 'c'),
])
const v2 = manifest('20261121T1400Z', [
  file('v1/trends.json', 'a'),
  file('v1/markets.json', 'B'),
  file('v1/trends/by-country/FR.json', 'd'),
])
const input = (over: Partial<PlanInput>): PlanInput => ({
  versionFiles: new Map([
    ['manifest.json', 'x'],
    ['SHA256SUMS', ''],
    ['v1/trends.json', 'a'],
    ['data/articles.ndjson.gz', 'y'],
  ]),
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
])('current files cacheable until the next build: $name', ({ now, want }) =>
  expect(currentMaxAge('2026-11-21T14:00:00Z', Date.parse(now))).toBe(want),
)

describe('planPublish', () => {
  const plan = planPublish(input({}))
  const byKey = new Map(plan.map((o) => [o.key, o]))

  test('every file of the new version is uploaded once, immutable', () => {
    for (const path of ['manifest.json', 'SHA256SUMS', 'v1/trends.json', 'data/articles.ndjson.gz']) {
      expect(byKey.get(`20261121T1400Z/${path}`)).toMatchObject({
        action: 'put',
        cacheControl: IMMUTABLE,
        why: 'new version',
      })
    }
    expect(byKey.get('20261121T1400Z/data/articles.ndjson.gz')?.contentType).toBe('application/gzip')
  })

  test('root copies: only changed and new files, with a max-age to the next build', () => {
    expect(byKey.has('v1/trends')).toBe(false) // same sha256 as the previous version
    expect(byKey.get('v1/markets')).toMatchObject({
      action: 'put',
      why: 'changed',
      contentType: 'application/json',
      cacheControl: 'public, max-age=3300',
    })
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

test.each([
  { path: 'index.html', want: 'text/html; charset=utf-8' },
  { path: 'assets/app-3k2j1h.js', want: 'text/javascript; charset=utf-8' },
  { path: 'assets/app-3k2j1h.css', want: 'text/css; charset=utf-8' },
  { path: 'v1/trends.json', want: 'application/json' },
  { path: 'assets/app-3k2j1h.js.map', want: 'application/octet-stream' },
  { path: 'index.htm', want: 'application/octet-stream' },
])('contentTypeOf($path)', ({ path, want }) => expect(contentTypeOf(path)).toBe(want))

test('the page files get the Content-Type the live node sends for them', async () => {
  const { assets } = await bundlePage()
  expect(contentTypeOf('index.html')).toBe(INDEX_HEADERS['content-type'] as string)
  expect([...assets.keys()].map((n) => n.split('.').pop()).sort()).toEqual(['css', 'js'])
  for (const [name, asset] of assets) expect(contentTypeOf(`assets/${name}`)).toBe(asset.type)
  expect(ASSET_CACHE_CONTROL).toBe(IMMUTABLE)
})

describe('planPublish: the page beside the snapshots', () => {
  const sha = (c: string) => c.repeat(64)
  /** A page whose index.html names `referenced`; `extra` are further files under assets/ on that side. */
  const pageState = (indexSha256: string | null, referenced: string[], extra: string[] = []): PageState => ({
    indexSha256,
    referenced,
    assets: new Map([...referenced, ...extra].map((n) => [n, n.length * 10])),
  })
  const oldPage = ['app-old00001.css', 'app-old00001.js']
  const newPage = ['app-new00002.css', 'app-new00002.js']
  // Locally batch/page.ts keeps the previous page's assets beside the new ones.
  const local = pageState(sha('2'), newPage, oldPage)
  const remote = pageState(sha('1'), oldPage, ['app-older03.js'])
  const builtAt = Date.parse('2026-11-21T14:00:00Z')
  const nowMs = Date.parse('2026-11-21T14:10:00Z')
  // Next build due at built_at + 60 min, plus 5 min slack, counted from now.
  const shortAge = `public, max-age=${(builtAt + 65 * 60_000 - nowMs) / 1000}`
  const pageKeys = (plan: PlannedObject[]) =>
    plan.filter((o) => o.key === 'index.html' || o.key.startsWith('assets/')).map((o) => `${o.action} ${o.key}`)

  test.each([
    {
      name: 'unchanged page: nothing of it',
      page: pageState(sha('1'), oldPage),
      remote: pageState(sha('1'), oldPage),
      want: [],
    },
    {
      name: 'new bundle: new assets, then index.html, then the asset no index names is deleted',
      page: local,
      remote,
      want: [
        'put assets/app-new00002.css',
        'put assets/app-new00002.js',
        'put index.html',
        'delete assets/app-older03.js',
      ],
    },
    {
      name: 'first publish: the whole page',
      page: local,
      remote: null,
      want: ['put assets/app-new00002.css', 'put assets/app-new00002.js', 'put index.html'],
    },
    {
      name: 'assets there but no index.html (an upload stopped between them): index.html, strays deleted',
      page: pageState(sha('2'), newPage),
      remote: pageState(null, [], [...newPage, 'app-older03.js']),
      want: ['put index.html', 'delete assets/app-older03.js'],
    },
    {
      name: 'an asset of another size is uploaded again',
      page: pageState(sha('1'), oldPage),
      remote: {
        ...pageState(sha('1'), oldPage),
        assets: new Map([
          ['app-old00001.css', 1],
          ['app-old00001.js', 'app-old00001.js'.length * 10],
        ]),
      },
      want: ['put assets/app-old00001.css'],
    },
    { name: "no page in the local folder: the bucket's page is left alone", page: null, remote, want: [] },
    {
      name: 'only index.html changed (same bundle)',
      page: pageState(sha('3'), oldPage),
      remote: pageState(sha('1'), oldPage),
      want: ['put index.html'],
    },
  ])('$name', ({ page, remote, want }) => {
    expect(pageKeys(planPublish(input({ page, remotePage: remote })))).toEqual([...want])
  })

  const plan = planPublish(input({ page: local, remotePage: remote }))
  const at = (key: string) => plan.findIndex((o) => o.key === key)

  test('order: version files (SHA256SUMS, manifest last) < current files < assets < index.html < removals < pointer < asset deletions', () => {
    const kindOf = (o: PlannedObject): number => {
      if (o.why === 'new version') return o.key.endsWith('/manifest.json') || o.key.endsWith('/SHA256SUMS') ? 1 : 0
      if (o.key.startsWith('v1/')) return o.action === 'put' ? 2 : 5
      if (o.key.startsWith('assets/')) return o.action === 'put' ? 3 : 7
      if (o.key === 'index.html') return 4
      if (o.key === 'latest.json') return 6
      throw new Error(`unexpected key ${o.key}`)
    }
    const kinds = plan.map(kindOf)
    expect(kinds).toEqual([...kinds].sort((a, b) => a - b))
    // Every rank is present, so the comparison above orders something in each step.
    expect([...new Set(kinds)]).toEqual([0, 1, 2, 3, 4, 5, 6, 7])
    expect(at('index.html')).toBeLessThan(at('latest.json'))
    for (const name of newPage) expect(at(`assets/${name}`)).toBeLessThan(at('index.html'))
    expect(at('assets/app-older03.js')).toBeGreaterThan(at('latest.json'))
  })

  test.each([
    {
      key: 'assets/app-new00002.js',
      contentType: 'text/javascript; charset=utf-8',
      cacheControl: IMMUTABLE,
      from: 'assets/app-new00002.js',
      why: 'new',
    },
    {
      key: 'assets/app-new00002.css',
      contentType: 'text/css; charset=utf-8',
      cacheControl: IMMUTABLE,
      from: 'assets/app-new00002.css',
      why: 'new',
    },
    {
      key: 'index.html',
      contentType: 'text/html; charset=utf-8',
      cacheControl: 'no-cache',
      from: 'index.html',
      why: 'changed',
    },
    {
      key: 'v1/markets',
      contentType: 'application/json',
      cacheControl: shortAge,
      from: '20261121T1400Z/v1/markets.json',
      why: 'changed',
    },
    {
      key: '20261121T1400Z/data/articles.ndjson.gz',
      contentType: 'application/gzip',
      cacheControl: IMMUTABLE,
      from: '20261121T1400Z/data/articles.ndjson.gz',
      why: 'new version',
    },
    { key: 'latest.json', contentType: 'application/json', cacheControl: 'no-cache', why: 'pointer' },
  ])('headers of $key', (want) => expect(plan.find((o) => o.key === want.key)).toEqual({ action: 'put', ...want }))

  test("the previous index.html's assets stay; a prefix prefixes the page's keys too", () => {
    for (const name of oldPage) expect(at(`assets/${name}`)).toBe(-1)
    const prefixed = pageKeys(
      planPublish(input({ page: local, remotePage: remote, prefix: 'news/' })).map((o) => ({
        ...o,
        key: o.key.replace(/^news\//, ''),
      })),
    )
    expect(prefixed).toEqual(pageKeys(plan))
  })

  test('an index.html naming an asset the folder lacks is refused before anything is uploaded', () => {
    const broken: PageState = { indexSha256: sha('4'), referenced: newPage, assets: new Map([['app-new00002.css', 5]]) }
    expect(() => planPublish(input({ page: broken, remotePage: remote }))).toThrow('assets/app-new00002.js')
  })
})
