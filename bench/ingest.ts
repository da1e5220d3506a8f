/**
 * Ingest throughput from `.warc.gz` on a generated demo archive: whole pipeline on one thread and
 * with one worker per core, and the time split by stage (read, extract, enrich, store).
 *   bun bench/ingest.ts [--days N] [--per-day N]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { articleId } from '../core/article-id.ts'
import { dupKey, enrichArticle } from '../core/enrich/index.ts'
import { generateDemoArchive } from '../demo/index.ts'
import { extractArticle } from '../batch/extract/index.ts'
import { ingest } from '../batch/ingest/run.ts'
import { resolveInputs } from '../batch/warc/inputs.ts'
import { readWarc } from '../batch/warc/reader.ts'
import type { HtmlResponse } from '../batch/warc/types.ts'
import { type ArticleRow, ArticleWriter } from '../store/articles.ts'
import { openStore } from '../store/open.ts'

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(name)
  return i === -1 ? def : Number(process.argv[i + 1])
}
const days = arg('--days', 7)
const perDay = arg('--per-day', 800)
const NOW = new Date('2026-11-21T14:00:00Z')
const dir = mkdtempSync(join(tmpdir(), 'newsdesk-bench-ingest-'))
try {
  const demo = await generateDemoArchive({ outDir: join(dir, 'demo'), now: NOW, days, articlesPerDay: perDay })
  const sources = await resolveInputs([join(dir, 'demo', 'warc')], { ccNewsBaseUrl: 'http://127.0.0.1:9/' })

  // Stage split on one thread.
  let t = performance.now()
  const html: HtmlResponse[] = []
  for (const s of sources) for await (const e of readWarc(s)) if (e.kind === 'html') html.push(e)
  const readMs = performance.now() - t
  // Two passes over the same records; the table shows the second (steady state, JIT warm), as a
  // long ingest runs. The first pass's figures are printed below it.
  const pass = () => {
    let t0 = performance.now()
    const extracted = html.map((e) =>
      extractArticle({ html: e.html, targetUri: e.targetUri, warcDate: e.warcDate, httpHeaders: e.httpHeaders }),
    )
    const extractMs = performance.now() - t0
    const kept = extracted.filter((a) => a !== null)
    t0 = performance.now()
    const enrichments = kept.map((a) => enrichArticle(a))
    return { kept, enrichments, extractMs, enrichMs: performance.now() - t0 }
  }
  const cold = pass()
  const { kept, enrichments, extractMs, enrichMs } = pass()
  t = performance.now()
  const rows: ArticleRow[] = kept.map((a, i) => ({
    ...a,
    ...(enrichments[i] as ReturnType<typeof enrichArticle>),
    id: articleId(a.url),
    dup_key: dupKey(a),
    source_file: 'bench',
  }))
  const keysMs = performance.now() - t
  const db0 = openStore(join(dir, 'stage.sqlite'))
  const writer = new ArticleWriter(db0)
  t = performance.now()
  db0.transaction(() => {
    for (const r of rows) writer.write(r, 0)
  })()
  const storeMs = performance.now() - t
  db0.close()

  const run = async (workers: number) => {
    const db = openStore(join(dir, `w${workers}.sqlite`))
    const s = await ingest({ db, sources, now: NOW, workers })
    db.close()
    return s
  }
  const one = await run(0)
  const cores = availableParallelism()
  const all = await run(cores)

  // The machine's own ceiling: the same files read, extracted and enriched (no store) by one
  // process, then by one process per core at once, sharing nothing.
  const listPath = join(dir, 'files.json')
  writeFileSync(listPath, JSON.stringify(sources))
  const independent = async (parts: number) => {
    const t0 = performance.now()
    const outs = await Promise.all(
      Array.from({ length: parts }, (_, part) => {
        const child = Bun.spawn(
          [process.execPath, join(import.meta.dir, 'ingest-part.ts'), listPath, String(part), String(parts)],
          { stdout: 'pipe' },
        )
        return new Response(child.stdout).text()
      }),
    )
    const articles = outs.reduce((sum, out) => sum + Number(out.trim()), 0)
    return { articles, seconds: (performance.now() - t0) / 1000 }
  }
  const soloProcess = await independent(1)
  const perCoreProcesses = await independent(cores)

  const n = rows.length
  const per = (ms: number) => (ms / n).toFixed(3)
  console.log(
    `demo archive: ${days} days × ~${perDay}/day, ${sources.length} files, ${n} articles (generated in ${(demo.elapsedMs / 1000).toFixed(1)} s)\n`,
  )
  console.log('| stage (one thread) | ms total | ms/article | share |')
  console.log('|---|---:|---:|---:|')
  const total = readMs + extractMs + enrichMs + keysMs + storeMs
  for (const [name, ms] of [
    ['read .warc.gz', readMs],
    ['extract', extractMs],
    ['enrich', enrichMs],
    ['ids and syndication keys', keysMs],
    ['store (SQLite + FTS5 + groups)', storeMs],
  ] as const) {
    console.log(`| ${name} | ${ms.toFixed(0)} | ${per(ms)} | ${((ms / total) * 100).toFixed(0)}% |`)
  }
  console.log(
    `\nenrichment / extraction cost: ${(enrichMs / extractMs).toFixed(2)} (first, cold pass: extract ${per(cold.extractMs)} ms, enrich ${per(cold.enrichMs)} ms per article, ratio ${(cold.enrichMs / cold.extractMs).toFixed(2)})\n`,
  )
  console.log('| pipeline | workers | articles | seconds | articles/s | articles/s/core |')
  console.log('|---|---:|---:|---:|---:|---:|')
  for (const [label, s, w] of [
    ['in-process', one, 1],
    ['worker threads', all, cores],
  ] as const) {
    const sec = s.elapsed_ms / 1000
    console.log(
      `| ${label} | ${label === 'in-process' ? 0 : w} | ${s.articles} | ${sec.toFixed(1)} | ${(s.articles / sec).toFixed(0)} | ${(s.articles / sec / w).toFixed(0)} |`,
    )
  }
  console.log(`\nmachine ceiling, read + extract + enrich without the store (process start included):`)
  console.log('| independent processes | articles | seconds | articles/s | speed-up |')
  console.log('|---:|---:|---:|---:|---:|')
  for (const [n, r] of [
    [1, soloProcess],
    [cores, perCoreProcesses],
  ] as const) {
    console.log(
      `| ${n} | ${r.articles} | ${r.seconds.toFixed(1)} | ${(r.articles / r.seconds).toFixed(0)} | ${(soloProcess.seconds / r.seconds).toFixed(2)} |`,
    )
  }
  console.log('\ntarget: ≥ 1,000 articles/s/core')
} finally {
  rmSync(dir, { recursive: true, force: true })
}
