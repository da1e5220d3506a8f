/**
 * Search benchmark shaped like a public news API's traffic: a query mix by class (no words + one
 * country, one word + one country — the largest class —, two words + one country, word + language,
 * country + language, host, TLD, strict_country, phrase, OR, exclusion, rare word, absent word,
 * each sort, deep offset, dedupe, highlight, full_text, fields, several countries, stats), each
 * query a real URL's parameters run through the registry's validation and the live node's answer
 * function over a read-only connection in a separate process (its RSS is a live node's). Prints
 * p50 / p99 / max per class, the weighted overall p50, and the plain FTS5 MATCH floor beside each
 * class; at ≤ 100k also Orama on the same queries (the classes it can express).
 *   bun bench/search.ts [--sizes 1000000,10000000] [--per-class 40] [--db-dir DIR] [--no-orama] [--mmap-mb N] [--count-min-docs N]
 *     [--classes 'tone range,deep offset']   (only the classes whose names contain one of these)
 *   bun bench/search.ts --http http://127.0.0.1:8000 [--per-class 40]   (the same classes over HTTP
 *     against a running node, e.g. `npm start` on the 90-day demo; one request at a time, warm)
 * Stores are synthetic (bench/synthetic-articles.ts: hosts keep their country and language, demo
 * vocabulary + a Zipf one) written through the real ArticleWriter; with --db-dir they are kept
 * and reused, and their build time and size are kept beside them (`s<N>.json`).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openStore } from '../store/open.ts'
import { refreshTermCounts } from '../store/term-counts.ts'
import { buildStore } from './search-build.ts'
import { CLASSES } from './search-classes.ts'
import { oramaRun } from './search-orama.ts'
import { type QueryReport, drawQueries, mb, pct, runQueries, weightedPct } from './search-queries.ts'

export { CLASSES } from './search-classes.ts'

/** A class's URL: `key` into the path of `/v1/entities/{key}`, the rest as the query. */
const urlOf = (endpoint: string, params: Record<string, string>) => {
  const { key, ...query } = params
  const path = key === undefined ? endpoint : endpoint.replace('{key}', encodeURIComponent(key))
  return `${path}?${new URLSearchParams(query)}`
}

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(name)
  return i === -1 ? def : (process.argv[i + 1] ?? def)
}
const SIZES = arg('--sizes', '100000,1000000').split(',').map(Number)
const PER_CLASS = Number(arg('--per-class', '40'))
const WITH_ORAMA = !process.argv.includes('--no-orama')
const DB_DIR = arg('--db-dir', '')
const MMAP_MB = arg('--mmap-mb', '')
/** The word-count line (store/term-counts.ts, minDocs); empty: the batch job's default. */
const COUNT_MIN_DOCS = arg('--count-min-docs', '')

/** Only the classes whose names contain one of these (comma-separated); each still draws what it draws in a full run. */
const ONLY = arg('--classes', '')
  .split(',')
  .filter((c) => c !== '')

const HTTP_BASE = arg('--http', '')
if (HTTP_BASE !== '') {
  const queries = drawQueries(PER_CLASS, ONLY)
  for (const q of queries.slice(0, 50))
    await fetch(`${HTTP_BASE}${urlOf(q.cls.endpoint, q.params)}`).then((r) => r.arrayBuffer())
  const byClass = new Map<string, { weight: number; ms: number[]; slowest: string; statuses: Set<number> }>()
  for (const q of queries) {
    const url = `${HTTP_BASE}${urlOf(q.cls.endpoint, q.params)}`
    const t = performance.now()
    const res = await fetch(url, { headers: { 'accept-encoding': 'gzip' } })
    await res.arrayBuffer()
    const ms = performance.now() - t
    const c = byClass.get(q.cls.name) ?? { weight: q.cls.weight, ms: [], slowest: '', statuses: new Set<number>() }
    byClass.set(q.cls.name, c)
    if (ms > Math.max(0, ...c.ms)) c.slowest = `${ms.toFixed(1)} ms ${new URLSearchParams(q.params)}`
    c.ms.push(ms)
    c.statuses.add(res.status)
  }
  console.log(`over HTTP: ${HTTP_BASE}, ${CLASSES.length} classes × ${PER_CLASS} queries, one at a time\n`)
  console.log('| class | n | p50 ms | p99 ms | max ms | statuses |', '\n|---|---:|---:|---:|---:|---|')
  for (const [name, c] of byClass)
    console.log(
      `| ${name} | ${c.ms.length} | ${pct(c.ms, 50).toFixed(2)} | ${pct(c.ms, 99).toFixed(2)} | ${Math.max(...c.ms).toFixed(2)} | ${[...c.statuses].join(', ')} |`,
    )
  const all = [...byClass.values()].flatMap((c) => c.ms.map((ms) => ({ ms, w: c.weight / c.ms.length })))
  console.log(
    `| **weighted overall** | ${all.length} | ${weightedPct(all, 50).toFixed(2)} | ${weightedPct(all, 99).toFixed(2)} | ${Math.max(...all.map((x) => x.ms)).toFixed(2)} | |`,
  )
  console.log(['', 'slowest of each class:', ...[...byClass].map(([n, c]) => `- ${n}: ${c.slowest}`)].join('\n'))
  process.exit(0)
}

if (process.argv[2] === '--queries-on') {
  console.log(JSON.stringify(runQueries(process.argv[3] ?? '', PER_CLASS, MMAP_MB, ONLY)))
  process.exit(0)
}

