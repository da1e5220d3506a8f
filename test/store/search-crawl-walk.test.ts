/**
 * Word-less searches sorted by crawl time over more matches than the exact-count limit walk the
 * crawl-time index instead of sorting (store/sqlite-search/plan.ts, crawl-index-walk). Their pages must equal a
 * brute-force sort, including articles crawled days after publication and ones published up to
 * 36 h after their crawl, the furthest the store allows.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { PUBLISHED_AFTER_CRAWL_MAX_S } from '../../core/article.ts'
import { isoSeconds } from '../../core/config.ts'
import { mulberry32 } from '../../core/random.ts'
import { type SearchRequest, type SearchSort, TOTAL_EXACT_LIMIT } from '../../core/search/types.ts'
import { ArticleWriter, type ArticleRow } from '../../store/articles.ts'
import { openStore } from '../../store/open.ts'
import { SqliteSearchIndex } from '../../store/search-sqlite.ts'
import { parseQuery } from '../../core/search/query-syntax.ts'
import { articles, NOW_S } from '../../bench/synthetic-articles.ts'
import { tempDir } from '../support/tmp.ts'

const N = TOTAL_EXACT_LIMIT + 2500
const tmp = tempDir('newsdesk-crawl-walk-')
afterAll(() => tmp.cleanup())

const rnd = mulberry32(5)
const rows: ArticleRow[] = [...articles(N, 9)].map((a) => {
  const published = Date.parse(a.published_at) / 1000
  // Crawled from 36 h before publication (the store's limit) to 5 days after it.
  const crawled = Math.min(
    NOW_S - 1,
    published - PUBLISHED_AFTER_CRAWL_MAX_S + Math.floor(rnd() * (PUBLISHED_AFTER_CRAWL_MAX_S + 5 * 86400)),
  )
  return { ...a, crawled_at: isoSeconds(new Date(Math.max(crawled, published - PUBLISHED_AFTER_CRAWL_MAX_S) * 1000)) }
})
const db = openStore(`${tmp.dir}/s.sqlite`)
const writer = new ArticleWriter(db)
db.transaction(() => {
  for (const r of rows) writer.write(r, 0)
})()
const index = new SqliteSearchIndex(db)

/** `q` is one synthetic token (`w1`) or its exclusion (`-w1`): whole space-separated words, as the index cuts them. */
interface Case {
  days: number
  endDaysAgo: number
  sort: SearchSort
  lang?: string[]
  country?: string[]
  offset: number
  q?: string
  strict?: boolean
}

