import { Database } from 'bun:sqlite'
import { afterAll, describe, expect, test } from 'bun:test'
import { parseQuery } from '../../core/search/query-syntax.ts'
import type { SearchRequest } from '../../core/search/types.ts'
import { ArticleWriter } from '../../store/articles.ts'
import {
  facetMatch,
  facetText,
  isFacetValue,
  nextDouble,
  scoreBucket,
  scoreRangeTenths,
  tenthScores,
} from '../../store/fts-facets.ts'
import { openStore, StoreNotMigratedError } from '../../store/open.ts'
import { SqliteSearchIndex } from '../../store/search-sqlite.ts'
import { buildFixtureStore, FIXTURE_NOW, fixtureArticles } from '../support/fixture-store.ts'
import { dropDayCounts } from '../support/old-schema.ts'
import { tempDir } from '../support/tmp.ts'

describe('facet tokens', () => {
  // Hex of the UTF-8 bytes, written out from an ASCII/UTF-8 table: c=63 o=6f m=6d, u=75 k=6b, .=2e, é=c3a9.
  // Crawl hours: 2026-11-21T14:00:00Z is 1,795,269,600 s since the epoch, hour 498,686.
  test.each([
    // Score tenths: floor((score + 1) * 10), the top tenth also holding 1: 0.42 → 14, -1 → 0, 1 → 19, -0.05 → 9.
    {
      a: {
        lang: 'en',
        country: 'GB',
        tld: 'uk',
        host: 'a.uk',
        country_source: 'tld',
        crawled_at: '2026-11-21T14:59:59Z',
        category: 'sport',
        sentiment: 'pos',
        score: 0.42,
      },
      want: 'len cgb t756b h612e756b gsport spos xa k498686 v14',
    },
    {
      a: {
        lang: 'PT',
        country: 'br',
        tld: 'COM',
        host: '',
        country_source: 'html',
        crawled_at: 1_795_269_600 + 3600,
        category: 'world',
        sentiment: 'neg',
        score: -1,
      },
      want: 'lpt cbr t636f6d gworld sneg xa k498687 v0',
    },
    {
      a: {
        lang: 'fil',
        country: '',
        tld: '',
        host: 'é.com',
        country_source: 'content',
        crawled_at: 3599,
        category: 'health',
        sentiment: 'neu',
        score: 1,
      },
      want: 'lfil hc3a92e636f6d ghealth sneu xa k0 v19',
    },
    {
      a: {
        lang: '',
        country: 'US',
        tld: '',
        host: '',
        country_source: 'default',
        crawled_at: 'not a date',
        category: '',
        sentiment: 'neu',
        score: -0.05,
      },
      want: 'cus sneu xd xa v9',
    },
    {
      a: {
        lang: 'zh-Hant',
        country: 'X1',
        tld: '',
        host: '',
        country_source: 'tld',
        crawled_at: 0,
        category: 'Sport!',
        sentiment: 'meh',
        score: Number.NaN,
      },
      want: 'xa k0',
    },
  ])('$a → "$want"', ({ a, want }) => expect(facetText(a)).toBe(want))

  test('values that cannot be tokens stay SQL tests', () => {
    expect(isFacetValue('lang', 'en')).toBe(true)
    expect(isFacetValue('lang', 'e"n')).toBe(false)
    expect(isFacetValue('country', 'USA')).toBe(false)
    expect(facetMatch('country', ['US', 'gb'])).toBe('facets : ("cus" OR "cgb")')
  })
})

