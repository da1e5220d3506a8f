/**
 * Word counts (store/term-counts.ts, migration 13; the blob format in count-blob.test.ts): the choice of words, and
 * stats that stay equal to a read of the articles through every write the store sees between two
 * refreshes (new articles, a re-crawl that moves an article, retention) and after the next one.
 * The reference answer is the same query with an exclusion of an absent word, which the engine
 * can only answer by reading the articles (the path the search contract checks against a scan).
 */
import type { Database } from 'bun:sqlite'
import { afterAll, describe, expect, test } from 'bun:test'
import { parseQuery } from '../../core/search/query-syntax.ts'
import { indexTokens } from '../../core/search/tokens.ts'
import type { SearchFilters } from '../../core/search/types.ts'
import { ArticleWriter, applyRetention } from '../../store/articles.ts'
import { entityTermKey } from '../../store/fts-facets.ts'
import { decodeCounts, decodePairCounts, encodeCounts, encodePairCounts } from '../../store/count-blob.ts'
import { openStore } from '../../store/open.ts'
import { SqliteSearchIndex } from '../../store/search-sqlite.ts'
import { refreshTermCounts, termKey } from '../../store/term-counts.ts'
import { FIXTURE_NOW, fixtureArticles } from '../support/fixture-store.ts'
import { tempDir } from '../support/tmp.ts'

const tmp = tempDir('newsdesk-term-counts-')
afterAll(() => tmp.cleanup())
const NOW_S = FIXTURE_NOW.getTime() / 1000
const DAY_S = 86_400
const MIDNIGHT_S = Math.floor(NOW_S / DAY_S) * DAY_S
/** Ranges whose two end parts are 13 hours of their day (from 11:00, until 13:00). */
const MID_DAY_RANGES = [
  { fromS: MIDNIGHT_S - 35 * DAY_S + 11 * 3600, toS: MIDNIGHT_S - 10 * DAY_S + 13 * 3600 },
  { fromS: MIDNIGHT_S - 29 * DAY_S + 11 * 3600, toS: MIDNIGHT_S - 5 * DAY_S + 13 * 3600 },
  { fromS: MIDNIGHT_S - 22 * DAY_S + 11 * 3600, toS: MIDNIGHT_S - 2 * DAY_S + 13 * 3600 },
]

const filters = (q: string, f: Partial<SearchFilters> = {}): SearchFilters => ({
  query: parseQuery(q),
  fromS: NOW_S - 45 * DAY_S + 7 * 3600,
  toS: NOW_S,
  strictCountry: false,
  maxSeq: null,
  ...f,
})

/** Each case: the stats from the counts must equal those read from the articles. */
const CASES: { name: string; q: string; f?: Partial<SearchFilters>; periodS?: number }[] = [
  { name: 'a word', q: 'market' },
  { name: 'a word, one country', q: 'bitcoin', f: { country: ['GB'] } },
  { name: 'a word, two languages, strict', q: 'bitcoin', f: { lang: ['en', 'fr'], strictCountry: true } },
  { name: 'a word, a host', q: 'crash', f: { host: ['daily3.com'] } },
  { name: 'a word, watermark', q: 'market', f: { maxSeq: 150 } },
  { name: 'a word, watermark and a country', q: 'bitcoin', f: { maxSeq: 250, country: ['US', 'FR'] } },
  { name: 'a word, weekly timeline', q: 'market', periodS: 7 * DAY_S },
  // Ends more than half a day long: each end day from its counts less the rest of that day
  // (eleven hours of it, which hold matches: a test below checks).
  ...MID_DAY_RANGES.map((r, i) => ({ name: `a word, both ends mid-day (${i + 1})`, q: 'market', f: r })),
  {
    name: 'a word, two countries, both ends mid-day',
    q: 'bitcoin',
    f: { country: ['GB', 'US'], ...MID_DAY_RANGES[0] },
  },
  { name: 'a word, watermark, both ends mid-day', q: 'market', f: { maxSeq: 200, ...MID_DAY_RANGES[1] } },
  // Tone-score ranges: the whole tenths from the counts by tenth (migration 21), the cut ones read.
  { name: 'a word, min_score on a tenth bound', q: 'market', f: { minScore: -0.2 } },
  { name: 'a word, max_score cutting a tenth, a country', q: 'bitcoin', f: { maxScore: 0.05, country: ['GB', 'US'] } },
  {
    name: 'a word, a range cutting two tenths, watermark, both ends mid-day',
    q: 'market',
    f: { minScore: -0.35, maxScore: 0.27, maxSeq: 200, ...MID_DAY_RANGES[2] },
  },
  // A word with counts by host and tone together (FULL_WORDS, migration 22): every filter the
  // combinations hold, host buckets included; `market` has none, so its category case is read.
  { name: 'a full word, a tone', q: 'bitcoin', f: { sentiment: ['neg'] } },
  {
    name: 'a full word, two categories and a country',
    q: 'bitcoin',
    f: { category: ['sport', 'business'], country: ['GB'] },
  },
  { name: 'a full word, two hosts', q: 'bitcoin', f: { host: ['daily3.com', 'news1.co.uk'] } },
  {
    name: 'a full word, a host and two tones, watermark',
    q: 'bitcoin',
    f: { host: ['daily3.com'], sentiment: ['pos', 'neu'], maxSeq: 250 },
  },
  {
    name: 'a full word, an excluded host and a category',
    q: 'bitcoin',
    f: { excludeHost: ['daily3.com'], category: ['politics'] },
  },
  {
    name: 'a full word, a tone, strict, both ends mid-day',
    q: 'bitcoin',
    f: { sentiment: ['pos'], strictCountry: true, ...MID_DAY_RANGES[1] },
  },
  { name: 'a full word, a category, weekly timeline', q: 'bitcoin', f: { category: ['world'] }, periodS: 7 * DAY_S },
  { name: 'a counted word without full counts, a category', q: 'market', f: { category: ['politics'] } },
]

