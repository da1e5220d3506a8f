import { describe, expect, test } from 'bun:test'
import Ajv from 'ajv'
import { findEndpoint } from '../../core/endpoints.ts'
import { RESPONSE_SCHEMAS } from '../../core/response-schemas.ts'
import { fold } from '../../core/search/tokens.ts'
import { countriesBody } from '../../core/trends/country-list.ts'
import { keywordsBody } from '../../core/trends/keyword-list.ts'
import { resolveTrendScope } from '../../core/trends/scope.ts'
import { trendDetailBody } from '../../core/trends/trend-detail.ts'
import { type Trend, trendsBody } from '../../core/trends/trend-list.ts'
import { buildTrendSet } from '../../core/trends/trend-set.ts'
import type { TrendArticle } from '../../core/trends/types.ts'
import { type Params, validateRequest } from '../../core/validate.ts'
import { HAND_BUILT, HAND_BUILT_COUNTRIES, NOW_MS, everydayBackground } from './fixtures.ts'

const ajv = new Ajv({ allErrors: true, strict: false })

/** Validated parameters for a path and query string, exactly as a route gets them. */
function params(path: string, query = '', pathValues: Record<string, string> = {}): Params {
  const spec = findEndpoint(path)
  if (spec === undefined) throw new Error(`no ${path}`)
  const v = validateRequest(spec, new URLSearchParams(query), pathValues, NOW_MS)
  if (!v.ok) throw new Error(JSON.stringify(v.detail))
  return v.params
}

function valid(path: string, body: unknown): boolean {
  const ok = ajv.validate(RESPONSE_SCHEMAS[path] ?? false, body)
  if (!ok) console.error(path, ajv.errorsText())
  return ok
}

// The hand-built stories plus two articles of a country without a headline (no story there).
const UNTITLED: TrendArticle[] = ['x1', 'x2'].map((id) => ({
  id,
  url: `https://x.example/${id}`,
  title: '',
  host: 'x.example',
  lang: 'fr',
  country: 'FR',
  category: 'world',
  published_at: NOW_MS / 1000 - 3600,
  dup_key: id,
}))
const ARTICLES: TrendArticle[] = [...HAND_BUILT, ...UNTITLED]
const scope = resolveTrendScope(params('/v1/trends'), NOW_MS)
if (!scope.ok) throw new Error('default scope')
const SET = buildTrendSet(ARTICLES, scope.scope, everydayBackground(HAND_BUILT_COUNTRIES))
const ALL = SET.stories

const trends = (query: string) => trendsBody(SET, params('/v1/trends', query))
const ids = (list: readonly Trend[]) => list.map((t) => `${t.country}/${t.slug}`)

