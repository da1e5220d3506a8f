/**
 * Issue 27 through the HTTP answer: the `entity` filter, entities on every article answer and
 * feed item, `/v1/entities` and `/v1/entities/{key}`, each against a brute-force pass over the
 * fixture articles (the entities the fixtures name, test/support/fixture-store.ts); bad input is
 * a 422 in the contract's format, an unknown entity an empty answer.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import type { FixtureArticle } from '../support/fixture-store.ts'
import { fixtureApp } from './app-support.ts'

const f = fixtureApp()
afterAll(() => f.cleanup())
const NOW_S = Date.parse('2026-11-21T14:00:00Z') / 1000
const DAY_S = 86_400
const epoch = (iso: string) => Date.parse(iso) / 1000
type A = FixtureArticle
const names = (a: A, key: string) => a.entities.some((e) => e.key === key)
const within = (a: A, fromS: number, toS: number) => epoch(a.published_at) >= fromS && epoch(a.published_at) < toS

/**
 * The `n` keys named by most articles, ties by key in code-point order (as SQLite's BINARY
 * collation orders them), never by the store's entity ids, which follow commit order.
 */
function mostNamed(counts: ReadonlyMap<string, number>, n: number): [string, number][] {
  const byKey = (a: string, b: string) => {
    const x = [...a].map((c) => c.codePointAt(0) ?? 0)
    const y = [...b].map((c) => c.codePointAt(0) ?? 0)
    for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return (x[i] ?? 0) - (y[i] ?? 0)
    return x.length - y.length
  }
  return [...counts].sort((a, b) => b[1] - a[1] || byKey(a[0], b[0])).slice(0, n)
}

interface Hit {
  url: string
  entities: { key: string; name: string; type: string; count: number; country: string | null }[]
}

describe('the entity filter', () => {
  test.each([
    { query: 'entity=place:paris', keep: (a: A) => names(a, 'place:paris') },
    { query: 'entity=Paris', keep: (a: A) => names(a, 'place:paris') },
    { query: 'entity=PLACE:Paris', keep: (a: A) => names(a, 'place:paris') },
    { query: 'entity=São%20Paulo', keep: (a: A) => names(a, 'place:sao-paulo') },
    {
      query: 'entity=person:ada-lovelace,organisation:acme-corp&country=GB',
      keep: (a: A) => (names(a, 'person:ada-lovelace') || names(a, 'organisation:acme-corp')) && a.country === 'GB',
    },
    { query: 'entity=person:nobody-at-all', keep: () => false },
  ])('$query: search and stats count what a scan counts', async ({ query, keep }) => {
    const want = f.articles.filter((a) => within(a, NOW_S - 90 * DAY_S, NOW_S) && keep(a))
    const s = await f.json(`/v1/search?${query}&size=100`)
    expect(s.status).toBe(200)
    expect(s.body.total).toBe(want.length)
    const urls = new Set(want.map((a) => a.url))
    for (const hit of s.body.results as Hit[]) expect(urls.has(hit.url)).toBe(true)
    const st = await f.json(`/v1/stats?${query}`)
    expect(st.status).toBe(200)
    expect(st.body.total).toBe(want.length)
  })

  test('every article answer carries the entities its article names, most mentioned first', async () => {
    const a = f.articles.find((x) => x.entities.length >= 2)
    if (a === undefined) throw new Error('no fixture article names two entities')
    const r = await f.json(`/v1/article?url=${encodeURIComponent(a.url)}`)
    expect(r.status).toBe(200)
    const want = [...a.entities].sort((x, y) => y.count - x.count || (x.key < y.key ? -1 : 1))
    expect(r.body.entities).toEqual(want)
    const s = await f.json('/v1/search?entity=place:berlin&fields=url,entities&size=5')
    for (const hit of s.body.results as Hit[]) expect(hit.entities.map((e) => e.key)).toContain('place:berlin')
  })

  test('feeds: JSON Feed items and RSS/Atom categories name the entities', async () => {
    const j = await f.json('/v1/feed.json?entity=place:tokyo&size=5')
    const items = j.body.items as { _newsdesk: { entities: { key: string }[] } }[]
    expect(items.length).toBeGreaterThan(0)
    for (const i of items) expect(i._newsdesk.entities.map((e) => e.key)).toContain('place:tokyo')
    const rss = await (await f.get('/v1/rss?entity=place:tokyo&size=5')).text()
    expect(rss).toContain('<category domain="urn:newsdesk:entity">place:tokyo</category>')
    const atom = await (await f.get('/v1/atom?entity=place:tokyo&size=5')).text()
    expect(atom).toContain('term="place:tokyo"')
    expect(atom).toContain('scheme="urn:newsdesk:entity"')
  })
})

