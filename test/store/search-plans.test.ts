/**
 * Plan guard: every query shape the search engine can build, asked of SQLite with EXPLAIN QUERY
 * PLAN on a small real store, must not probe the full-text index once per row of another index,
 * scan the whole articles table, or sort a date-ordered slice that the index already walks in
 * order. Deterministic, not timed: the store is never ANALYZEd, so SQLite plans the same on these
 * 600 articles as on 10 million (and a test below keeps it that way).
 *
 * The shapes come from the endpoint registry: every comma-list filter of /v1/search, /v1/stats and
 * the feeds with one value and with several, every enum value (each sort), every boolean on, each
 * offset bound, with each kind of q; a new filter or sort is checked without anyone listing it here.
 * Every row of the planner's tables (store/sqlite-search/plan.ts) must be taken by some shape, so no
 * plan goes unchecked; that the guard itself can fail is test/store/search-plan-faults.test.ts.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { statsPeriodSeconds } from '../../answers/search.ts'
import { type EndpointSpec, findEndpoint } from '../../core/endpoints.ts'
import type { ParamSpec } from '../../core/params.ts'
import { toFilters, toSearchRequest } from '../../core/search/request.ts'
import { indexTokens } from '../../core/search/tokens.ts'
import { validateRequest } from '../../core/validate.ts'
import { loadBtcArticles } from '../../store/btc-articles.ts'
import { SqliteSearchIndex } from '../../store/search-sqlite.ts'
import { PLAN_TABLES } from '../../store/sqlite-search/plan.ts'
import { refreshTermCounts, termKey } from '../../store/term-counts.ts'
import { loadTrendArticles } from '../../store/trend-articles.ts'
import {
  articleIdsNaming,
  entitiesById,
  entityBackgroundCounts,
  entityByKey,
  entityDisplayName,
  entityWindowCounts,
  relatedEntities,
} from '../../store/entity-counts.ts'
import { refreshEntityBlobs } from '../../store/entity-blobs.ts'
import { buildFixtureStore, FIXTURE_NOW, fixtureArticles } from '../support/fixture-store.ts'
import { planFaults, planOf, type RanStatement, recordingDb } from '../support/recording-db.ts'
import { tempDir } from '../support/tmp.ts'

const tmp = tempDir('newsdesk-plans-')
afterAll(() => tmp.cleanup())
const articles = fixtureArticles(600, 5)
const store = buildFixtureStore(`${tmp.dir}/plans.sqlite`, articles)
const nowMs = FIXTURE_NOW.getTime()
const maxSeq = store.query<{ s: number }, []>('SELECT max(seq) AS s FROM articles').get()?.s ?? 0

/** Titles plus descriptions holding the word, as the index's vocabulary counts them. */
function vocabularyDocs(word: string): number {
  const token = indexTokens(word)[0]
  return articles.reduce(
    (n, a) =>
      n + Number(indexTokens(a.title).includes(token ?? '')) + Number(indexTokens(a.description).includes(token ?? '')),
    0,
  )
}

/** Filter values of a list parameter: real values of the store's column of that name, or the enum's. */
function listValues(name: string, spec: ParamSpec & { kind: 'list' }): string[] | null {
  if (spec.item.name === 'enum') return [...spec.item.values]
  if (spec.item.name === 'word') return null
  // Entities: the keys the articles name, most named first (the store's entity tables).
  const sql =
    spec.item.name === 'entity'
      ? 'SELECT e.key AS v, count(*) AS n FROM article_entities ae JOIN entities e ON e.id = ae.entity GROUP BY 1 ORDER BY n DESC, v'
      : `SELECT ${spec.item.name} AS v, count(*) AS n FROM articles GROUP BY 1 ORDER BY n DESC, v`
  const rows = store.query<{ v: string }, []>(sql).all()
  if (rows.length < 3) throw new Error(`the fixture store needs 3 values of ${name}`)
  return rows.map((r) => r.v)
}

