/**
 * The engine-independent search contract: any SearchIndex loaded with the fixture store must
 * agree with a brute-force scan of the fixture articles under the reference semantics
 * (`matchesFields`, sorts with id tie-breaks, facets, timeline, watermark, URL variants).
 * Each engine's test file calls `searchContract` with a factory.
 */
import type { Database } from 'bun:sqlite'
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { matchesFields, parseQuery } from '../../core/search/query-syntax.ts'
import { indexTokens } from '../../core/search/tokens.ts'
import type { SearchFilters, SearchIndex, SearchRequest, SearchSort } from '../../core/search/types.ts'
import { articleId } from '../../core/article-id.ts'
import { FIXTURE_NOW, type FixtureArticle, buildFixtureStore, fixtureArticles } from '../support/fixture-store.ts'

export interface EngineUnderTest {
  index: SearchIndex
  close?: () => void | Promise<void>
}

/** Builds the engine over a fixture store (already written through the real ArticleWriter). */
export type EngineFactory = (db: Database) => EngineUnderTest | Promise<EngineUnderTest>

const NOW_S = FIXTURE_NOW.getTime() / 1000
const DAY_S = 86_400
/** A fixture article with the seq the store gave it (written in order into an empty store). */
type A = FixtureArticle & { seq: number }
const epoch = (iso: string) => Date.parse(iso) / 1000

