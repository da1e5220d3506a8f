/**
 * A sweep over the registry's store-reading endpoints: random combinations of every filter the
 * registry declares (each with one value and with several), every sort, shallow and deep offsets,
 * common, rare and absent words, short and long ranges — the shapes `bench/search.ts` may not draw
 * as classes. Each query runs through validation and the live node's answer function on a
 * read-only connection (as `bench/search.ts` does), once to warm and once timed; the slowest are
 * timed twice more and reported with their best time, beside the endpoint's target (search and
 * feeds p99 ≤ 50 ms, stats and lists ≤ 100 ms). Any answer other than 200 is a finding too.
 *   bun bench/search-sweep.ts [--db STORE] [--n 2000] [--seed 7] [--top 25] [--trait 'score range'] [--cpu] [--from-store]
 * Without --db: the service's store ($NEWSDESK_DATA/newsdesk.sqlite, the demo after `npm start`), values
 * drawn from it (--from-store); with --db a synthetic store of bench/search.ts (s1000000.sqlite in
 * its --db-dir) and its publishers and vocabulary, unless --from-store.
 * Prints a table per endpoint (p50, p99, max, how many over the target) and the slowest queries.
 */
import type { DataView } from '../answers/context.ts'
import { answersFor } from '../answers/registry.ts'
import { ENDPOINTS, findEndpoint } from '../core/endpoints.ts'
import type { ParamSpec } from '../core/params.ts'
import { validateRequest } from '../core/validate.ts'
import type { Database } from 'bun:sqlite'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { openStore } from '../store/open.ts'
import { SqliteSearchIndex } from '../store/search-sqlite.ts'
import { CATS, type Draw, TONES, drawer, entityKey } from './search-draw.ts'
import { pct } from './search-queries.ts'
import { NOW_S, PUBLISHERS } from './synthetic-articles.ts'

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(name)
  return i === -1 ? def : (process.argv[i + 1] ?? def)
}
/** The store: a synthetic one of bench/search.ts (`--db-dir`), or by default the service's own, values from it. */
const DB = arg('--db', join(process.env.NEWSDESK_DATA ?? 'data', 'newsdesk.sqlite'))
if (!existsSync(DB)) {
  console.log(`search-sweep: no store at ${DB} (npm start builds the demo one; --db names another): skipped`)
  process.exit(0)
}
const N = Number(arg('--n', '2000'))
const SEED = Number(arg('--seed', '7'))
const TOP = Number(arg('--top', '25'))
/** Only the drawn queries with this trait (as the traits table names them, e.g. `score range`). */
const TRAIT = arg('--trait', '')
/** Time by the process's CPU time instead of the wall clock (steadier on a shared machine). */
const CPU = process.argv.includes('--cpu')
/**
 * Draw hosts, countries, languages, entity keys and words from the store itself (for the demo or a
 * real store) instead of the synthetic stores' publishers and vocabulary; "now" is its newest article.
 */
const FROM_STORE = process.argv.includes('--from-store') || !process.argv.includes('--db')
const db = openStore(DB, { readonly: true })
const STORE = FROM_STORE ? storeValues(db) : null
const NOW_MS = STORE?.nowMs ?? NOW_S * 1000
const DAY_MS = 86_400_000

/** The p99 target of an endpoint (DECISIONS / issue 15): search and feeds 50 ms, stats and lists 100 ms. */
const targetMs = (path: string) => (path === '/v1/search' || /\/v1\/(rss|atom|feed\.json)/.test(path) ? 50 : 100)

