/**
 * Word-less stats keep the whole days they added up per connection and store state
 * (store/sqlite-search/day-counts.ts, daysMemoByConnection). Every answer must equal the one a fresh
 * connection (no memo) gives: for each filter set and window asked twice, after another
 * connection writes or deletes articles, after the same connection writes, with a watermark
 * pinned while writes go on, and after more distinct requests than the memo keeps. The fresh
 * answers are themselves checked against the articles by test/store/article-days.test.ts.
 */
import type { Database } from 'bun:sqlite'
import { afterAll, describe, expect, test } from 'bun:test'
import { articleId } from '../../core/article-id.ts'
import type { SearchFilters, StatsResult } from '../../core/search/types.ts'
import { ArticleWriter, applyRetention } from '../../store/articles.ts'
import { openStore } from '../../store/open.ts'
import { SqliteSearchIndex } from '../../store/search-sqlite.ts'
import { FIXTURE_NOW, type FixtureArticle, fixtureArticles } from '../support/fixture-store.ts'
import { tempDir } from '../support/tmp.ts'

const tmp = tempDir('newsdesk-stats-memo-')
const path = `${tmp.dir}/s.sqlite`
const writerDb = openStore(path)
const writer = new ArticleWriter(writerDb)
const write = (db: Database, w: ArticleWriter, articles: readonly FixtureArticle[]) =>
  db.transaction(() => articles.forEach((a) => w.write(a, 0)))()
write(writerDb, writer, fixtureArticles(300, 11))
const reader = openStore(path, { readonly: true })
afterAll(() => {
  reader.close()
  writerDb.close()
  tmp.cleanup()
})

const NOW_S = FIXTURE_NOW.getTime() / 1000
const DAY_S = 86_400
const HOUR_S = 3_600

