/**
 * Issue 27: per-day entity counts packed into blobs (migration 20, store/entity-blobs.ts) give the
 * same trending counts as the rows they pack, in every state a store passes through: nothing packed
 * (every day stale), all packed, new writes, a re-crawl and retention on top of packed days (some
 * stale, some packed), and packed again. Expected values come from a GROUP BY over the entity rows
 * and their articles, written here.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Database } from 'bun:sqlite'
import type { EntityWindowCount } from '../../core/entities/trending.ts'
import type { EntityType } from '../../core/entity.ts'
import { ArticleWriter, applyRetention } from '../../store/articles.ts'
import { refreshEntityBlobs } from '../../store/entity-blobs.ts'
import { entityBackgroundCounts, entityWindowCounts } from '../../store/entity-counts.ts'
import { openStore } from '../../store/open.ts'
import { FIXTURE_NOW, fixtureArticles } from '../support/fixture-store.ts'
import { tempDir } from '../support/tmp.ts'

const DAY_S = 86_400
const NOW_S = FIXTURE_NOW.getTime() / 1000
const tmp = tempDir('entity-blobs')
let db: Database
const all = fixtureArticles(1600, 31)
const writer = () => new ArticleWriter(db)
const write = (rows: typeof all) => {
  const w = writer()
  db.transaction(() => {
    for (const a of rows) w.write(a, 0)
  })()
}

beforeAll(() => {
  db = openStore(`${tmp.dir}/s.sqlite`)
  write(all.slice(0, 1000))
})
afterAll(() => {
  db.close()
  tmp.cleanup()
})

interface Slice {
  fromS: number
  toS: number
  countries: string[]
  types: EntityType[]
  maxSeq: number | null
}

const marks = (xs: readonly unknown[]) => xs.map(() => '?').join(', ')

/** The window counts by brute force: every entity row of every article in the slice. */
function bruteWindow(s: Slice): Map<number, EntityWindowCount> {
  const rows = db
    .query<{ entity: number; sentiment: string; n: number; s: number }, (string | number)[]>(
      `SELECT ae.entity, a.sentiment, count(*) AS n, sum(ae.score_milli) AS s
       FROM article_entities ae JOIN articles a ON a.seq = ae.seq JOIN entities e ON e.id = ae.entity
       WHERE a.published_at >= ? AND a.published_at < ? AND a.seq <= ?
       ${s.countries.length > 0 ? `AND a.country IN (${marks(s.countries)})` : ''}
       ${s.types.length > 0 ? `AND e.type IN (${marks(s.types)})` : ''}
       GROUP BY 1, 2`,
    )
    .all(s.fromS, s.toS, s.maxSeq ?? Number.MAX_SAFE_INTEGER, ...s.countries, ...s.types)
  const out = new Map<number, EntityWindowCount>()
  for (const r of rows) {
    const c = out.get(r.entity) ?? { articles: 0, pos: 0, neu: 0, neg: 0, scoreMilli: 0 }
    c.articles += r.n
    if (r.sentiment === 'pos' || r.sentiment === 'neu' || r.sentiment === 'neg') c[r.sentiment] += r.n
    c.scoreMilli += r.s
    out.set(r.entity, c)
  }
  return out
}

const sorted = (m: ReadonlyMap<number, unknown>) => [...m].sort((a, b) => a[0] - b[0])
const maxSeq = () => db.query<{ m: number }, []>('SELECT max(seq) AS m FROM articles').get()?.m ?? 0

const slices = (): Slice[] => {
  const half = Math.floor(maxSeq() * 0.6)
  const out: Slice[] = []
  const windows: [number, number][] = [
    [NOW_S - DAY_S, NOW_S],
    [NOW_S - 7 * DAY_S, NOW_S],
    [NOW_S - 30 * DAY_S, NOW_S],
    [NOW_S - 45 * DAY_S - 3_600, NOW_S - 20 * DAY_S + 7_200],
    [Math.floor(NOW_S / DAY_S) * DAY_S - 10 * DAY_S, Math.floor(NOW_S / DAY_S) * DAY_S],
    [NOW_S - 5 * 3_600, NOW_S - 3_600],
    // From 06:00 and to 11:00: a start part of 18 hours (its whole day less 6 hours), an end part of 11.
    [NOW_S - 3 * DAY_S - 8 * 3_600, NOW_S - 3 * 3_600],
  ]
  const filters: { countries: string[]; types: EntityType[] }[] = [
    { countries: [], types: [] },
    { countries: ['DE'], types: [] },
    { countries: ['GB', 'DE', 'FR'], types: [] },
    { countries: [], types: ['person'] },
    { countries: ['DE', 'US'], types: ['place', 'organisation'] },
  ]
  for (const [fromS, toS] of windows)
    for (const f of filters) for (const m of [null, half]) out.push({ fromS, toS, ...f, maxSeq: m })
  return out
}