/** The refresh options of these tests: `bitcoin` (118 of the first 400 articles) has full counts, `market` (51) not. */
const OPTS = { minDocs: 20, fullMinDocs: 60 }
/** The words of CASES with counts by host and tone together. */
const FULL_WORDS = new Set(['bitcoin'])

const countedAnswer = (index: SqliteSearchIndex, c: (typeof CASES)[number]) =>
  index.stats(filters(c.q, c.f), 100, c.periodS ?? DAY_S)
/**
 * The same question answered from the articles: an excluded group of absent words is never counted
 * (one excluded word would be: stats add up `word` less `word absent` from counts, wordUnion).
 */
const READ = ' -(qqzzabsent qqzzabsentb)'
const readAnswer = (index: SqliteSearchIndex, c: (typeof CASES)[number]) =>
  index.stats(filters(`${c.q}${READ}`, c.f), 100, c.periodS ?? DAY_S)

/**
 * A search's total takes the counts too when the word has a filter beside it, or a tone-score range
 * (the counts by tenth; store/sqlite-search/count.ts, countTotal).
 */
const filtered = (c: (typeof CASES)[number]) =>
  [
    c.f?.country,
    c.f?.lang,
    c.f?.host,
    c.f?.category,
    c.f?.sentiment,
    c.f?.excludeHost,
    c.f?.minScore,
    c.f?.maxScore,
  ].some((v) => v !== undefined) || c.f?.strictCountry === true
const searchTotal = (index: SqliteSearchIndex, q: string, c: (typeof CASES)[number]) =>
  index.search({ ...filters(q, c.f), sort: 'date', size: 3, offset: 0, dedupe: false, fullText: false }).total
const countedTotal = (index: SqliteSearchIndex, c: (typeof CASES)[number]) => searchTotal(index, c.q, c)
const readTotal = (index: SqliteSearchIndex, c: (typeof CASES)[number]) => searchTotal(index, `${c.q}${READ}`, c)

/**
 * Word-less searches with two filters or more: their totals come from the per-day counts of the
 * articles; the same question with an exclusion of an absent word is read from the articles.
 */
const WORDLESS: { name: string; f: Partial<SearchFilters> }[] = [
  { name: 'a host and a country', f: { host: ['daily3.com'], country: ['GB', 'US'] } },
  { name: 'strict, two languages', f: { lang: ['en', 'fr'], strictCountry: true } },
  { name: 'two countries and a language, watermark', f: { country: ['US', 'FR'], lang: ['en'], maxSeq: 250 } },
  { name: 'a country and a TLD, both ends mid-day', f: { country: ['GB'], tld: ['com', 'uk'], ...MID_DAY_RANGES[0] } },
]
const wordlessTotal = (index: SqliteSearchIndex, q: string | null, f: Partial<SearchFilters>) =>
  index.search({
    ...filters('', f),
    query: q === null ? null : parseQuery(q),
    sort: 'date',
    size: 3,
    offset: 0,
    dedupe: false,
    fullText: false,
  }).total

