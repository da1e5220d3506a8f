/**
 * How the full-text index's segment count grows over many hourly batch runs, and what the batch
 * job's upkeep (store/fts-maintenance.ts: level merges, one segment past FTS_SEGMENTS_MAX) costs.
 *
 *   bun bench/fts-segments.ts --store COPY.sqlite [--hours 48] [--per-hour 4600] [--policy shipped|optimize] [--text synthetic|corpus]
 *
 * Each simulated hour writes `--per-hour` new synthetic articles (bench/synthetic-articles.ts,
 * new URLs, published in that hour) through the real ArticleWriter in one transaction, as an
 * ingest does, then runs the batch job's compactFullText (`--policy optimize`: the rule before it,
 * one segment whenever more than FTS_SEGMENTS_MAX). Prints the segments after the write, what
 * the merge left and how long it and the write took. 4,600 an hour is a 10M-article, 90-day
 * archive's rate. With `--text corpus` the headlines and standfirsts are real ones (the UCI News
 * Aggregator rows and the HuffPost headlines with their standfirsts in shared/corpus, cycled),
 * since how many segments an hour leaves depends on how much text it indexes. It writes into the
 * store it is given: pass a copy.
 */
import { existsSync } from 'node:fs'
import { isoSeconds } from '../core/config.ts'
import { ArticleWriter } from '../store/articles.ts'
import { compactFullText, FTS_SEGMENTS_MAX, ftsSegments, optimizeFullText } from '../store/fts-maintenance.ts'
import { openStore } from '../store/open.ts'
import { articles } from './synthetic-articles.ts'
import { articleId } from '../core/article-id.ts'
import { corpusDir, hasCategoryCorpus, loadHuffPost, loadUci } from '../scripts/category-data.ts'

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name)
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback
}

const store = arg('--store', '')
if (store === '' || !existsSync(store)) {
  console.error(
    'usage: bun bench/fts-segments.ts --store COPY.sqlite [--hours 48] [--per-hour 4600]  (writes into the store: pass a copy)',
  )
  process.exit(2)
}
const hours = Number(arg('--hours', '48'))
const perHour = Number(arg('--per-hour', '4600'))
const policy = arg('--policy', 'shipped')
const textSource = arg('--text', 'synthetic')
if (textSource === 'corpus' && !hasCategoryCorpus()) {
  console.log(`fts-segments: skipped, the labelled sets are absent under ${corpusDir()} (set NEWSDESK_CORPUS)`)
  process.exit(0)
}
/** Real headline and standfirst pairs (with --text corpus), cycled over the written articles. */
const realText =
  textSource === 'corpus'
    ? [...loadUci(), ...loadHuffPost()].map((r) => ({ title: r.title, description: r.description }))
    : []
const db = openStore(store)
const writer = new ArticleWriter(db)
/** The policies compared: the shipped compactFullText (level merges, one segment past the line) or the rule before it (one segment past the line, nothing else). */
function compact(): { before: number; after: number } {
  if (policy === 'shipped') return compactFullText(db)
  const before = ftsSegments(db)
  if (before <= FTS_SEGMENTS_MAX) return { before, after: before }
  optimizeFullText(db)
  return { before, after: ftsSegments(db) }
}
const startS = Math.ceil(Date.now() / 3_600_000) * 3600
console.log(
  `policy ${policy}, text ${textSource}; store ${store}: ${db.query<{ n: number }, []>('SELECT count(*) AS n FROM articles').get()?.n ?? 0} articles, ${ftsSegments(db)} segments; merge past ${FTS_SEGMENTS_MAX}`,
)
console.log('| hour | written | write s | segments after write | merged | merge s |')
console.log('|---:|---:|---:|---:|---|---:|')
let merges = 0
let mergeSeconds = 0
for (let h = 0; h < hours; h++) {
  const hourS = startS + h * 3600
  const batch = [...articles(perHour, 9000 + h)].map((a, i) => {
    const url = `${a.url.replace(/\/a\/\d+$/, '')}/sim/${h}/${i}`
    const t = hourS + Math.floor((i / perHour) * 3600)
    const real =
      realText.length === 0
        ? {}
        : (realText[(h * perHour + i) % realText.length] as { title: string; description: string })
    return {
      ...a,
      ...real,
      id: articleId(url),
      url,
      target_uri: url,
      published_at: isoSeconds(new Date(t * 1000)),
      crawled_at: isoSeconds(new Date((t + 300) * 1000)),
    }
  })
  let t = performance.now()
  let written = 0
  db.transaction(() => {
    for (const a of batch) if (writer.write(a, 0) === 'inserted') written++
  })()
  const writeS = (performance.now() - t) / 1000
  const segments = ftsSegments(db)
  t = performance.now()
  const c = compact()
  const merged = c.after !== c.before
  const ms = (performance.now() - t) / 1000
  if (merged) {
    merges++
    mergeSeconds += ms
  }
  console.log(
    `| ${h + 1} | ${written} | ${writeS.toFixed(1)} | ${segments} | ${merged ? `yes → ${c.after}` : 'no'} | ${merged ? ms.toFixed(1) : ''} |`,
  )
}
console.log(`\n${hours} hours: ${merges} merges, ${mergeSeconds.toFixed(1)} s merging in all`)
db.close()
