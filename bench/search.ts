/**
 * Search benchmark: index build, memory and latency of the SQLite FTS5 index behind /v1/search
 * and /v1/stats, against a plain FTS5 MATCH baseline and (at 100k) Orama on the same documents
 * and queries, in one run.
 *   bun bench/search.ts [--sizes 100000,1000000] [--queries 300] [--no-orama]
 * Articles are synthetic (Zipf vocabulary per language, 30 countries, 2,000 hosts, 90 days) and
 * written through the real ArticleWriter into a real SQLite file.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { create, insertMultiple, search as oramaSearch } from '@orama/orama'
import { parseQuery } from '../core/search/query-syntax.ts'
import type { SearchRequest, SearchSort } from '../core/search/types.ts'
import { ArticleWriter, type ArticleRow } from '../store/articles.ts'
import { COUNTRIES, LANGS, NOW_S, articles, mulberry32 } from './synthetic-articles.ts'
import { openStore } from '../store/open.ts'
import { SqliteSearchIndex } from '../store/search-sqlite.ts'

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(name)
  return i === -1 ? def : (process.argv[i + 1] ?? def)
}
const SIZES = arg('--sizes', '100000,1000000').split(',').map(Number)
const QUERIES = Number(arg('--queries', '300'))
const WITH_ORAMA = !process.argv.includes('--no-orama')
/** Keep the built stores in this folder and reuse them on the next run (the 1M build takes minutes). */
const DB_DIR = arg('--db-dir', '')
/** The readers' mmap size in MB (default: the store's own setting). */
const MMAP_MB = arg('--mmap-mb', '')


interface Q {
  q: string
  lang?: string[]
  country?: string[]
  days: number
  sort: SearchSort
}

function queryMix(n: number, seed: number): Q[] {
  const rnd = mulberry32(seed)
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)] as T
  const common = () => `w${Math.floor(rnd() * 60).toString(36)}`
  const mid = () => `w${(60 + Math.floor(rnd() * 2000)).toString(36)}`
  const sorts: SearchSort[] = ['date', 'date_asc', 'crawled', 'crawled_asc', 'relevance']
  return Array.from({ length: n }, (_, i) => {
    const kind = i % 6
    const q = kind === 0 ? `${common()} ${mid()}` : kind === 1 ? `"${common()} ${common()}"` : kind === 2 ? `${mid()} OR ${mid()}` : kind === 3 ? `${common()} -${common()}` : kind === 4 ? '' : mid()
    const out: Q = { q, days: pick([1, 7, 30, 90]), sort: sorts[i % sorts.length] as SearchSort }
    if (rnd() < 0.5) out.lang = [pick(LANGS)]
    if (rnd() < 0.5) out.country = [pick(COUNTRIES), pick(COUNTRIES), pick(COUNTRIES)]
    return out
  })
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0
}
const mb = (bytes: number) => `${Math.round(bytes / 1048576)} MB`
const rows: string[][] = []
const slowNotes: string[] = []

interface QueryReport { searchMs: number[]; bySort: [string, number[]][]; statsMs: number[]; baseMs: number[]; rss: number; rssAnon: number; rssFile: number; slowest: string[]; slowestStats: string[] }

/** Resident memory split into the process's own pages and mapped file pages (page cache, shared). */
function rssSplit(): { anon: number; file: number } {
  const status = readFileSync('/proc/self/status', 'utf8')
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024
  return { anon: kb('RssAnon'), file: kb('RssFile') + kb('RssShmem') }
}

