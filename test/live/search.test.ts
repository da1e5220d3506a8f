import { afterAll, describe, expect, test } from 'bun:test'
import { matchesFields, parseQuery } from '../../core/search/query-syntax.ts'
import { indexTokens } from '../../core/search/tokens.ts'
import { fixtureApp } from './app-support.ts'

const f = fixtureApp()
afterAll(() => f.cleanup())
const NOW_S = Date.parse('2026-11-21T14:00:00Z') / 1000

interface Hit {
  url: string
  published_at: string
  crawled_at: string
  title: string
  id: string
}

/** Brute force: scan every fixture article with the reference matching rules. */
function expected(
  q: string,
  filter: (a: (typeof f.articles)[number]) => boolean,
  sort: 'date' | 'date_asc' | 'crawled' | 'crawled_asc',
) {
  const parsed = parseQuery(q)
  const key = sort.startsWith('date') ? 'published_at' : 'crawled_at'
  const dir = sort.endsWith('_asc') ? 1 : -1
  return (
    f.articles
      .filter(
        (a) => Date.parse(a.published_at) / 1000 >= NOW_S - 90 * 86400 && Date.parse(a.published_at) / 1000 < NOW_S,
      )
      .filter(filter)
      .filter((a) => parsed === null || matchesFields(parsed, [indexTokens(a.title), indexTokens(a.description)]))
      // date sorts: (published_at, id) both in the sort's direction; crawled sorts: ties by id ascending
      .sort(
        (x, y) =>
          dir * (Date.parse(x[key]) - Date.parse(y[key])) ||
          (key === 'published_at' ? dir : 1) * (x.id < y.id ? -1 : x.id > y.id ? 1 : 0),
      )
      .map((a) => a.url)
  )
}

const QUERIES = [
  { q: 'bitcoin', filter: () => true },
  { q: 'market crash', filter: () => true },
  { q: '"market crash"', filter: () => true },
  { q: 'bitcoin -rally', filter: () => true },
  { q: 'crash OR rally', filter: () => true },
  { q: 'vaccine OR climate court', filter: () => true },
  { q: 'élection', filter: () => true },
  { q: 'election', filter: () => true }, // diacritics folded: matches élection too
  { q: 'fussball', filter: () => true }, // ß is not ss: no false friend
  { q: 'Börse', filter: () => true },
  { q: 'биткоин', filter: () => true },
  { q: '比特币', filter: () => true },
  { q: '市場', filter: () => true },
  { q: 'ビットコイン 市場', filter: () => true },
  { q: '-bitcoin', filter: () => true },
  { q: '', filter: () => true },
  { q: 'bitcoin', filter: (a: { country: string }) => a.country === 'GB', params: '&country=gb' },
  { q: 'market', filter: (a: { lang: string; tld: string }) => a.tld === 'com', params: '&tld=.COM' },
  {
    q: '',
    filter: (a: { host: string }) => a.host === 'news1.co.uk' || a.host === 'daily2.com',
    params: '&host=www.news1.co.uk,daily2.com',
  },
  {
    q: 'crash',
    filter: (a: { country_source: string }) => a.country_source !== 'default',
    params: '&strict_country=true',
  },
  {
    q: '',
    filter: (a: { published_at: string }) => Date.parse(a.published_at) >= Date.parse('2026-11-14T14:00:00Z'),
    params: '&date=7d',
  },
  {
    q: '',
    filter: (a: { published_at: string }) => a.published_at >= '2026-11-01' && a.published_at < '2026-11-10',
    params: '&from=2026-11-01&to=2026-11-10',
  },
]

describe.each(['date', 'date_asc', 'crawled', 'crawled_asc'] as const)(
  'search agrees with a brute-force scan (sort=%s)',
  (sort) => {
    test.each(QUERIES)('q=$q $params', async ({ q, filter, params }) => {
      const want = expected(q, filter as (a: unknown) => boolean, sort)
      const r = await f.json(`/v1/search?q=${encodeURIComponent(q)}&sort=${sort}&size=100${params ?? ''}`)
      expect(r.status).toBe(200)
      expect(r.body.total).toBe(want.length)
      expect((r.body.results as Hit[]).map((h) => h.url)).toEqual(want.slice(0, 100))
    })
  },
)

test('some queries really match something (the table is not vacuous)', () => {
  const counts = QUERIES.map((x) => expected(x.q, x.filter as (a: unknown) => boolean, 'date').length)
  expect(counts.filter((n) => n > 0).length).toBeGreaterThan(QUERIES.length - 3)
  expect(expected('election', () => true, 'date')).toEqual(
    expect.arrayContaining(expected('élection', () => true, 'date')),
  )
})