/** Every kind of q: none, a common, a rare and an absent word, two words, phrases of two and three words, OR, exclusions (of a word, of a phrase). */
const Q_SHAPES: (string | null)[] = (() => {
  const counts = new Map<string, number>()
  for (const a of articles)
    for (const w of a.title.toLowerCase().split(/\s+/))
      if (/^\p{L}{4,}$/u.test(w)) counts.set(w, (counts.get(w) ?? 0) + 1)
  const byCount = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([w]) => w)
  const [common, second] = [byCount[0] ?? 'market', byCount[1] ?? 'bitcoin']
  const rare = byCount.at(-1) ?? 'storm'
  return [
    null,
    common,
    rare,
    'zzqxvabsent',
    `${common} ${second}`,
    `"${common} ${second}"`,
    `"${common} ${second} ${rare}"`,
    `${common} OR ${rare}`,
    `-${common}`,
    `${second} -${common}`,
    `${second} -"${common} ${rare}"`,
    // Groups: an OR of a pair and a word, NOT before a group, a negated pair alone.
    `(${common} ${second}) OR ${rare}`,
    `${second} NOT (${common} OR ${rare})`,
    `-(${common} ${rare})`,
  ]
})()

// Word counts for the fixture's commonest words (store/term-counts.ts), as the batch job keeps
// them: stats for a counted word take that path, for the others the articles (both are checked).
// The commonest word also has counts by host and tone together (term_full_days), read for stats
// with a category, tone or host filter.
const COUNTED_MIN_DOCS = vocabularyDocs(Q_SHAPES[1] ?? '')
refreshTermCounts(store, nowMs / 1000, { minDocs: COUNTED_MIN_DOCS, maxKeys: 1000, fullMinDocs: COUNTED_MIN_DOCS })

interface Shape {
  endpoint: string
  query: URLSearchParams
  label: string
}

/**
 * The shapes of one endpoint: filter sets (none; each list filter with one value and with three;
 * all of them at once) × q shapes × every enum value × each offset bound, and each boolean and each
 * other integer bound switched on alone over the filter sets.
 */
function shapesOf(spec: EndpointSpec): Shape[] {
  const entries = Object.entries(spec.query)
  const filterSets: [string, string][][] = [[]]
  const allFilters: [string, string][] = []
  for (const [name, p] of entries) {
    if (p.kind !== 'list') continue
    const values = listValues(name, p)
    if (values === null) continue
    filterSets.push([[name, values[0] as string]], [[name, values.slice(0, 3).join(',')]])
    allFilters.push([name, values[values.length > 3 ? 1 : 0] as string])
  }
  filterSets.push(allFilters)
  // A two-valued enum with a default is a switch (in=title, normalize=share): tried alone, like a boolean.
  const isSwitch = (p: ParamSpec): boolean => p.kind === 'enum' && p.values.length === 2 && p.default !== undefined
  const enums = entries.filter(
    (e): e is [string, ParamSpec & { kind: 'enum' }] => e[1].kind === 'enum' && !isSwitch(e[1]),
  )
  const offsets = entries.filter(
    (e): e is [string, ParamSpec & { kind: 'int' }] => e[1].kind === 'int' && e[1].min === 0,
  )
  const toggles: [string, string][][] = [[]]
  for (const [name, p] of entries) {
    if (p.kind === 'bool' && p.default === false) toggles.push([[name, 'true']])
    if (p.kind === 'int' && p.min !== 0) toggles.push([[name, String(p.min)]], [[name, String(p.max)]])
    if (p.kind === 'enum' && isSwitch(p))
      for (const value of p.values) if (value !== p.default) toggles.push([[name, value]])
    // A number range bound (the tone score) once inside its range.
    if (p.kind === 'number') toggles.push([[name, String((p.min + p.max) / 2 + (p.max - p.min) / 8)]])
  }
  // Each enum's every value; the ints named as offsets at both bounds.
  let variants: [string, string][][] = [[]]
  for (const [name, p] of enums)
    variants = variants.flatMap((v) => p.values.map((value) => [...v, [name, value] as [string, string]]))
  for (const [name, p] of offsets)
    variants = variants.flatMap((v) => [
      [...v, [name, String(p.min)] as [string, string]],
      [...v, [name, String(p.max)] as [string, string]],
    ])
  const hasQ = 'q' in spec.query
  const shapes: Shape[] = []
  for (const filters of filterSets) {
    for (const q of hasQ ? Q_SHAPES : [null]) {
      for (const extra of [...variants, ...toggles.slice(1)]) {
        const pairs = [...filters, ...(q === null ? [] : [['q', q] as [string, string]]), ...extra]
        const query = new URLSearchParams(pairs)
        shapes.push({ endpoint: spec.path, query, label: `${spec.path}?${query}` })
      }
    }
  }
  // Each switch with each variant too (every sort, each offset bound), over the whole range: a plan
  // chosen by the two together is reached (dedupe=true&sort=crawled walks crawl days).
  for (const toggle of toggles.slice(1))
    for (const v of variants) {
      const query = new URLSearchParams([...toggle, ...v])
      shapes.push({ endpoint: spec.path, query, label: `${spec.path}?${query}` })
    }
  return shapes
}