describe('searches through facets give what the SQL filters give', () => {
  const tmp = tempDir('newsdesk-facets-')
  afterAll(() => tmp.cleanup())
  const articles = fixtureArticles(600, 3)
  // One headline that names a facet token as a word: searching for it must find only this one.
  const withToken = {
    ...articles[0],
    url: 'https://news1.co.uk/len-cgb',
    id: 'facet-word',
    title: 'len cgb ljp',
  } as (typeof articles)[number]
  const db = buildFixtureStore(`${tmp.dir}/s.sqlite`, [...articles.slice(1), withToken])
  const index = new SqliteSearchIndex(db)
  const nowS = FIXTURE_NOW.getTime() / 1000
  const req = (q: string, over: Partial<SearchRequest> = {}): SearchRequest => ({
    query: parseQuery(q),
    fromS: nowS - 90 * 86400,
    toS: nowS,
    strictCountry: false,
    maxSeq: null,
    sort: 'date',
    size: 1000,
    offset: 0,
    dedupe: false,
    fullText: false,
    ...over,
  })
  const brute = (words: string[], lang?: string[], country?: string[]) =>
    [...articles.slice(1), withToken]
      .filter(
        (a) => (lang === undefined || lang.includes(a.lang)) && (country === undefined || country.includes(a.country)),
      )
      .filter((a) => words.every((w) => `${a.title} ${a.description}`.toLowerCase().includes(w)))
      .filter((a) => Date.parse(a.published_at) / 1000 >= nowS - 90 * 86400 && Date.parse(a.published_at) / 1000 < nowS)
      .length

  test.each<{ q: string; lang?: string[]; country?: string[] }>([
    { q: 'bitcoin', lang: ['en'] },
    { q: 'bitcoin', country: ['FR', 'DE'] },
    { q: 'market', lang: ['en'], country: ['US'] },
    { q: '', lang: ['ru'] },
    { q: '', lang: ['en', 'fr'], country: ['GB', 'FR'] },
    { q: '', country: ['JP'] },
  ])('q="$q" lang=$lang country=$country', ({ q, lang, country }) => {
    const page = index.search(req(q, { ...(lang ? { lang } : {}), ...(country ? { country } : {}) }))
    expect(page.total).toBe(brute(q === '' ? [] : [q], lang, country))
    expect(page.total).toBeGreaterThan(0)
    for (const a of page.articles) {
      if (lang) expect(lang).toContain(a.lang)
      if (country) expect(country).toContain(a.country)
    }
  })

  test.each(['len', 'cgb', 'ljp'])('the word "%s" matches the headline that has it, not the facets', (word) => {
    expect(index.search(req(word)).articles.map((a) => a.id)).toEqual(['facet-word'])
  })

  test('excluding a facet-like word excludes only that headline', () => {
    expect(index.search(req('-len')).total).toBe(index.search(req('')).total - 1)
  })

  test('a read-only connection to a store from before the facets column is refused until the store is migrated', () => {
    const path = `${tmp.dir}/old-ro.sqlite`
    const old = openStore(path)
    const a = articles[2] as (typeof articles)[number]
    new ArticleWriter(old).write(a, 0)
    old.exec('DROP TABLE articles_fts')
    old.exec(
      `CREATE VIRTUAL TABLE articles_fts USING fts5(title, description, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2')`,
    )
    old.exec('INSERT INTO articles_fts (rowid, title, description) SELECT tkey, title, description FROM articles')
    dropDayCounts(old)
    old.exec('PRAGMA user_version = 4')
    old.close()
    // A read-only connection cannot migrate, and the search asks no schema version: it is refused.
    expect(() => openStore(path, { readonly: true })).toThrow(StoreNotMigratedError)
    openStore(path).close()
    const ro = openStore(path, { readonly: true })
    const index = new SqliteSearchIndex(ro)
    expect(index.search(req('', { lang: [a.lang], country: [a.country] })).articles.map((x) => x.id)).toEqual([a.id])
    expect(index.stats(req('', { lang: [a.lang] }), 5, 86400).total).toBe(1)
    ro.close()
  })

  test('a store from before the facets column is migrated, and its filtered searches still work', () => {
    const path = `${tmp.dir}/old.sqlite`
    const old = openStore(path)
    new ArticleWriter(old).write(articles[1] as (typeof articles)[number], 0)
    // Back to schema 4's index: no facets column, version 4.
    old.exec('DROP TABLE articles_fts')
    old.exec(
      `CREATE VIRTUAL TABLE articles_fts USING fts5(title, description, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2')`,
    )
    old.exec('INSERT INTO articles_fts (rowid, title, description) SELECT tkey, title, description FROM articles')
    dropDayCounts(old)
    old.exec('PRAGMA user_version = 4')
    old.close()
    const migrated = openStore(path)
    const a = articles[1] as (typeof articles)[number]
    const found = new SqliteSearchIndex(migrated).search(req('', { lang: [a.lang], country: [a.country] }))
    expect(found.articles.map((x) => x.id)).toEqual([a.id])
    migrated.close()
  })
})