function agree(db: Database): number {
  const index = new SqliteSearchIndex(db)
  for (const c of WORDLESS)
    expect({ case: c.name, total: wordlessTotal(index, null, c.f) }).toEqual({
      case: c.name,
      total: wordlessTotal(index, '-qqzzabsent', c.f),
    })
  // The widest range the API accepts (1970 to 9999): the counted days are read by runs, never a day at a time.
  const wide = {
    name: 'a counted word and a country, 1970 to 9999',
    q: 'bitcoin',
    f: { country: ['GB'], fromS: 0, toS: 253_402_300_800 },
  }
  expect({ case: wide.name, searchTotal: countedTotal(index, wide) }).toEqual({
    case: wide.name,
    searchTotal: readTotal(index, wide),
  })
  let total = 0
  for (const c of CASES) {
    const counted = countedAnswer(index, c)
    expect({ case: c.name, stats: counted }).toEqual({ case: c.name, stats: readAnswer(index, c) })
    expect({ case: c.name, searchTotal: countedTotal(index, c) }).toEqual({
      case: c.name,
      searchTotal: readTotal(index, c),
    })
    total += counted.total
  }
  return total
}

const staleDays = (db: Database) =>
  db
    .query<{ day: number }, []>('SELECT day FROM term_stale_days ORDER BY day')
    .all()
    .map((r) => r.day)