/** The query phase, run in its own process on a read-only connection: its RSS is what a live node holds. */
function runQueries(path: string): QueryReport {
  const ro = openStore(path, { readonly: true, ...(MMAP_MB === '' ? {} : { mmapBytes: Number(MMAP_MB) * 1048576 }) })
  const index = new SqliteSearchIndex(ro)
  const mix = queryMix(QUERIES, 2)
  const req = (q: Q): SearchRequest => ({
    query: parseQuery(q.q),
    fromS: NOW_S - q.days * 86400,
    toS: NOW_S,
    strictCountry: false,
    maxSeq: null,
    ...(q.lang ? { lang: q.lang } : {}),
    ...(q.country ? { country: q.country } : {}),
    sort: q.sort,
    size: 20,
    offset: 0,
    dedupe: false,
    fullText: false,
  })
  for (const q of mix.slice(0, 30)) index.search(req(q)) // warm the page cache
  const searchMs: number[] = []
  const bySort = new Map<string, number[]>()
  let t = 0
  const timed: Array<[number, Q]> = []
  for (const q of mix) {
    t = performance.now()
    index.search(req(q))
    const ms = performance.now() - t
    searchMs.push(ms)
    timed.push([ms, q])
    bySort.set(q.sort, [...(bySort.get(q.sort) ?? []), ms])
  }
  const statsMs: number[] = []
  const timedStats: Array<[number, Q]> = []
  for (const q of mix.slice(0, Math.min(100, QUERIES))) {
    t = performance.now()
    index.stats(req(q), 20, q.days <= 3 ? 3600 : 86400)
    statsMs.push(performance.now() - t)
    timedStats.push([performance.now() - t, q])
  }
  const baseline = ro.query<{ rowid: number }, [string]>('SELECT rowid FROM articles_fts WHERE articles_fts MATCH ? LIMIT 20')
  const baseMs: number[] = []
  for (const q of mix.filter((x) => x.q !== '')) {
    const parsed = parseQuery(q.q)
    const match = parsed?.all.map((g) => g.map((tm) => `"${tm.tokens.join(' ')}"`).join(' OR ')).map((g) => `(${g})`).join(' AND ')
    if (!match) continue
    t = performance.now()
    baseline.all(match)
    baseMs.push(performance.now() - t)
  }
  const rss = process.memoryUsage().rss
  const split = rssSplit()
  ro.close()
  const slowest = timed.sort((a, b) => b[0] - a[0]).slice(0, 8).map(([ms, q]) => `${ms.toFixed(1)} ms ${JSON.stringify(q)}`)
  const slowestStats = timedStats.sort((a, b) => b[0] - a[0]).slice(0, 5).map(([ms, q]) => `${ms.toFixed(1)} ms ${JSON.stringify(q)}`)
  return { searchMs, bySort: [...bySort], statsMs, baseMs, rss, rssAnon: split.anon, rssFile: split.file, slowest, slowestStats }
}

/** Writes `size` synthetic articles through the real ArticleWriter; returns the milliseconds it took. */
function buildStore(path: string, size: number): number {
  const db = openStore(path)
  const writer = new ArticleWriter(db)
  const t = performance.now()
  let batch: ArticleRow[] = []
  const flush = db.transaction((b: ArticleRow[]) => {
    for (const r of b) writer.write(r, 0)
  })
  for (const a of articles(size, 1)) {
    batch.push(a)
    if (batch.length === 5000) (flush(batch), (batch = []))
  }
  flush(batch)
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
  const ms = performance.now() - t
  db.close()
  return ms
}

if (process.argv[2] === '--queries-on') {
  console.log(JSON.stringify(runQueries(process.argv[3] ?? '')))
  process.exit(0)
}

