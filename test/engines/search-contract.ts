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
import type { SearchIndex } from '../../core/search/types.ts'
import { indexTokens } from '../../core/search/tokens.ts'
import { buildFixtureStore, fixtureArticles } from '../support/fixture-store.ts'
import { CONTRACT_QUERIES, type ContractArticle, type ContractQuery, DAY_S, epoch } from './search-contract-queries.ts'
import { randomContractCases } from './search-contract-random.ts'
import { filtersFor, requestFor, scan, tiedArticles } from './search-contract-scan.ts'
import { SCORE_AND_HOST_CASES } from './search-contract-score-cases.ts'
import { RANGE_WORD_FILTER_CASES } from './search-contract-stats-cases.ts'

export { CONTRACT_QUERIES } from './search-contract-queries.ts'

export interface EngineUnderTest {
  index: SearchIndex
  close?: () => void | Promise<void>
}

/** Builds the engine over a fixture store (already written through the real ArticleWriter). */
export type EngineFactory = (db: Database) => EngineUnderTest | Promise<EngineUnderTest>

type A = ContractArticle
type Seqd = A

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

    test.each([...RANGE_WORD_FILTER_CASES, ...SCORE_AND_HOST_CASES])(
      'stats agree with a scan: $name',
      ({ q, periodS, top, filters, keep }) => {
        const c = {
          name: '',
          q,
          ...(filters === undefined ? {} : { filters }),
          ...(keep === undefined ? {} : { keep }),
        }
        const want = scan(articles, c, 'date')
        expect(want.length).toBeGreaterThan(0)
        expectStatsAsScan(c, want, top, periodS)
      },
    )

    // Filters combined at random, each case's reference built from its filters alone: the plans
    // meet combinations no hand-written case names (a tone bound in the last tenth with a word
    // was once an FTS5 syntax error).
    const RANDOM = randomContractCases(articles, 150, 20261127)
    test('random cases are not vacuous', () => {
      const found = RANDOM.filter((c) => scan(articles, c, 'date').length > 0).length
      expect(found).toBeGreaterThan(RANDOM.length / 3)
    })
    test.each(RANDOM.map((c, i) => ({ c, i })))('random case $i agrees with a scan', ({ c, i }) => {
      for (const sort of ['date', 'crawled_asc'] as const) {
        const want = scan(articles, c, sort)
        const offset = i % 3 === 0 ? 10 : 0
        const page = index().search(requestFor(c, sort, { size: 20, offset }))
        expect(page.total).toBe(want.length)
        expect(page.articles.map((a) => a.url)).toEqual(want.slice(offset, offset + 20).map((a) => a.url))
      }
      expectStatsAsScan(c, scan(articles, c, 'date'), 100, DAY_S)
    })

    function expectStatsAsScan(c: ContractQuery, want: readonly A[], top: number, periodS: number): void {
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
    }

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