describe('stats from word counts through the writes between two refreshes', () => {
  const db = openStore(`${tmp.dir}/writes.sqlite`)
  const articles = fixtureArticles(500, 21)
  const writer = new ArticleWriter(db)
  const write = (rows: typeof articles, minPublishedAt = 0) =>
    db.transaction(() => {
      for (const a of rows) writer.write(a, minPublishedAt)
    })()
  const cutoff = NOW_S - 30 * DAY_S
  write(articles.slice(0, 400))

  test('the first refresh counts the chosen words and clears every stale day', () => {
    expect(staleDays(db).length).toBeGreaterThan(30)
    // 16: the fixture's common entities are counted too, and must leave room for the cases' words.
    const r = refreshTermCounts(db, NOW_S, { ...OPTS, maxKeys: 16 })
    expect(r).toMatchObject({ keys: 16, added: 16, dropped: 0, reselected: true })
    expect(staleDays(db)).toEqual([])
    expect(agree(db)).toBeGreaterThan(0)
    const index = new SqliteSearchIndex(db)
    for (const c of WORDLESS)
      expect({ case: c.name, some: wordlessTotal(index, null, c.f) > 0 }).toEqual({ case: c.name, some: true })
  })

  test('the rest of the end days the mid-day cases take off holds matches (so taking it off is tested)', () => {
    const index = new SqliteSearchIndex(db)
    const rest = (c: (typeof CASES)[number], fromS: number, toS: number) =>
      index.stats(filters(`${c.q}${READ}`, { ...c.f, fromS, toS }), 10, DAY_S).total
    const midDay = CASES.filter((c) => c.name.includes('mid-day'))
    const starts = midDay.map((c) => rest(c, (c.f?.fromS ?? 0) - 11 * 3600, c.f?.fromS ?? 0))
    const ends = midDay.map((c) => rest(c, c.f?.toS ?? 0, (c.f?.toS ?? 0) + 11 * 3600))
    expect({ starts: starts.some((n) => n > 0), ends: ends.some((n) => n > 0) }).toEqual({ starts: true, ends: true })
  })

  test('every case reads the counts: with each count of its word one higher, its answer changes', () => {
    // Guards the cases above against comparing the articles with themselves.
    const index = new SqliteSearchIndex(db)
    for (const c of CASES) {
      const id = db
        .query<{ id: number }, [string]>('SELECT id FROM term_keys WHERE key = ?')
        .get(termKey(c.q) as string)?.id
      expect({ case: c.name, counted: id !== undefined }).toEqual({ case: c.name, counted: true })
      // Both blobs of each day: by host (a search's total, host buckets) and by tone (the rest); and
      // those of each day and score tenth (a tone-score range).
      const saved = db
        .query<{ day: number; tenth: number; counts: Uint8Array; tones: Uint8Array }, [number, number]>(
          'SELECT day, -1 AS tenth, counts, tones FROM term_days WHERE key_id = ? UNION ALL SELECT day, tenth, counts, tones FROM term_tenth_days WHERE key_id = ?',
        )
        .all(id as number, id as number)
      const bumpDay = db.query('UPDATE term_days SET counts = ?, tones = ? WHERE key_id = ? AND day = ?')
      const bumpTenth = db.query(
        'UPDATE term_tenth_days SET counts = ?, tones = ? WHERE key_id = ? AND day = ? AND tenth = ?',
      )
      const bump = {
        run: (counts: Uint8Array, tones: Uint8Array, key: number, row: { day: number; tenth: number }) =>
          row.tenth === -1
            ? bumpDay.run(counts, tones, key, row.day)
            : bumpTenth.run(counts, tones, key, row.day, row.tenth),
      }
      const plusOne = (blob: Uint8Array) => {
        const entries: [number, number, number][] = []
        decodeCounts(blob, (k, n, s) => entries.push([k, n + 1, s]))
        return encodeCounts(entries)
      }
      // And the pair blobs of a word that has them (migration 22).
      const pairs = db
        .query<{ day: number; pairs: Uint8Array }, [number]>('SELECT day, pairs FROM term_full_days WHERE key_id = ?')
        .all(id as number)
      expect({ case: c.name, full: pairs.length > 0 }).toEqual({ case: c.name, full: FULL_WORDS.has(c.q) })
      const setPairs = db.query('UPDATE term_full_days SET pairs = ? WHERE key_id = ? AND day = ?')
      const pairsPlusOne = (blob: Uint8Array) => {
        const entries: [number, number, number, number][] = []
        decodePairCounts(blob, (h, t, n, s) => entries.push([h, t, n + 1, s]))
        return encodePairCounts(entries)
      }
      db.transaction(() => {
        for (const row of saved) bump.run(plusOne(row.counts), plusOne(row.tones), id as number, row)
        for (const row of pairs) setPairs.run(pairsPlusOne(row.pairs), id as number, row.day)
      })()
      // Stats with a host, category or tone filter read the articles unless the word has pair
      // blobs (the tone blob holds no host; DECISIONS.md, Signals on every article); a search's
      // total with one kind of them still reads the host or the tone blob.
      const statsCounted =
        FULL_WORDS.has(c.q) || (c.f?.host === undefined && c.f?.category === undefined && c.f?.sentiment === undefined)
      expect({ case: c.name, differs: !Bun.deepEquals(countedAnswer(index, c), readAnswer(index, c)) }).toEqual({
        case: c.name,
        differs: statsCounted,
      })
      if (filtered(c))
        expect({ case: c.name, searchTotalDiffers: countedTotal(index, c) !== readTotal(index, c) }).toEqual({
          case: c.name,
          searchTotalDiffers: true,
        })
      db.transaction(() => {
        for (const row of saved) bump.run(row.counts, row.tones, id as number, row)
        for (const row of pairs) setPairs.run(row.pairs, id as number, row.day)
      })()
    }
    agree(db)
  })

  test('the counts are what stats read: a changed count changes the answer', () => {
    const id = db
      .query<{ id: number }, [string]>('SELECT id FROM term_keys WHERE key = ?')
      .get(termKey('market') as string)?.id
    expect(id).toBeDefined()
    const row = db
      .query<{ day: number; tones: Uint8Array }, [number]>(
        'SELECT day, tones FROM term_days WHERE key_id = ? ORDER BY day DESC LIMIT 1 OFFSET 3',
      )
      .get(id as number)
    if (row === null) throw new Error('no counts for market')
    const index = new SqliteSearchIndex(db)
    const before = index.stats(filters('market'), 100, DAY_S).total
    const pairs: [number, number, number][] = []
    decodeCounts(row.tones, (c, n, s) => pairs.push([c, n + 1, s]))
    db.query('UPDATE term_days SET tones = ? WHERE key_id = ? AND day = ?').run(
      encodeCounts(pairs),
      id as number,
      row.day,
    )
    expect(index.stats(filters('market'), 100, DAY_S).total).toBe(before + pairs.length)
    db.query('UPDATE term_days SET tones = ? WHERE key_id = ? AND day = ?').run(row.tones, id as number, row.day)
    expect(index.stats(filters('market'), 100, DAY_S).total).toBe(before)
  })

  test('new articles mark their days stale, and stats still agree', () => {
    write(articles.slice(400, 450))
    const days = new Set(articles.slice(400, 450).map((a) => Math.floor(Date.parse(a.published_at) / 1000 / DAY_S)))
    expect(staleDays(db)).toEqual([...days].sort((a, b) => a - b))
    agree(db)
  })

  test('a re-crawl that moves an article to another day and country marks both days', () => {
    refreshTermCounts(db, NOW_S, { ...OPTS, maxKeys: 16, reselectChange: Number.POSITIVE_INFINITY })
    expect(staleDays(db)).toEqual([])
    const a = articles[30] as (typeof articles)[number]
    const moved = {
      ...a,
      title: `${a.title} market`,
      crawled_at: new Date(Date.parse(a.crawled_at) - 5 * DAY_S * 1000).toISOString(),
      published_at: new Date(Date.parse(a.published_at) - 5 * DAY_S * 1000).toISOString(),
      country: a.country === 'GB' ? 'IE' : 'GB',
    }
    expect(db.transaction(() => writer.write(moved, 0))()).toBe('replaced')
    const day = (iso: string) => Math.floor(Date.parse(iso) / 1000 / DAY_S)
    expect(staleDays(db)).toEqual([day(moved.published_at), day(a.published_at)])
    agree(db)
  })

  test('retention', () => {
    expect(applyRetention(db, cutoff)).toBeGreaterThan(0)
    agree(db)
  })

  test('the next refresh recounts only the stale days, and stats agree', () => {
    // As an ingest after retention would: nothing older than the cutoff comes back.
    write(articles.slice(450), cutoff)
    const stale = staleDays(db).length
    const combos = db.query<{ n: number }, []>('SELECT count(*) AS n FROM facet_combos').get()?.n ?? 0
    const r = refreshTermCounts(db, NOW_S, { ...OPTS, maxKeys: 16, reselectChange: Number.POSITIVE_INFINITY })
    expect(r).toMatchObject({ keys: 16, added: 0, dropped: 0, staleDays: stale, reselected: false })
    expect(staleDays(db)).toEqual([])
    expect(
      db.query<{ n: number }, []>(`SELECT count(*) AS n FROM term_days WHERE day < ${Math.floor(cutoff / DAY_S)}`).get()
        ?.n,
    ).toBe(0)
    // The re-crawl's new country is a new combination: this connection's cache of them, loaded
    // by the earlier answers, is read again when a count names it.
    expect(db.query<{ n: number }, []>('SELECT count(*) AS n FROM facet_combos').get()?.n ?? 0).toBeGreaterThan(combos)
    agree(db)
  })
})

