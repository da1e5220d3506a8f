/**
 * An answer given hours after its version was built, with ranges relative to the request time,
 * is reproduced from that version's bundle by replaying the request with the bounds the answer
 * states (its `from`/`to`): the docs' promise in docs/cdn-and-downloads.md (Reproducibility).
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { join } from 'node:path'
import { answerRequest, matchEndpoint } from '../../answers/answer.ts'
import type { Handler } from '../../answers/context.ts'
import { answersFor } from '../../answers/registry.ts'
import { importBundle } from '../../batch/export/load.ts'
import { buildSnapshot } from '../../batch/snapshot/run.ts'
import { clockFrom, isoSeconds } from '../../core/config.ts'
import { createApp } from '../../live/app.ts'
import { SnapshotSource } from '../../live/snapshot-source.ts'
import { ArticleWriter } from '../../store/articles.ts'
import { openStore } from '../../store/open.ts'
import { saveCandles } from '../../store/prices.ts'
import { SqliteSearchIndex } from '../../store/search-sqlite.ts'
import type { Manifest } from '../../contract/snapshot-files.ts'
import { FIXTURE_NOW, type FixtureArticle, buildFixtureStore, fixtureArticles } from '../support/fixture-store.ts'
import { tempDir } from '../support/tmp.ts'

const tmp = tempDir('reproduce-later')
const root = join(tmp.dir, 'snapshots')
const db = buildFixtureStore(join(tmp.dir, 'original', 'newsdesk.sqlite'))
const source = new SnapshotSource({ root, db: () => db, index: (d) => new SqliteSearchIndex(d) })
// Two hours and a fraction of a second after the build, through the clock the live node uses.
const askedAt = new Date(FIXTURE_NOW.getTime() + 2 * 3_600_000 + 456)
const askedSecond = Math.floor(askedAt.getTime() / 1000)
const app = createApp({
  data: () => source.current,
  clock: clockFrom({ now: askedAt }),
  uptimeSeconds: () => 0,
  version: 't',
  log: () => {},
  snapshotsRoot: root,
})
let manifest: Manifest
let base = ''

beforeAll(() => {
  // Data on the bounds' own seconds, where a range stated to the second and one read to the
  // millisecond part ways: an article on the first second of `date=24h`, a candle on the request's.
  const edge = fixtureArticles(1, 123)[0] as FixtureArticle
  const publishedAt = isoSeconds(new Date((askedSecond - 86_400) * 1000))
  const onTheBound = {
    ...edge,
    url: 'https://edge.example/bitcoin',
    id: 'edge0000edge0000',
    title: 'bitcoin on the bound',
    published_at: publishedAt,
    crawled_at: publishedAt,
  }
  db.transaction(() => new ArticleWriter(db).write(onTheBound, 0))()
  saveCandles(db, 'bitcoin', [
    { openTimeMs: askedSecond * 1000, open: 1, high: 2, low: 0.5, close: 1.5, volume: 1, trades: 1, hours: 1 },
  ])
  manifest = buildSnapshot({ db, root, now: FIXTURE_NOW, sources: {} })
  source.refresh()
  app.listen({ port: 0, hostname: '127.0.0.1' })
  base = `http://127.0.0.1:${app.server?.port}`
})
afterAll(async () => {
  await app.stop()
  db.close()
  tmp.cleanup()
})

const URLS = [
  '/v1/search?q=bitcoin',
  '/v1/search?q=bitcoin&date=24h&sort=crawled',
  '/v1/search?q=bitcoin&date=24h&sort=date_asc&size=5',
  '/v1/search?country=US,GB&date=7d&size=50',
  '/v1/stats?q=bitcoin&date=48h',
  '/v1/stats',
  '/v1/btc/news?size=50',
  '/v1/btc/price?interval=day',
  '/v1/btc/price?from=now-2d',
  '/v1/btc/series?interval=hour&from=now-3d',
  '/v1/btc/correlation?interval=hour&max_shift=6&from=now-7d',
  '/v1/btc/sources?by=country',
]

test('the edge data is where the bounds are', async () => {
  const first = (await (await fetch(`${base}/v1/search?q=bitcoin&date=24h&sort=date_asc&size=1`)).json()) as {
    results: { url: string }[]
  }
  expect(first.results[0]?.url).toBe('https://edge.example/bitcoin')
  // The candle opens on the request's second, which is the exclusive `to`: out, until `to` passes it.
  const candleTime = isoSeconds(new Date(askedSecond * 1000))
  const price = (await (await fetch(`${base}/v1/btc/price?from=now-2d`)).json()) as {
    to: string
    candles: { time: string }[]
  }
  expect(price.to).toBe(candleTime)
  expect(price.candles.map((c) => c.time)).not.toContain(candleTime)
  const withTo = (await (
    await fetch(
      `${base}/v1/btc/price?from=now-2d&to=${encodeURIComponent(isoSeconds(new Date((askedSecond + 1) * 1000)))}`,
    )
  ).json()) as { candles: { time: string }[] }
  expect(withTo.candles.at(-1)?.time).toBe(candleTime)
})

test.each(URLS)('%s answered later replays from the bundle with the bounds it states', async (url) => {
  const live = await fetch(`${base}${url}`)
  expect(live.status).toBe(200)
  expect(live.headers.get('x-snapshot-version')).toBe(manifest.version)
  const liveText = await live.text()
  const stated = JSON.parse(liveText) as { from: string; to: string }
  // The range ends at the request time, not at the build: a replay at built_at alone would differ.
  expect(Date.parse(stated.to)).toBeGreaterThan(Date.parse(manifest.built_at))

  const fresh = openStore(join(tmp.dir, `fresh-${URLS.indexOf(url)}`, 'newsdesk.sqlite'))
  try {
    importBundle(fresh, join(root, manifest.version))
    const view = {
      db: fresh,
      index: new SqliteSearchIndex(fresh),
      version: manifest.version,
      watermark: manifest.watermark,
      memo: new Map(),
    }
    const replay = new URL(url, 'http://localhost')
    replay.searchParams.set('from', stated.from)
    replay.searchParams.set('to', stated.to)
    const match = matchEndpoint(replay.pathname)
    if (match === null) throw new Error(url)
    const handler = answersFor({ version: 't', uptimeSeconds: () => 0 })[match.endpoint.path] as Handler
    // Any later instant: with both bounds explicit, the clock no longer matters.
    const payload = answerRequest(
      match.endpoint,
      handler,
      view,
      askedAt.getTime() + 86_400_000,
      replay,
      match.pathValues,
    )
    expect(payload.status).toBe(200)
    expect(JSON.stringify(payload.body)).toBe(liveText)
  } finally {
    fresh.close()
  }
})