test('relevance returns the same set as a date sort, best match first', async () => {
  const byDate = await f.json('/v1/search?q=bitcoin OR биткоин&size=100&country=GB,RU')
  const byRel = await f.json('/v1/search?q=bitcoin OR биткоин&size=100&country=GB,RU&sort=relevance')
  expect(byRel.body.total).toBe(byDate.body.total)
  expect(byDate.body.total as number).toBeGreaterThan(5)
  expect(byDate.body.total as number).toBeLessThanOrEqual(100)
  expect(new Set((byRel.body.results as Hit[]).map((h) => h.url))).toEqual(
    new Set((byDate.body.results as Hit[]).map((h) => h.url)),
  )
})

test('paging: offset walks through the same order without gaps or repeats', async () => {
  const all = (await f.json('/v1/search?size=100')).body.results as Hit[]
  const pages: Hit[] = []
  for (let offset = 0; offset < 100; offset += 25)
    pages.push(...((await f.json(`/v1/search?size=25&offset=${offset}`)).body.results as Hit[]))
  expect(pages.map((h) => h.url)).toEqual(all.map((h) => h.url))
})

test('highlight wraps matches in <em> and escapes the rest', async () => {
  const r = await f.json('/v1/search?q=bitcoin&highlight=true&size=100')
  const hits = r.body.results as (Hit & { description: string })[]
  expect(hits.length).toBeGreaterThan(0)
  for (const h of hits) expect(`${h.title} ${h.description}`.toLowerCase()).toContain('<em>bitcoin</em>')
  const hostile = hits.find((h) => h.url.endsWith('/story/5'))
  expect(hostile?.title).toBe('&lt;script&gt;alert(1)&lt;/script&gt; <em>Bitcoin</em> &amp; &quot;market&quot;')
})

test('fields keeps only the named fields in the order given', async () => {
  const r = await f.json('/v1/search?fields=url,title&size=3')
  for (const h of r.body.results as Record<string, unknown>[]) expect(Object.keys(h)).toEqual(['url', 'title'])
})

test('full_text adds the body', async () => {
  const r = await f.json('/v1/search?full_text=true&size=2')
  for (const h of r.body.results as Record<string, unknown>[]) expect(typeof h.text).toBe('string')
  const plain = await f.json('/v1/search?size=2')
  for (const h of plain.body.results as Record<string, unknown>[]) expect(h.text).toBeUndefined()
})

test('dedupe collapses a syndication group to its first article', async () => {
  const first = f.articles[0]
  const group = f.articles.filter((a) => a.title === first?.title && a.text === first?.text).length
  expect(group).toBeGreaterThan(1)
  const all = await f.json('/v1/search?size=1')
  const deduped = await f.json('/v1/search?size=1&dedupe=true')
  expect(deduped.body.total).toBe((all.body.total as number) - (group - 1))
})

test('a query past the term cap is a 422 that says why', async () => {
  const q = Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ')
  const r = await f.json(`/v1/search?q=${encodeURIComponent(q)}`)
  expect(r.status).toBe(422)
  expect(JSON.stringify(r.body)).toContain('at most 32')
})

describe('/v1/article', () => {
  test('by canonical URL and by a crawled variant', async () => {
    const a = f.articles.find((x) => x.target_uri !== x.url)
    if (a === undefined) throw new Error('fixture has no variant')
    for (const url of [a.url, a.target_uri]) {
      const r = await f.json(`/v1/article?url=${encodeURIComponent(url)}`)
      expect(r.status).toBe(200)
      expect(r.body.url).toBe(a.url)
      expect(r.body.text).toBe(a.text) // full_text defaults to true here
    }
  })
  test('unknown URL is a 404 {detail}', async () => {
    const r = await f.json(`/v1/article?url=${encodeURIComponent('https://nowhere.example/x')}`)
    expect(r.status).toBe(404)
    expect(typeof r.body.detail).toBe('string')
  })
})

describe('/v1/stats', () => {
  test('facets and a zero-filled daily timeline agree with a scan', async () => {
    const r = await f.json('/v1/stats?q=bitcoin&top=100')
    const want = expected('bitcoin', () => true, 'date')
    expect(r.body.total).toBe(want.length)
    const countries = r.body.countries as { key: string; articles: number }[]
    expect(countries.reduce((s, b) => s + b.articles, 0)).toBe(want.length)
    const sorted = [...countries].sort((a, b) => b.articles - a.articles || a.key.localeCompare(b.key))
    expect(countries).toEqual(sorted)
    const timeline = r.body.timeline as { time: string; articles: number }[]
    expect(timeline.length).toBe(91) // 90 days back from 14:00, daily buckets from 00:00
    expect(timeline.reduce((s, p) => s + p.articles, 0)).toBe(want.length)
  })
  test('hourly timeline up to 72 hours', async () => {
    const r = await f.json('/v1/stats?date=48h')
    expect((r.body.timeline as unknown[]).length).toBe(48)
  })
})
