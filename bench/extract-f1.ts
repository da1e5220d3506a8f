/**
 * Body-text quality of extractArticle on scrapinghub's article-extraction-benchmark
 * (/work/shared/corpus/article-extraction-benchmark: 181 real pages with ground-truth bodies),
 * scored with the benchmark's own shingle metric (bench/extract-shingle-f1.ts), printed beside the
 * published results read from the benchmark's README.rst, plus extraction time per page.
 *
 * Run: bun bench/extract-f1.ts [--worst N] [--readability]
 *   --readability also scores @mozilla/readability 0.6.0 on linkedom 0.18.14 here, for comparison.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { extractArticle } from '../batch/extract/extract-article.ts'
import { CORPUS_DIR, loadBenchmark, loadBenchmarkOutput, type BenchmarkPage } from './extract-corpus.ts'
import { evaluateBodies, matchShingles, type BenchmarkScores } from './extract-shingle-f1.ts'

export interface PublishedRow {
  table: string
  name: string
  version: string
  f1: string
  precision: string
  recall: string
  accuracy: string
}

/** Rows of the README's result tables: `name  version  F1 ± s  precision ± s  recall ± s  accuracy ± s`. */
export function readPublishedResults(readme: string): PublishedRow[] {
  const rows: PublishedRow[] = []
  let table = ''
  const cell = String.raw`(\d\.\d{3} ± \d\.\d{3})`
  const rowRe = new RegExp(String.raw`^\s{4}(\S+)\s+(.+?)\s+${cell}\s+${cell}\s+${cell}\s+${cell}\s*$`)
  for (const line of readme.split('\n')) {
    if (/^\S.*::\s*$/.test(line)) table = line.replace(/::\s*$/, '').trim()
    const m = rowRe.exec(line)
    if (m !== null) {
      rows.push({
        table,
        name: m[1] as string,
        version: (m[2] as string).trim(),
        f1: m[3] as string,
        precision: m[4] as string,
        recall: m[5] as string,
        accuracy: m[6] as string,
      })
    }
  }
  return rows
}

export function extractBody(page: BenchmarkPage): string {
  const article = extractArticle({
    html: page.html,
    targetUri: page.url,
    warcDate: '2019-11-20T00:00:00Z',
    httpHeaders: {},
  })
  return article?.text ?? ''
}

function formatScores(s: BenchmarkScores): [string, string, string, string] {
  const f = (v: number, sd: number): string => `${v.toFixed(3)} ± ${sd.toFixed(3)}`
  return [f(s.f1, s.f1Std), f(s.precision, s.precisionStd), f(s.recall, s.recallStd), f(s.accuracy, s.accuracyStd)]
}

function percentile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
}

async function readabilityBodies(pages: readonly BenchmarkPage[]): Promise<string[]> {
  const { Readability } = await import('@mozilla/readability')
  const { parseHTML } = await import('linkedom')
  return pages.map((page) => {
    try {
      const { document } = parseHTML(page.html)
      // linkedom's Document is structurally what Readability reads; its types differ from lib.dom's.
      return new Readability(document as unknown as Document).parse()?.textContent ?? ''
    } catch {
      return ''
    }
  })
}

async function main(): Promise<void> {
  const pages = loadBenchmark()
  if (pages === null) {
    console.log(
      `extract-f1: skipped, ${join(CORPUS_DIR, 'article-extraction-benchmark')} is absent (set NEWSDESK_CORPUS)`,
    )
    return
  }
  const worstArg = process.argv.indexOf('--worst')
  const worst = worstArg === -1 ? 8 : Number(process.argv[worstArg + 1] ?? 8)

  // Warm-up so JIT compilation is not billed to the first pages.
  for (const page of pages.slice(0, 20)) extractBody(page)
  const predictions: string[] = []
  const times: number[] = []
  for (const page of pages) {
    const start = performance.now()
    predictions.push(extractBody(page))
    times.push(performance.now() - start)
  }
  const ours = evaluateBodies(pages.map((p, i) => ({ truth: p.truth, prediction: predictions[i] ?? '' })))

  const rows: [string, string, string, string, string, string][] = []
  rows.push(['newsdesk (this repo)', 'measured here', ...formatScores(ours)])
  if (process.argv.includes('--readability')) {
    const bodies = await readabilityBodies(pages)
    const scores = evaluateBodies(pages.map((p, i) => ({ truth: p.truth, prediction: bodies[i] ?? '' })))
    rows.push(['readability+linkedom', 'measured here', ...formatScores(scores)])
  }
  for (const name of ['trafilatura', 'readability_js', 'newspaper']) {
    const output = loadBenchmarkOutput(name)
    if (output === null) continue
    const scores = evaluateBodies(pages.map((p) => ({ truth: p.truth, prediction: output.get(p.id) ?? '' })))
    rows.push([`${name} (output/ re-scored)`, 'measured here', ...formatScores(scores)])
  }
  const readmePath = join(CORPUS_DIR, 'article-extraction-benchmark', 'README.rst')
  const published = existsSync(readmePath) ? readPublishedResults(readFileSync(readmePath, 'utf8')) : []
  const latest = published.filter(
    (r) => r.table.startsWith('Results of the latest') || r.table.startsWith('Results of the previous'),
  )
  for (const r of latest.sort((a, b) => Number(b.f1.slice(0, 5)) - Number(a.f1.slice(0, 5)))) {
    rows.push([r.name, `published ${r.version}`, r.f1, r.precision, r.recall, r.accuracy])
  }

  console.log(
    `\narticle-extraction-benchmark: ${pages.length} pages, shingle metric of evaluate.py (4-grams of \\w+ tokens), ± = bootstrap std (1000 resamples)\n`,
  )
  console.log(
    `| ${'extractor'.padEnd(34)} | ${'source'.padEnd(26)} | F1            | precision     | recall        | accuracy      |`,
  )
  console.log(`|${'-'.repeat(36)}|${'-'.repeat(28)}|---------------|---------------|---------------|---------------|`)
  for (const [name, source, f1, p, r, a] of rows) {
    console.log(`| ${name.padEnd(34)} | ${source.padEnd(26)} | ${f1} | ${p} | ${r} | ${a} |`)
  }
  const sorted = [...times].sort((a, b) => a - b)
  const meanKb = pages.reduce((sum, p) => sum + p.html.length, 0) / pages.length / 1024
  console.log(
    `\nextractArticle time per page (mean page ${meanKb.toFixed(0)} KB): p50 ${percentile(sorted, 0.5).toFixed(2)} ms, ` +
      `p95 ${percentile(sorted, 0.95).toFixed(2)} ms, max ${percentile(sorted, 1).toFixed(2)} ms, ` +
      `mean ${(times.reduce((a, b) => a + b, 0) / times.length).toFixed(2)} ms`,
  )

  const perPage = pages.map((page, i) => {
    const m = matchShingles(page.truth, predictions[i] ?? '')
    const precision = m.tp + m.fp > 0 ? m.tp / (m.tp + m.fp) : 0
    const recall = m.tp + m.fn > 0 ? m.tp / (m.tp + m.fn) : 0
    return { page, precision, recall }
  })
  perPage.sort((a, b) => a.precision + a.recall - (b.precision + b.recall))
  console.log(`\nworst ${worst} pages:`)
  for (const { page, precision, recall } of perPage.slice(0, worst)) {
    console.log(`  P ${precision.toFixed(2)} R ${recall.toFixed(2)}  ${page.url.slice(0, 100)}`)
  }
}

if (import.meta.main) await main()