describe('/v1/trends', () => {
  test('defaults: window, since, until, every story, 50 a page, 3 headlines, schema', () => {
    const body = trends('')
    expect(body.window).toBe('24h')
    expect(body.since).toBe('2026-11-20T14:00:00Z')
    expect(body.until).toBe('2026-11-21T14:00:00Z')
    expect(body.total).toBe(ALL.length)
    expect(body.size).toBe(50)
    expect(body.offset).toBe(0)
    expect(body.trends.length).toBe(Math.min(50, ALL.length))
    for (const t of body.trends)
      expect(t.headlines.length).toBe(
        Math.min(3, ALL.find((s) => s.slug === t.slug && s.country === t.country)?.headlines.length ?? 0),
      )
    expect(valid('/v1/trends', body)).toBe(true)
    expect(Object.keys(body.trends[0] ?? {})).toEqual([
      'title',
      'category',
      'country',
      'slug',
      'articles',
      'publishers',
      'first_seen',
      'last_seen',
      'keywords',
      'headlines',
      'score',
    ])
  })

  test('a trend: fields from its story, headlines newest first', () => {
    const top = trends('').trends[0]
    expect(top?.title).toStartWith('Hurricane Milton')
    expect(top).toMatchObject({ country: 'US', category: 'environment', articles: 9, publishers: 8 })
    expect(top?.first_seen).toBe('2026-11-20T18:00:00Z')
    expect(top?.last_seen).toBe('2026-11-21T00:00:00Z')
    const times = top?.headlines.map((h) => h.published_at) ?? []
    expect(times).toEqual([...times].sort().reverse())
    expect(Object.keys(top?.headlines[0] ?? {})).toEqual(['title', 'url', 'host', 'lang', 'published_at'])
  })

  test.each([
    { name: 'country', query: 'country=gb,de', keep: (t: Trend) => ['GB', 'DE'].includes(t.country) },
    { name: 'category', query: 'category=business', keep: (t: Trend) => t.category === 'business' },
    {
      name: 'q ignores case and diacritics',
      query: 'q=SAO%20PAULO',
      keep: (t: Trend) => fold(t.title).includes('sao paulo'),
    },
    { name: 'q', query: 'q=tampa', keep: (t: Trend) => t.title.toLowerCase().includes('tampa') },
    { name: 'min_publishers', query: 'min_publishers=3', keep: (t: Trend) => t.publishers >= 3 },
    { name: 'min_articles', query: 'min_articles=5', keep: (t: Trend) => t.articles >= 5 },
    { name: 'kw', query: 'kw=milton', keep: (t: Trend) => t.keywords.includes('milton') },
    {
      name: 'kw: all must be carried',
      query: 'kw=milton,tampa',
      keep: (t: Trend) => t.keywords.includes('milton') && t.keywords.includes('tampa'),
    },
  ])('filter $name', ({ query, keep }) => {
    const all = trends('size=200').trends
    const body = trends(`${query}&size=200`)
    expect(ids(body.trends)).toEqual(ids(all.filter(keep)))
    expect(body.total).toBe(body.trends.length)
    expect(body.total).toBeGreaterThan(0)
    expect(body.total).toBeLessThan(all.length)
  })

  test.each([
    { name: 'kw: another inflection of a keyword', query: 'kw=hurricanes', want: 1 },
    { name: 'kw: two stories never share these', query: 'kw=milton,nunes', want: 0 },
    { name: 'q: nothing', query: 'q=zzzz', want: 0 },
    { name: 'min_publishers: max', query: 'min_publishers=100', want: 0 },
    { name: 'min_articles: max', query: 'min_articles=1000', want: 0 },
  ])('filter $name', ({ query, want }) => expect(trends(query).total).toBe(want))

  // Each sort's definition, written out: the expected order is the full list sorted by it.
  const key = (t: Trend) => `${t.country}/${t.slug}`
  const byKey = (a: Trend, b: Trend) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)
  const time = (s: string) => Date.parse(s)
  test.each([
    {
      sort: 'publishers',
      cmp: (a: Trend, b: Trend) =>
        b.publishers - a.publishers || b.articles - a.articles || time(b.last_seen) - time(a.last_seen) || byKey(a, b),
    },
    {
      sort: 'articles',
      cmp: (a: Trend, b: Trend) =>
        b.articles - a.articles || b.publishers - a.publishers || time(b.last_seen) - time(a.last_seen) || byKey(a, b),
    },
    {
      sort: 'newest',
      cmp: (a: Trend, b: Trend) =>
        time(b.first_seen) - time(a.first_seen) || b.publishers - a.publishers || byKey(a, b),
    },
    {
      sort: 'oldest',
      cmp: (a: Trend, b: Trend) =>
        time(a.first_seen) - time(b.first_seen) || b.publishers - a.publishers || byKey(a, b),
    },
    {
      sort: 'title',
      cmp: (a: Trend, b: Trend) =>
        fold(a.title) < fold(b.title) ? -1 : fold(a.title) > fold(b.title) ? 1 : byKey(a, b),
    },
  ])('sort=$sort', ({ sort, cmp }) => {
    const got = trends(`sort=${sort}&size=200`).trends
    expect(ids(got)).toEqual(ids([...got].sort(cmp)))
    expect(got.length).toBe(ALL.length)
  })

  test('paging: size and offset cut the same order; total stays', () => {
    const all = ids(trends('size=200').trends)
    for (const [size, offset] of [
      [1, 0],
      [5, 3],
      [200, 0],
      [3, ALL.length - 1],
      [50, ALL.length],
      [50, 10_000],
    ] as const) {
      const body = trends(`size=${size}&offset=${offset}`)
      expect(body.total).toBe(ALL.length)
      expect(body.size).toBe(size)
      expect(body.offset).toBe(offset)
      expect(ids(body.trends)).toEqual(all.slice(offset, offset + size))
    }
  })

  test.each([0, 1, 3, 10])('headlines=%p', (n) => {
    for (const t of trends(`headlines=${n}&size=200`).trends) {
      const story = ALL.find((s) => s.country === t.country && s.slug === t.slug)
      expect(t.headlines.length).toBe(Math.min(n, story?.headlines.length ?? 0))
    }
  })

  test('scores carry two decimals', () => {
    for (const t of trends('size=200').trends) expect(Math.round(t.score * 100) / 100).toBe(t.score)
  })
})