/** The contract table (the same cases as test/live/search.test.ts, at the engine's level). */
export const CONTRACT_QUERIES: {
  name: string
  q: string
  filters?: Partial<SearchFilters>
  keep?: (a: A) => boolean
  /** A case whose answer must be empty (an unknown entity). */
  none?: true
}[] = [
  { name: 'word', q: 'bitcoin' },
  { name: 'two words', q: 'market crash' },
  { name: 'phrase', q: '"market crash"' },
  { name: 'exclusion', q: 'bitcoin -rally' },
  { name: 'OR', q: 'crash OR rally' },
  { name: 'OR and a word', q: 'vaccine OR climate court' },
  { name: 'diacritic', q: 'élection' },
  { name: 'folded diacritic', q: 'election' },
  { name: 'ß is not ss', q: 'fussball' },
  { name: 'umlaut', q: 'Börse' },
  { name: 'Cyrillic', q: 'биткоин' },
  { name: 'Chinese', q: '比特币' },
  { name: 'Japanese kanji', q: '市場' },
  { name: 'Japanese two words', q: 'ビットコイン 市場' },
  { name: 'only an exclusion', q: '-bitcoin' },
  { name: 'no q', q: '' },
  { name: 'country', q: 'bitcoin', filters: { country: ['GB'] }, keep: (a) => a.country === 'GB' },
  {
    name: 'two countries, a language',
    q: '',
    filters: { country: ['GB', 'RU'], lang: ['ru'] },
    keep: (a) => a.country === 'RU' && a.lang === 'ru',
  },
  { name: 'tld', q: 'market', filters: { tld: ['com'] }, keep: (a) => a.tld === 'com' },
  {
    name: 'hosts',
    q: '',
    filters: { host: ['news1.co.uk', 'daily2.com'] },
    keep: (a) => a.host === 'news1.co.uk' || a.host === 'daily2.com',
  },
  { name: 'strict country', q: 'crash', filters: { strictCountry: true }, keep: (a) => a.country_source !== 'default' },
  {
    name: 'last 7 days',
    q: '',
    filters: { fromS: NOW_S - 7 * DAY_S },
    keep: (a) => epoch(a.published_at) >= NOW_S - 7 * DAY_S,
  },
  {
    name: 'from/to',
    q: '',
    filters: { fromS: epoch('2026-11-01T00:00:00Z'), toS: epoch('2026-11-10T00:00:00Z') },
    keep: (a) => a.published_at >= '2026-11-01' && a.published_at < '2026-11-10',
  },
  { name: 'same-instant ties', q: 'tiebreak' },
  { name: 'watermark', q: 'bitcoin OR market', filters: { maxSeq: 200 }, keep: (a) => a.seq <= 200 },
  // Issue 25: category, tone label, tone-score range, excluded hosts, in=title, groups and NOT.
  { name: 'a category', q: '', filters: { category: ['sport'] }, keep: (a) => a.category === 'sport' },
  {
    name: 'two categories and a word',
    q: 'market',
    filters: { category: ['politics', 'business'] },
    keep: (a) => a.category === 'politics' || a.category === 'business',
  },
  { name: 'a tone label', q: '', filters: { sentiment: ['neg'] }, keep: (a) => a.sentiment === 'neg' },
  {
    name: 'two tone labels and a country',
    q: '',
    filters: { sentiment: ['pos', 'neu'], country: ['GB'] },
    keep: (a) => (a.sentiment === 'pos' || a.sentiment === 'neu') && a.country === 'GB',
  },
  {
    name: 'a tone label, a category and a word over 30 days',
    q: 'bitcoin',
    filters: { sentiment: ['neg'], category: ['world', 'sport'], fromS: NOW_S - 30 * DAY_S },
    keep: (a) =>
      a.sentiment === 'neg' && ['world', 'sport'].includes(a.category) && epoch(a.published_at) >= NOW_S - 30 * DAY_S,
  },
  { name: 'score at least 0.3', q: '', filters: { minScore: 0.3 }, keep: (a) => a.score >= 0.3 },
  {
    name: 'score between -0.5 and 0.2 with a word',
    q: 'market',
    filters: { minScore: -0.5, maxScore: 0.2 },
    keep: (a) => a.score >= -0.5 && a.score <= 0.2,
  },
  {
    name: 'score at most -0.6, a category and a country',
    q: '',
    filters: { maxScore: -0.6, category: ['politics'], country: ['US', 'DE'] },
    keep: (a) => a.score <= -0.6 && a.category === 'politics' && ['US', 'DE'].includes(a.country),
  },
  {
    name: 'an excluded host',
    q: 'market',
    filters: { excludeHost: ['news1.co.uk'] },
    keep: (a) => a.host !== 'news1.co.uk',
  },
  {
    name: 'excluded hosts without words',
    q: '',
    filters: { excludeHost: ['news1.co.uk', 'daily2.com'] },
    keep: (a) => a.host !== 'news1.co.uk' && a.host !== 'daily2.com',
  },
  {
    name: 'excluded host, a tone label and strict country',
    q: '',
    filters: { excludeHost: ['daily2.com'], sentiment: ['pos'], strictCountry: true },
    keep: (a) => a.host !== 'daily2.com' && a.sentiment === 'pos' && a.country_source !== 'default',
  },
  { name: 'in=title: a word', q: 'market', filters: { titleOnly: true } },
  { name: 'in=title: a phrase', q: '"market crash"', filters: { titleOnly: true } },
  { name: 'in=title: an exclusion', q: 'bitcoin -rally', filters: { titleOnly: true } },
  {
    name: 'in=title: OR and a category',
    q: 'crash OR storm',
    filters: { titleOnly: true, category: ['world', 'business'] },
    keep: (a) => ['world', 'business'].includes(a.category),
  },
  {
    name: 'an entity',
    q: '',
    filters: { entity: ['place:paris'] },
    keep: (a) => a.entities.some((e) => e.key === 'place:paris'),
  },
  {
    name: 'two entities and a word',
    q: 'bitcoin',
    filters: { entity: ['person:ada-lovelace', 'organisation:acme-corp'] },
    keep: (a) => a.entities.some((e) => e.key === 'person:ada-lovelace' || e.key === 'organisation:acme-corp'),
  },
  {
    name: 'an entity, a country and a tone label over 30 days',
    q: '',
    filters: { entity: ['place:berlin'], country: ['DE'], sentiment: ['neg', 'neu'], fromS: NOW_S - 30 * DAY_S },
    keep: (a) =>
      a.entities.some((e) => e.key === 'place:berlin') &&
      a.country === 'DE' &&
      a.sentiment !== 'pos' &&
      epoch(a.published_at) >= NOW_S - 30 * DAY_S,
  },
  {
    name: 'an unknown entity',
    q: 'bitcoin',
    filters: { entity: ['person:nobody-at-all'] },
    keep: () => false,
    none: true,
  },
  { name: 'an entity filter naming no key', q: '', filters: { entity: [] }, keep: () => false, none: true },
  { name: 'NOT before a group', q: 'market NOT (crash OR rally)' },
  { name: '- before a group of words', q: 'bitcoin -(market crash)' },
  { name: 'groups of words joined by OR', q: '(market crash) OR (court vaccine)' },
  { name: 'a negated word inside an OR', q: '(bitcoin OR -market) crash' },
  { name: 'only a negated group', q: '-(bitcoin OR market)' },
  { name: 'nested groups', q: '((market OR (storm crash)) -rally) court' },
  {
    name: 'a group with a phrase and a country',
    q: '("market crash" OR vaccine) -court',
    filters: { country: ['GB', 'US'] },
    keep: (a) => ['GB', 'US'].includes(a.country),
  },
]

type Seqd = A

function filtersFor(c: (typeof CONTRACT_QUERIES)[number]): SearchFilters {
  return {
    query: parseQuery(c.q),
    fromS: NOW_S - 90 * DAY_S,
    toS: NOW_S,
    strictCountry: false,
    maxSeq: null,
    ...c.filters,
  }
}

function requestFor(
  c: (typeof CONTRACT_QUERIES)[number],
  sort: SearchSort,
  extra: Partial<SearchRequest> = {},
): SearchRequest {
  return { ...filtersFor(c), sort, size: 100, offset: 0, dedupe: false, fullText: false, ...extra }
}

