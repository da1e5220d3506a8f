/**
 * Throughput of extractArticle per page size: synthetic news pages shaped like the project's demo
 * pages (head metadata, JSON-LD, navigation, an article of paragraphs, related links, footer) at
 * 3–64 KB, plus the real pages of the two corpora when present. Single thread, after warm-up.
 *
 * Run: bun bench/extract-throughput.ts
 */
import { extractArticle, type ExtractInput } from '../batch/extract/extract-article.ts'
import { loadBenchmark, loadFundus } from './extract-corpus.ts'

const WORDS =
  'market bitcoin price investors rally central bank inflation report shares growth policy economy analysts said week percent government energy trade election minister data record demand supply quarter'.split(
    ' ',
  )

/** Deterministic pseudo-random words so runs are comparable. */
function sentence(seed: number, length: number): string {
  const words: string[] = []
  for (let i = 0; i < length; i++) words.push(WORDS[(seed * 31 + i * 17 + ((seed >> 3) ^ i)) % WORDS.length] as string)
  const text = words.join(' ')
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`
}

/** A demo-like article page of about `targetBytes`. */
export function syntheticPage(targetBytes: number, seed: number): string {
  const head = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Markets rally as inflation cools ${seed} | Demo News</title>
<meta property="og:title" content="Markets rally as inflation cools ${seed}">
<meta property="og:description" content="${sentence(seed, 20)}">
<meta property="og:image" content="/img/${seed}.jpg">
<meta property="article:published_time" content="2026-11-20T08:${String(seed % 60).padStart(2, '0')}:00+01:00">
<meta property="article:section" content="Business"><meta property="article:tag" content="markets">
<meta name="author" content="Jane Doe">
<link rel="canonical" href="https://demo-news.example/2026/11/20/markets-${seed}">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle","headline":"Markets rally as inflation cools ${seed}","datePublished":"2026-11-20T08:00:00+01:00","author":{"@type":"Person","name":"Jane Doe"},"keywords":["markets","inflation"],"publisher":{"@type":"Organization","name":"Demo News","address":{"@type":"PostalAddress","addressCountry":"GB"}}}</script>
</head><body><header><nav><a href="/">Home</a> <a href="/world">World</a> <a href="/business">Business</a> <a href="/tech">Tech</a></nav></header>
<main><article><h1>Markets rally as inflation cools ${seed}</h1><p class="byline">By Jane Doe</p>`
  const tail = `</article><aside class="related"><h2>Related</h2><ul><li><a href="/a">${sentence(seed + 1, 8)}</a></li><li><a href="/b">${sentence(seed + 2, 8)}</a></li></ul></aside></main>
<footer><p>© 2026 Demo News. All rights reserved.</p><a href="/privacy">Privacy</a></footer></body></html>`
  let body = ''
  for (let i = 0; head.length + body.length + tail.length < targetBytes; i++) {
    body += `<p>${sentence(seed + i, 25)} ${sentence(seed * 7 + i, 18)}</p>\n`
  }
  return head + body + tail
}

function inputFor(html: string, i: number): ExtractInput {
  return {
    html,
    targetUri: `https://demo-news.example/2026/11/20/markets-${i}`,
    warcDate: '2026-11-20T10:00:00Z',
    httpHeaders: { 'content-type': 'text/html' },
  }
}

interface Row {
  label: string
  pages: number
  meanKb: number
  msPerPage: number
  pagesPerSecond: number
  p95: number
}

function measure(label: string, inputs: readonly ExtractInput[], minMs = 1500): Row {
  for (const input of inputs.slice(0, 50)) extractArticle(input)
  const times: number[] = []
  let done = 0
  const start = performance.now()
  while (performance.now() - start < minMs || done < inputs.length) {
    const input = inputs[done % inputs.length] as ExtractInput
    const t = performance.now()
    extractArticle(input)
    times.push(performance.now() - t)
    done++
  }
  const elapsed = performance.now() - start
  times.sort((a, b) => a - b)
  return {
    label,
    pages: inputs.length,
    meanKb: inputs.reduce((s, i) => s + i.html.length, 0) / inputs.length / 1024,
    msPerPage: elapsed / done,
    pagesPerSecond: (done * 1000) / elapsed,
    p95: times[Math.floor(times.length * 0.95)] ?? 0,
  }
}

function main(): void {
  const rows: Row[] = []
  for (const kb of [3, 5, 8, 16, 64]) {
    const inputs = Array.from({ length: 200 }, (_, i) => inputFor(syntheticPage(kb * 1024, i + 1), i))
    rows.push(measure(`synthetic ${kb} KB`, inputs))
  }
  const benchmark = loadBenchmark()
  if (benchmark !== null)
    rows.push(
      measure(
        'article-extraction-benchmark',
        benchmark.map((p) => ({ html: p.html, targetUri: p.url, warcDate: '2019-11-20T00:00:00Z', httpHeaders: {} })),
      ),
    )
  const fundus = loadFundus()
  if (fundus !== null)
    rows.push(
      measure(
        'fundus-news-fixtures',
        fundus.map((p) => ({ html: p.html, targetUri: p.url, warcDate: p.crawledAt, httpHeaders: {} })),
      ),
    )
  else console.log('corpus pages skipped: /work/shared/corpus is absent')

  console.log('\nextractArticle throughput, one thread, Bun', Bun.version)
  console.log('| pages                          | n   | mean KB | ms/page | p95 ms | pages/s |')
  console.log('|--------------------------------|----:|--------:|--------:|-------:|--------:|')
  for (const r of rows) {
    console.log(
      `| ${r.label.padEnd(30)} | ${String(r.pages).padStart(3)} | ${r.meanKb.toFixed(1).padStart(7)} | ${r.msPerPage.toFixed(3).padStart(7)} | ${r.p95.toFixed(3).padStart(6)} | ${Math.round(r.pagesPerSecond).toString().padStart(7)} |`,
    )
  }
}

if (import.meta.main) main()