describe('/v1/trends/keywords', () => {
  const keywords = (query: string) => keywordsBody(SET, params('/v1/trends/keywords', query))

  test('defaults: min_trends 2, descending by trends, articles, word; schema', () => {
    const body = keywords('')
    expect(body.keywords.length).toBeGreaterThan(0)
    for (const k of body.keywords) expect(k.trends).toBeGreaterThanOrEqual(2)
    const sorted = [...body.keywords].sort(
      (a, b) => b.trends - a.trends || b.articles - a.articles || (a.word < b.word ? -1 : 1),
    )
    expect(body.keywords).toEqual(sorted)
    expect(valid('/v1/trends/keywords', body)).toBe(true)
    expect(body).toMatchObject({
      window: '24h',
      since: '2026-11-20T14:00:00Z',
      until: '2026-11-21T14:00:00Z',
      size: 50,
      offset: 0,
    })
  })

  test('counts are the stories carrying the word and their articles (brute force)', () => {
    const body = keywords('min_trends=1&size=500')
    const want = new Map<string, { trends: number; articles: number }>()
    for (const s of ALL) {
      for (const w of new Set(s.keywords.filter((k) => k.topical).map((k) => k.word))) {
        const e = want.get(w) ?? { trends: 0, articles: 0 }
        want.set(w, { trends: e.trends + 1, articles: e.articles + s.articles })
      }
    }
    expect(body.total).toBe(want.size)
    for (const k of body.keywords)
      expect({ trends: k.trends, articles: k.articles }).toEqual(want.get(k.word) ?? { trends: -1, articles: -1 })
  })

  test('/v1/trends?kw=word finds the stories counted for the word', () => {
    for (const k of keywords('min_trends=1&size=500').keywords) {
      const found = trendsBody(SET, params('/v1/trends', `kw=${encodeURIComponent(k.word)}&size=200`))
      expect(found.total).toBeGreaterThanOrEqual(k.trends)
      expect(found.trends.filter((t) => t.keywords.includes(k.word)).length).toBe(k.trends)
    }
  })

  test.each([
    { name: 'min_trends 1', query: 'min_trends=1', keep: (w: string, n: number) => n >= 1 && w !== '' },
    { name: 'min_trends 3', query: 'min_trends=3', keep: (_: string, n: number) => n >= 3 },
    { name: 'starts ignores case', query: 'min_trends=1&starts=TA', keep: (w: string) => w.startsWith('ta') },
    {
      name: 'starts ignores diacritics',
      query: 'min_trends=1&starts=elei',
      keep: (w: string) => fold(w).startsWith('elei'),
    },
  ])('$name', ({ query, keep }) => {
    const all = keywords('min_trends=1&size=500').keywords
    const body = keywords(`${query}&size=500`)
    expect(body.keywords).toEqual(all.filter((k) => keep(k.word, k.trends)))
    expect(body.total).toBe(body.keywords.length)
  })

  test('country and category narrow the stories counted', () => {
    const body = keywords('min_trends=1&size=500&country=de')
    const words = new Set(
      ALL.filter((s) => s.country === 'DE').flatMap((s) => s.keywords.filter((k) => k.topical).map((k) => k.word)),
    )
    expect(new Set(body.keywords.map((k) => k.word))).toEqual(words)
    const business = keywords('min_trends=1&size=500&category=business')
    expect(business.keywords.map((k) => k.word)).toContain('fed')
    expect(business.keywords.map((k) => k.word)).not.toContain('milton')
  })

  test('paging', () => {
    const all = keywords('min_trends=1&size=500')
    const page = keywords('min_trends=1&size=2&offset=3')
    expect(page.total).toBe(all.total)
    expect(page.keywords).toEqual(all.keywords.slice(3, 5))
  })
})

describe('/v1/trends/countries', () => {
  const countries = (query: string) => countriesBody(SET, params('/v1/trends/countries', query))

  test('descending by trends, then articles, then country; trends = /v1/trends?country total; schema', () => {
    const body = countries('')
    expect(body.window).toBe('24h')
    expect(valid('/v1/trends/countries', body)).toBe(true)
    expect(body.countries.map((c) => c.country)).toEqual(['US', 'BR', 'DE', 'GB'])
    for (const c of body.countries) {
      expect(c.trends).toBe(trendsBody(SET, params('/v1/trends', `country=${c.country}`)).total)
      expect(c.articles).toBe(ARTICLES.filter((a) => a.country === c.country).length)
    }
    const sorted = [...body.countries].sort(
      (a, b) => b.trends - a.trends || b.articles - a.articles || (a.country < b.country ? -1 : 1),
    )
    expect(body.countries).toEqual(sorted)
  })

  test.each([
    { query: 'min_trends=0', want: ['US', 'BR', 'DE', 'GB', 'FR'] },
    { query: 'min_trends=1', want: ['US', 'BR', 'DE', 'GB'] },
    { query: 'min_trends=3', want: ['US', 'BR', 'DE'] },
    { query: 'min_trends=4', want: ['US'] },
    { query: 'min_trends=10000', want: [] },
  ])('$query', ({ query, want }) => expect(countries(query).countries.map((c) => c.country)).toEqual([...want]))

  test('a country with articles but no story shows 0 trends', () => {
    expect(countries('min_trends=0').countries.find((c) => c.country === 'FR')).toEqual({
      country: 'FR',
      trends: 0,
      articles: 2,
    })
  })
})