describe('/v1/trends?entity=', () => {
  test('keeps the stories with an article naming one of the entities', async () => {
    const all = (await f.json('/v1/trends?size=200')).body.trends as { country: string; slug: string }[]
    expect(all.length).toBeGreaterThan(0)
    const byUrl = new Map(f.articles.map((a) => [a.url, a]))
    const itemsOf = async (t: { country: string; slug: string }) =>
      (
        (await f.json(`/v1/trends/${t.country}/${encodeURIComponent(t.slug)}?size=500`)).body.items as { url: string }[]
      ).map((i) => byUrl.get(i.url))
    let some = 0
    for (const key of ['place:paris', 'person:jean-dupont', 'organisation:acme-corp']) {
      const want: string[] = []
      for (const t of all) if ((await itemsOf(t)).some((a) => a !== undefined && names(a, key))) want.push(t.slug)
      const got = (await f.json(`/v1/trends?size=200&entity=${key}`)).body.trends as { slug: string }[]
      expect(got.map((t) => t.slug).sort()).toEqual(want.sort())
      some += want.length
    }
    expect(some).toBeGreaterThan(0)
    expect((await f.json('/v1/trends?entity=person:nobody-at-all')).body.total).toBe(0)
  })
})

describe('/v1/trends/{cc}/{slug}: a story names its people, places and organisations, and has a tone', () => {
  test('tone over all its articles, each item with its own, and the most named entities, from a scan', async () => {
    const all = (await f.json('/v1/trends?size=200')).body.trends as {
      country: string
      slug: string
      articles: number
    }[]
    const story = all.find((t) => t.articles >= 3) ?? all[0]
    if (story === undefined) throw new Error('the fixture has no story')
    const d = await f.json(`/v1/trends/${story.country}/${encodeURIComponent(story.slug)}?size=500`)
    expect(d.status).toBe(200)
    const items = d.body.items as { url: string; sentiment: string; score: number }[]
    expect(items.length).toBe(Number(d.body.articles))
    const byUrl = new Map(f.articles.map((a) => [a.url, a]))
    const arts = items.map((i) => byUrl.get(i.url) as A)
    items.forEach((i, k) => {
      expect({ s: i.sentiment, x: i.score }).toEqual({ s: arts[k]?.sentiment ?? '', x: arts[k]?.score ?? Number.NaN })
    })
    const count = (label: string) => arts.filter((a) => a.sentiment === label).length
    expect(d.body.tone).toMatchObject({ pos: count('pos'), neu: count('neu'), neg: count('neg') })
    const named = new Map<string, number>()
    for (const a of arts) for (const e of a.entities) named.set(e.key, (named.get(e.key) ?? 0) + 1)
    const got = d.body.entities as { key: string; articles: number }[]
    expect(got.map((e) => [e.key, e.articles])).toEqual(mostNamed(named, 10))
    // The timeline: one point per hour of the default 24-hour window, each the story's articles
    // of that hour and their tone, counted here from the fixture articles themselves.
    const timeline = d.body.timeline as { time: string; articles: number; pos: number; neu: number; neg: number }[]
    expect(timeline.length).toBe(24)
    expect(timeline[0]?.time).toBe(new Date((NOW_S - DAY_S) * 1000).toISOString().replace('.000Z', 'Z'))
    for (const p of timeline) {
      const inHour = arts.filter((a) => within(a, epoch(p.time), epoch(p.time) + 3600))
      const n = (label: string) => inHour.filter((a) => a.sentiment === label).length
      expect(p).toMatchObject({ articles: inHour.length, pos: n('pos'), neu: n('neu'), neg: n('neg') })
    }
    expect(timeline.reduce((s, p) => s + p.articles, 0)).toBe(arts.length)
  })
})