const out: string[] = []
for (const size of SIZES) {
  const dir = DB_DIR === '' ? mkdtempSync(join(tmpdir(), 'newsdesk-bench-search-')) : DB_DIR
  try {
    const path = join(dir, `s${size}.sqlite`)
    const sidecar = join(dir, `s${size}.json`)
    let built: { buildS: number | null } = { buildS: null }
    // The sidecar is written once a build completes: a store without one was cut off and resumes.
    if (DB_DIR !== '' && existsSync(path) && existsSync(sidecar)) {
      openStore(path).close() // a kept store from an older schema is migrated first, as the batch job would
      built = JSON.parse(readFileSync(sidecar, 'utf8')) as { buildS: number | null }
    } else {
      built = { buildS: buildStore(path, size, join(dir, `s${size}.progress.json`)) }
      writeFileSync(sidecar, JSON.stringify(built))
    }
    // The batch job's step after every ingest (store/term-counts.ts): a kept store is counted in full once.
    const countsStarted = performance.now()
    const countsDb = openStore(path)
    const counts = refreshTermCounts(
      countsDb,
      Math.floor(Date.now() / 1000),
      COUNT_MIN_DOCS === '' ? {} : { minDocs: Number(COUNT_MIN_DOCS) },
    )
    countsDb.close()
    const countsS = (performance.now() - countsStarted) / 1000
    const fileBytes = Bun.file(path).size
    const child = Bun.spawnSync(
      [
        process.execPath,
        import.meta.path,
        '--queries-on',
        path,
        '--per-class',
        String(PER_CLASS),
        ...(MMAP_MB === '' ? [] : ['--mmap-mb', MMAP_MB]),
        ...(ONLY.length === 0 ? [] : ['--classes', ONLY.join(',')]),
      ],
      { stdout: 'pipe', stderr: 'inherit' },
    )
    if (child.exitCode !== 0) throw new Error(`query phase failed at ${size}`)
    const report = JSON.parse(child.stdout.toString()) as QueryReport
    const all = report.classes.flatMap((c) => c.ms.map((ms) => ({ ms, w: c.weight / c.ms.length })))
    const searchOnly = report.classes
      .filter((c) => !c.name.startsWith('stats') && !c.name.startsWith('entities'))
      .flatMap((c) => c.ms.map((ms) => ({ ms, w: c.weight / c.ms.length })))
    out.push(
      `\n### ${size.toLocaleString('en-US')} articles: store ${mb(fileBytes)}, built in ${built.buildS === null ? '?' : `${built.buildS.toFixed(0)} s`}; word counts ${counts.keys} words (${counts.added} counted, ${counts.staleDays} days recounted in ${countsS.toFixed(0)} s); reader RSS ${mb(report.rss)} (${mb(report.rssAnon)} own + ${mb(report.rssFile)} mapped file pages)\n`,
    )
    out.push(
      '| class | weight | n | p50 ms | p99 ms | max ms | plain FTS5 p50 ms |',
      '|---|---:|---:|---:|---:|---:|---:|',
    )
    for (const c of report.classes) {
      out.push(
        `| ${c.name} | ${c.weight} | ${c.ms.length} | ${pct(c.ms, 50).toFixed(2)} | ${pct(c.ms, 99).toFixed(2)} | ${Math.max(...c.ms).toFixed(2)} | ${c.floorMs.length > 0 ? pct(c.floorMs, 50).toFixed(2) : '–'} |`,
      )
    }
    out.push(
      `| **weighted overall (search classes)** | | ${searchOnly.length} | **${weightedPct(searchOnly, 50).toFixed(2)}** | **${weightedPct(searchOnly, 99).toFixed(2)}** | | |`,
    )
    out.push(
      `| weighted overall (with stats) | | ${all.length} | ${weightedPct(all, 50).toFixed(2)} | ${weightedPct(all, 99).toFixed(2)} | | |`,
    )
    out.push(
      '',
      'slowest query of each class (and without words, where a slower one had words):',
      ...report.classes.map(
        (c) =>
          `- ${c.name}: ${c.slowest}${c.slowestNoWords !== '' && c.slowestNoWords !== c.slowest ? `; without words ${c.slowestNoWords}` : ''}`,
      ),
    )
    if (WITH_ORAMA && size <= 100_000) {
      const o = await oramaRun(size, PER_CLASS)
      const ours = searchOnly.map((s) => s.ms)
      out.push(
        '',
        `Orama 3.1 on the same ${size.toLocaleString('en-US')} documents and the same search queries (words stripped of phrase/OR/exclusion syntax; no tld, strict, dedupe): build ${(o.buildMs / 1000).toFixed(1)} s, +${o.rssMb.toFixed(0)} MB; p50 ${pct(o.ms, 50).toFixed(2)} ms, p99 ${pct(o.ms, 99).toFixed(2)} ms — **${(pct(o.ms, 50) / pct(ours, 50)).toFixed(0)}× our p50** (${pct(ours, 50).toFixed(2)} ms), ${(pct(o.ms, 99) / pct(ours, 99)).toFixed(0)}× our p99`,
      )
    }
  } finally {
    if (DB_DIR === '') rmSync(dir, { recursive: true, force: true })
  }
}
console.log(
  `query mix: ${CLASSES.length} classes × ${PER_CLASS} queries, each a URL's parameters through validation and the answer function (JSON included); ranges: 50% the default 90 days, 20% 7d, 20% 24h, 10% 30d`,
)
console.log(out.join('\n'))
console.log(
  '\nTargets: at 1M every class p99 ≤ 50 ms, overall p50 ≤ 3 ms, stats p99 ≤ 100 ms; at 10M every class p99 ≤ 200 ms.',
)
