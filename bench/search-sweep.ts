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
import { findEndpoint } from '../core/endpoints.ts'
import { validateRequest } from '../core/validate.ts'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { openStore } from '../store/open.ts'
import { SqliteSearchIndex } from '../store/search-sqlite.ts'
import { drawer } from './search-draw.ts'
import { pct } from './search-queries.ts'
import { type Drawn, drawRequest, storeValues, SWEEP_PATHS, traits } from './search-sweep-draw.ts'
import { NOW_S } from './synthetic-articles.ts'

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

/** The p99 target of an endpoint (DECISIONS / issue 15): search and feeds 50 ms, stats and lists 100 ms. */
const targetMs = (path: string) => (path === '/v1/search' || /\/v1\/(rss|atom|feed\.json)/.test(path) ? 50 : 100)

const HANDLERS = answersFor({ version: 'bench', uptimeSeconds: () => 0 })
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
const drawn = Array.from({ length: N }, () => drawRequest(d, STORE, NOW_MS)).filter(
  (q) => TRAIT === '' || traits(q).includes(TRAIT),
)
const results: { q: Drawn; ms: number; status: number; error?: string }[] = []
const started = performance.now()
for (const q of drawn) {
  run(q)
  results.push({ q, ...run(q) })
}
const wallS = (performance.now() - started) / 1000

const ok = results.filter((r) => r.status === 200)
console.log(
  `sweep: ${drawn.length} of ${N} drawn queries${TRAIT === '' ? '' : ` with trait "${TRAIT}"`} (seed ${SEED}, ${CPU ? 'CPU time' : 'wall clock'}) over ${SWEEP_PATHS.length} endpoints, ${DB}; ${ok.length} answered 200, ` +
    `${results.filter((r) => r.status === 422).length} refused 422 (drawn combinations the registry rejects), ` +
    `${results.filter((r) => r.status !== 200 && r.status !== 422).length} other; ${wallS.toFixed(0)} s\n`,
)
console.log('| endpoint | n | p50 ms | p99 ms | max ms | target | over target (first run) |')
console.log('|---|---:|---:|---:|---:|---:|---:|')
for (const path of SWEEP_PATHS) {
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
