/**
 * Issue 27: stats for several entities at once (any of them) added up from parts: the entities
 * in turn, each adding the articles naming it and none before it, from its per-day counts less
 * what it shares (read) or from what it does not share (read), whichever is fewer
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
import { scanInto } from '../../store/sqlite-search/scan.ts'
import { entityUnion } from '../../store/sqlite-search/stats.ts'
import { buildWhere, type StoreFilters } from '../../store/sqlite-search/where.ts'
import { negatedCounts as negated, StatsTally } from '../../core/search/stats-tally.ts'
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
  // A range cutting tenths: each counted part reads its entity's articles in the cut tenths.
  {
    name: 'four entities, a tone-score range cutting tenths',
    f: { entity: [...THREE, UNCOUNTED], minScore: -0.35, maxScore: 0.27 },
    counted: true,
    plan: 'word-tenth-counts',
  },
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

/** Articles naming an entity key, by seq (the entity rows: an oracle independent of the index). */
const naming = (key: string): Set<number> =>
  new Set(
    db
      .query<{ seq: number }, [string]>(
        'SELECT ae.seq FROM article_entities ae JOIN entities e ON e.id = ae.entity WHERE e.key = ?',
      )
      .all(key)
      .map((r) => r.seq),
  )

describe('the parts of a union of entities', () => {
  const [ada, berlin, acme] = THREE as [string, string, string]
  // The choice is made on the range's last eighth (at least a day), as stats.ts makes it.
  const f = filters('', { entity: THREE })
  const sampleFrom = Math.max(f.fromS, f.toS - Math.max(DAY_S, Math.floor((f.toS - f.fromS) / 8)))
  const inSample = new Set(
    db
      .query<{ seq: number }, [number, number]>('SELECT seq FROM articles WHERE published_at >= ? AND published_at < ?')
      .all(sampleFrom, f.toS)
      .map((r) => r.seq),
  )
  const sizes = (keys: string[], before: string[]) => {
    const sets = before.map(naming)
    const own = [...naming(keys[0] as string)].filter((seq) => inSample.has(seq))
    let shared = 0
    for (const seq of own) if (sets.some((s) => s.has(seq))) shared++
    return { shared, apart: own.length - shared }
  }

  test('each counted entity after the first takes the fewer reads: its shared articles or the others', () => {
    const parts = entityUnion({ db }, f, DAY_S)
    expect(parts).not.toBeNull()
    // The most named first (documents in the whole store), then what each later entity would
    // read either way, from the entity rows.
    const order = [...THREE].sort((a, b) => naming(b).size - naming(a).size)
    expect(order).toEqual([ada, acme, berlin])
    const second = sizes([acme], [ada])
    const third = sizes([berlin], [ada, acme])
    const want: {
      entity?: readonly string[]
      entityAll?: readonly string[]
      entityNone?: readonly string[]
      sign: number
    }[] = [{ entity: [ada], sign: 1 }]
    for (const [key, before, s] of [
      [acme, [ada], second],
      [berlin, [ada, acme], third],
    ] as const) {
      if (s.shared > 0 && s.apart < s.shared) want.push({ entityAll: [key], entityNone: before, sign: 1 })
      else want.push({ entity: [key], sign: 1 }, { entity: before, entityAll: [key], sign: -1 })
    }
    const got = (parts ?? []).map((p) => ({
      ...(p.filters.entity === undefined ? {} : { entity: p.filters.entity }),
      ...(p.filters.entityAll === undefined ? {} : { entityAll: p.filters.entityAll }),
      ...(p.filters.entityNone === undefined ? {} : { entityNone: p.filters.entityNone }),
      sign: p.sign as number,
    }))
    expect(got).toEqual(want)
    // The fixture makes both kinds of part: one entity shares fewer articles than it does not, one more.
    expect(second.shared < second.apart !== third.shared < third.apart).toBe(true)
  })

  test('an uncounted entity comes after the counted ones, as the articles naming none before it', () => {
    const parts = entityUnion({ db }, filters('', { entity: [UNCOUNTED, ada] }), DAY_S) ?? []
    expect(parts.map((p) => [p.filters.entity, p.filters.entityAll, p.filters.entityNone, p.sign])).toEqual([
      [[ada], undefined, undefined, 1],
      [undefined, [UNCOUNTED], [ada], 1],
    ])
  })

  test.each([
    { name: 'no entity counted', entity: [UNCOUNTED, 'place:atlantis'] },
    { name: 'six entities', entity: [...THREE, UNCOUNTED, 'place:atlantis', 'place:paris'] },
  ])('no parts: $name', ({ entity }) => {
    expect(entityUnion({ db }, filters('', { entity }), DAY_S)).toBeNull()
  })

  test.each([true, false])(
    'entityNone as tokens (%p) or row tests leaves out exactly the articles naming those',
    (asTokens) => {
      const f: StoreFilters = { ...filters('', {}), entityAll: [ada], entityNone: [berlin, acme] }
      const w = buildWhere(f, asTokens)
      const from =
        w.matchExpr === null
          ? { sql: 'articles a', params: [] }
          : {
              sql: 'articles_fts CROSS JOIN articles a ON a.tkey = articles_fts.rowid AND articles_fts MATCH ?',
              params: [w.matchExpr],
            }
      const got = db
        .query<{ seq: number }, (string | number)[]>(`SELECT a.seq FROM ${from.sql} WHERE ${w.sql}`)
        .all(...from.params, ...w.params)
        .map((r) => r.seq)
      const inRange = new Set(
        db
          .query<{ seq: number }, [number, number]>(
            'SELECT seq FROM articles WHERE published_at >= ? AND published_at < ?',
          )
          .all(f.fromS, f.toS)
          .map((r) => r.seq),
      )
      const out = new Set([...naming(berlin), ...naming(acme)])
      const want = [...naming(ada)].filter((s) => inRange.has(s) && !out.has(s))
      expect(want.length).toBeGreaterThan(0)
      expect(got.sort((a, b) => a - b)).toEqual(want.sort((a, b) => a - b))
    },
  )

  test('the parts add up to the union read from its articles, row by row', () => {
    const f = filters('', { entity: [...THREE, UNCOUNTED] })
    const sum = new StatsTally(DAY_S)
    for (const p of entityUnion({ db }, f, DAY_S) ?? []) {
      const t = new StatsTally(DAY_S)
      scanInto({ db }, t, p.filters)
      sum.addCounts(p.sign > 0 ? t.counts() : negated(t.counts()))
    }
    const read = new StatsTally(DAY_S)
    scanInto({ db }, read, f)
    expect(sum.result(100)).toEqual(read.result(100))
  })
})
