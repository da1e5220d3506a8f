/**
 * Word-less searches sorted by crawl time over more matches than the exact-count limit walk the
 * crawl-time index instead of sorting (store/sqlite-search/plan.ts, crawl-index-walk). Their pages must equal a
 * brute-force sort, including articles crawled days after publication and ones published up to
 * 36 h after their crawl, the furthest the store allows.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { type SearchRequest, type SearchSort, TOTAL_EXACT_LIMIT } from '../../core/search/types.ts'
import type { ArticleRow } from '../../store/articles.ts'
import { SqliteSearchIndex } from '../../store/search-sqlite.ts'
import { parseQuery } from '../../core/search/query-syntax.ts'
import { NOW_S } from '../../bench/synthetic-articles.ts'

import { type Case, N, crawlWalkStore } from '../support/crawl-walk-store.ts'

const { rows, db, index, brute, cleanup } = crawlWalkStore()
afterAll(cleanup)

describe(`crawl-time sorts and deep date offsets over ${N} articles`, () => {
  const cases: Case[] = []
  for (const sort of ['crawled', 'crawled_asc'] as const) {
    for (const [days, endDaysAgo] of [
      [90, 0],
      [30, 0],
      [7, 0],
      [30, 40],
      [60, 20],
    ] as const) {
      cases.push({ days, endDaysAgo, sort, offset: 0 }, { days, endDaysAgo, sort, offset: 700 })
    }
    cases.push(
      { days: 90, endDaysAgo: 0, sort, lang: ['en'], offset: 0 },
      { days: 90, endDaysAgo: 0, sort, country: ['US', 'GB', 'DE'], offset: 40 },
    )
    // Words, exclusions and strict_country: these walk crawl hours when they match thousands.
    cases.push(
      { days: 90, endDaysAgo: 0, sort, q: 'w1', offset: 0 },
      { days: 90, endDaysAgo: 0, sort, q: 'w1', offset: 2990 },
      { days: 30, endDaysAgo: 10, sort, q: 'w1', country: ['US'], offset: 13 },
      { days: 90, endDaysAgo: 0, sort, q: '-w1', offset: 1500 },
      { days: 90, endDaysAgo: 0, sort, q: 'w2', strict: true, offset: 0 },
      { days: 60, endDaysAgo: 20, sort, strict: true, country: ['US'], offset: 600 },
    )
    // A tone-score range or a watermark is a row test: the crawl hours are counted by joining.
    cases.push(
      { days: 90, endDaysAgo: 0, sort, q: 'w1', minScore: -0.05, offset: 0 },
      { days: 90, endDaysAgo: 0, sort, q: 'w1', minScore: -0.05, offset: 2777 },
      { days: 90, endDaysAgo: 0, sort, minScore: -0.5, maxScore: 0.55, offset: 3100 },
      { days: 30, endDaysAgo: 10, sort, country: ['US', 'GB'], maxScore: 0, offset: 250 },
      { days: 90, endDaysAgo: 0, sort, q: 'w1', maxSeq: N - 4000, offset: 1200 },
    )
  }
  // Date sorts at deep offsets step over the skipped matches in the posting lists (a seek).
  for (const sort of ['date', 'date_asc'] as const) {
    cases.push(
      { days: 90, endDaysAgo: 0, sort, q: 'w1', offset: 4321 },
      { days: 30, endDaysAgo: 10, sort, q: 'w1', country: ['US'], offset: 333 },
      { days: 90, endDaysAgo: 0, sort, q: '-w1', strict: true, offset: 2500 },
      { days: 90, endDaysAgo: 0, sort, lang: ['en'], offset: 3000 },
      // A row test decides the slice: the skipped matches are tested on the covering index.
      { days: 90, endDaysAgo: 0, sort, q: 'w1', minScore: -0.05, offset: 2222 },
      { days: 90, endDaysAgo: 0, sort, country: ['US', 'GB'], maxScore: -0.15, offset: 700 },
      { days: 90, endDaysAgo: 0, sort, q: 'w1', maxSeq: N - 4000, offset: 1900 },
    )
  }
  test.each(cases)(
    '$sort, $days days ending $endDaysAgo days ago, lang $lang country $country, offset $offset',
    (c) => {
      const toS = NOW_S - c.endDaysAgo * 86400
      const req: SearchRequest = {
        query: c.q === undefined ? null : parseQuery(c.q),
        fromS: toS - c.days * 86400,
        toS,
        strictCountry: c.strict === true,
        maxSeq: null,
        sort: c.sort,
        size: 20,
        offset: c.offset,
        dedupe: false,
        fullText: false,
        ...(c.lang ? { lang: c.lang } : {}),
        ...(c.country ? { country: c.country } : {}),
        ...(c.minScore === undefined ? {} : { minScore: c.minScore }),
        ...(c.maxScore === undefined ? {} : { maxScore: c.maxScore }),
        ...(c.maxSeq === undefined ? {} : { maxSeq: c.maxSeq }),
      }
      const want = brute(c)
      expect(want.length).toBeGreaterThan(0)
      expect(index.search(req).articles.map((a) => a.id)).toEqual(want)
    },
  )

  test.each([
    { q: null, plan: 'crawl-index-walk' },
    { q: 'w1', plan: 'crawl-hours' },
    { q: 'w1', minScore: -0.05, plan: 'crawl-hours-joined' },
    { q: null, minScore: -0.5, plan: 'crawl-hours-joined' },
    { q: 'w1', maxSeq: N - 4000, plan: 'crawl-hours-joined' },
  ])(
    'the 90-day range, q $q score ≥ $minScore seq ≤ $maxSeq: matches past the bound, so the plan is $plan (store/sqlite-search/plan.ts)',
    (c) => {
      const pages: string[] = []
      new SqliteSearchIndex(db, { onPlan: (p) => p.table === 'page' && pages.push(p.plan) }).search({
        query: c.q === null ? null : parseQuery(c.q),
        fromS: NOW_S - 90 * 86400,
        toS: NOW_S,
        strictCountry: false,
        maxSeq: c.maxSeq ?? null,
        ...(c.minScore === undefined ? {} : { minScore: c.minScore }),
        sort: 'crawled',
        size: 20,
        offset: 0,
        dedupe: false,
        fullText: false,
      })
      expect(pages).toEqual([c.plan])
    },
  )

  test('the 90-day range has more matches than the exact-count limit, so the walk is the path taken', () => {
    const page = index.search({
      query: null,
      fromS: NOW_S - 90 * 86400,
      toS: NOW_S,
      strictCountry: false,
      maxSeq: null,
      sort: 'crawled',
      size: 20,
      offset: 0,
      dedupe: false,
      fullText: false,
    })
    expect(page.totalRelation).toBe('gte')
  })
})

/**
 * `sort=relevance` walks two tiers (every positive word in the headline, then the other matches),
 * each newest first, and carries the offset from the first into the second; `dedupe=true` keeps
 * the first article of each syndication group in the requested order. Both against brute force,
 * with offsets on each side of the first tier's size and groups met in both tiers.
 */