function checkAgainstRows(): number {
  let nonEmpty = 0
  for (const s of slices()) {
    const want = bruteWindow(s)
    if (want.size > 0) nonEmpty++
    expect({ s, got: sorted(entityWindowCounts(db, s)) }).toEqual({ s, got: sorted(want) })
  }
  // Background counts over whole days, for a few entities and for every entity.
  const firstDay = Math.floor(NOW_S / DAY_S) - 30
  for (const countries of [[], ['DE'], ['GB', 'FR']]) {
    const want = new Map<number, number>()
    for (const [id, c] of bruteWindow({
      fromS: firstDay * DAY_S,
      toS: (firstDay + 14) * DAY_S,
      countries,
      types: [],
      maxSeq: null,
    }))
      want.set(id, c.articles)
    const ids = [...want.keys(), 999_999]
    expect(sorted(entityBackgroundCounts(db, ids, firstDay, firstDay + 14, countries))).toEqual(sorted(want))
    const some = ids.slice(0, 2)
    expect(sorted(entityBackgroundCounts(db, some, firstDay, firstDay + 14, countries))).toEqual(
      sorted(new Map([...want].filter(([id]) => some.includes(id)))),
    )
  }
  return nonEmpty
}

const staleDays = () => db.query<{ n: number }, []>('SELECT count(*) AS n FROM entity_blob_stale').get()?.n ?? 0

describe('packed entity counts answer as the rows do', () => {
  test('nothing packed yet: every day is stale and read from its rows', () => {
    expect(staleDays()).toBeGreaterThan(20)
    expect(checkAgainstRows()).toBeGreaterThan(30)
  })

  test('all packed: blobs hold what entity_days holds, and answer the same', () => {
    const r = refreshEntityBlobs(db)
    expect(r.days).toBeGreaterThan(20)
    expect(staleDays()).toBe(0)
    // Unpack every blob of all countries: per day and entity, the articles entity_days counts.
    const fromBlobs = new Map<string, number>()
    for (const { day, blob } of db
      .query<{ day: number; blob: Uint8Array }, []>("SELECT day, blob FROM entity_day_blobs WHERE country = ''")
      .all()) {
      const v = new Int32Array(blob.slice().buffer)
      for (let i = 0; i < v.length; i += 5)
        fromBlobs.set(`${day}:${v[i]}`, (v[i + 1] ?? 0) + (v[i + 2] ?? 0) + (v[i + 3] ?? 0))
    }
    const fromRows = new Map(
      db
        .query<{ k: string; n: number }, []>(
          "SELECT day || ':' || entity AS k, sum(n) AS n FROM entity_days GROUP BY day, entity",
        )
        .all()
        .map((r) => [r.k, r.n]),
    )
    expect(fromBlobs.size).toBeGreaterThan(50)
    expect([...fromBlobs].sort()).toEqual([...fromRows].sort())
    expect(checkAgainstRows()).toBeGreaterThan(30)
  })

  test('writes on packed days: the days they touch are stale and read from rows until packed again', () => {
    write(all.slice(1000, 1300))
    // A re-crawl moves an article to another day and country.
    const moved = { ...(all[5] as (typeof all)[number]) }
    write([{ ...moved, crawled_at: '2026-11-01T00:00:00Z', published_at: '2026-10-30T09:00:00Z', country: 'US' }])
    expect(staleDays()).toBeGreaterThan(0)
    checkAgainstRows()
    refreshEntityBlobs(db)
    expect(staleDays()).toBe(0)
    checkAgainstRows()
  })

  test('retention deletes the oldest days: their blobs go when packed again, answers stay equal', () => {
    write(all.slice(1300))
    applyRetention(db, NOW_S - 40 * DAY_S)
    checkAgainstRows()
    refreshEntityBlobs(db)
    const oldest = db.query<{ d: number | null }, []>('SELECT min(day) AS d FROM entity_day_blobs').get()?.d ?? 0
    expect(oldest).toBeGreaterThanOrEqual(Math.floor((NOW_S - 40 * DAY_S) / DAY_S))
    expect(checkAgainstRows()).toBeGreaterThan(20)
  })
})