describe('scoreRangeTenths', () => {
  test.each<{ min: number; max: number; want: ReturnType<typeof scoreRangeTenths> }>([
    { min: -1, max: 1, want: { whole: { first: 0, last: 19 }, edges: [] } },
    { min: -1, max: 0, want: { whole: { first: 0, last: 9 }, edges: [10] } },
    // 0.5 + 1 is 1.5, but so is the double just below 0.5 plus 1: tenth 15 holds scores below 0.5.
    { min: 0.5, max: 1, want: { whole: { first: 16, last: 19 }, edges: [15] } },
    { min: -0.2, max: 1, want: { whole: { first: 8, last: 19 }, edges: [] } },
    { min: -1, max: -0.5, want: { whole: { first: 0, last: 4 }, edges: [5] } },
    { min: 0.12, max: 0.17, want: { whole: null, edges: [11] } },
    { min: -0.2, max: -0.2, want: { whole: null, edges: [8] } },
    { min: -0.35, max: 0.27, want: { whole: { first: 7, last: 11 }, edges: [6, 12] } },
    { min: 0.15, max: 0.25, want: { whole: null, edges: [11, 12] } },
    // (−0.7 + 1) * 10 is 3.0000000000000004 and the double below −0.7 gives 2.999…: −0.7 starts tenth 3.
    { min: -0.7, max: -0.6, want: { whole: { first: 3, last: 3 }, edges: [4] } },
  ])('[$min, $max]', ({ min, max, want }) => expect(scoreRangeTenths(min, max)).toEqual(want))

  test('on every thousandth: a whole tenth holds only scores in the range, and every score in the range is in a whole tenth or an edge', () => {
    const grid = Array.from({ length: 2001 }, (_, i) => Math.round(i - 1000) / 1000)
    const bounds = [-1, -0.7, -0.5, -0.35, -0.2, -0.001, 0, 0.001, 0.05, 0.1, 0.15, 0.3, 0.7, 0.999, 1]
    for (const min of bounds)
      for (const max of bounds) {
        if (min > max) continue
        const { whole, edges } = scoreRangeTenths(min, max)
        for (const s of grid) {
          const t = scoreBucket(s)
          const isWhole = whole !== null && t >= whole.first && t <= whole.last
          if (isWhole) expect({ min, max, s, inRange: s >= min && s <= max }).toEqual({ min, max, s, inRange: true })
          if (s >= min && s <= max)
            expect({ min, max, s, covered: isWhole || edges.includes(t) }).toEqual({ min, max, s, covered: true })
        }
      }
  })
})

describe('tenthScores', () => {
  // SQLite's own tenth (migration 19, the counts): the bounds must agree with it, not only with scoreBucket.
  const sqlite = new Database(':memory:')
  const sqlTenth = (s: number) =>
    sqlite.query<{ t: number }, [number]>('SELECT min(19, max(0, CAST((? + 1) * 10 AS INTEGER))) AS t').get(s)?.t
  test.each(Array.from({ length: 20 }, (_, t) => t))('tenth %i: its first and last scores, and none beyond', (t) => {
    const { min, max } = tenthScores(t)
    expect([scoreBucket(min), scoreBucket(max), sqlTenth(min), sqlTenth(max)]).toEqual([t, t, t, t])
    if (t > 0) expect([scoreBucket(nextDouble(min, -1)), sqlTenth(nextDouble(min, -1))]).toEqual([t - 1, t - 1])
    else expect(min).toBe(-1)
    if (t < 19) expect([scoreBucket(nextDouble(max, 1)), sqlTenth(nextDouble(max, 1))]).toEqual([t + 1, t + 1])
    else expect(max).toBe(1)
  })
})