describe('/v1/entities', () => {
  test.each<{ query: string; countries: string[]; types: string[] }>([
    { query: 'window=7d', countries: [], types: [] },
    { query: 'window=30d&min_articles=2', countries: [], types: [] },
    { query: 'window=10d&country=DE&type=place', countries: ['DE'], types: ['place'] },
    {
      query: 'since=2026-11-10T06:30:00Z&until=2026-11-18T12:00:00Z&type=person,organisation',
      countries: [],
      types: ['person', 'organisation'],
    },
  ])('$query: counts, background and burst from a scan', async ({ query, countries, types }) => {
    const r = await f.json(`/v1/entities?${query}&size=200`)
    expect(r.status).toBe(200)
    const since = epoch(String(r.body.since))
    const until = epoch(String(r.body.until))
    const bgFrom = epoch(String(r.body.background_since))
    const bgTo = epoch(String(r.body.background_until))
    expect(bgTo).toBe(Math.floor(since / DAY_S) * DAY_S)
    expect(bgTo - bgFrom).toBe(14 * DAY_S)
    const min = Number(/min_articles=(\d+)/.exec(query)?.[1] ?? 3)
    const count = (fromS: number, toS: number) => {
      const m = new Map<string, number>()
      for (const a of f.articles) {
        if (!within(a, fromS, toS) || (countries.length > 0 && !countries.includes(a.country))) continue
        for (const e of a.entities)
          if (types.length === 0 || types.includes(e.type)) m.set(e.key, (m.get(e.key) ?? 0) + 1)
      }
      return m
    }
    const inWindow = count(since, until)
    const background = count(bgFrom, bgTo)
    const scale = (until - since) / (bgTo - bgFrom)
    const want = [...inWindow]
      .filter(([, n]) => n >= min)
      .map(([key, n]) => {
        const e = (background.get(key) ?? 0) * scale
        return { key, articles: n, background_articles: background.get(key) ?? 0, burst: (n - e) / Math.sqrt(e + 1) }
      })
    const got = r.body.entities as { key: string; articles: number; background_articles: number; burst: number }[]
    expect(r.body.total).toBe(want.length)
    expect(got.map((g) => g.key).sort()).toEqual(want.map((w) => w.key).sort())
    for (const g of got) {
      const w = want.find((x) => x.key === g.key)
      expect({ key: g.key, articles: g.articles, bg: g.background_articles }).toEqual({
        key: g.key,
        articles: w?.articles ?? -1,
        bg: w?.background_articles ?? -1,
      })
      expect(g.burst).toBeCloseTo(w?.burst ?? Number.NaN, 2)
    }
    for (let i = 1; i < got.length; i++) expect((got[i - 1]?.burst ?? 0) >= (got[i]?.burst ?? 0)).toBe(true)
  })

  test('pages: size and offset walk the ranked list', async () => {
    const all = (await f.json('/v1/entities?window=30d&min_articles=1&size=200')).body.entities as { key: string }[]
    const page = (await f.json('/v1/entities?window=30d&min_articles=1&size=3&offset=2')).body.entities as {
      key: string
    }[]
    expect(page.map((e) => e.key)).toEqual(all.slice(2, 5).map((e) => e.key))
  })
})