/** Copies of fixture articles under new URLs (so they are new articles), published `daysAgo` days before now. */
function fresh(n: number, seed: number, daysAgo: number): FixtureArticle[] {
  return fixtureArticles(n, seed).map((a, i) => {
    const url = `${a.url}/more-${seed}-${i}`
    const t = new Date((NOW_S - daysAgo * DAY_S - i * 60) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z')
    return { ...a, id: articleId(url), url, target_uri: url, published_at: t, crawled_at: t }
  })
}

/** The window of the last `days` days ending at a time that is not midnight, so both ends are part days. */
function filters(days: number, extra: Partial<SearchFilters> = {}): SearchFilters {
  return { query: null, fromS: NOW_S - days * DAY_S, toS: NOW_S, strictCountry: false, maxSeq: null, ...extra }
}

/** The answer of a new connection, whose memo is empty. */
function uncached(f: SearchFilters, top = 20, period = DAY_S): StatsResult {
  const db = openStore(path, { readonly: true })
  try {
    return new SqliteSearchIndex(db).stats(f, top, period)
  } finally {
    db.close()
  }
}

const memoed = (db: Database, f: SearchFilters, top = 20, period = DAY_S) =>
  new SqliteSearchIndex(db).stats(f, top, period)

describe('the same request twice, and each filter set, equal a connection without the memo', () => {
  const cases: [string, SearchFilters, number][] = [
    ['90 days, no filter', filters(90), DAY_S],
    ['30 days, no filter', filters(30), DAY_S],
    ['one country', filters(30, { country: ['GB'] }), DAY_S],
    ['two countries, strict', filters(30, { country: ['GB', 'FR'], strictCountry: true }), DAY_S],
    ['one language', filters(30, { lang: ['de'] }), DAY_S],
    ['a tld', filters(30, { tld: ['jp'] }), DAY_S],
    ['a host', filters(30, { host: ['news1.co.uk'] }), DAY_S],
    ['weekly timeline', filters(90), 7 * DAY_S],
    ['a score range', filters(90, { maxScore: 0 }), DAY_S],
    ['another score range, a country', filters(30, { minScore: 0.25, country: ['GB', 'US'] }), DAY_S],
    ['a score range cutting two tenths, weekly', filters(90, { minScore: -0.35, maxScore: 0.27 }), 7 * DAY_S],
  ]
  test.each(cases)('%s', (_name, f, period) => {
    const first = memoed(reader, f, 20, period)
    const again = memoed(reader, f, 20, period)
    expect(first.total).toBeGreaterThan(0)
    expect(again).toEqual(first)
    expect(first).toEqual(uncached(f, 20, period))
  })

  test('filter sets asked one after another never answer for each other', () => {
    const answers = cases.map(([, f, period]) => memoed(reader, f, 20, period))
    const totals = new Set(answers.map((a) => a.total))
    expect(totals.size).toBeGreaterThan(4)
    cases.forEach(([, f, period], i) => expect(memoed(reader, f, 20, period)).toEqual(answers[i] as StatsResult))
  })
})

describe('the memo follows the store', () => {
  test('another connection writes articles into a whole day of the window', () => {
    const f = filters(30)
    const before = memoed(reader, f)
    write(writerDb, writer, fresh(25, 21, 5))
    const after = memoed(reader, f)
    expect(after.total).toBe(before.total + 25)
    expect(after).toEqual(uncached(f))
  })

  test('another connection writes articles into a whole day of a score range', () => {
    const f = filters(30, { minScore: -0.5 })
    const before = memoed(reader, f)
    const added = fresh(30, 24, 6)
    write(writerDb, writer, added)
    const after = memoed(reader, f)
    expect(after.total).toBe(before.total + added.filter((a) => a.score >= -0.5).length)
    expect(after).toEqual(uncached(f))
  })

  test('another connection deletes articles (retention)', () => {
    const f = filters(90)
    const before = memoed(reader, f)
    expect(applyRetention(writerDb, NOW_S - 25 * DAY_S)).toBeGreaterThan(0)
    const after = memoed(reader, f)
    expect(after.total).toBeLessThan(before.total)
    expect(after).toEqual(uncached(f))
  })

  test('the connection that asks writes articles itself', () => {
    const own = openStore(path)
    try {
      const f = filters(30, { country: ['GB', 'US', 'FR', 'DE', 'RU', 'CN', 'JP'] })
      const before = memoed(own, f)
      write(own, new ArticleWriter(own), fresh(10, 22, 7))
      const after = memoed(own, f)
      expect(after.total).toBe(before.total + 10)
      expect(after).toEqual(uncached(f))
    } finally {
      own.close()
    }
  })

  test('a pinned watermark keeps its answer while writes go on, and equals a fresh read at that watermark', () => {
    const maxSeq = reader.query<{ s: number }, []>('SELECT max(seq) AS s FROM articles').get()?.s ?? 0
    const f = filters(30, { maxSeq })
    const pinned = memoed(reader, f)
    write(writerDb, writer, fresh(15, 23, 3))
    expect(memoed(reader, f)).toEqual(pinned)
    expect(uncached(f)).toEqual(pinned)
    expect(memoed(reader, filters(30)).total).toBe(pinned.total + 15)
  })

  test('two watermarks over one store state answer each for its own', () => {
    const maxSeq = reader.query<{ s: number }, []>('SELECT max(seq) AS s FROM articles').get()?.s ?? 0
    const all = memoed(reader, filters(30))
    const older = memoed(reader, filters(30, { maxSeq: maxSeq - 10 }))
    expect(older.total).toBe(all.total - 10)
    expect(older).toEqual(uncached(filters(30, { maxSeq: maxSeq - 10 })))
  })

  test('more distinct requests than the memo keeps, then the first again', () => {
    const windows = Array.from({ length: 40 }, (_, i) => filters(10 + i, { toS: NOW_S - (i % 3) * HOUR_S }))
    const first = windows.map((f) => memoed(reader, f))
    windows.forEach((f, i) => expect(memoed(reader, f)).toEqual(first[i] as StatsResult))
    expect(memoed(reader, windows[0] as SearchFilters)).toEqual(uncached(windows[0] as SearchFilters))
  })
})
