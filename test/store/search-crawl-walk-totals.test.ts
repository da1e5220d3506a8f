import { afterAll, describe, expect, test } from 'bun:test'
import { TOTAL_EXACT_LIMIT } from '../../core/search/types.ts'
import { NOW_S } from '../../bench/synthetic-articles.ts'

import { N, crawlWalkStore } from '../support/crawl-walk-store.ts'

const { rows, db, index, cleanup } = crawlWalkStore()
afterAll(cleanup)

/**
 * Totals of word-less searches with two filters or more come from the per-day counts, and the
 * part days at either end from the rows (store/sqlite-search/count.ts, countTotal): each total
 * against a brute-force count, on both sides of the exact-count limit and with ends mid-day.
 */
describe(`totals of two filters or more over ${N} articles`, () => {
  const sec = (iso: string) => Date.parse(iso) / 1000
  /** A word-less date page of a case's slice (its total is what the cases check). */
  const firstPage = (c: { country: string[]; lang: string[]; fromS: number; toS: number }) =>
    index.search({
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
    const page = firstPage(c)
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
    const total = () => firstPage(c).total
    const before = total()
    const bump = db.query('UPDATE article_day_facets SET n = n + ? WHERE day = ? AND country = ? AND lang = ?')
    const bumped = bump.run(1, day, c.country[0] as string, c.lang[0] as string).changes
    expect(bumped).toBeGreaterThan(0)
    const after = total()
    bump.run(-1, day, c.country[0] as string, c.lang[0] as string)
    expect(after).toBe(before + bumped)
  })
})
