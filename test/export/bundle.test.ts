/**
 * The research bundle's round trip: a build writes it, it is listed and downloaded over HTTP
 * (with range requests), verified against SHA256SUMS, reloaded into a fresh data directory, and a
 * search and a correlation answered there equal the live node's answers for that version.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { parquetMetadata, parquetReadObjects } from 'hyparquet'
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { answerRequest, matchEndpoint } from '../../answers/answer.ts'
import type { Handler } from '../../answers/context.ts'
import { answersFor } from '../../answers/registry.ts'
import { ARTICLES, CSV_TABLES } from '../../batch/export/columns.ts'
import { writeBundle } from '../../batch/export/bundle.ts'
import { ARTICLES_PARQUET } from '../../batch/export/parquet.ts'
import { importBundle } from '../../batch/export/load.ts'
import { buildSnapshot } from '../../batch/snapshot/run.ts'
import { isoSeconds } from '../../core/config.ts'
import { verifyBundle } from '../../batch/verify.ts'
import { createApp } from '../../live/app.ts'
import type { VersionListing } from '../../live/snapshot-downloads.ts'
import { SnapshotSource } from '../../live/snapshot-source.ts'
import { ArticleWriter } from '../../store/articles.ts'
import { openStore } from '../../store/open.ts'
import { SqliteSearchIndex } from '../../store/search-sqlite.ts'
import { type Manifest, SUMS_FILE, parseSums } from '../../contract/snapshot-files.ts'
import { FIXTURE_NOW, buildFixtureStore, fixtureArticles } from '../support/fixture-store.ts'
import { tempDir } from '../support/tmp.ts'

const tmp = tempDir('bundle')
const root = join(tmp.dir, 'snapshots')
const db = buildFixtureStore(join(tmp.dir, 'original', 'newsdesk.sqlite'))
let manifest: Manifest
const source = new SnapshotSource({ root, db: () => db, index: (d) => new SqliteSearchIndex(d) })
const app = createApp({
  data: () => source.current,
  clock: () => FIXTURE_NOW,
  uptimeSeconds: () => 0,
  version: 't',
  log: () => {},
  snapshotsRoot: root,
})
let base = ''
const downloaded = join(tmp.dir, 'download')

beforeAll(async () => {
  manifest = buildSnapshot({ db, root, now: FIXTURE_NOW, sources: {} })
  source.refresh()
  // An article ingested after the build: past the watermark, so no answer of this version sees it.
  const late = {
    ...(fixtureArticles(1, 99)[0] as ReturnType<typeof fixtureArticles>[number]),
    url: 'https://late.example/bitcoin',
    id: 'late0000late0000',
    title: 'bitcoin late story',
  }
  db.transaction(() => new ArticleWriter(db).write(late, 0))()
  app.listen({ port: 0, hostname: '127.0.0.1' })
  base = `http://127.0.0.1:${app.server?.port}`
})
afterAll(async () => {
  await app.stop()
  db.close()
  tmp.cleanup()
})

describe('bundle contents', () => {
  test('the manifest records the export and SHA256SUMS lists every file of the version', () => {
    expect(manifest.export?.articles).toBe(400)
    const sums = parseSums(readFileSync(join(root, manifest.version, SUMS_FILE), 'utf8'))
    for (const f of [...manifest.files, ...(manifest.export?.files ?? [])]) expect(sums.get(f.path)).toBe(f.sha256)
    expect(sums.has('manifest.json')).toBe(true)
    expect([...sums.keys()]).toContain('data/articles.ndjson.gz')
    expect([...sums.keys()]).toContain('data/candles.csv')
    expect([...sums.keys()]).toContain(ARTICLES_PARQUET)
    expect(manifest.export?.files.map((f) => f.path)).toContain(ARTICLES_PARQUET)
    expect(readFileSync(join(root, manifest.version, 'README.md'), 'utf8')).toContain(`### \`${ARTICLES_PARQUET}\``)
  })

  test('every column of the store is exported and described in the README', () => {
    const storeColumns = (table: string) =>
      db
        .query<{ name: string }, []>(`PRAGMA table_info(${table})`)
        .all()
        .map((c) => c.name)
    expect(
      ARTICLES.columns
        .filter((c) => c.name !== 'text' && c.derived === undefined)
        .map((c) => c.name)
        .sort(),
    ).toEqual(storeColumns('articles').sort())
    for (const t of CSV_TABLES) expect(t.columns.map((c) => c.name).sort()).toEqual(storeColumns(t.table).sort())
    const readme = readFileSync(join(root, manifest.version, 'README.md'), 'utf8')
    for (const t of [ARTICLES, ...CSV_TABLES]) for (const c of t.columns) expect(readme).toContain(`| \`${c.name}\` |`)
  })

  test('articles are NDJSON in seq order up to the watermark; the bundle is deterministic', () => {
    const read = (v: string) =>
      Buffer.from(Bun.gunzipSync(readFileSync(join(root, v, 'data/articles.ndjson.gz'))))
        .toString('utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { seq: number; is_bitcoin: boolean; authors: unknown })
    const rows = read(manifest.version)
    expect(rows.length).toBe(400)
    expect(rows.map((r) => r.seq)).toEqual([...rows.map((r) => r.seq)].sort((a, b) => a - b))
    expect(Math.max(...rows.map((r) => r.seq))).toBe(manifest.watermark)
    expect(Array.isArray(rows[0]?.authors)).toBe(true)
    expect(typeof rows[0]?.is_bitcoin).toBe('boolean')
    // same store, same watermark → same bytes (the store has gained a later article since)
    const again = writeBundle(join(tmp.dir, 'again'), {
      db,
      watermark: manifest.watermark,
      version: manifest.version,
      builtAt: manifest.built_at,
      withText: false,
    })
    expect(again.files).toEqual(manifest.export?.files ?? [])
  })

  test("the Parquet file holds the NDJSON's rows: same count, order, columns and values", async () => {
    const dir = join(root, manifest.version)
    const ndjson = readNdjson(join(dir, ARTICLES.file))
    const parquet = await readParquet(join(dir, ARTICLES_PARQUET))
    expect(parquet.columns).toEqual(ARTICLES.columns.map((c) => c.name).filter((n) => n !== 'text'))
    expect(parquet.rows.length).toBe(400)
    // Entities are a JSON text in Parquet (a list of structs would need nested groups), an array in NDJSON.
    for (const r of parquet.rows) expect(typeof r.entities).toBe('string')
    const parsed: Record<string, unknown>[] = parquet.rows.map((r) => ({
      ...r,
      entities: JSON.parse(r.entities as string),
    }))
    expect(parsed).toEqual(ndjson)
    expect(ndjson.some((r) => (r.entities as unknown[]).length > 0)).toBe(true)
    // spot checks of the typed columns, in case both sides went wrong the same way
    const first = parquet.rows[0] as Record<string, unknown>
    expect(typeof first.seq).toBe('number')
    expect(first.published_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)
    expect(Array.isArray(first.authors)).toBe(true)
    expect(typeof first.is_bitcoin).toBe('boolean')
    expect(parquet.rows.some((r) => (r.tags as string[]).length > 0)).toBe(true)
  })

  test('--with-text adds each body', async () => {
    const m = buildSnapshot({
      db,
      root: join(tmp.dir, 'text'),
      now: FIXTURE_NOW,
      sources: {},
      bundle: { withText: true },
    })
    expect(m.export?.with_text).toBe(true)
    const first = JSON.parse(
      Buffer.from(Bun.gunzipSync(readFileSync(join(tmp.dir, 'text', m.version, 'data/articles.ndjson.gz'))))
        .toString('utf8')
        .split('\n')[0] as string,
    ) as { text: string }
    expect(first.text).toContain('Body of article')
    const parquet = await readParquet(join(tmp.dir, 'text', m.version, ARTICLES_PARQUET))
    expect(parquet.columns.at(-1)).toBe('text')
    expect(parquet.rows[0]?.text).toBe(first.text)
  })
})

describe('downloads over HTTP', () => {
  test('GET /snapshots/ lists the versions with their manifests', async () => {
    const r = await fetch(`${base}/snapshots/`)
    expect(r.status).toBe(200)
    const listing = (await r.json()) as VersionListing
    expect(listing.latest).toBe(manifest.version)
    expect(listing.versions[0]?.version).toBe(manifest.version)
    expect(listing.versions[0]?.manifest.files.length).toBe(manifest.files.length)
    expect(listing.versions[0]?.manifest.export?.articles).toBe(400)
  })

  test('range requests: 206 with Content-Range, pieces that add up to the file, 416 past the end', async () => {
    const url = `${base}/snapshots/${manifest.version}/data/articles.ndjson.gz`
    const whole = Buffer.from(await (await fetch(url)).arrayBuffer())
    const size = whole.byteLength
    expect(size).toBeGreaterThan(1000)
    const cases: { range: string; status: number; contentRange: string; want: Buffer }[] = [
      { range: 'bytes=0-99', status: 206, contentRange: `bytes 0-99/${size}`, want: whole.subarray(0, 100) },
      { range: `bytes=100-`, status: 206, contentRange: `bytes 100-${size - 1}/${size}`, want: whole.subarray(100) },
      {
        range: 'bytes=-10',
        status: 206,
        contentRange: `bytes ${size - 10}-${size - 1}/${size}`,
        want: whole.subarray(size - 10),
      },
      {
        range: `bytes=${size - 5}-${size + 50}`,
        status: 206,
        contentRange: `bytes ${size - 5}-${size - 1}/${size}`,
        want: whole.subarray(size - 5),
      },
      { range: `bytes=${size}-`, status: 416, contentRange: `bytes */${size}`, want: Buffer.alloc(0) },
    ]
    for (const c of cases) {
      const r = await fetch(url, { headers: { range: c.range } })
      expect({ range: c.range, status: r.status }).toEqual({ range: c.range, status: c.status })
      expect(r.headers.get('content-range')).toBe(c.contentRange)
      expect(Buffer.from(await r.arrayBuffer()).equals(c.want)).toBe(true)
    }
    const etag = (await fetch(url, { method: 'HEAD' })).headers.get('etag') as string
    const stale = await fetch(url, { headers: { range: 'bytes=0-9', 'if-range': '"other"' } })
    expect(stale.status).toBe(200)
    const fresh = await fetch(url, { headers: { range: 'bytes=0-9', 'if-range': etag } })
    expect(fresh.status).toBe(206)
  })

  test.each([
    ['an encoded path that climbs out', 'v1%2F..%2F..%2Flatest.json'],
    ['a bad version name', '../snapshots/latest.json'],
    ['an unknown file', 'data/nothing.csv'],
  ])('404 for %s', async (_name, path) => {
    const r = await fetch(`${base}/snapshots/${manifest.version}/${path}`)
    expect(r.status).toBe(404)
  })

  test('download everything, verify, reload into a fresh data directory: identical answers', async () => {
    const sumsText = await (await fetch(`${base}/snapshots/${manifest.version}/${SUMS_FILE}`)).text()
    mkdirSync(downloaded, { recursive: true })
    writeFileSync(join(downloaded, SUMS_FILE), sumsText)
    for (const path of parseSums(sumsText).keys()) {
      const r = await fetch(`${base}/snapshots/${manifest.version}/${path}`)
      expect(r.status).toBe(200)
      mkdirSync(dirname(join(downloaded, path)), { recursive: true })
      writeFileSync(join(downloaded, path), Buffer.from(await r.arrayBuffer()))
    }
    expect((await verifyBundle(downloaded)).ok).toBe(true)

    const fresh = openStore(join(tmp.dir, 'fresh-data', 'newsdesk.sqlite'))
    const loaded = importBundle(fresh, downloaded)
    expect(loaded.articles).toBe(400)
    const meta = JSON.parse(readFileSync(join(downloaded, 'manifest.json'), 'utf8')) as Manifest
    const view = {
      db: fresh,
      index: new SqliteSearchIndex(fresh),
      version: meta.version,
      watermark: meta.watermark,
      memo: new Map(),
    }
    const answers = answersFor({ version: 't', uptimeSeconds: () => 0 })
    for (const url of [
      '/v1/search?q=bitcoin',
      '/v1/search?q=march%C3%A9%20OR%20market&sort=relevance&size=50',
      '/v1/btc/correlation?interval=day',
      '/v1/btc/correlation?interval=hour&max_shift=6',
    ]) {
      const liveResponse = await fetch(`${base}${url}`)
      expect(liveResponse.headers.get('x-snapshot-version')).toBe(meta.version)
      const liveJson = await liveResponse.text()
      const u = new URL(url, 'http://localhost')
      const match = matchEndpoint(u.pathname)
      if (match === null) throw new Error(url)
      const payload = answerRequest(
        match.endpoint,
        answers[match.endpoint.path] as Handler,
        view,
        Date.parse(meta.built_at),
        u,
        match.pathValues,
      )
      expect(payload.status).toBe(200)
      expect(JSON.stringify(payload.body)).toBe(liveJson)
    }
    expect(liveJsonHasNoLateArticle(await (await fetch(`${base}/v1/search?q=late`)).json())).toBe(true)
    fresh.close()
  })

  test('verify reports a changed, a missing and an unlisted file', async () => {
    appendFileSync(join(downloaded, 'data/candles.csv'), 'x')
    writeFileSync(join(downloaded, 'extra.txt'), 'x')
    const r = await verifyBundle(downloaded)
    expect(r.ok).toBe(false)
    expect(r.mismatched).toEqual(['data/candles.csv'])
    expect(r.unlisted).toEqual(['extra.txt'])
    const cli = Bun.spawnSync([process.execPath, 'batch/verify.ts', downloaded], {
      cwd: join(import.meta.dir, '..', '..'),
    })
    expect(cli.exitCode).toBe(1)
    expect(cli.stdout.toString()).toContain('FAILED   data/candles.csv')
  })
})

function readNdjson(path: string): Record<string, unknown>[] {
  return Buffer.from(Bun.gunzipSync(readFileSync(path)))
    .toString('utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>)
}

/** The Parquet rows in the NDJSON's spelling: INT64 as numbers, timestamps as ISO seconds. */
async function readParquet(path: string): Promise<{ columns: string[]; rows: Record<string, unknown>[] }> {
  const bytes = readFileSync(path)
  const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)
  const columns = parquetMetadata(file)
    .schema.slice(1)
    .filter((e) => e.name !== 'list' && e.name !== 'element')
    .map((e) => e.name)
  const raw = (await parquetReadObjects({ file })) as Record<string, unknown>[]
  const rows = raw.map((r) => {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(r))
      out[k] = typeof v === 'bigint' ? Number(v) : v instanceof Date ? isoSeconds(v) : v
    return out
  })
  return { columns, rows }
}

function liveJsonHasNoLateArticle(body: unknown): boolean {
  return !JSON.stringify(body).includes('late.example')
}
