/**
 * The hot swap over a real listen: workers request snapshot-served and live-computed URLs
 * without pause while another process ingests new articles and publishes a new version, and the
 * node's own poll (SnapshotSource.watch) switches to it. No request may fail, every answer names
 * its version, and every body is exactly what an app pinned to that version answers, so no
 * answer mixes two versions, and none shows an article its version's watermark hides.
 */
import type { Database } from 'bun:sqlite'
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { articleId } from '../../core/article-id.ts'
import { isoSeconds } from '../../core/config.ts'
import { dupKey } from '../../core/enrich/dup-key.ts'
import { buildSnapshot } from '../../batch/snapshot/run.ts'
import { versionOf } from '../../batch/snapshot/publish.ts'
import { createApp } from '../../live/app.ts'
import { serveWithLimits } from '../../live/limits.ts'
import { SnapshotSource, type SnapshotView } from '../../live/snapshot-source.ts'
import type { ArticleRow } from '../../store/articles.ts'
import { openStore } from '../../store/open.ts'
import { SqliteSearchIndex } from '../../store/search-sqlite.ts'
import { FIXTURE_NOW, buildFixtureStore, fixtureArticles } from '../support/fixture-store.ts'
import { tempDir } from '../support/tmp.ts'

const T0 = FIXTURE_NOW
const T1 = new Date(T0.getTime() + 3_600_000)
const V1 = versionOf(T0)
const V2 = versionOf(T1)
/** A word no fixture article has: its search total is the count of new articles a version lets through. */
const NEW_WORD = 'zeppelin'
const NEW_ARTICLES = 12
const URLS = [
  '/v1/trends',
  '/v1/btc/summary',
  `/v1/search?q=${NEW_WORD}&size=50`,
  '/v1/search?q=bitcoin&size=5',
  '/v1/stats',
] as const
const WORKERS = 6
/** The load runs at least this long, and on until AFTER_SWITCH_MS past the switch, within MAX_MS and MAX_REQUESTS. */
const MIN_MS = 2000
const AFTER_SWITCH_MS = 500
const MAX_MS = 15_000
const MAX_REQUESTS = 60_000
/** When the new version's build starts, after the load has run on the first for a while. */
const BUILD_AT_MS = 700

const tmp = tempDir('hot-swap')
const storePath = join(tmp.dir, 'store.sqlite')
const root = join(tmp.dir, 'snapshots')
let reader: Database
let source: SnapshotSource
let server: ReturnType<typeof serveWithLimits>

/** Bitcoin articles from GB publishers, published between the two builds. */
function newArticles(): ArticleRow[] {
  return fixtureArticles(NEW_ARTICLES, 99).map((a, i) => {
    const host = `harbour${i}.co.uk`
    const url = `https://${host}/news/${NEW_WORD}-${i}`
    const publishedS = T0.getTime() / 1000 + 300 + i * 240
    const row: ArticleRow = {
      ...a,
      id: articleId(url),
      url,
      target_uri: url,
      host,
      tld: 'uk',
      lang: 'en',
      declared_lang: 'en',
      country: 'GB',
      country_source: 'tld',
      title: `Bitcoin ${NEW_WORD} lands on the harbour bridge ${i}`,
      description: `A ${NEW_WORD} moored above bitcoin traders`,
      text: `A ${NEW_WORD} story ${i}.`,
      published_at: isoSeconds(new Date(publishedS * 1000)),
      crawled_at: isoSeconds(new Date((publishedS + 60) * 1000)),
      is_bitcoin: true,
      sentiment: 'pos',
    }
    return { ...row, dup_key: dupKey(row) }
  })
}

/** The bodies an app pinned to the version now latest answers, at the live node's clock. */
async function pinnedBodies(): Promise<{ version: string; watermark: number; bodies: Map<string, string> }> {
  const pinned = new SnapshotSource({ root, db: () => reader, index: (d) => new SqliteSearchIndex(d) })
  pinned.refresh()
  const view: SnapshotView | null = pinned.current
  if (view === null || view.watermark === null) throw new Error('no version with a watermark to pin')
  const watermark = view.watermark
  const app = createApp({ data: () => view, clock: () => T1, uptimeSeconds: () => 0, version: 't', log: () => {} })
  const bodies = new Map<string, string>()
  for (const url of URLS) {
    const r = await app.handle(new Request(`http://localhost${url}`))
    expect(r.status).toBe(200)
    bodies.set(url, await r.text())
  }
  return { version: view.version, watermark, bodies }
}

beforeAll(() => {
  const writer = buildFixtureStore(storePath)
  buildSnapshot({ db: writer, root, now: T0, sources: {}, bundle: false })
  writer.close()
  // The live node's own read-only connection, as live/server.ts opens it.
  reader = openStore(storePath, { readonly: true })
  source = new SnapshotSource({ root, db: () => reader, index: (d) => new SqliteSearchIndex(d) })
  source.refresh()
  source.watch(25)
  // Live answers use a clock at the second build: both versions' answers are then reproducible by an app pinned to each.
  const app = createApp({
    data: () => source.current,
    clock: () => T1,
    uptimeSeconds: () => 0,
    version: 't',
    log: () => {},
  })
  server = serveWithLimits(app, { port: 0, hostname: '127.0.0.1' })
})
afterAll(() => {
  source.stop()
  server.stop(true)
  reader.close()
  tmp.cleanup()
})

