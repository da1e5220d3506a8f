/**
 * Issue 25 through the HTTP answer: every signal filter, the grouped q, the tone on every article
 * answer, the stats facets, tone timeline and `normalize=share`, each against a brute-force pass
 * over the fixture articles; and each bad value a 422 in the contract's format.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { matchesFields, parseQuery } from '../../core/search/query-syntax.ts'
import { indexTokens } from '../../core/search/tokens.ts'
import type { FixtureArticle } from '../support/fixture-store.ts'
import { fixtureApp } from './app-support.ts'

const f = fixtureApp()
afterAll(() => f.cleanup())
const NOW_S = Date.parse('2026-11-21T14:00:00Z') / 1000
const DAY_S = 86_400
const epoch = (iso: string) => Date.parse(iso) / 1000
type A = FixtureArticle

/** The fixture articles of the default 90-day window that pass `keep` and match q (in the title alone with `titleOnly`). */
function brute(q: string, keep: (a: A) => boolean, titleOnly = false, fromS = NOW_S - 90 * DAY_S): A[] {
  const parsed = parseQuery(q)
  return f.articles
    .filter((a) => epoch(a.published_at) >= fromS && epoch(a.published_at) < NOW_S)
    .filter(keep)
    .filter(
      (a) =>
        parsed === null ||
        matchesFields(parsed, titleOnly ? [indexTokens(a.title)] : [indexTokens(a.title), indexTokens(a.description)]),
    )
}

const CASES: { name: string; query: string; q?: string; keep: (a: A) => boolean; titleOnly?: boolean }[] = [
  { name: 'one category, upper case', query: 'category=SPORT', keep: (a) => a.category === 'sport' },
  {
    name: 'several categories and a word',
    query: 'category=politics,business&q=market',
    q: 'market',
    keep: (a) => a.category === 'politics' || a.category === 'business',
  },
  { name: 'one tone label', query: 'sentiment=neg', keep: (a) => a.sentiment === 'neg' },
  {
    name: 'two tone labels and a country',
    query: 'sentiment=pos,neu&country=gb',
    keep: (a) => a.sentiment !== 'neg' && a.country === 'GB',
  },
  { name: 'a tone range', query: 'min_score=-0.5&max_score=0.25', keep: (a) => a.score >= -0.5 && a.score <= 0.25 },
  {
    name: 'a lower tone bound with a word and dates',
    query: 'min_score=0.4&q=bitcoin&from=2026-11-01&to=2026-11-21',
    q: 'bitcoin',
    keep: (a) => a.score >= 0.4 && a.published_at >= '2026-11-01' && a.published_at < '2026-11-21',
  },
  {
    name: 'an excluded host (www. ignored)',
    query: 'exclude_host=www.news1.co.uk&q=market',
    q: 'market',
    keep: (a) => a.host !== 'news1.co.uk',
  },
  {
    name: 'excluded hosts with a host filter',
    query: 'host=news1.co.uk,daily2.com&exclude_host=daily2.com',
    keep: (a) => a.host === 'news1.co.uk',
  },
  { name: 'in=title', query: 'in=title&q=market', q: 'market', keep: () => true, titleOnly: true },
  {
    name: 'in=title with a phrase and a category',
    query: `in=title&q=${encodeURIComponent('"market crash"')}&category=world,business`,
    q: '"market crash"',
    keep: (a) => ['world', 'business'].includes(a.category),
    titleOnly: true,
  },
  {
    name: 'NOT before a group',
    query: `q=${encodeURIComponent('market NOT (crash OR rally)')}`,
    q: 'market NOT (crash OR rally)',
    keep: () => true,
  },
  {
    name: 'a negated pair and a tone label',
    query: `q=${encodeURIComponent('bitcoin -(market crash)')}&sentiment=pos`,
    q: 'bitcoin -(market crash)',
    keep: (a) => a.sentiment === 'pos',
  },
]

describe('search with the signal filters agrees with a brute-force pass', () => {
  test.each(CASES)('$name', async ({ query, q, keep, titleOnly }) => {
    const want = brute(q ?? '', keep, titleOnly)
      .sort((x, y) => epoch(y.published_at) - epoch(x.published_at) || (x.id < y.id ? 1 : -1))
      .map((a) => a.url)
    const r = await f.json(`/v1/search?${query}&size=100`)
    expect(r.status).toBe(200)
    expect(r.body.total).toBe(want.length)
    expect((r.body.results as { url: string }[]).map((h) => h.url)).toEqual(want.slice(0, 100))
  })

  test('the table is not vacuous: every case matches something, and less than everything', () => {
    const all = brute('', () => true).length
    for (const c of CASES) {
      const n = brute(c.q ?? '', c.keep, c.titleOnly).length
      expect({ case: c.name, some: n > 0, notAll: n < all }).toEqual({ case: c.name, some: true, notAll: true })
    }
  })

  test('the feeds take the same filters', async () => {
    const want = brute('', (a) => a.category === 'sport' && a.sentiment === 'neg').length
    const r = await f.json('/v1/feed.json?category=sport&sentiment=neg&size=200')
    expect((r.body.items as unknown[]).length).toBe(Math.min(want, 200))
    for (const item of r.body.items as { _newsdesk: { category: string; sentiment: string } }[])
      expect(item._newsdesk).toMatchObject({ category: 'sport', sentiment: 'neg' })
  })
})