for (const size of SIZES) {
  const dir = DB_DIR === '' ? mkdtempSync(join(tmpdir(), 'newsdesk-bench-search-')) : DB_DIR
  try {
    const path = join(dir, `s${size}.sqlite`)
    const reuse = DB_DIR !== '' && existsSync(path)
    let buildMs = Number.NaN
    if (!reuse) buildMs = buildStore(path, size)
    // A kept store from an older schema is migrated first (as the batch job would), so the reader sees the current one.
    else openStore(path).close()
    const fileBytes = Bun.file(path).size

    const child = Bun.spawnSync([process.execPath, import.meta.path, '--queries-on', path, '--queries', String(QUERIES), ...(MMAP_MB === '' ? [] : ['--mmap-mb', MMAP_MB])], { stdout: 'pipe', stderr: 'inherit' })
    const report = JSON.parse(child.stdout.toString()) as QueryReport
    const { searchMs, statsMs, baseMs, rss } = report
    slowNotes.push(`${size / 1000}k: reader RSS ${mb(rss)} = ${mb(report.rssAnon)} own + ${mb(report.rssFile)} mapped file pages; slowest searches:`, ...report.slowest.map((s) => `  ${s}`), 'slowest stats:', ...report.slowestStats.map((s) => `  ${s}`))
    const bySort = new Map(report.bySort)
    const mix = queryMix(QUERIES, 2)
    rows.push([
      `FTS5 (store) ${size / 1000}k`, reuse ? 'reused' : `${(buildMs / 1000).toFixed(1)} s`, mb(fileBytes), mb(rss),
      pct(searchMs, 50).toFixed(2), pct(searchMs, 99).toFixed(2), pct(statsMs, 50).toFixed(2), pct(statsMs, 99).toFixed(2),
      pct(baseMs, 50).toFixed(2), (pct(searchMs, 50) / Math.max(0.001, pct(baseMs, 50))).toFixed(1),
    ])
    for (const [sort, xs] of bySort) rows.push([`  sort=${sort}`, '', '', '', pct(xs, 50).toFixed(2), pct(xs, 99).toFixed(2), '', '', '', ''])

    if (WITH_ORAMA && size <= 100_000) {
      let t = 0
      const rssBefore = process.memoryUsage().rss
      t = performance.now()
      const orama = create({ schema: { title: 'string', description: 'string', lang: 'enum', country: 'enum', published_at: 'number', crawled_at: 'number' } as const })
      const docs = [...articles(size, 1)].map((a) => ({
        title: a.title, description: a.description, lang: a.lang, country: a.country,
        published_at: Date.parse(a.published_at) / 1000, crawled_at: Date.parse(a.crawled_at) / 1000,
      }))
      await insertMultiple(orama, docs, 5000)
      const oramaBuild = performance.now() - t
      const oramaMs: number[] = []
      for (const q of mix) {
        const where: Record<string, unknown> = { published_at: { between: [NOW_S - q.days * 86400, NOW_S - 1] } }
        if (q.lang) where.lang = { eq: q.lang[0] }
        if (q.country) where.country = { in: q.country }
        const term = q.q.replace(/"|-\S+|\bOR\b/g, ' ').trim()
        t = performance.now()
        await oramaSearch(orama, {
          term, properties: ['title', 'description'], where, limit: 20, threshold: 0,
          ...(q.sort === 'relevance' || term !== '' ? {} : { sortBy: { property: 'published_at', order: q.sort.endsWith('asc') ? 'ASC' : 'DESC' } }),
        })
        oramaMs.push(performance.now() - t)
      }
      rows.push([`Orama ${size / 1000}k (peer)`, `${(oramaBuild / 1000).toFixed(1)} s`, '-', `+${mb(process.memoryUsage().rss - rssBefore)}`, pct(oramaMs, 50).toFixed(2), pct(oramaMs, 99).toFixed(2), '', '', '', (pct(oramaMs, 50) / Math.max(0.001, pct(searchMs, 50))).toFixed(1)])
    }
  } finally {
    if (DB_DIR === '') rmSync(dir, { recursive: true, force: true })
  }
}

console.log(`query mix: ${QUERIES} queries (2 words, phrase, OR, exclusion, filters only, 1 word; half with lang, half with 3 countries; 1-90 day ranges; all five sorts)\n`)
console.log('| engine | build | file | reader RSS | search p50 ms | search p99 ms | stats p50 ms | stats p99 ms | plain FTS5 p50 ms | ratio p50 |')
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|')
for (const r of rows) console.log(`| ${r.join(' | ')} |`)
console.log(`\n${slowNotes.join('\n')}`)
console.log('\nratio: FTS5 rows = our query ÷ the plain FTS5 MATCH baseline; Orama row = Orama ÷ our query. Targets at 1M: search p50 ≤ 5 ms, p99 ≤ 50 ms, stats p50 ≤ 50 ms, RSS ≤ 300 MB.')