interface Seen {
  worker: number
  /** performance.now() when the request was sent. */
  sentAt: number
  url: string
  status: number
  version: string | null
  /** Bun.hash of the body: thousands of bodies are compared, not kept. */
  body: string
}

const digest = (text: string) => String(Bun.hash(text))

test('a new version published under concurrent load: no failure, no mixed answer, both versions seen', async () => {
  const v1 = await pinnedBodies()
  expect(v1.version).toBe(V1)
  expect(source.current?.version).toBe(V1)

  const base = `http://127.0.0.1:${server.port}`
  const seen: Seen[] = []
  const errors: string[] = []
  const started = performance.now()
  let switchedAt: number | null = null
  let aborted = false
  const done = () => {
    const now = performance.now()
    if (aborted || seen.length + errors.length >= MAX_REQUESTS || now - started > MAX_MS) return true
    return switchedAt !== null && now - switchedAt > AFTER_SWITCH_MS && now - started > MIN_MS
  }
  const worker = async (w: number) => {
    for (let i = w; !done(); i++) {
      const url = URLS[i % URLS.length] as string
      const sentAt = performance.now()
      try {
        const r = await fetch(`${base}${url}`)
        seen.push({
          worker: w,
          sentAt,
          url,
          status: r.status,
          version: r.headers.get('x-snapshot-version'),
          body: digest(await r.text()),
        })
      } catch (error) {
        errors.push(`${url}: ${error instanceof Error ? error.message : String(error)}`)
      }
      if (switchedAt === null && source.current?.version === V2) switchedAt = performance.now()
    }
  }
  const load = Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)))

  await Bun.sleep(BUILD_AT_MS)
  const articlesJson = join(tmp.dir, 'new-articles.json')
  writeFileSync(articlesJson, JSON.stringify(newArticles()))
  const child = Bun.spawn(
    [process.execPath, join(import.meta.dir, 'hot-swap-build.ts'), storePath, root, T1.toISOString(), articlesJson],
    { stdout: 'pipe', stderr: 'pipe' },
  )
  // The child says when its ingest has committed: from then on the store holds articles the served version must hide.
  let ingestedAt = Number.POSITIVE_INFINITY
  const childOut = (async () => {
    let text = ''
    for await (const chunk of child.stdout) {
      text += new TextDecoder().decode(chunk)
      if (ingestedAt === Number.POSITIVE_INFINITY && text.includes('ingested')) ingestedAt = performance.now()
    }
  })()
  const code = await child.exited
  await childOut
  const stderr = await new Response(child.stderr).text()
  aborted = code !== 0
  expect({ code, stderr: code === 0 ? '' : stderr }).toEqual({ code: 0, stderr: '' })
  await load
  const hidden = seen.filter((s) => s.version === V1 && s.sentAt > ingestedAt).length
  console.log(
    `hot swap: ${seen.length} requests in ${Math.round(performance.now() - started)} ms, ${seen.filter((s) => s.version === V1).length} on ${V1} (${hidden} sent after the new articles were stored), ${seen.filter((s) => s.version === V2).length} on ${V2}`,
  )

  const v2 = await pinnedBodies()
  expect(v2.version).toBe(V2)
  // What each version's watermark allows: the new articles are invisible to the first, all there in the second.
  expect(v2.watermark).toBe(v1.watermark + NEW_ARTICLES)
  const found = (body: string | undefined) => {
    const r = JSON.parse(body ?? '{}') as { total: number; results: { url: string }[] }
    return { total: r.total, urls: r.results.map((a) => a.url).sort() }
  }
  expect(found(v1.bodies.get(URLS[2]))).toEqual({ total: 0, urls: [] })
  expect(found(v2.bodies.get(URLS[2]))).toEqual({
    total: NEW_ARTICLES,
    urls: newArticles()
      .map((a) => a.url)
      .sort(),
  })
  // Every URL answers differently in the two versions, so a body identifies its version.
  for (const url of URLS)
    expect({ url, differs: v1.bodies.get(url) !== v2.bodies.get(url) }).toEqual({ url, differs: true })

  const digests = (bodies: Map<string, string>) => new Map([...bodies].map(([url, body]) => [url, digest(body)]))
  const expected = new Map([
    [V1, digests(v1.bodies)],
    [V2, digests(v2.bodies)],
  ])
  expect(errors).toEqual([])
  expect(seen.length).toBeGreaterThan(100)
  expect(seen.filter((s) => s.version === null).length).toBe(0)
  const wrong = seen.filter((s) => s.status !== 200 || expected.get(s.version ?? '')?.get(s.url) !== s.body)
  expect(wrong.map((s) => `${s.url} ${s.status} ${s.version}`).slice(0, 5)).toEqual([])
  // The old version kept answering after the new articles were in the store (they stayed invisible: bodies above).
  expect(seen.some((s) => s.version === V1 && s.url === URLS[2] && s.sentAt > ingestedAt)).toBe(true)
  // Both versions answered every URL.
  for (const version of [V1, V2]) {
    for (const url of URLS)
      expect({ version, url, answered: seen.some((s) => s.version === version && s.url === url) }).toEqual({
        version,
        url,
        answered: true,
      })
  }
  // One worker's requests follow each other: once it got the new version it never gets the old one back.
  for (let w = 0; w < WORKERS; w++) {
    const versions = seen.filter((s) => s.worker === w).map((s) => s.version)
    const firstNew = versions.indexOf(V2)
    expect(firstNew).toBeGreaterThan(0)
    expect(versions.slice(firstNew).every((v) => v === V2)).toBe(true)
  }
}, 30_000)
