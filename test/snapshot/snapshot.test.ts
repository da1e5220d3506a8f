/**
 * The fixture store's snapshot: golden files (UPDATE_GOLDEN=1 rewrites them; review the diff),
 * byte identity of every published file with the live answer at the build instant, and a hot
 * swap under concurrent requests (the version over a real listen: test/snapshot/hot-swap.test.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { answersFor } from '../../answers/registry.ts'
import { computeSnapshot, fixedSnapshotUrls } from '../../batch/snapshot/compute.ts'
import { buildSnapshot } from '../../batch/snapshot/run.ts'
import { createApp } from '../../live/app.ts'
import { SnapshotSource, type SnapshotView } from '../../live/snapshot-source.ts'
import { SqliteSearchIndex } from '../../store/search-sqlite.ts'
import { snapshotPathFor } from '../../contract/snapshot-files.ts'
import { FIXTURE_NOW, buildFixtureStore, fixtureArticles, plantTwoCountryStory } from '../support/fixture-store.ts'
import { tempDir } from '../support/tmp.ts'
import { readSetting } from '../../core/settings.ts'

const GOLDEN = join(import.meta.dir, '..', 'golden', 'snapshot')
const tmp = tempDir('snapshot')
// The fixture plus one story told in GB and US, so the golden keyword list holds a topical word
// (the fixture's own headlines are random word triples, which never trend).
const articles = fixtureArticles()
plantTwoCountryStory(articles)
const db = buildFixtureStore(join(tmp.dir, 's.sqlite'), articles)
afterAll(() => {
  db.close()
  tmp.cleanup()
})
const answers = answersFor({ version: 'test', uptimeSeconds: () => 0 })
const view = { db, index: new SqliteSearchIndex(db), version: 'v', watermark: null }

describe('golden snapshot of the fixture store', () => {
  const files = computeSnapshot(view, FIXTURE_NOW.getTime(), answers, fixedSnapshotUrls())
  test('covers every fixed snapshot URL', () => expect(files.length).toBe(fixedSnapshotUrls().length))
  test.each(files.map((f) => [f.path, f.body] as const))('%s', (path, body) => {
    const file = join(GOLDEN, path)
    const pretty = `${JSON.stringify(JSON.parse(body), null, 2)}\n`
    if (readSetting(process.env, 'UPDATE_GOLDEN') || !existsSync(file)) {
      if (readSetting(process.env, 'CI') && !existsSync(file)) throw new Error(`golden file ${path} is missing`)
      mkdirSync(dirname(file), { recursive: true })
      writeFileSync(file, pretty)
    }
    expect(pretty).toBe(readFileSync(file, 'utf8'))
  })
})

describe('published snapshot, live node and hot swap', () => {
  const root = join(tmp.dir, 'snapshots')
  let clockMs = FIXTURE_NOW.getTime()
  const source = new SnapshotSource({ root, db: () => db, index: (d) => new SqliteSearchIndex(d) })
  const app = createApp({
    data: () => source.current,
    clock: () => new Date(clockMs),
    uptimeSeconds: () => 0,
    version: 't',
    log: () => {},
  })

  beforeAll(() => {
    buildSnapshot({ db, root, now: FIXTURE_NOW, sources: {} })
    source.refresh()
  })

  test('default-parameter URLs are served from the snapshot, byte for byte what live computes', async () => {
    for (const url of fixedSnapshotUrls()) {
      const served = await app.handle(new Request(`http://localhost${url}`))
      expect(served.status).toBe(200)
      expect(served.headers.get('x-snapshot-version')).toBe('20261121T1400Z')
      // the same URL with a no-op extra parameter is computed live (unknown parameters are ignored)
      const live = await app.handle(new Request(`http://localhost${url}?_live=1`))
      expect(await live.text()).toBe(await served.text())
    }
  })

  test('every published file, per-country lists and trend details included, is byte for byte the live answer', async () => {
    const current = source.current
    if (current === null) throw new Error('no snapshot loaded')
    const nowMs = FIXTURE_NOW.getTime()
    // The same version without its files: every URL is computed by the answer function, with a
    // memo of its own so no trend set computed for the build is reused.
    const live = createApp({
      data: () => ({
        db,
        index: new SqliteSearchIndex(db),
        version: current.version,
        watermark: current.watermark,
        builtAt: current.builtAt,
        memo: new Map(),
      }),
      clock: () => new Date(nowMs),
      uptimeSeconds: () => 0,
      version: 't',
      log: () => {},
    })
    const read = new Set<string>()
    const spied: SnapshotView = {
      ...current,
      file: (path) => {
        read.add(path)
        return current.file(path)
      },
    }
    const served = createApp({
      data: () => spied,
      clock: () => new Date(nowMs),
      uptimeSeconds: () => 0,
      version: 't',
      log: () => {},
    })

    // Which trend URLs the version must hold, from the live default list (every story of the default window).
    const list = (await (await live.handle(new Request('http://localhost/v1/trends?size=200'))).json()) as {
      total: number
      trends: { country: string; slug: string }[]
    }
    expect(list.total).toBe(list.trends.length)
    const countries = [...new Set(list.trends.map((t) => t.country))]
    const trendUrls = [
      ...countries.map((cc) => `/v1/trends?country=${cc}`),
      ...list.trends.map((t) => `/v1/trends/${t.country}/${encodeURIComponent(t.slug)}`),
    ]
    expect(countries.length).toBeGreaterThan(1)
    expect(list.trends.some((t) => /[^\p{ASCII}]/u.test(t.slug))).toBe(true)

    // And the page of every entity the live default list names (issue 27).
    const named = (await (await live.handle(new Request('http://localhost/v1/entities'))).json()) as {
      entities: { key: string }[]
    }
    expect(named.entities.length).toBeGreaterThan(0)
    const entityUrls = named.entities.map((e) => `/v1/entities/${encodeURIComponent(e.key)}`)

    const urls = [...fixedSnapshotUrls(), ...trendUrls, ...entityUrls]
    const dir = join(root, current.version)
    let files = 0
    for (const url of urls) {
      const path = snapshotPathFor(
        new URL(url, 'http://localhost').pathname,
        new URL(url, 'http://localhost').searchParams,
      )
      expect(path).not.toBeNull()
      const onDisk = new Uint8Array(readFileSync(join(dir, path as string)))
      files++
      const liveResponse = await live.handle(new Request(`http://localhost${url}`))
      expect(liveResponse.status).toBe(200)
      const liveBytes = new Uint8Array(await liveResponse.arrayBuffer())
      const servedBytes = new Uint8Array(
        await (await served.handle(new Request(`http://localhost${url}`))).arrayBuffer(),
      )
      expect({ url, same: Buffer.from(liveBytes).equals(onDisk) }).toEqual({ url, same: true })
      expect({ url, same: Buffer.from(servedBytes).equals(onDisk) }).toEqual({ url, same: true })
      expect(read.has(path as string)).toBe(true)
    }
    // Nothing published beyond these: the manifest lists exactly the files checked.
    expect(current.manifest.files.length).toBe(files)
    expect(current.manifest.counts.files).toBe(files)
  })

  test('snapshot answers carry a cache lifetime until the next build', async () => {
    const r = await app.handle(new Request('http://localhost/v1/btc/summary'))
    expect(r.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/)
  })

  test('hot swap under concurrent requests: no failure, no mixed version', async () => {
    const v1 = source.current?.version ?? 'none'
    const bodiesByVersion = new Map<string, Set<string>>()
    let failures = 0
    let stop = false
    const worker = async () => {
      while (!stop) {
        const r = await app.handle(new Request('http://localhost/v1/btc/summary'))
        if (r.status !== 200) failures++
        const version = r.headers.get('x-snapshot-version') ?? 'none'
        const set = bodiesByVersion.get(version) ?? new Set<string>()
        set.add(await r.text())
        bodiesByVersion.set(version, set)
        await Bun.sleep(0)
      }
    }
    const workers = Array.from({ length: 8 }, worker)
    await Bun.sleep(20)
    clockMs = FIXTURE_NOW.getTime() + 3_600_000
    buildSnapshot({ db, root, now: new Date(clockMs), sources: {} })
    expect(source.refresh()).toBe(true)
    await Bun.sleep(20)
    stop = true
    await Promise.all(workers)
    expect(failures).toBe(0)
    expect([...bodiesByVersion.keys()].sort()).toEqual([v1, '20261121T1500Z'].sort())
    // each version answered with exactly one body: nothing mixed two versions
    for (const bodies of bodiesByVersion.values()) expect(bodies.size).toBe(1)
  })
})