/** Each plan of the planner's tables (store/sqlite-search/plan.ts) a shape took, with the first shape that took it. */
const reached = new Map<string, string>()

/**
 * Plans the fixture's 600 articles are too few to reach, and where they are checked instead: both
 * need more matches than the exact-count limit or the sort-all bound.
 */
const NOT_ON_FIXTURE: Record<string, string> = {
  'page crawl-hours': 'more than SORT_ALL_MAX matches of a countable slice: test/store/search-crawl-walk.test.ts',
  'page crawl-index-walk': 'more than TOTAL_EXACT_LIMIT matches: test/store/search-crawl-walk.test.ts',
  'page dedupe-crawl-sorted':
    'dedupe with a crawl-time sort of more than SORT_ALL_MAX matches (the fixture has fewer): test/store/search-crawl-walk.test.ts',
  'page crawl-hours-joined':
    'more than SORT_ALL_MAX matches of a slice a row test decides: test/store/search-crawl-walk.test.ts',
}

/** Runs one shape through the real request path on a recording connection; returns what ran. */
function run(shape: Shape, watermark: number): RanStatement[] {
  const spec = findEndpoint(shape.endpoint)
  if (spec === undefined) throw new Error(`no endpoint ${shape.endpoint}`)
  const v = validateRequest(spec, shape.query, {}, nowMs)
  if (!v.ok) throw new Error(`${shape.label}: ${JSON.stringify(v.detail)}`)
  const rec = recordingDb(store)
  const index = new SqliteSearchIndex(rec.db, {
    onPlan: (p) => {
      const key = `${p.table} ${p.plan}`
      if (!reached.has(key)) reached.set(key, shape.label)
    },
  })
  if (shape.endpoint === '/v1/stats') {
    const f = toFilters(v.params, nowMs, watermark)
    index.stats(f, Number(v.params.top), statsPeriodSeconds(f.fromS, f.toS))
  } else index.search(toSearchRequest(v.params, nowMs, watermark))
  return rec.ran
}

/**
 * Plans by statement text: without ANALYZE (test below) SQLite plans a statement the same
 * whatever its bound values, so each distinct statement is explained once.
 */
const planCache = new Map<string, string[]>()

function faultsOf(shape: Shape, watermark: number): string[] {
  const sort = shape.query.get('sort') ?? 'date'
  const dateSorted =
    shape.endpoint !== '/v1/stats' &&
    (sort === 'date' || sort === 'date_asc' || (sort === 'relevance' && !shape.query.has('q')))
  const faults: string[] = []
  for (const s of run(shape, watermark)) {
    if (/^\s*(PRAGMA|EXPLAIN)/i.test(s.sql)) continue
    // Only a statement that returns the page must keep the order; a count needs none.
    const ordered = dateSorted && /\bORDER BY\b/.test(s.sql)
    const key = `${ordered}\n${s.sql}`
    let found = planCache.get(key)
    if (found === undefined)
      planCache.set(key, (found = planFaults(planOf(store, s), { orderedWalk: ordered, sql: s.sql })))
    for (const f of found) faults.push(`${f}\n    in: ${s.sql.replace(/\s+/g, ' ').slice(0, 400)}`)
  }
  return faults
}