/** Brute force over the fixture: the reference semantics, nothing from an engine. */
function scan(
  articles: readonly Seqd[],
  c: (typeof CONTRACT_QUERIES)[number],
  sort: Exclude<SearchSort, 'relevance'>,
): Seqd[] {
  const f = filtersFor(c)
  const key = sort.startsWith('date') ? 'published_at' : 'crawled_at'
  const dir = sort.endsWith('_asc') ? 1 : -1
  return (
    articles
      .filter((a) => epoch(a.published_at) >= f.fromS && epoch(a.published_at) < f.toS)
      .filter((a) => (c.keep === undefined ? true : c.keep(a)))
      .filter(
        (a) =>
          f.query === null ||
          matchesFields(
            f.query,
            f.titleOnly === true ? [indexTokens(a.title)] : [indexTokens(a.title), indexTokens(a.description)],
          ),
      )
      // DECISIONS.md: date sorts follow (published_at, id) in their direction; crawled sorts break ties by id ascending.
      .sort(
        (x, y) =>
          dir * (epoch(x[key]) - epoch(y[key])) ||
          (key === 'published_at' ? dir : 1) * (x.id < y.id ? -1 : x.id > y.id ? 1 : 0),
      )
  )
}

/** Three articles at the same instant (published and crawled), to pin the tie-breaks. */
function tiedArticles(base: readonly FixtureArticle[]): FixtureArticle[] {
  const model = base[1]
  if (model === undefined) throw new Error('empty fixture')
  return ['https://tie.example/a', 'https://tie.example/b', 'https://tie.example/c'].map((url, i) => ({
    ...model,
    url,
    target_uri: url,
    id: articleId(url),
    title: `Tiebreak story ${i}`,
    description: 'tiebreak',
    published_at: '2026-11-20T12:00:00Z',
    crawled_at: '2026-11-20T12:30:00Z',
  }))
}