const iso = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`

/** How many values a list filter gets: one most often, sometimes two to five. */
const count = (d: Draw) => (d.rnd() < 0.6 ? 1 : 2 + Math.floor(d.rnd() * 4))
const several = (d: Draw, one: () => string) => {
  const k = count(d)
  return [...new Set(Array.from({ length: k }, one))].join(',')
}

/** A `q` as users type them: one word (common, mid, rare, absent), two words, a phrase, OR, exclusion. */
function query(d: Draw, lang: string): string {
  const u = d.rnd()
  if (u < 0.3) return d.word(lang, 'common')
  if (u < 0.5) return d.word(lang, 'mid')
  if (u < 0.6) return d.word(lang, 'rare')
  if (u < 0.65) return 'zzqxabsentword'
  if (u < 0.75) return `${d.word(lang)} ${d.word(lang)}`
  if (u < 0.82) return `"${d.word(lang, 'common')} ${d.word(lang, 'common')}"`
  if (u < 0.9) return `${d.word(lang)} OR ${d.word(lang)}`
  return `${d.word(lang, 'common')} -${d.word(lang, 'common')}`
}

/** Values read from the store (--from-store): most common first, so a Zipf-ish pick favours them. */
interface StoreValues {
  hosts: string[]
  countries: string[]
  langs: string[]
  tlds: string[]
  entities: string[]
  words: string[]
  nowMs: number
}

function storeValues(db: Database): StoreValues {
  const col = (sql: string) =>
    db
      .query<{ v: string }, []>(sql)
      .all()
      .map((r) => r.v)
  const titles = col('SELECT title AS v FROM articles ORDER BY seq DESC LIMIT 3000')
  const counts = new Map<string, number>()
  for (const t of titles)
    for (const w of t.toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (w.length > 2) counts.set(w, (counts.get(w) ?? 0) + 1)
  return {
    hosts: col('SELECT host AS v FROM article_days GROUP BY host ORDER BY sum(n) DESC'),
    countries: col('SELECT country AS v FROM article_days GROUP BY country ORDER BY sum(n) DESC'),
    langs: col('SELECT lang AS v FROM article_days GROUP BY lang ORDER BY sum(n) DESC'),
    tlds: col('SELECT tld AS v FROM article_days GROUP BY tld ORDER BY sum(n) DESC'),
    entities: col(
      'SELECT e.key AS v FROM (SELECT entity, count(*) AS n FROM article_entities GROUP BY entity ORDER BY n DESC LIMIT 3000) x JOIN entities e ON e.id = x.entity ORDER BY x.n DESC',
    ),
    words: [...counts].sort((a, b) => b[1] - a[1]).map(([w]) => w),
    nowMs: (db.query<{ t: number }, []>('SELECT max(published_at) AS t FROM articles').get()?.t ?? NOW_S) * 1000,
  }
}

/** One of a list ordered by frequency: the head often, the tail sometimes. */
const zipf = <T>(d: Draw, xs: readonly T[]): T => xs[Math.floor(xs.length * d.rnd() ** 3)] as T

/** A value for one parameter of the registry, by name where the name says more than the kind. */
function value(d: Draw, name: string, spec: ParamSpec, lang: string): string | undefined {
  const pub = () => d.pick(PUBLISHERS)
  const sv = STORE
  if (sv !== null) {
    const word = () => (d.rnd() < 0.05 ? 'zzqxabsentword' : zipf(d, sv.words))
    switch (name) {
      case 'q': {
        const u = d.rnd()
        if (u < 0.5) return word()
        if (u < 0.65) return `${word()} ${word()}`
        if (u < 0.75) return `"${word()} ${word()}"`
        if (u < 0.88) return `${word()} OR ${word()}`
        return `${word()} -${word()}`
      }
      case 'country':
        return several(d, () => zipf(d, sv.countries))
      case 'lang':
        return several(d, () => zipf(d, sv.langs))
      case 'tld':
        return several(d, () => zipf(d, sv.tlds))
      case 'host':
      case 'exclude_host':
        return several(d, () => zipf(d, sv.hosts))
      case 'entity':
        return several(d, () => (d.rnd() < 0.05 ? 'person:nobody-named-this' : zipf(d, sv.entities)))
    }
  }
  switch (name) {
    case 'q':
      return query(d, lang)
    case 'country':
      return several(d, () => d.country().country)
    case 'lang':
      return several(d, () => d.country().lang)
    case 'tld':
      return several(d, () => (d.rnd() < 0.3 ? 'com' : d.country().country.toLowerCase()))
    case 'host':
    case 'exclude_host':
      return several(d, () => pub().host)
    case 'entity':
      return several(d, () => entityKey(d))
    case 'category':
      return several(d, () => d.pick(CATS))
    case 'sentiment':
      return several(d, () => d.pick(TONES))
    case 'type':
      return several(d, () => d.pick(['person', 'organisation', 'place']))
    case 'label':
      return d.pick(TONES)
    case 'min_score':
      return (Math.round((d.rnd() * 1.6 - 0.8) * 100) / 100).toString()
    case 'max_score':
      return (Math.round((d.rnd() * 1.6 - 0.6) * 100) / 100).toString()
    case 'from': {
      const back = d.pick([1, 2, 7, 30, 60, 89])
      return iso(NOW_MS - back * DAY_MS - Math.floor(d.rnd() * DAY_MS))
    }
    case 'fields':
      return d.pick(['id,title', 'id,title,entities', 'url,score,sentiment,category', 'text,title'])
    case 'url':
      return undefined
  }
  switch (spec.kind) {
    case 'enum':
      return d.pick(spec.values)
    case 'bool':
      return d.rnd() < 0.5 ? 'true' : 'false'
    case 'int': {
      const hi = spec.max
      if (name === 'offset') return String(d.pick([0, 20, 100, 1000, 5000, hi]))
      return String(d.pick([spec.min, spec.default ?? spec.min, hi]))
    }
    case 'window':
      return d.pick(['1h', '6h', '24h', '7d'])
    case 'day':
      return iso(NOW_MS - Math.floor(d.rnd() * 30) * DAY_MS).slice(0, 10)
    default:
      return undefined
  }
}

const HANDLERS = answersFor({ version: 'bench', uptimeSeconds: () => 0 })
const paths = ENDPOINTS.filter((e) => e.readsStore && e.path !== '/v1/article').map((e) => e.path)
/** Traffic-like shares: search most, stats next, feeds and entity lists less. */
const share: Record<string, number> = { '/v1/search': 5, '/v1/stats': 3 }

interface Drawn {
  path: string
  params: Record<string, string>
  key?: string
}

function draw(d: Draw): Drawn {
  const weights = paths.map((p) => share[p] ?? 1)
  let u = d.rnd() * weights.reduce((a, b) => a + b, 0)
  let path = paths[0] as string
  for (let i = 0; i < paths.length; i++) {
    u -= weights[i] as number
    if (u <= 0) {
      path = paths[i] as string
      break
    }
  }
  const spec = findEndpoint(path)
  if (spec === undefined) throw new Error(path)
  const lang = d.country().lang
  const params: Record<string, string> = {}
  const entries = Object.entries(spec.query ?? {})
  // Between one and six parameters, each drawn from the registry's list.
  const want = 1 + Math.floor(d.rnd() * 6)
  for (let i = 0; i < want; i++) {
    const [name, ps] = d.pick(entries)
    if (name === 'to' || name === 'until' || name === 'since') continue
    const v = value(d, name, ps, lang)
    if (v !== undefined) params[name] = v
  }
  if (params.from !== undefined && d.rnd() < 0.5)
    params.to = iso(Date.parse(params.from) + d.pick([1, 3, 24, 24 * 7]) * 3_600_000)
  if (params.date !== undefined) {
    delete params.from
    delete params.to
  }
  if (params.min_score !== undefined && params.max_score !== undefined && +params.min_score > +params.max_score)
    delete params.max_score
  const key = STORE === null ? entityKey(d) : zipf(d, STORE.entities)
  return path.includes('{key}') ? { path, params, key } : { path, params }
}

const index = new SqliteSearchIndex(db)
const watermark = db.query<{ s: number }, []>('SELECT max(seq) AS s FROM articles').get()?.s ?? 0
const data: DataView = { db, index, version: null, watermark }
const url = new URL('http://localhost/')

function run(q: Drawn): { ms: number; status: number; error?: string } {
  const spec = findEndpoint(q.path)
  const handler = HANDLERS[q.path]
  if (spec === undefined || handler === undefined) return { ms: 0, status: 0, error: `no endpoint ${q.path}` }
  const t = performance.now()
  const c = process.cpuUsage()
  const took = () => {
    if (!CPU) return performance.now() - t
    const u = process.cpuUsage(c)
    return (u.user + u.system) / 1000
  }
  try {
    const v = validateRequest(spec, new URLSearchParams(q.params), q.key === undefined ? {} : { key: q.key }, NOW_MS)
    if (!v.ok) return { ms: took(), status: 422 }
    const out = handler(v.params, { data: { ...data, memo: new Map() }, nowMs: NOW_MS, url })
    JSON.stringify(out.body)
    return { ms: took(), status: out.status }
  } catch (e) {
    return { ms: took(), status: 500, error: String(e) }
  }
}

const show = (q: Drawn) =>
  `${q.path.replace('{key}', q.key ?? '')}?${new URLSearchParams(q.params).toString().replaceAll('%2C', ',')}`

const d = drawer(SEED)
const drawn = Array.from({ length: N }, () => draw(d)).filter((q) => TRAIT === '' || traits(q).includes(TRAIT))
const results: { q: Drawn; ms: number; status: number; error?: string }[] = []
const started = performance.now()
for (const q of drawn) {
  run(q)
  results.push({ q, ...run(q) })
}
const wallS = (performance.now() - started) / 1000

const ok = results.filter((r) => r.status === 200)
console.log(
  `sweep: ${drawn.length} of ${N} drawn queries${TRAIT === '' ? '' : ` with trait "${TRAIT}"`} (seed ${SEED}, ${CPU ? 'CPU time' : 'wall clock'}) over ${paths.length} endpoints, ${DB}; ${ok.length} answered 200, ` +
    `${results.filter((r) => r.status === 422).length} refused 422 (drawn combinations the registry rejects), ` +
    `${results.filter((r) => r.status !== 200 && r.status !== 422).length} other; ${wallS.toFixed(0)} s\n`,
)
console.log('| endpoint | n | p50 ms | p99 ms | max ms | target | over target (first run) |')
console.log('|---|---:|---:|---:|---:|---:|---:|')
for (const path of paths) {
  const ms = ok.filter((r) => r.q.path === path).map((r) => r.ms)
  if (ms.length === 0) continue
  const over = ms.filter((x) => x > targetMs(path)).length
  console.log(
    `| ${path} | ${ms.length} | ${pct(ms, 50).toFixed(1)} | ${pct(ms, 99).toFixed(1)} | ${Math.max(...ms).toFixed(1)} | ${targetMs(path)} | ${over} |`,
  )
}

const bad = results.filter((r) => r.status !== 200 && r.status !== 422)
if (bad.length > 0) {
  console.log('\nAnswers other than 200 or 422:')
  for (const r of bad.slice(0, 20)) console.log(`- ${r.status} ${show(r.q)} ${r.error ?? ''}`)
}

/** A query's traits, to see which of them the slow answers share. */
function traits(q: Drawn): string[] {
  const t: string[] = []
  const p = q.params
  if (p.q !== undefined) {
    const words = p.q.split(/\s+/)
    t.push(
      p.q.includes(' OR ')
        ? 'q: OR'
        : p.q.includes(' -')
          ? 'q: exclusion'
          : p.q.startsWith('"')
            ? 'q: phrase'
            : words.length > 1
              ? 'q: two words'
              : 'q: one word',
    )
  } else t.push('no q')
  for (const k of ['entity', 'country', 'lang', 'tld', 'host', 'exclude_host', 'category', 'sentiment'])
    if (p[k] !== undefined) t.push(`${k}${p[k]?.includes(',') ? ' (several)' : ''}`)
  if (p.min_score !== undefined || p.max_score !== undefined) t.push('score range')
  if (p.strict_country === 'true') t.push('strict_country')
  if (p.from !== undefined || p.date !== undefined) t.push('date range')
  if (p.offset !== undefined && Number(p.offset) >= 1000) t.push('offset ≥ 1000')
  if (p.sort !== undefined) t.push(`sort=${p.sort}`)
  return t
}

console.log('\nTraits of the answers over their target (first timed run), per endpoint family:\n')
console.log('| family | trait | n | over target | share over |')
console.log('|---|---|---:|---:|---:|')
for (const family of ['search and feeds', 'stats and lists'] as const) {
  const inFamily = ok.filter((r) => (targetMs(r.q.path) === 50) === (family === 'search and feeds'))
  const byTrait = new Map<string, { n: number; over: number }>()
  for (const r of inFamily)
    for (const t of traits(r.q)) {
      const c = byTrait.get(t) ?? { n: 0, over: 0 }
      c.n++
      if (r.ms > targetMs(r.q.path)) c.over++
      byTrait.set(t, c)
    }
  for (const [t, c] of [...byTrait]
    .filter(([, c]) => c.over > 0)
    .sort((a, b) => b[1].over / b[1].n - a[1].over / a[1].n))
    console.log(`| ${family} | ${t} | ${c.n} | ${c.over} | ${((100 * c.over) / c.n).toFixed(1)}% |`)
}

// The slowest relative to their target, timed twice more: best of three warm runs.
const slow = [...ok].sort((a, b) => b.ms / targetMs(b.q.path) - a.ms / targetMs(a.q.path)).slice(0, TOP)
console.log(`\nSlowest ${slow.length} against their target (first timed run, then best of three):\n`)
console.log('| ms (first) | ms (best of 3) | target | query |')
console.log('|---:|---:|---:|---|')
for (const r of slow) {
  const best = Math.min(r.ms, run(r.q).ms, run(r.q).ms)
  console.log(`| ${r.ms.toFixed(1)} | ${best.toFixed(1)} | ${targetMs(r.q.path)} | \`${show(r.q)}\` |`)
}
db.close()