const ENGINE_ENDPOINTS = ['/v1/search', '/v1/stats', '/v1/rss']

describe('search plans (every shape from the registry)', () => {
  const shapes = ENGINE_ENDPOINTS.flatMap((path) => {
    const spec = findEndpoint(path)
    if (spec === undefined) throw new Error(`no endpoint ${path}`)
    return shapesOf(spec)
  })

  test('the generator covers what the issue lists', () => {
    const labels = shapes.map((s) => s.label)
    for (const needle of [
      'country=',
      'lang=',
      'tld=',
      'host=',
      'strict_country=true',
      'dedupe=true',
      'offset=9900',
      'sort=relevance',
      'sort=crawled_asc',
      'q=%22',
      '+OR+',
      'q=-',
      'category=',
      'sentiment=',
      'exclude_host=',
      'min_score=',
      'max_score=',
      'in=title',
      'normalize=share',
      'q=%28',
      '+NOT+%28',
    ]) {
      expect(labels.some((l) => l.includes(needle))).toBe(true)
    }
    expect(shapes.length).toBeGreaterThan(1000)
  })

  test('stats shapes take both paths: the common word is counted, the rare one is not', () => {
    const counted = (q: string | null) =>
      q !== null && store.query('SELECT 1 FROM term_keys WHERE key = ?').get(termKey(q) ?? '') !== null
    expect(vocabularyDocs(Q_SHAPES[2] ?? '')).toBeLessThan(COUNTED_MIN_DOCS)
    expect([counted(Q_SHAPES[1] ?? null), counted(Q_SHAPES[2] ?? null)]).toEqual([true, false])
  })

  // Both watermarks: the usual one (nothing in the store past it) and one with rows past it,
  // which is what a live node sees while the batch job ingests.
  test.each([
    { name: 'nothing past the watermark', watermark: maxSeq },
    { name: 'rows past the watermark', watermark: maxSeq - 5 },
  ])('no shape probes MATCH per row, scans the table or sorts an ordered walk ($name)', ({ watermark }) => {
    // Faulty shapes grouped by kind of fault, with the first two of each, so a failure reads well.
    const byKind = new Map<string, string[]>()
    for (const shape of shapes) {
      for (const fault of faultsOf(shape, watermark)) {
        const kind = fault.split(':')[0]?.split(' of ')[0] ?? fault
        byKind.set(kind, [...(byKind.get(kind) ?? []), `${shape.label}\n    ${fault}`])
      }
    }
    const report = [...byKind].map(([kind, xs]) => `${xs.length} × ${kind}, e.g.\n  ${xs.slice(0, 2).join('\n  ')}`)
    expect(report.join('\n')).toBe('')
  })

  test("every row of the planner's tables is taken by some shape (after the runs above)", () => {
    const rows = Object.entries(PLAN_TABLES).flatMap(([table, plans]) => plans.map((p) => `${table} ${p.plan}`))
    expect([...reached.keys()].filter((k) => !rows.includes(k))).toEqual([])
    expect(rows.filter((k) => !reached.has(k) && NOT_ON_FIXTURE[k] === undefined)).toEqual([])
    for (const k of Object.keys(NOT_ON_FIXTURE)) expect(rows).toContain(k)
  })

  test('the other readers of the store: BTC news and trend scans, with and without countries', () => {
    const bad: string[] = []
    const rec = recordingDb(store)
    const fromS = nowMs / 1000 - 30 * 86400
    loadBtcArticles(rec.db, fromS, nowMs / 1000, maxSeq)
    loadTrendArticles(rec.db, fromS, nowMs / 1000, maxSeq)
    loadTrendArticles(rec.db, fromS, nowMs / 1000, maxSeq, ['GB'])
    loadTrendArticles(rec.db, fromS, nowMs / 1000, maxSeq, ['GB', 'FR', 'DE'])
    for (const s of rec.ran)
      for (const f of planFaults(planOf(store, s), { orderedWalk: false, sql: s.sql })) bad.push(`${f} in ${s.sql}`)
    expect(rec.ran.length).toBe(4)
    expect(bad).toEqual([])
  })

  test('the entity readers (issue 27): trending counts, backgrounds, related entities, names, trend filter', () => {
    const bad: string[] = []
    const rec = recordingDb(store)
    const nowS = nowMs / 1000
    const top = store
      .query<{ id: number; key: string }, []>(
        'SELECT e.id, e.key FROM entities e JOIN article_entities ae ON ae.entity = e.id GROUP BY e.id ORDER BY count(*) DESC, e.id LIMIT 3',
      )
      .all()
    expect(top.length).toBe(3)
    const ids = top.map((t) => t.id)
    // Every day stale (read from entity_days), then packed (read from the blobs: migration 20).
    for (const packed of [false, true]) {
      if (packed) refreshEntityBlobs(store)
      for (const watermark of [null, maxSeq - 5])
        for (const [fromS, toS] of [
          [nowS - 86_400, nowS],
          [nowS - 30 * 86_400 - 3_600, nowS],
          [nowS - 3 * 86_400 - 20 * 3_600, nowS - 86_400],
        ] as const) {
          entityWindowCounts(rec.db, { fromS, toS, maxSeq: watermark })
          entityWindowCounts(rec.db, { fromS, toS, countries: ['GB', 'FR'], types: ['place'], maxSeq: watermark })
        }
      entityBackgroundCounts(rec.db, ids, Math.floor(nowS / 86_400) - 14, Math.floor(nowS / 86_400))
      entityBackgroundCounts(rec.db, ids, Math.floor(nowS / 86_400) - 14, Math.floor(nowS / 86_400), ['GB'])
    }
    entitiesById(rec.db, ids)
    entityByKey(rec.db, top[0]?.key ?? '')
    entityDisplayName(rec.db, ids[0] ?? 0, maxSeq)
    relatedEntities(rec.db, ids[0] ?? 0, { fromS: nowS - 30 * 86_400, toS: nowS, maxSeq }, 20)
    relatedEntities(
      rec.db,
      ids[0] ?? 0,
      {
        fromS: nowS - 7 * 86_400,
        toS: nowS,
        maxSeq,
        country: ['GB', 'FR'],
        lang: ['en'],
        category: ['world'],
        sentiment: ['neg'],
      },
      20,
    )
    articleIdsNaming(
      rec.db,
      top.map((t) => t.key),
      nowS - 86_400,
      nowS,
      maxSeq,
    )
    const ENTITY_TABLE_SCAN =
      /^SCAN (article_entities|entity_days|entity_day_blobs|entity_blob_stale|entities|ae|e|o)\b(?! USING)/
    for (const st of rec.ran) {
      const plan = planOf(store, st)
      for (const f of planFaults(plan, { orderedWalk: false, sql: st.sql })) bad.push(`${f} in ${st.sql}`)
      for (const row of plan)
        if (ENTITY_TABLE_SCAN.test(row.detail)) bad.push(`entity table scanned: "${row.detail}" in ${st.sql}`)
    }
    expect(rec.ran.length).toBeGreaterThan(10)
    expect(bad).toEqual([])
  })

  test('the store is never ANALYZEd, so plans on this small store are the plans at any size', () => {
    const stat = store
      .query<{ n: number }, []>("SELECT count(*) AS n FROM sqlite_master WHERE name LIKE 'sqlite_stat%'")
      .get()
    expect(stat?.n).toBe(0)
  })
})