test('every article answer carries its tone in the BTC news shape', async () => {
  const byUrl = new Map(f.articles.map((a) => [a.url, a]))
  const r = await f.json('/v1/search?size=20')
  const hits = r.body.results as { url: string; sentiment: string; score: number; labelled_by: string }[]
  expect(hits.length).toBe(20)
  for (const h of hits) {
    const a = byUrl.get(h.url) as A
    expect({ sentiment: h.sentiment, score: h.score, labelled_by: h.labelled_by }).toEqual({
      sentiment: a.sentiment,
      score: a.score,
      labelled_by: a.labelled_by,
    })
  }
  const one = hits[0] as (typeof hits)[number]
  const article = await f.json(`/v1/article?url=${encodeURIComponent(one.url)}`)
  expect(article.body).toMatchObject({ sentiment: one.sentiment, score: one.score, labelled_by: one.labelled_by })
  const picked = await f.json('/v1/search?size=3&fields=url,sentiment,score')
  for (const h of picked.body.results as Record<string, unknown>[])
    expect(Object.keys(h)).toEqual(['url', 'sentiment', 'score'])
})

describe('stats: category and tone facets, a tone timeline, volume share', () => {
  const round3 = (x: number) => Math.round(x * 1000) / 1000
  test.each([
    { name: 'no filter', query: '', keep: () => true },
    {
      name: 'a word and a country',
      query: 'q=market&country=GB,US',
      q: 'market',
      keep: (a: A) => ['GB', 'US'].includes(a.country),
    },
    { name: 'a category', query: 'category=sport', keep: (a: A) => a.category === 'sport' },
    {
      name: 'a tone range and an excluded host',
      query: 'min_score=-0.2&exclude_host=daily2.com',
      keep: (a: A) => a.score >= -0.2 && a.host !== 'daily2.com',
    },
  ])('$name', async ({ query, q, keep }) => {
    const want = brute(q ?? '', keep)
    const all = brute('', () => true)
    const r = await f.json(`/v1/stats?${query}&normalize=share&top=100`)
    expect(r.status).toBe(200)
    const facet = (pick: (a: A) => string) => {
      const m = new Map<string, number>()
      for (const a of want) m.set(pick(a), (m.get(pick(a)) ?? 0) + 1)
      return [...m]
        .map(([key, articles]) => ({ key, articles }))
        .sort((x, y) => y.articles - x.articles || (x.key < y.key ? -1 : 1))
    }
    expect(r.body.categories).toEqual(facet((a) => a.category))
    expect(r.body.sentiments).toEqual(facet((a) => a.sentiment))
    const tone = (xs: A[]) => {
      const pos = xs.filter((a) => a.sentiment === 'pos').length
      const neg = xs.filter((a) => a.sentiment === 'neg').length
      const sum = xs.reduce((s, a) => s + Math.round(a.score * 1000), 0)
      return {
        pos,
        neu: xs.length - pos - neg,
        neg,
        net: pos - neg,
        net_tone: xs.length === 0 ? null : round3((pos - neg) / xs.length),
        mean_score: xs.length === 0 ? null : round3(sum / 1000 / xs.length),
      }
    }
    expect(r.body.tone).toEqual(tone(want))
    const timeline = r.body.timeline as { time: string; articles: number; all_articles: number; share: number | null }[]
    expect(timeline.length).toBeGreaterThanOrEqual(90)
    for (const p of timeline) {
      const start = epoch(p.time)
      const inDay = (a: A) => epoch(a.published_at) >= start && epoch(a.published_at) < start + DAY_S
      const mine = want.filter(inDay)
      const everyone = all.filter(inDay).length
      expect(p).toEqual({
        time: p.time,
        articles: mine.length,
        ...tone(mine),
        all_articles: everyone,
        share: everyone === 0 ? null : Math.round((mine.length / everyone) * 1e6) / 1e6,
      })
    }
    expect(timeline.reduce((s, p) => s + p.articles, 0)).toBe(want.length)
  })

  test('without normalize the points carry no share', async () => {
    const r = await f.json('/v1/stats?date=7d')
    for (const p of r.body.timeline as Record<string, unknown>[])
      expect(Object.keys(p)).toEqual(['time', 'articles', 'pos', 'neu', 'neg', 'net', 'net_tone', 'mean_score'])
    expect(r.body.normalize).toBe('none')
  })
})

describe('bad values are 422s in the contract format', () => {
  test.each([
    { query: 'category=sports', loc: 'category', type: 'literal_error' },
    { query: 'sentiment=negative', loc: 'sentiment', type: 'literal_error' },
    { query: 'min_score=1.5', loc: 'min_score', type: 'less_than_equal' },
    { query: 'max_score=-2', loc: 'max_score', type: 'greater_than_equal' },
    { query: 'min_score=abc', loc: 'min_score', type: 'float_parsing' },
    { query: 'min_score=0.5&max_score=0.1', loc: 'max_score', type: 'value_error' },
    { query: 'in=body', loc: 'in', type: 'literal_error' },
    { query: 'exclude_host=a%20b', loc: 'exclude_host', type: 'value_error' },
    { query: `q=${encodeURIComponent(`${'('.repeat(9)}a${')'.repeat(9)}`)}`, loc: 'q', type: 'value_error' },
    {
      query: `q=${encodeURIComponent(Array.from({ length: 9 }, () => '(a OR -(b OR c))').join(' '))}`,
      loc: 'q',
      type: 'value_error',
    },
  ])('/v1/search?$query → 422 on $loc', async ({ query, loc, type }) => {
    for (const path of ['/v1/search', '/v1/stats', '/v1/rss']) {
      const r = await f.get(`${path}?${query}`)
      expect(r.status).toBe(422)
      const body = (await r.json()) as { detail: { loc: string[]; type: string; msg: string }[] }
      expect(body.detail[0]).toMatchObject({ loc: ['query', loc], type })
      expect(body.detail[0]?.msg).toBeString()
    }
  })

  test('normalize takes none or share only', async () => {
    const r = await f.json('/v1/stats?normalize=percent')
    expect(r.status).toBe(422)
  })
})
