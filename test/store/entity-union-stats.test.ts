/**
 * Issue 27: stats for several entities at once (any of them) added up from each entity's own
 * per-day counts less the articles naming two of them, plus those naming three
 * (store/sqlite-search/stats.ts, entityUnion). Each answer must equal the same question read from
 * the articles (an exclusion of an absent word is never counted), and the counted plan must be the
 * one taken, so the comparison tests the new path.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { parseQuery } from '../../core/search/query-syntax.ts'
import type { SearchFilters } from '../../core/search/types.ts'
import { ArticleWriter } from '../../store/articles.ts'
import { entityTermKey } from '../../store/fts-facets.ts'
import { openStore } from '../../store/open.ts'
import { SqliteSearchIndex } from '../../store/search-sqlite.ts'
import { refreshTermCounts } from '../../store/term-counts.ts'
import { FIXTURE_NOW, fixtureArticles } from '../support/fixture-store.ts'
import { tempDir } from '../support/tmp.ts'

const tmp = tempDir('newsdesk-entity-union-')
afterAll(() => tmp.cleanup())
const NOW_S = FIXTURE_NOW.getTime() / 1000
const DAY_S = 86_400
const MIDNIGHT_S = Math.floor(NOW_S / DAY_S) * DAY_S

const db = openStore(`${tmp.dir}/s.sqlite`)
const writer = new ArticleWriter(db)
db.transaction(() => {
  for (const a of fixtureArticles(900, 33)) writer.write(a, 0)
})()
refreshTermCounts(db, NOW_S, { minDocs: 20, maxKeys: 16 })
afterAll(() => db.close())

const filters = (q: string, f: Partial<SearchFilters>): SearchFilters => ({
  query: parseQuery(q),
  fromS: NOW_S - 60 * DAY_S,
  toS: NOW_S,
  strictCountry: false,
  maxSeq: null,
  ...f,
})

const THREE = ['person:ada-lovelace', 'place:berlin', 'organisation:acme-corp']
const UNCOUNTED = 'place:sao-paulo'
const CASES: { name: string; f: Partial<SearchFilters>; periodS?: number; counted: boolean; plan?: string }[] = [
  { name: 'two entities', f: { entity: THREE.slice(0, 2) }, counted: true },
  { name: 'three entities', f: { entity: THREE }, counted: true },
  { name: 'two entities, a country', f: { entity: THREE.slice(1), country: ['DE', 'GB'] }, counted: true },
  {
    name: 'three entities, both ends mid-day, watermark',
    f: {
      entity: THREE,
      fromS: MIDNIGHT_S - 30 * DAY_S + 11 * 3600,
      toS: MIDNIGHT_S - 2 * DAY_S + 13 * 3600,
      maxSeq: 600,
    },
    counted: true,
  },
  { name: 'two entities, weekly', f: { entity: THREE.slice(0, 2) }, periodS: 7 * DAY_S, counted: true },
  // place:sao-paulo (11 articles, under minDocs) has no counts: its parts are read from its articles.
  { name: 'a counted and an uncounted entity', f: { entity: ['person:ada-lovelace', UNCOUNTED] }, counted: true },
  {
    name: 'two counted and an uncounted entity, a country',
    f: { entity: [UNCOUNTED, ...THREE.slice(1)], country: ['BR', 'DE', 'GB'] },
    counted: true,
  },
  // A tone-score range: each entity's part from its counts by tenth.
  {
    name: 'two entities, a tone-score range',
    f: { entity: THREE.slice(0, 2), minScore: -0.35, maxScore: 0.27 },
    counted: true,
    plan: 'word-tenth-counts',
  },
  {
    name: 'three entities, a tone-score range of whole tenths',
    f: { entity: THREE, minScore: 0 },
    counted: true,
    plan: 'word-tenth-counts',
  },
  // Four and five entities: the sets named together in no article (and every larger set holding
  // one) are left out, the others added up.
  { name: 'four entities', f: { entity: [...THREE, UNCOUNTED] }, counted: true },
  {
    name: 'five entities, one named nowhere, a country',
    f: { entity: [...THREE, UNCOUNTED, 'person:nobody-named-this'], country: ['DE', 'GB', 'US', 'BR'] },
    counted: true,
  },
  // Not counted (a tone filter, an hourly timeline, six entities): read from the articles as before.
  {
    name: 'six entities',
    f: { entity: [...THREE, UNCOUNTED, 'person:nobody-named-this', 'place:atlantis'] },
    counted: false,
  },
  { name: 'two entities, a category', f: { entity: THREE.slice(0, 2), category: ['world'] }, counted: false },
  {
    name: 'two entities, hourly',
    f: { entity: THREE.slice(0, 2), fromS: NOW_S - 2 * DAY_S },
    periodS: 3600,
    counted: false,
  },
]

describe('stats of several entities', () => {
  test('the fixture entities of the cases are counted like words', () => {
    const counted = db
      .query<{ key: string }, []>('SELECT key FROM term_keys')
      .all()
      .map((r) => r.key)
    for (const key of THREE) expect(counted).toContain(entityTermKey(key))
    expect(counted).not.toContain(entityTermKey(UNCOUNTED))
  })

  test.each(CASES)('$name', ({ f, periodS, counted, plan }) => {
    const plans: string[] = []
    const index = new SqliteSearchIndex(db, { onPlan: (p) => plans.push(p.plan) })
    const answer = index.stats(filters('', f), 100, periodS ?? DAY_S)
    const read = new SqliteSearchIndex(db).stats(filters('-qqzzabsent', f), 100, periodS ?? DAY_S)
    expect(answer).toEqual(read)
    expect(answer.total).toBeGreaterThan(0)
    expect(plans.includes(plan ?? 'word-day-counts')).toBe(counted)
  })
})
