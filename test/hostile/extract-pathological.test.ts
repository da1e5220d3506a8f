/**
 * Pathological pages through the extractor (issue 9, item 2): 10 MB pages, deep nesting, entity
 * bombs, endless attributes, giant scripts and JSON-LD. Each extraction finishes inside a time
 * budget, the heap it leaves behind stays bounded, and what comes out is plain text without
 * markup or characters XML cannot carry.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { extractArticle } from '../../batch/extract/index.ts'
import { HOSTILE_TEXTS } from './hostile-store.ts'

const MB = 1_000_000
/** Per page, on a shared 2-vCPU machine (the extractor cuts input at 2 MB; measured well under this). */
const EXTRACT_BUDGET_MS = 3_000
/** Heap still held after an extraction and a GC: the page itself must not be retained. */
const RETAINED_BUDGET_BYTES = 64 * MB

const article = (inner: string) =>
  `<html><head><title>Page title here</title></head><body><article><h1>Headline of the page</h1>${inner}</article></body></html>`
const para = 'Readers of this newspaper learned on Tuesday that the council had approved the new budget. '

const PAGES: [string, () => string][] = [
  ['10 MB of paragraphs', () => article(`<p>${para}</p>`.repeat(Math.ceil((10 * MB) / (para.length + 7))))],
  ['10 MB single text node', () => article(`<p>${'word '.repeat(2 * MB)}</p>`)],
  ['10 MB without a single tag', () => 'x'.repeat(10 * MB)],
  ['100k nested divs', () => article(`${'<div>'.repeat(100_000)}<p>${para}</p>${'</div>'.repeat(100_000)}`)],
  ['200k unclosed tags', () => article(`${'<span><b><i>'.repeat(70_000)}${para}`)],
  ['500k stray end tags', () => article(`<p>${para}</p>${'</div></p></li>'.repeat(500_000)}`)],
  [
    'entity bomb: 2M references',
    () => article(`<p>${'&amp;&lt;&#x1F600;&#99999999;&notanentity;&'.repeat(250_000)}</p>`),
  ],
  [
    'DOCTYPE billion laughs',
    () =>
      `<!DOCTYPE lolz [${Array.from({ length: 10 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join('')}]>${article(`<p>&lol10; ${para}</p>`)}`,
  ],
  ['5 MB attribute value', () => article(`<p title="${'a'.repeat(5 * MB)}">${para}</p>`)],
  [
    '100k attributes on one tag',
    () => article(`<p ${Array.from({ length: 100_000 }, (_, i) => `a${i}="v"`).join(' ')}>${para}</p>`),
  ],
  ['10 MB script', () => article(`<script>${'var a = "</scr" + "ipt>";'.repeat(400_000)}</script><p>${para}</p>`)],
  [
    '5 MB JSON-LD nested 100k deep',
    () =>
      `<html><head><script type="application/ld+json">${'['.repeat(100_000)}${']'.repeat(100_000)}</script><script type="application/ld+json">{"@type":"NewsArticle","headline":"${'h'.repeat(5 * MB)}"}</script></head><body><p>${para}</p></body></html>`,
  ],
  [
    '1M-entry meta flood',
    () =>
      `<html><head>${'<meta name="keywords" content="a,b,c">'.repeat(200_000)}</head><body><p>${para}</p></body></html>`,
  ],
  [
    'hostile text in every field',
    () =>
      `<html><head><title>${HOSTILE_TEXTS.join(' ')}</title><meta name="description" content="${HOSTILE_TEXTS.join(' ').replaceAll('"', '&quot;')}"></head><body><article>${HOSTILE_TEXTS.map((t) => `<p>${t}</p>`).join('')}</article></body></html>`,
  ],
  [
    'control characters and lone surrogates',
    () => article(`<p>${'\u0000\u0001\u001b\uD800\uDFFF\uFFFE'.repeat(200_000)}${para}</p>`),
  ],
]

const report = { pages: 0, slowestMs: 0, slowest: '', maxRetainedBytes: 0 }

function heapUsed(): number {
  Bun.gc(true)
  return process.memoryUsage().heapUsed
}

describe('pathological pages: bounded time and memory, clean output', () => {
  test.each(PAGES)('%s', (name, build) => {
    let html: string | null = build()
    const before = heapUsed()
    const start = performance.now()
    const out = extractArticle({
      html,
      targetUri: 'https://example.com/news/story',
      warcDate: '2026-11-21T12:00:00Z',
      httpHeaders: {},
    })
    const ms = performance.now() - start
    html = null
    const retained = heapUsed() - before
    report.pages++
    if (ms > report.slowestMs) Object.assign(report, { slowestMs: ms, slowest: name })
    report.maxRetainedBytes = Math.max(report.maxRetainedBytes, retained)
    expect(ms).toBeLessThan(EXTRACT_BUDGET_MS)
    expect(retained).toBeLessThan(RETAINED_BUDGET_BYTES)
    if (out === null) return
    // Plain text out: markup never survives as text (an escaped `&lt;script&gt;` is text and
    // may), script content is dropped, fields are bounded.
    for (const field of [out.title, out.description, out.text]) {
      expect(field).not.toMatch(/<\/?(?:div|p|span|article|em|title)>/i)
    }
    // <title> is raw text in HTML, so only the body is sure to have lost its scripts.
    expect(out.text).not.toContain('alert(document.cookie)')
    expect(out.text).not.toContain('</scr" + "ipt>')
    expect(out.title.length).toBeLessThan(10_000)
    expect(out.description.length).toBeLessThan(10_000)
    expect(out.text.length).toBeLessThanOrEqual(2 * MB)
  })

  afterAll(() => {
    console.log(
      `extraction report: ${report.pages} pathological pages, slowest ${report.slowest} ${report.slowestMs.toFixed(0)} ms (budget ${EXTRACT_BUDGET_MS}), ` +
        `most heap retained ${(report.maxRetainedBytes / MB).toFixed(1)} MB (budget ${RETAINED_BUDGET_BYTES / MB})`,
    )
    console.log(
      `reliability: ${JSON.stringify({ section: 'extraction', pages: report.pages, slowest_ms: Math.round(report.slowestMs), budget_ms: EXTRACT_BUDGET_MS, max_retained_mb: Math.round(report.maxRetainedBytes / MB), budget_mb: RETAINED_BUDGET_BYTES / MB })}`,
    )
  })
})