describe('/v1/entities/{key}', () => {
  test('the stats, related entities and latest stories of the articles naming it', async () => {
    const key = 'place:berlin'
    const r = await f.json(`/v1/entities/${key}?from=2026-10-10&to=2026-11-21`)
    expect(r.status).toBe(200)
    const fromS = epoch('2026-10-10T00:00:00Z')
    const toS = epoch('2026-11-21T00:00:00Z')
    const want = f.articles.filter((a) => within(a, fromS, toS) && names(a, key))
    expect(want.length).toBeGreaterThan(0)
    expect(r.body).toMatchObject({ key, name: 'Berlin', type: 'place', country: 'DE', total: want.length })
    const timeline = r.body.timeline as { articles: number }[]
    expect(timeline.reduce((s, p) => s + p.articles, 0)).toBe(want.length)
    const beside = new Map<string, number>()
    for (const a of want) for (const e of a.entities) if (e.key !== key) beside.set(e.key, (beside.get(e.key) ?? 0) + 1)
    const related = r.body.related as { key: string; articles: number }[]
    expect(related.map((x) => [x.key, x.articles])).toEqual(mostNamed(beside, 20))
    const stories = r.body.stories as Hit[]
    expect(stories.length).toBe(Math.min(10, want.length))
    for (const s of stories) expect(s.entities.map((e) => e.key)).toContain(key)
  })

  test.each([
    { query: 'country=DE', keep: (a: A) => a.country === 'DE' },
    { query: 'sentiment=neg,neu&lang=de', keep: (a: A) => a.sentiment !== 'pos' && a.lang === 'de' },
  ])('$query narrows the stats, the related entities and the stories alike', async ({ query, keep }) => {
    const key = 'place:berlin'
    const r = await f.json(`/v1/entities/${key}?from=2026-10-10&to=2026-11-21&${query}`)
    expect(r.status).toBe(200)
    const want = f.articles.filter(
      (a) => within(a, epoch('2026-10-10T00:00:00Z'), epoch('2026-11-21T00:00:00Z')) && names(a, key) && keep(a),
    )
    expect(want.length).toBeGreaterThan(0)
    expect(r.body.total).toBe(want.length)
    const beside = new Map<string, number>()
    for (const a of want) for (const e of a.entities) if (e.key !== key) beside.set(e.key, (beside.get(e.key) ?? 0) + 1)
    const related = r.body.related as { key: string; articles: number }[]
    expect(related.map((x) => [x.key, x.articles])).toEqual(mostNamed(beside, 20))
    const urls = new Set(want.map((a) => a.url))
    for (const story of r.body.stories as Hit[]) expect(urls.has(story.url)).toBe(true)
  })

  test('an unknown key is an empty answer, not an error', async () => {
    const r = await f.json('/v1/entities/person:nobody-at-all')
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({
      key: 'person:nobody-at-all',
      name: null,
      type: 'person',
      total: 0,
      related: [],
      stories: [],
    })
  })

  test('a key in another case is the same entity', async () => {
    const a = await f.json('/v1/entities/place:paris')
    const b = await f.json('/v1/entities/PLACE:Paris')
    expect(b.status).toBe(200)
    expect(b.body.total).toBe(a.body.total)
    expect(b.body.key).toBe('place:paris')
  })
})

describe('bad input is a 422 naming the parameter', () => {
  test.each([
    ['/v1/entities/notakey', ['path', 'key']],
    ['/v1/entities/animal:cat', ['path', 'key']],
    ['/v1/search?entity=foo:bar', ['query', 'entity']],
    ['/v1/search?entity=,,,:', ['query', 'entity']],
    [`/v1/search?entity=${Array.from({ length: 21 }, (_, i) => `place:p${i}`).join(',')}`, ['query', 'entity']],
    ['/v1/entities?type=animal', ['query', 'type']],
    ['/v1/entities?window=90d', ['query', 'window']],
    ['/v1/entities?min_articles=0', ['query', 'min_articles']],
    ['/v1/entities/place:paris?related=101', ['query', 'related']],
    ['/v1/stats?entity=place:paris&min_score=2', ['query', 'min_score']],
  ])('%s', async (path, loc) => {
    const r = await f.json(path)
    expect(r.status).toBe(422)
    const detail = r.body.detail as { loc: string[] }[]
    expect(detail.map((d) => d.loc)).toContainEqual(loc)
  })
})