describe('choosing the words', () => {
  test('the most common words in at least minDocs articles, at most maxKeys; a counted word stays until it falls under half', () => {
    const db = openStore(`${tmp.dir}/choice.sqlite`)
    const writer = new ArticleWriter(db)
    const articles = fixtureArticles(300, 5)
    db.transaction(() => {
      for (const a of articles) writer.write(a, 0)
    })()
    // Per word, the titles that hold it plus the descriptions that do (as the index's vocabulary
    // counts them), from the fixture itself.
    const docs = new Map<string, number>()
    for (const a of articles) {
      for (const text of [a.title, a.description]) {
        for (const token of new Set(indexTokens(text))) {
          const k = termKey(token)
          if (k !== null) docs.set(k, (docs.get(k) ?? 0) + 1)
        }
      }
      // And each entity the article names, once (its token is in the facets column).
      for (const e of a.entities) docs.set(entityTermKey(e.key), (docs.get(entityTermKey(e.key)) ?? 0) + 1)
    }
    const keys = () =>
      db
        .query<{ key: string }, []>('SELECT key FROM term_keys ORDER BY key')
        .all()
        .map((r) => r.key)
    const over = (n: number) =>
      [...docs]
        .filter(([, d]) => d >= n)
        .map(([k]) => k)
        .sort()
    expect(over(30).length).toBeGreaterThan(3)
    expect(refreshTermCounts(db, NOW_S, { minDocs: 30, maxKeys: 1000 }).reselected).toBe(true)
    expect(keys()).toEqual(over(30))
    // The same store: not chosen again (the vocabulary scan is the refresh's dearest part)…
    expect(refreshTermCounts(db, NOW_S + 3600, { minDocs: 30, maxKeys: 1000 }).reselected).toBe(false)
    expect(keys()).toEqual(over(30))
    // …until a day has passed, or the settings change.
    expect(refreshTermCounts(db, NOW_S + 86_400, { minDocs: 30, maxKeys: 1000 }).reselected).toBe(true)
    expect(refreshTermCounts(db, NOW_S + 86_400, { minDocs: 30, maxKeys: 1000 }).reselected).toBe(false)
    expect(refreshTermCounts(db, NOW_S + 86_400, { minDocs: 30, maxKeys: 999 }).reselected).toBe(true)
    // Raising the line: words between half of it and it are kept, none added.
    refreshTermCounts(db, NOW_S, { minDocs: 60, maxKeys: 1000, reselectChange: -1 })
    expect(keys()).toEqual(over(30))
    refreshTermCounts(db, NOW_S, { minDocs: 61 * 2, maxKeys: 1000, reselectChange: -1 })
    expect(keys()).toEqual(over(61))
    const top = [...docs].sort((x, y) => y[1] - x[1])
    refreshTermCounts(db, NOW_S, { minDocs: 1, maxKeys: 3, reselectChange: -1 })
    expect(keys().length).toBe(3)
    expect(keys().every((k) => (docs.get(k) ?? 0) >= (top[3]?.[1] ?? 0))).toBe(true)
    expect(db.query<{ n: number }, []>('SELECT count(DISTINCT key_id) AS n FROM term_days').get()?.n).toBe(3)
    db.close()
  })

  test('full counts: words at fullMinDocs, kept until they fall under half of it, and only theirs in term_full_days', () => {
    const db = openStore(`${tmp.dir}/full.sqlite`)
    const writer = new ArticleWriter(db)
    db.transaction(() => {
      for (const a of fixtureArticles(300, 5)) writer.write(a, 0)
    })()
    const refresh = (fullMinDocs: number) =>
      refreshTermCounts(db, NOW_S, { minDocs: 10, maxKeys: 1000, fullMinDocs, reselectChange: -1 })
    const docs = () => db.query<{ key: string; docs: number }, []>('SELECT key, docs FROM term_keys').all()
    const full = () =>
      db
        .query<{ key: string }, []>('SELECT key FROM term_keys WHERE full = 1 ORDER BY key')
        .all()
        .map((r) => r.key)
    const withPairs = () =>
      db
        .query<{ key: string }, []>(
          'SELECT DISTINCT k.key FROM term_full_days f JOIN term_keys k ON k.id = f.key_id ORDER BY k.key',
        )
        .all()
        .map((r) => r.key)
    const atLeast = (n: number) =>
      docs()
        .filter((r) => r.docs >= n)
        .map((r) => r.key)
        .sort()
    refresh(40)
    const first = atLeast(40)
    expect(first.length).toBeGreaterThan(1)
    expect(first.length).toBeLessThan(docs().length)
    expect(full()).toEqual(first)
    expect(withPairs()).toEqual(first)
    // Raised to 70: the words between 35 and 70 keep theirs, none is added.
    refresh(70)
    expect(full()).toEqual(atLeast(35).filter((k) => first.includes(k)))
    // Raised past twice the most common: every pair blob goes.
    const most = Math.max(...docs().map((r) => r.docs))
    refresh(2 * most + 2)
    expect({ full: full(), withPairs: withPairs() }).toEqual({ full: [], withPairs: [] })
    // Lowered again: counted again over every day, and stats agree with a read of the articles.
    refresh(40)
    expect(withPairs()).toEqual(first)
    const index = new SqliteSearchIndex(db)
    const word = db
      .query<{ term: string }, []>(
        "SELECT term FROM term_keys WHERE full = 1 AND key LIKE '{title%' ORDER BY docs DESC",
      )
      .get()?.term
    if (word === undefined) throw new Error('no full word')
    const f = { country: ['GB', 'US'], sentiment: ['neg', 'neu'] as ('neg' | 'neu')[] }
    const counted = index.stats(filters(word, f), 100, DAY_S)
    expect(counted.total).toBeGreaterThan(0)
    expect(counted).toEqual(index.stats(filters(`${word}${READ}`, f), 100, DAY_S))
    db.close()
  })
})