function brute(c: Case): string[] {
  const toS = NOW_S - c.endDaysAgo * 86400
  const fromS = toS - c.days * 86400
  const sec = (iso: string) => Date.parse(iso) / 1000
  return rows
    .filter((r) => sec(r.published_at) >= fromS && sec(r.published_at) < toS)
    .filter(
      (r) =>
        (c.lang === undefined || c.lang.includes(r.lang)) && (c.country === undefined || c.country.includes(r.country)),
    )
    .filter((r) => c.strict !== true || r.country_source !== 'default')
    .filter((r) => {
      if (c.q === undefined) return true
      const has = `${r.title} ${r.description}`.split(' ').includes(c.q.replace(/^-/, ''))
      return c.q.startsWith('-') ? !has : has
    })
    .sort((a, b) => {
      const byId = a.id < b.id ? -1 : a.id > b.id ? 1 : 0
      if (c.sort === 'date') return sec(b.published_at) - sec(a.published_at) || -byId
      if (c.sort === 'date_asc') return sec(a.published_at) - sec(b.published_at) || byId
      return (
        (c.sort === 'crawled' ? sec(b.crawled_at) - sec(a.crawled_at) : sec(a.crawled_at) - sec(b.crawled_at)) || byId
      )
    })
    .slice(c.offset, c.offset + 20)
    .map((r) => r.id)
}

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
  }
  // Date sorts at deep offsets step over the skipped matches in the posting lists (a seek).
  for (const sort of ['date', 'date_asc'] as const) {
    cases.push(
      { days: 90, endDaysAgo: 0, sort, q: 'w1', offset: 4321 },
      { days: 30, endDaysAgo: 10, sort, q: 'w1', country: ['US'], offset: 333 },
      { days: 90, endDaysAgo: 0, sort, q: '-w1', strict: true, offset: 2500 },
      { days: 90, endDaysAgo: 0, sort, lang: ['en'], offset: 3000 },
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
      }
      const want = brute(c)
      expect(want.length).toBeGreaterThan(0)
      expect(index.search(req).articles.map((a) => a.id)).toEqual(want)
    },
  )

  test.each([
    { q: null, plan: 'crawl-index-walk' },
    { q: 'w1', plan: 'crawl-hours' },
  ])('the 90-day range, q $q: matches past the bound, so the plan is $plan (store/sqlite-search/plan.ts)', (c) => {
    const pages: string[] = []
    new SqliteSearchIndex(db, { onPlan: (p) => p.table === 'page' && pages.push(p.plan) }).search({
      query: c.q === null ? null : parseQuery(c.q),
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
    expect(pages).toEqual([c.plan])
  })

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

/**
 * Totals of word-less searches with two filters or more come from the per-day counts, and the
 * part days at either end from the rows (store/sqlite-search/count.ts, countTotal): each total
 * against a brute-force count, on both sides of the exact-count limit and with ends mid-day.
 */
describe(`totals of two filters or more over ${N} articles`, () => {
  const sec = (iso: string) => Date.parse(iso) / 1000
  const langs = [...new Set(rows.map((r) => r.lang))].sort()
  const countries = [...new Set(rows.map((r) => r.country))].sort()
  const byCountry = countries
    .map((c) => ({ c, n: rows.filter((r) => r.country === c).length }))
    .sort((a, b) => b.n - a.n)
  // Country and language pairs by articles (hosts keep both, so most pairs are empty).
  const pairCounts = new Map<string, number>()
  for (const r of rows) pairCounts.set(`${r.country}/${r.lang}`, (pairCounts.get(`${r.country}/${r.lang}`) ?? 0) + 1)
  const pairs = [...pairCounts]
    .map(([k, n]) => ({ country: k.split('/')[0] as string, lang: k.split('/')[1] as string, n }))
    .sort((a, b) => b.n - a.n)
  interface Tc {
    name: string
    country: string[]
    lang: string[]
    fromS: number
    toS: number
  }
  const mid = NOW_S - 7 * 3600
  const cases: Tc[] = [
    {
      name: 'every country and language over 90 days: past the limit',
      country: countries,
      lang: langs,
      fromS: NOW_S - 90 * 86400,
      toS: NOW_S,
    },
    {
      name: 'the commonest countries, every language, ends mid-day',
      country: byCountry.slice(0, 3).map((x) => x.c),
      lang: langs,
      fromS: mid - 60 * 86400 - 5 * 3600,
      toS: mid,
    },
    {
      name: 'one country, its language, 30 days ending mid-day',
      country: [pairs[0]?.country as string],
      lang: [pairs[0]?.lang as string],
      fromS: mid - 30 * 86400,
      toS: mid,
    },
    {
      name: 'two rarer countries, their languages, 10 days',
      country: [pairs[9]?.country as string, pairs[10]?.country as string],
      lang: [pairs[9]?.lang as string, pairs[10]?.lang as string],
      fromS: NOW_S - 10 * 86400,
      toS: NOW_S,
    },
    {
      name: 'a country and a language it never has: none',
      country: [pairs[0]?.country as string],
      lang: [langs.find((l) => !pairs.some((p) => p.country === pairs[0]?.country && p.lang === l)) as string],
      fromS: NOW_S - 30 * 86400,
      toS: mid,
    },
  ]
  test.each(cases)('$name', (c) => {
    const n = rows.filter(
      (r) =>
        c.country.includes(r.country) &&
        c.lang.includes(r.lang) &&
        sec(r.published_at) >= c.fromS &&
        sec(r.published_at) < c.toS,
    ).length
    const page = index.search({
      query: null,
      country: c.country,
      lang: c.lang,
      fromS: c.fromS,
      toS: c.toS,
      strictCountry: false,
      maxSeq: null,
      sort: 'date',
      size: 5,
      offset: 0,
      dedupe: false,
      fullText: false,
    })
    expect({ total: page.total, relation: page.totalRelation }).toEqual({
      total: Math.min(n, TOTAL_EXACT_LIMIT),
      relation: n > TOTAL_EXACT_LIMIT ? 'gte' : 'eq',
    })
  })

  test('the cases span both sides of the limit, and the totals are read from the counts', () => {
    const counts = cases.map(
      (c) =>
        rows.filter(
          (r) =>
            c.country.includes(r.country) &&
            c.lang.includes(r.lang) &&
            sec(r.published_at) >= c.fromS &&
            sec(r.published_at) < c.toS,
        ).length,
    )
    expect(counts.some((n) => n > TOTAL_EXACT_LIMIT)).toBe(true)
    expect(counts.filter((n) => n > 0 && n <= TOTAL_EXACT_LIMIT).length).toBeGreaterThanOrEqual(2)
    // One more article in each of a whole day's rows of counts for the third case changes its total.
    const c = cases[2] as Tc
    const day = Math.floor(c.fromS / 86400) + 3
    const before = index.search({
      query: null,
      country: c.country,
      lang: c.lang,
      fromS: c.fromS,
      toS: c.toS,
      strictCountry: false,
      maxSeq: null,
      sort: 'date',
      size: 5,
      offset: 0,
      dedupe: false,
      fullText: false,
    }).total
    const bump = db.query('UPDATE article_day_facets SET n = n + ? WHERE day = ? AND country = ? AND lang = ?')
    const bumped = bump.run(1, day, c.country[0] as string, c.lang[0] as string).changes
    expect(bumped).toBeGreaterThan(0)
    const after = index.search({
      query: null,
      country: c.country,
      lang: c.lang,
      fromS: c.fromS,
      toS: c.toS,
      strictCountry: false,
      maxSeq: null,
      sort: 'date',
      size: 5,
      offset: 0,
      dedupe: false,
      fullText: false,
    }).total
    bump.run(-1, day, c.country[0] as string, c.lang[0] as string)
    expect(after).toBe(before + bumped)
  })
})

/**
 * Crawl-time pages of a MATCH-driven slice are sorted in two steps (crawl times from the
 * covering index, then the rows of the page's span): with many articles crawled in the same
 * second, a page may start or end inside a run of ties, so the span's offset must count only the
 * matches before the run. Every offset of a small store whose crawl times come in runs of three,
 * and rows past a watermark, against brute force.
 */
describe('crawl-time pages across runs of equal crawl times, and dedupe past a watermark', () => {
  const store = openStore(`${tmp.dir}/ties.sqlite`)
  const w = new ArticleWriter(store)
  // Runs of three articles share a crawl second, each published ten minutes to an hour later; one
  // country, so the country filter (a facet token) drives every search.
  const tieRows: ArticleRow[] = [...articles(240, 31)].map((a, i) => {
    const crawled = NOW_S - 20 * 86400 + Math.floor(i / 3) * 3600
    const published = crawled + 600 + ((i * 7919) % 3000)
    return {
      ...a,
      country: 'GB',
      crawled_at: isoSeconds(new Date(crawled * 1000)),
      published_at: isoSeconds(new Date(published * 1000)),
    }
  })
  store.transaction(() => {
    for (const r of tieRows) w.write(r, 0)
  })()
  const ix = new SqliteSearchIndex(store)
  const stored = new Map(
    store
      .query<{ id: string; seq: number; crawled_at: number; dup_group: string }, []>(
        'SELECT id, seq, crawled_at, dup_group FROM articles',
      )
      .all()
      .map((r) => [r.id, r]),
  )
  const sec = (iso: string) => Date.parse(iso) / 1000
  const country = [...new Set(tieRows.map((r) => r.country))].sort(
    (a, b) => tieRows.filter((r) => r.country === b).length - tieRows.filter((r) => r.country === a).length,
  )[0] as string
  type TieSort = 'crawled' | 'crawled_asc' | 'date'
  const byId = (a: ArticleRow, b: ArticleRow) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  const order: Record<TieSort, (a: ArticleRow, b: ArticleRow) => number> = {
    crawled: (a, b) => (stored.get(b.id)?.crawled_at ?? 0) - (stored.get(a.id)?.crawled_at ?? 0) || byId(a, b),
    crawled_asc: (a, b) => (stored.get(a.id)?.crawled_at ?? 0) - (stored.get(b.id)?.crawled_at ?? 0) || byId(a, b),
    // Newest first by publication, ties by id descending (the time key's order).
    date: (a, b) => sec(b.published_at) - sec(a.published_at) || byId(b, a),
  }
  const brute = (sort: TieSort, maxSeq: number | null, dedupe: boolean): string[] => {
    const list = tieRows
      .filter((r) => r.country === country && sec(r.published_at) >= NOW_S - 90 * 86400 && sec(r.published_at) < NOW_S)
      .filter((r) => maxSeq === null || (stored.get(r.id)?.seq ?? 0) <= maxSeq)
      .sort(order[sort])
    const seen = new Set<string>()
    return list
      .filter((r) => {
        if (!dedupe) return true
        const g = stored.get(r.id)?.dup_group ?? r.id
        if (seen.has(g)) return false
        seen.add(g)
        return true
      })
      .map((r) => r.id)
  }
  const page = (sort: TieSort, offset: number, maxSeq: number | null, dedupe: boolean) =>
    ix
      .search({
        query: null,
        country: [country],
        fromS: NOW_S - 90 * 86400,
        toS: NOW_S,
        strictCountry: false,
        maxSeq,
        sort,
        size: 4,
        offset,
        dedupe,
        fullText: false,
      })
      .articles.map((a) => a.id)

  test('the store has runs of equal crawl times among the matches, and pages that start inside one', () => {
    const times = brute('crawled', null, false).map((id) => stored.get(id)?.crawled_at)
    expect(times.length).toBeGreaterThan(20)
    expect(times.filter((t, i) => i > 0 && t === times[i - 1]).length).toBeGreaterThan(5)
  })

  test.each(['crawled', 'crawled_asc'] as const)('sort=%s: every offset equals brute force', (sort) => {
    const all = brute(sort, null, false)
    const wrong: number[] = []
    for (let offset = 0; offset <= all.length; offset++)
      if (!Bun.deepEquals(page(sort, offset, null, false), all.slice(offset, offset + 4))) wrong.push(offset)
    expect(wrong).toEqual([])
  })

  test.each(['crawled', 'date'] as const)(
    'dedupe=true, sort=%s, with rows past the watermark: equals brute force at every offset',
    (sort) => {
      const maxSeq = Math.floor(Math.max(...[...stored.values()].map((r) => r.seq)) * 0.7)
      const want = brute(sort, maxSeq, true)
      expect(want.length).toBeGreaterThan(10)
      const wrong: number[] = []
      for (let offset = 0; offset <= want.length; offset++)
        if (!Bun.deepEquals(page(sort, offset, maxSeq, true), want.slice(offset, offset + 4))) wrong.push(offset)
      expect(wrong).toEqual([])
    },
  )
})