describe(`relevance tiers and dedupe pages over ${N} articles`, () => {
  const groupOf = new Map(
    db
      .query<{ id: string; dup_group: string }, []>('SELECT id, dup_group FROM articles')
      .all()
      .map((r) => [r.id, r.dup_group]),
  )
  const sec = (iso: string) => Date.parse(iso) / 1000
  const words = (s: string) => s.split(' ')
  const byDateDesc = (a: ArticleRow, b: ArticleRow) =>
    sec(b.published_at) - sec(a.published_at) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)

  interface Rc {
    q: string
    sort: SearchSort
    country?: string[]
    offset: number
    dedupe: boolean
  }

  /** The whole ordered list of matches (before dedupe and paging). */
  function ordered(c: Rc): ArticleRow[] {
    const terms = c.q.split(' ')
    const positive = terms.filter((t) => !t.startsWith('-'))
    const negative = terms.filter((t) => t.startsWith('-')).map((t) => t.slice(1))
    const matches = rows
      .filter((r) => sec(r.published_at) >= NOW_S - 90 * 86400 && sec(r.published_at) < NOW_S)
      .filter((r) => c.country === undefined || c.country.includes(r.country))
      .filter((r) => {
        const all = [...words(r.title), ...words(r.description)]
        return positive.every((t) => all.includes(t)) && !negative.some((t) => all.includes(t))
      })
    if (c.sort === 'relevance') {
      const inTitle = (r: ArticleRow) => positive.every((t) => words(r.title).includes(t))
      return [...matches.filter(inTitle).sort(byDateDesc), ...matches.filter((r) => !inTitle(r)).sort(byDateDesc)]
    }
    const byId = (a: ArticleRow, b: ArticleRow) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
    return [...matches].sort((a, b) => {
      if (c.sort === 'date') return byDateDesc(a, b)
      if (c.sort === 'date_asc') return sec(a.published_at) - sec(b.published_at) || byId(a, b)
      return (
        (c.sort === 'crawled' ? sec(b.crawled_at) - sec(a.crawled_at) : sec(a.crawled_at) - sec(b.crawled_at)) ||
        byId(a, b)
      )
    })
  }

  function brute(c: Rc): { ids: string[]; total: number } {
    let list = ordered(c)
    if (c.dedupe) {
      const seen = new Set<string>()
      list = list.filter((r) => {
        const g = groupOf.get(r.id) ?? r.id
        if (seen.has(g)) return false
        seen.add(g)
        return true
      })
    }
    return { ids: list.slice(c.offset, c.offset + 20).map((r) => r.id), total: list.length }
  }

  const run = (c: Rc) =>
    index.search({
      query: parseQuery(c.q),
      fromS: NOW_S - 90 * 86400,
      toS: NOW_S,
      strictCountry: false,
      maxSeq: null,
      sort: c.sort,
      size: 20,
      offset: c.offset,
      dedupe: c.dedupe,
      fullText: false,
      ...(c.country ? { country: c.country } : {}),
    })

  const tierOne = (q: string, country?: string[]) =>
    ordered({ q, sort: 'relevance', offset: 0, dedupe: false, ...(country ? { country } : {}) }).filter((r) =>
      q
        .split(' ')
        .filter((t) => !t.startsWith('-'))
        .every((t) => words(r.title).includes(t)),
    ).length

  const cases: Rc[] = []
  for (const [q, country] of [
    ['w1', undefined],
    ['w1 w2', undefined],
    ['w2 -w1', undefined],
    ['w1', ['US']],
  ] as const) {
    const first = tierOne(q, country ? [...country] : undefined)
    for (const offset of [0, 7, Math.max(0, first - 13), first, first + 5, 2 * first + 11]) {
      for (const dedupe of [false, true])
        cases.push({ q, sort: 'relevance', offset, dedupe, ...(country ? { country: [...country] } : {}) })
    }
  }
  for (const sort of ['date', 'date_asc', 'crawled', 'crawled_asc'] as const) {
    for (const offset of [0, 333, 2500])
      cases.push(
        { q: 'w1', sort, offset, dedupe: true },
        { q: 'w3 -w2', sort, offset: Math.floor(offset / 10), dedupe: true, country: ['US', 'GB'] },
      )
  }

  // w1 has 7,014 postings in the 90 days: a page past a quarter of them reads and sorts them all.
  test.each([
    ['crawled', 0, 'dedupe-crawl-days'],
    ['crawled_asc', 0, 'dedupe-crawl-days'],
    ['crawled_asc', 333, 'dedupe-crawl-days'],
    ['crawled', 2500, 'dedupe-crawl-sorted'],
    ['crawled_asc', 2500, 'dedupe-crawl-sorted'],
  ] as const)(
    'dedupe=true&sort=%s&offset=%i over thousands of matches: plan %s (store/sqlite-search/plan.ts)',
    (sort, offset, plan) => {
      const plans: string[] = []
      new SqliteSearchIndex(db, { onPlan: (p) => p.table === 'page' && plans.push(p.plan) }).search({
        query: parseQuery('w1'),
        fromS: NOW_S - 90 * 86400,
        toS: NOW_S,
        strictCountry: false,
        maxSeq: null,
        sort,
        size: 20,
        offset,
        dedupe: true,
        fullText: false,
      })
      expect(plans).toEqual([plan])
    },
  )

  test('the cases reach past the first tier, and syndicated copies exist in the matches', () => {
    expect(tierOne('w1')).toBeGreaterThan(40)
    const all = ordered({ q: 'w1', sort: 'date', offset: 0, dedupe: false }).length
    expect(tierOne('w1')).toBeLessThan(all)
    expect(brute({ q: 'w1', sort: 'date', offset: 0, dedupe: true }).total).toBeLessThan(all)
  })

  test.each(['relevance', 'date', 'crawled', 'crawled_asc'] as const)(
    'sort=%s past the last match: an empty page and the exact total',
    (sort) => {
      const c: Rc = { q: 'w1 w2', sort, country: ['US'], offset: 0, dedupe: false }
      const total = brute(c).total
      expect(total).toBeLessThan(9000)
      const page = run({ ...c, offset: total + 3 })
      expect({ ids: page.articles.map((a) => a.id), total: page.total, relation: page.totalRelation }).toEqual({
        ids: [],
        total,
        relation: 'eq',
      })
      // The last page still holds the last matches.
      expect(run({ ...c, offset: total - 2 }).articles.map((a) => a.id)).toEqual(brute({ ...c, offset: total - 2 }).ids)
    },
  )

  test.each(cases)('$q sort=$sort country=$country offset=$offset dedupe=$dedupe', (c) => {
    const want = brute(c)
    expect(want.ids.length).toBeGreaterThan(0)
    const page = run(c)
    expect(page.articles.map((a) => a.id)).toEqual(want.ids)
    if (want.total <= TOTAL_EXACT_LIMIT)
      expect({ total: page.total, relation: page.totalRelation }).toEqual({ total: want.total, relation: 'eq' })
  })
})