export function searchContract(engine: string, factory: EngineFactory): void {
  const base = fixtureArticles()
  const all = [...base, ...tiedArticles(base)]
  const articles: Seqd[] = all.map((a, i) => ({ ...a, seq: i + 1 }))
  let dir = ''
  let db: Database | null = null
  let under: EngineUnderTest | null = null
  const index = (): SearchIndex => {
    if (under === null) throw new Error('engine not built')
    return under.index
  }

  describe(`search contract: ${engine}`, () => {
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'newsdesk-contract-'))
      db = buildFixtureStore(join(dir, 'store.sqlite'), all)
      under = await factory(db)
    })
    afterAll(async () => {
      await under?.close?.()
      db?.close()
      rmSync(dir, { recursive: true, force: true })
    })

    test('the table is not vacuous', () => {
      const some = CONTRACT_QUERIES.filter((c) => c.none !== true)
      const counts = some.map((c) => scan(articles, c, 'date').length)
      expect(counts.filter((n) => n > 0).length).toBeGreaterThan(some.length - 3)
    })

    describe.each(['date', 'date_asc', 'crawled', 'crawled_asc'] as const)(
      'sort=%s agrees with a brute-force scan',
      (sort) => {
        test.each(CONTRACT_QUERIES)('$name: $q', (c) => {
          const want = scan(articles, c, sort)
          const page = index().search(requestFor(c, sort))
          expect(page.total).toBe(want.length)
          expect(page.totalRelation).toBe('eq')
          expect(page.articles.map((a) => a.url)).toEqual(want.slice(0, 100).map((a) => a.url))
        })
      },
    )

    test.each(CONTRACT_QUERIES.filter((c) => c.q !== '' && !c.q.startsWith('-')))(
      'relevance returns the date set: $name',
      (c) => {
        const want = scan(articles, c, 'date')
        const page = index().search(requestFor(c, 'relevance'))
        expect(page.total).toBe(want.length)
        expect(page.articles.length).toBe(Math.min(want.length, 100))
        const urls = new Set(want.map((a) => a.url))
        for (const a of page.articles) expect(urls.has(a.url)).toBe(true)
        if (want.length <= 100) expect(new Set(page.articles.map((a) => a.url))).toEqual(urls)
      },
    )

    test('relevance puts title matches first on average (the title weighs more)', () => {
      const c = { name: 'word', q: 'storm' }
      const page = index().search(requestFor(c, 'relevance'))
      const inTitle = (url: string) => indexTokens(articles.find((a) => a.url === url)?.title ?? '').includes('storm')
      const ranks = page.articles.map((a, i) => ({ title: inTitle(a.url), i }))
      const mean = (xs: { i: number }[]) => xs.reduce((s, x) => s + x.i, 0) / xs.length
      const t = ranks.filter((r) => r.title)
      const d = ranks.filter((r) => !r.title)
      expect(t.length).toBeGreaterThan(0)
      expect(d.length).toBeGreaterThan(0)
      expect(mean(t)).toBeLessThan(mean(d))
    })

    test('offset pages walk the same order without gaps or repeats', () => {
      const c = { name: 'no q', q: '' }
      const all = index()
        .search(requestFor(c, 'date'))
        .articles.map((a) => a.url)
      const pages: string[] = []
      for (let offset = 0; offset < 100; offset += 25)
        pages.push(
          ...index()
            .search(requestFor(c, 'date', { size: 25, offset }))
            .articles.map((a) => a.url),
        )
      expect(pages).toEqual(all)
    })

    test('records carry every Article field and the signals; text only with fullText', () => {
      const byUrl = new Map(articles.map((a) => [a.url, a]))
      const plain = index().search(requestFor({ name: '', q: 'bitcoin' }, 'date', { size: 20 }))
      for (const r of plain.articles) {
        const a = byUrl.get(r.url)
        expect(a).toBeDefined()
        if (a === undefined) continue
        expect(r).toEqual({
          id: a.id,
          url: a.url,
          title: a.title,
          description: a.description,
          published_at: a.published_at,
          crawled_at: a.crawled_at,
          host: a.host,
          tld: a.tld,
          lang: a.lang,
          country: a.country,
          country_source: a.country_source,
          category: a.category,
          category_confidence: a.category_confidence,
          category_by: a.category_by,
          image: a.image,
          authors: a.authors,
          tags: a.tags,
          words: a.words,
          sentiment: a.sentiment,
          score: a.score,
          labelled_by: a.labelled_by,
          entities: a.entities,
          lexicon_score: a.lexicon_score,
          lexicon_terms: a.lexicon_terms,
          dup_group: r.dup_group,
        })
      }
      const full = index().search(requestFor({ name: '', q: 'bitcoin' }, 'date', { size: 5, fullText: true }))
      for (const r of full.articles) expect(r.text).toBe(byUrl.get(r.url)?.text)
    })

    test('dedupe keeps the first article of each syndication group; total counts groups', () => {
      const c = { name: 'no q', q: '' }
      const want = scan(articles, c, 'date')
      const groups = new Map<string, number>()
      for (const a of articles) groups.set(`${a.title}\n${a.text}`, (groups.get(`${a.title}\n${a.text}`) ?? 0) + 1)
      const copies = [...groups.values()].filter((n) => n > 1)
      expect(copies.length).toBeGreaterThan(0)
      const page = index().search(requestFor(c, 'date', { dedupe: true }))
      const all = index().search(requestFor(c, 'date'))
      expect(page.total).toBe(want.length - copies.reduce((s, n) => s + n - 1, 0))
      const seen = new Set<string>()
      for (const a of page.articles) {
        expect(seen.has(a.dup_group)).toBe(false)
        seen.add(a.dup_group)
      }
      // The kept article of a group is its first in the requested order.
      const firstOf = new Map<string, string>()
      for (const a of all.articles) if (!firstOf.has(a.dup_group)) firstOf.set(a.dup_group, a.url)
      for (const a of page.articles)
        if (firstOf.has(a.dup_group)) expect(a.url).toBe(firstOf.get(a.dup_group) as string)
    })

    // Daily stats add whole days up from per-day counts in the SQLite engine (word-less, and for
    // counted words); part-days at the ends and articles past the watermark are read from the
    // articles: each case below exercises one of those paths against the scan.
    const MIDNIGHT_S = Math.floor(NOW_S / DAY_S) * DAY_S
    const inRange = (fromS: number, toS: number) => (a: A) =>
      epoch(a.published_at) >= fromS && epoch(a.published_at) < toS
    test.each<{
      name: string
      q: string
      periodS: number
      top: number
      filters?: Partial<SearchFilters>
      keep?: (a: A) => boolean
    }>([
      { name: 'all, daily', q: '', periodS: DAY_S, top: 100 },
      { name: 'bitcoin, daily, top 3', q: 'bitcoin', periodS: DAY_S, top: 3 },
      {
        name: 'last 48 hours, hourly',
        q: '',
        periodS: 3600,
        top: 10,
        filters: { fromS: NOW_S - 48 * 3600 },
        keep: inRange(NOW_S - 48 * 3600, NOW_S),
      },
      {
        name: 'whole days only, daily',
        q: '',
        periodS: DAY_S,
        top: 50,
        filters: { fromS: MIDNIGHT_S - 30 * DAY_S, toS: MIDNIGHT_S },
        keep: inRange(MIDNIGHT_S - 30 * DAY_S, MIDNIGHT_S),
      },
      {
        name: 'less than a day, daily',
        q: '',
        periodS: DAY_S,
        top: 50,
        filters: { fromS: MIDNIGHT_S - 20 * 3600, toS: MIDNIGHT_S - 3 * 3600 },
        keep: inRange(MIDNIGHT_S - 20 * 3600, MIDNIGHT_S - 3 * 3600),
      },
      {
        name: 'two countries, a language, daily',
        q: '',
        periodS: DAY_S,
        top: 20,
        filters: { country: ['GB', 'RU'], lang: ['ru', 'en'] },
        keep: (a) => ['GB', 'RU'].includes(a.country) && ['ru', 'en'].includes(a.lang),
      },
      {
        name: 'tld and hosts, daily',
        q: '',
        periodS: DAY_S,
        top: 20,
        filters: { tld: ['com', 'co.uk'], host: ['news1.co.uk', 'daily2.com'] },
        keep: (a) => ['com', 'co.uk'].includes(a.tld) && ['news1.co.uk', 'daily2.com'].includes(a.host),
      },
      {
        name: 'strict country, daily',
        q: '',
        periodS: DAY_S,
        top: 20,
        filters: { strictCountry: true },
        keep: (a) => a.country_source !== 'default',
      },
      { name: 'watermark, daily', q: '', periodS: DAY_S, top: 30, filters: { maxSeq: 200 }, keep: (a) => a.seq <= 200 },
      {
        name: 'watermark and a country, daily',
        q: '',
        periodS: DAY_S,
        top: 30,
        filters: { maxSeq: 350, country: ['US', 'GB'] },
        keep: (a) => a.seq <= 350 && ['US', 'GB'].includes(a.country),
      },
      { name: 'only an exclusion, daily', q: '-bitcoin', periodS: DAY_S, top: 10 },
      // Ranges whose whole days split into 64-, 16- and 4-day spans and single days (host counts).
      {
        name: '70 days ending 3 days ago, every host',
        q: '',
        periodS: DAY_S,
        top: 100,
        filters: { fromS: MIDNIGHT_S - 73 * DAY_S + 5 * 3600, toS: MIDNIGHT_S - 3 * DAY_S },
        keep: inRange(MIDNIGHT_S - 73 * DAY_S + 5 * 3600, MIDNIGHT_S - 3 * DAY_S),
      },
      {
        name: 'one language, every host',
        q: '',
        periodS: DAY_S,
        top: 100,
        filters: { lang: ['en'] },
        keep: (a) => a.lang === 'en',
      },
      {
        name: 'strict country and two tlds over 66 days',
        q: '',
        periodS: DAY_S,
        top: 50,
        filters: { strictCountry: true, tld: ['uk', 'de', 'com'], fromS: MIDNIGHT_S - 66 * DAY_S },
        keep: (a) =>
          a.country_source !== 'default' &&
          ['uk', 'de', 'com'].includes(a.tld) &&
          epoch(a.published_at) >= MIDNIGHT_S - 66 * DAY_S,
      },
      {
        name: 'watermark over spans, every host',
        q: '',
        periodS: DAY_S,
        top: 100,
        filters: { maxSeq: 150 },
        keep: (a) => a.seq <= 150,
      },
      // Words: the SQLite engine with word counts (store/term-counts.ts) reads these from per-day
      // counts by facet combination; the rest from the articles.
      {
        name: 'a word, one country, daily',
        q: 'market',
        periodS: DAY_S,
        top: 20,
        filters: { country: ['US'] },
        keep: (a) => a.country === 'US',
      },
      {
        name: 'a word, three countries and a language',
        q: 'bitcoin',
        periodS: DAY_S,
        top: 20,
        filters: { country: ['GB', 'US', 'FR'], lang: ['en'] },
        keep: (a) => ['GB', 'US', 'FR'].includes(a.country) && a.lang === 'en',
      },
      {
        name: 'a word, two hosts',
        q: 'crash',
        periodS: DAY_S,
        top: 20,
        filters: { host: ['news1.co.uk', 'daily2.com'] },
        keep: (a) => ['news1.co.uk', 'daily2.com'].includes(a.host),
      },
      {
        name: 'a word, strict country, every host',
        q: 'market',
        periodS: DAY_S,
        top: 100,
        filters: { strictCountry: true },
        keep: (a) => a.country_source !== 'default',
      },
      {
        name: 'a word, watermark',
        q: 'bitcoin',
        periodS: DAY_S,
        top: 30,
        filters: { maxSeq: 200 },
        keep: (a) => a.seq <= 200,
      },
      {
        name: 'a word, watermark and a tld',
        q: 'market',
        periodS: DAY_S,
        top: 30,
        filters: { maxSeq: 300, tld: ['com'] },
        keep: (a) => a.seq <= 300 && a.tld === 'com',
      },
      {
        name: 'a word over 70 days ending 3 days ago',
        q: 'court',
        periodS: DAY_S,
        top: 100,
        filters: { fromS: MIDNIGHT_S - 73 * DAY_S + 5 * 3600, toS: MIDNIGHT_S - 3 * DAY_S },
        keep: inRange(MIDNIGHT_S - 73 * DAY_S + 5 * 3600, MIDNIGHT_S - 3 * DAY_S),
      },
      {
        name: 'a word, both ends mid-day',
        q: 'market',
        periodS: DAY_S,
        top: 50,
        filters: { fromS: MIDNIGHT_S - 30 * DAY_S + 4 * 3600, toS: MIDNIGHT_S - 10 * DAY_S + 15 * 3600 },
        keep: inRange(MIDNIGHT_S - 30 * DAY_S + 4 * 3600, MIDNIGHT_S - 10 * DAY_S + 15 * 3600),
      },
      {
        name: 'a word, hourly over 48 hours',
        q: 'bitcoin',
        periodS: 3600,
        top: 10,
        filters: { fromS: NOW_S - 48 * 3600 },
        keep: inRange(NOW_S - 48 * 3600, NOW_S),
      },
      { name: 'a Cyrillic word, daily', q: 'биткоин', periodS: DAY_S, top: 10 },
      { name: 'a folded diacritic, daily', q: 'election', periodS: DAY_S, top: 10 },
      { name: 'two words, daily', q: 'market crash', periodS: DAY_S, top: 10 },
      { name: 'a word and an exclusion, daily', q: 'bitcoin -rally', periodS: DAY_S, top: 10 },
      // Issue 25: the new filters, through the per-day counts where they hold them, else the articles.
      {
        name: 'a category, daily',
        q: '',
        periodS: DAY_S,
        top: 100,
        filters: { category: ['sport'] },
        keep: (a) => a.category === 'sport',
      },
      {
        name: 'two tone labels and two countries, daily',
        q: '',
        periodS: DAY_S,
        top: 20,
        filters: { sentiment: ['pos', 'neg'], country: ['GB', 'US'] },
        keep: (a) => a.sentiment !== 'neu' && ['GB', 'US'].includes(a.country),
      },
      {
        name: 'a word and two categories, daily',
        q: 'market',
        periodS: DAY_S,
        top: 20,
        filters: { category: ['business', 'politics'] },
        keep: (a) => ['business', 'politics'].includes(a.category),
      },
      {
        name: 'a word and a tone label, watermark',
        q: 'bitcoin',
        periodS: DAY_S,
        top: 20,
        filters: { sentiment: ['neg'], maxSeq: 300 },
        keep: (a) => a.sentiment === 'neg' && a.seq <= 300,
      },
      {
        name: 'a score range, daily',
        q: '',
        periodS: DAY_S,
        top: 20,
        filters: { minScore: -0.3, maxScore: 0.4 },
        keep: (a) => a.score >= -0.3 && a.score <= 0.4,
      },
      // Tone-score ranges: whole tenths from the counts by tenth (migration 19), the tenths a bound
      // cuts through read one by one; fixture scores are hundredths, so bounds land on scores.
      {
        name: 'max_score 0 (scores of exactly 0 kept), daily, part days at both ends',
        q: '',
        periodS: DAY_S,
        top: 100,
        filters: { maxScore: 0 },
        keep: (a) => a.score <= 0,
      },
      {
        name: 'min_score 0.5 (a tenth boundary) and a country, daily',
        q: '',
        periodS: DAY_S,
        top: 100,
        filters: { minScore: 0.5, country: ['GB', 'US', 'DE'] },
        keep: (a) => a.score >= 0.5 && ['GB', 'US', 'DE'].includes(a.country),
      },
      {
        name: 'a range cutting two tenths, every host',
        q: '',
        periodS: DAY_S,
        top: 100,
        filters: { minScore: -0.35, maxScore: 0.27 },
        keep: (a) => a.score >= -0.35 && a.score <= 0.27,
      },
      {
        name: 'a range inside one tenth, both bounds on scores',
        q: '',
        periodS: DAY_S,
        top: 100,
        filters: { minScore: 0.12, maxScore: 0.17 },
        keep: (a) => a.score >= 0.12 && a.score <= 0.17,
      },
      {
        name: 'min_score = max_score on a score',
        q: '',
        periodS: DAY_S,
        top: 100,
        filters: { minScore: -0.2, maxScore: -0.2 },
        keep: (a) => a.score === -0.2,
      },
      {
        name: 'bounds whose tenth rounds down in doubles (-0.7, 0.7), every host',
        q: '',
        periodS: DAY_S,
        top: 100,
        filters: { minScore: -0.7, maxScore: 0.7 },
        keep: (a) => a.score >= -0.7 && a.score <= 0.7,
      },
      {
        name: 'max_score 1 and min_score -1 given: no filter',
        q: '',
        periodS: DAY_S,
        top: 100,
        filters: { minScore: -1, maxScore: 1 },
      },
      {
        name: 'a score range and a tone label, strict country and a watermark, every host',
        q: '',
        periodS: DAY_S,
        top: 100,
        filters: { minScore: -0.5, sentiment: ['neg', 'neu'], strictCountry: true, maxSeq: 260 },
        keep: (a) => a.score >= -0.5 && a.sentiment !== 'pos' && a.country_source !== 'default' && a.seq <= 260,
      },
      {
        name: 'a score range and a category (hosts read from the articles)',
        q: '',
        periodS: DAY_S,
        top: 100,
        filters: { maxScore: 0.33, category: ['politics', 'business'] },
        keep: (a) => a.score <= 0.33 && ['politics', 'business'].includes(a.category),
      },
      {
        name: 'a score range, a language and a TLD, 70 days ending 3 days ago mid-day',
        q: '',
        periodS: DAY_S,
        top: 100,
        filters: {
          minScore: 0.05,
          lang: ['en'],
          tld: ['com', 'uk'],
          fromS: MIDNIGHT_S - 73 * DAY_S + 5 * 3600,
          toS: MIDNIGHT_S - 3 * DAY_S + 7 * 3600,
        },
        keep: (a) =>
          a.score >= 0.05 &&
          a.lang === 'en' &&
          ['com', 'uk'].includes(a.tld) &&
          inRange(MIDNIGHT_S - 73 * DAY_S + 5 * 3600, MIDNIGHT_S - 3 * DAY_S + 7 * 3600)(a),
      },
      {
        name: 'a score range, whole days only, a watermark',
        q: '',
        periodS: DAY_S,
        top: 100,
        filters: { minScore: -0.44, maxScore: 0.1, fromS: MIDNIGHT_S - 60 * DAY_S, toS: MIDNIGHT_S, maxSeq: 200 },
        keep: (a) =>
          a.score >= -0.44 && a.score <= 0.1 && a.seq <= 200 && inRange(MIDNIGHT_S - 60 * DAY_S, MIDNIGHT_S)(a),
      },
      {
        name: 'a score range and hosts',
        q: '',
        periodS: DAY_S,
        top: 100,
        filters: { maxScore: -0.1, host: ['news1.co.uk', 'daily2.com'] },
        keep: (a) => a.score <= -0.1 && ['news1.co.uk', 'daily2.com'].includes(a.host),
      },
      {
        name: 'a score range and excluded hosts, every host',
        q: '',
        periodS: DAY_S,
        top: 100,
        filters: { minScore: -0.15, excludeHost: ['news1.co.uk', 'daily2.com'] },
        keep: (a) => a.score >= -0.15 && !['news1.co.uk', 'daily2.com'].includes(a.host),
      },
      {
        name: 'a score range, hourly over 48 hours',
        q: '',
        periodS: 3600,
        top: 10,
        filters: { maxScore: 0.25, fromS: NOW_S - 48 * 3600 },
        keep: (a) => a.score <= 0.25 && inRange(NOW_S - 48 * 3600, NOW_S)(a),
      },
      {
        name: 'a score range, weekly periods',
        q: '',
        periodS: 7 * DAY_S,
        top: 100,
        filters: { minScore: 0.3 },
        keep: (a) => a.score >= 0.3,
      },
      // A counted word with a range holding most articles: its counts less its articles outside.
      {
        name: 'a word and min_score -0.6',
        q: 'market',
        periodS: DAY_S,
        top: 100,
        filters: { minScore: -0.6 },
        keep: (a) => a.score >= -0.6,
      },
      {
        name: 'a word, a range cut at both ends (-0.75, 0.8) and a watermark',
        q: 'bitcoin',
        periodS: DAY_S,
        top: 100,
        filters: { minScore: -0.75, maxScore: 0.8, maxSeq: 280 },
        keep: (a) => a.score >= -0.75 && a.score <= 0.8 && a.seq <= 280,
      },
      {
        name: 'an OR group, a country and max_score 0.7, 70 days ending mid-day',
        q: 'market OR bitcoin',
        periodS: DAY_S,
        top: 100,
        filters: {
          maxScore: 0.7,
          country: ['GB', 'US', 'DE', 'FR'],
          fromS: MIDNIGHT_S - 73 * DAY_S + 5 * 3600,
          toS: MIDNIGHT_S - 3 * DAY_S + 7 * 3600,
        },
        keep: (a) =>
          a.score <= 0.7 &&
          ['GB', 'US', 'DE', 'FR'].includes(a.country) &&
          inRange(MIDNIGHT_S - 73 * DAY_S + 5 * 3600, MIDNIGHT_S - 3 * DAY_S + 7 * 3600)(a),
      },
      {
        name: 'a word, min_score = max_score on a score',
        q: 'market',
        periodS: DAY_S,
        top: 100,
        filters: { minScore: -0.19, maxScore: -0.19 },
        keep: (a) => a.score === -0.19,
      },
      {
        name: 'a word and a score range, daily',
        q: 'market',
        periodS: DAY_S,
        top: 20,
        filters: { minScore: 0 },
        keep: (a) => a.score >= 0,
      },
      {
        name: 'an excluded host, every host',
        q: '',
        periodS: DAY_S,
        top: 100,
        filters: { excludeHost: ['news1.co.uk'] },
        keep: (a) => a.host !== 'news1.co.uk',
      },
      {
        name: 'a word and an excluded host',
        q: 'market',
        periodS: DAY_S,
        top: 100,
        filters: { excludeHost: ['daily2.com'] },
        keep: (a) => a.host !== 'daily2.com',
      },
      {
        name: 'a host and a tone label',
        q: '',
        periodS: DAY_S,
        top: 20,
        filters: { host: ['news1.co.uk', 'daily2.com'], sentiment: ['neu'] },
        keep: (a) => ['news1.co.uk', 'daily2.com'].includes(a.host) && a.sentiment === 'neu',
      },
      { name: 'in=title, daily', q: 'market', periodS: DAY_S, top: 20, filters: { titleOnly: true } },
      { name: 'NOT before a group, daily', q: 'market NOT (crash OR rally)', periodS: DAY_S, top: 20 },
      {
        name: 'a tone label and a category over 70 days ending 3 days ago, every host',
        q: '',
        periodS: DAY_S,
        top: 100,
        filters: {
          sentiment: ['neg'],
          category: ['sport', 'world'],
          fromS: MIDNIGHT_S - 73 * DAY_S + 5 * 3600,
          toS: MIDNIGHT_S - 3 * DAY_S,
        },
        keep: (a) =>
          a.sentiment === 'neg' &&
          ['sport', 'world'].includes(a.category) &&
          inRange(MIDNIGHT_S - 73 * DAY_S + 5 * 3600, MIDNIGHT_S - 3 * DAY_S)(a),
      },
      {
        name: 'a category, strict country and a watermark, every host',
        q: '',
        periodS: DAY_S,
        top: 100,
        filters: { category: ['politics'], strictCountry: true, maxSeq: 250 },
        keep: (a) => a.category === 'politics' && a.country_source !== 'default' && a.seq <= 250,
      },
      {
        name: 'excluded hosts and a tone label, every host',
        q: '',
        periodS: DAY_S,
        top: 100,
        filters: { excludeHost: ['news1.co.uk', 'daily2.com'], sentiment: ['pos'] },
        keep: (a) => !['news1.co.uk', 'daily2.com'].includes(a.host) && a.sentiment === 'pos',
      },
      {
        name: 'hosts kept and excluded',
        q: '',
        periodS: DAY_S,
        top: 100,
        filters: { host: ['news1.co.uk', 'daily2.com'], excludeHost: ['daily2.com'] },
        keep: (a) => a.host === 'news1.co.uk',
      },
      {
        name: 'an entity, daily',
        q: '',
        periodS: DAY_S,
        top: 100,
        filters: { entity: ['organisation:united-nations'] },
        keep: (a) => a.entities.some((e) => e.key === 'organisation:united-nations'),
      },
      {
        name: 'two entities, a word and excluded hosts, hourly over 48 hours',
        q: 'market OR bitcoin',
        periodS: 3600,
        top: 10,
        filters: {
          entity: ['place:paris', 'person:jean-dupont'],
          excludeHost: ['news1.co.uk'],
          fromS: NOW_S - 48 * 3600,
        },
        keep: (a) =>
          a.entities.some((e) => e.key === 'place:paris' || e.key === 'person:jean-dupont') &&
          a.host !== 'news1.co.uk' &&
          inRange(NOW_S - 48 * 3600, NOW_S)(a),
      },
      {
        name: 'a category, hourly over 48 hours',
        q: '',
        periodS: 3600,
        top: 10,
        filters: { category: ['politics', 'world'], fromS: NOW_S - 48 * 3600 },
        keep: (a) => ['politics', 'world'].includes(a.category) && inRange(NOW_S - 48 * 3600, NOW_S)(a),
      },
    ])('stats agree with a scan: $name', ({ q, periodS, top, filters, keep }) => {
      const c = { name: '', q, ...(filters === undefined ? {} : { filters }), ...(keep === undefined ? {} : { keep }) }
      const want = scan(articles, c, 'date')
      expect(want.length).toBeGreaterThan(0)
      const r = index().stats(filtersFor(c), top, periodS)
      expect(r.total).toBe(want.length)
      const facet = (pick: (a: A) => string) => {
        const counts = new Map<string, number>()
        for (const a of want) counts.set(pick(a), (counts.get(pick(a)) ?? 0) + 1)
        return [...counts]
          .map(([key, articles]) => ({ key, articles }))
          .sort((x, y) => y.articles - x.articles || (x.key < y.key ? -1 : 1))
          .slice(0, top)
      }
      expect(r.countries).toEqual(facet((a) => a.country))
      expect(r.langs).toEqual(facet((a) => a.lang))
      expect(r.tlds).toEqual(facet((a) => a.tld))
      expect(r.hosts).toEqual(facet((a) => a.host))
      expect(r.categories).toEqual(facet((a) => a.category))
      expect(r.sentiments).toEqual(facet((a) => a.sentiment))
      const timeline = new Map<
        number,
        { articles: number; pos: number; neu: number; neg: number; scoreMilli: number }
      >()
      for (const a of want) {
        const t = Math.floor(epoch(a.published_at) / periodS) * periodS
        const p = timeline.get(t) ?? { articles: 0, pos: 0, neu: 0, neg: 0, scoreMilli: 0 }
        p.articles++
        p[a.sentiment]++
        p.scoreMilli += Math.round(a.score * 1000)
        timeline.set(t, p)
      }
      expect([...r.timeline].sort((x, y) => x[0] - y[0])).toEqual([...timeline].sort((x, y) => x[0] - y[0]))
    })

    test('article: by canonical URL, by a crawled variant, null when unknown or past the watermark', () => {
      const a = articles.find((x) => x.target_uri !== x.url && x.seq > 1)
      if (a === undefined) throw new Error('fixture has no variant')
      for (const url of [a.url, a.target_uri]) {
        const r = index().article(url, true, null)
        expect(r?.url).toBe(a.url)
        expect(r?.text).toBe(a.text)
      }
      expect(index().article(a.url, false, null)?.text).toBeUndefined()
      expect(index().article('https://nowhere.example/x', false, null)).toBeNull()
      expect(index().article(a.url, false, a.seq - 1)).toBeNull()
      expect(index().article(a.url, false, a.seq)?.url).toBe(a.url)
    })
  })
}