describe('/v1/trends/{cc}/{slug}', () => {
  const milton = ALL.find((s) => s.title.startsWith('Hurricane Milton'))
  const eleicao = ALL.find((s) => s.country === 'BR' && s.articles > 1)
  const detail = (cc: string, slug: string, query = '') =>
    trendDetailBody(SET, cc, slug, params('/v1/trends/{cc}/{slug}', query, { cc, slug }))

  test('the story and its articles, newest first; schema', () => {
    const r = detail('US', milton?.slug ?? '')
    expect(r.ok).toBe(true)
    if (!r.ok) return
    // The answer adds the story's tone, its entities, its hourly timeline and each item's tone
    // from the store (answers/trends.ts; test/live/entities.test.ts checks them): here, neutral
    // stand-ins.
    const tone = { pos: 0, neu: r.body.items.length, neg: 0, net: 0, net_tone: 0, mean_score: 0 }
    const answered = {
      ...r.body,
      tone,
      entities: [],
      timeline: [{ time: r.body.first_seen, articles: r.body.items.length, ...tone }],
      items: r.body.items.map((i) => ({ ...i, sentiment: 'neu', score: 0 })),
    }
    expect(valid('/v1/trends/{cc}/{slug}', answered)).toBe(true)
    expect(valid('/v1/trends/{cc}/{slug}', r.body)).toBe(false)
    expect(r.body).toMatchObject({
      title: milton?.title,
      country: 'US',
      slug: milton?.slug,
      articles: 9,
      publishers: 8,
      category: 'environment',
    })
    expect(r.body.items.length).toBe(9)
    const times = r.body.items.map((i) => i.published_at)
    expect(times).toEqual([...times].sort().reverse())
  })

  test.each([1, 5, 100, 500])('size=%p caps the items', (size) => {
    const r = detail('US', milton?.slug ?? '', `size=${size}`)
    expect(r.ok && r.body.items.length).toBe(Math.min(size, 9))
  })

  test('cc is case-insensitive; a non-ASCII slug round-trips through percent-encoding and NFD', () => {
    const slug = eleicao?.slug ?? ''
    expect(slug).toMatch(/[^\x00-\x7f]/)
    const sent = decodeURIComponent(encodeURIComponent(slug.normalize('NFD')))
    const r = detail('br', sent)
    expect(r.ok && r.body.slug).toBe(slug)
  })

  test.each([
    { name: 'unknown country', cc: 'ZZ', slug: 'anything', says: 'No trends for country ZZ' },
    { name: 'country with articles but no story', cc: 'FR', slug: 'anything', says: 'No trends for country FR' },
    { name: 'unknown slug', cc: 'US', slug: 'no-such-story', says: 'No trend US/no-such-story' },
  ])('not found: $name', ({ cc, slug, says }) => {
    const r = detail(cc, slug)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.detail).toStartWith(says)
  })

  test('every story of the set is reachable by its slug', () => {
    for (const s of ALL) expect(detail(s.country, s.slug).ok).toBe(true)
  })
})

test('the same set answers the same bodies: bodies are pure functions of the set and the parameters', () => {
  const again = buildTrendSet([...ARTICLES].reverse(), SET.scope, everydayBackground(HAND_BUILT_COUNTRIES))
  expect(JSON.stringify(trendsBody(again, params('/v1/trends')))).toBe(
    JSON.stringify(trendsBody(SET, params('/v1/trends'))),
  )
  expect(JSON.stringify(keywordsBody(again, params('/v1/trends/keywords')))).toBe(
    JSON.stringify(keywordsBody(SET, params('/v1/trends/keywords'))),
  )
  expect(JSON.stringify(countriesBody(again, params('/v1/trends/countries')))).toBe(
    JSON.stringify(countriesBody(SET, params('/v1/trends/countries'))),
  )
})
