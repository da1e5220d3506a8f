/**
 * Issue 27: `/v1/stats?entities=N`, the entities most named in a slice, counted over its newest
 * ENTITY_FACET_SAMPLE articles, against a brute-force pass over the fixture articles (filters,
 * the newest-first order with ties by id, and the count per entity written here), on a store
 * smaller than the sample (every article counted) and one larger (the newest counted).
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { ENTITY_FACET_SAMPLE } from '../../core/entities/facet.ts'
import { createApp } from '../../live/app.ts'
import { SqliteSearchIndex } from '../../store/search-sqlite.ts'
import { FIXTURE_NOW, type FixtureArticle, buildFixtureStore, fixtureArticles } from '../support/fixture-store.ts'
import { tempDir } from '../support/tmp.ts'

type A = FixtureArticle
const epoch = (iso: string) => Date.parse(iso) / 1000
const NOW_S = FIXTURE_NOW.getTime() / 1000
const DAY_S = 86_400

function served(count: number, seed: number) {
  const tmp = tempDir('stats-entities')
  const articles = fixtureArticles(count, seed)
  const db = buildFixtureStore(`${tmp.dir}/s.sqlite`, articles)
  const index = new SqliteSearchIndex(db)
  const app = createApp({
    data: () => ({ db, index, version: 'test', watermark: null }),
    clock: () => new Date(FIXTURE_NOW.getTime()),
    uptimeSeconds: () => 0,
    version: 'test',
  })
  const json = async (path: string) => {
    const r = await app.handle(new Request(`http://localhost${path}`))
    return { status: r.status, body: (await r.json()) as Record<string, unknown> }
  }
  return { articles, json, cleanup: () => (db.close(), tmp.cleanup()) }
}

/** The facet by brute force: the slice's newest `sample` articles (date, then id, both descending), counted per entity. */
function bruteFacet(slice: A[], top: number) {
  const newest = [...slice]
    .sort((a, b) => epoch(b.published_at) - epoch(a.published_at) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .slice(0, ENTITY_FACET_SAMPLE)
  const counts = new Map<string, { name: string; type: string; country: string | null; articles: number }>()
  for (const a of newest)
    for (const e of new Map(a.entities.map((x) => [x.key, x])).values()) {
      const c = counts.get(e.key) ?? { name: e.name, type: e.type, country: e.country, articles: 0 }
      c.articles++
      counts.set(e.key, c)
    }
  return {
    counted: newest.length,
    entities: [...counts]
      .sort((x, y) => y[1].articles - x[1].articles || (x[0] < y[0] ? -1 : 1))
      .slice(0, top)
      .map(([key, c]) => ({ key, ...c })),
  }
}

const within = (a: A, days: number) => epoch(a.published_at) >= NOW_S - days * DAY_S && epoch(a.published_at) < NOW_S
const CASES: { name: string; query: string; keep: (a: A) => boolean; top: number }[] = [
  { name: 'the default 90 days', query: 'entities=5', keep: (a) => within(a, 90), top: 5 },
  { name: 'every entity', query: 'entities=100', keep: (a) => within(a, 90), top: 100 },
  {
    name: 'one country, 7 days',
    query: 'entities=3&country=DE&date=7d',
    keep: (a) => a.country === 'DE' && within(a, 7),
    top: 3,
  },
  {
    name: 'categories and a tone',
    query: 'entities=10&category=world,politics&sentiment=neg',
    keep: (a) => ['world', 'politics'].includes(a.category) && a.sentiment === 'neg' && within(a, 90),
    top: 10,
  },
  {
    name: 'an entity filter',
    query: 'entities=10&entity=place:paris',
    keep: (a) => a.entities.some((e) => e.key === 'place:paris') && within(a, 90),
    top: 10,
  },
]

describe.each([
  { store: 'fewer articles than the sample', count: 400, seed: 7 },
  { store: 'more articles than the sample', count: ENTITY_FACET_SAMPLE + 700, seed: 9 },
])('$store', ({ count, seed }) => {
  const s = served(count, seed)
  afterAll(() => s.cleanup())

  test.each(CASES)('$name', async ({ query, keep, top }) => {
    const r = await s.json(`/v1/stats?${query}`)
    expect(r.status).toBe(200)
    const want = bruteFacet(s.articles.filter(keep), top)
    expect(want.entities.length).toBeGreaterThan(0)
    expect({ entities: r.body.entities, counted: r.body.entities_counted }).toEqual({
      entities: want.entities,
      counted: want.counted,
    })
  })

  test('without entities=N the answer has no entity facet, as before', async () => {
    const r = await s.json('/v1/stats')
    expect(r.status).toBe(200)
    expect('entities' in r.body).toBe(false)
    expect('entities_counted' in r.body).toBe(false)
  })

  test.each(['entities=-1', 'entities=101', 'entities=x'])('%s is a 422 on entities', async (q) => {
    const r = await s.json(`/v1/stats?${q}`)
    expect(r.status).toBe(422)
    expect(JSON.stringify(r.body)).toContain('"entities"')
  })
})
