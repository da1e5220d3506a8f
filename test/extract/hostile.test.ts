import { describe, expect, test } from 'bun:test'
import { extractArticle } from '../../batch/extract/index.ts'
import { MAX_DEPTH, MAX_HTML_CHARS, parseHtmlTree } from '../../batch/extract/html-tree.ts'

/**
 * Hostile pages must finish quickly with a bounded result. The time limits are generous (a 2-vCPU
 * machine under parallel test load); the measured times are 10–100× below them.
 */
const LIMIT_MS = 3_000

function timed<T>(run: () => T): { value: T; ms: number } {
  const start = performance.now()
  const value = run()
  return { value, ms: performance.now() - start }
}

function extract(html: string) {
  return extractArticle({
    html,
    targetUri: 'https://hostile.example/a',
    warcDate: '2026-11-20T10:00:00Z',
    httpHeaders: {},
  })
}

const PARAGRAPH =
  '<p>Honest paragraph of article text, long enough to count as prose, with commas, words and a stop.</p>'

describe('hostile inputs finish bounded', () => {
  test.each([
    {
      name: '10 MB page of paragraphs',
      html: `<html><head><title>Big</title></head><body><article>${PARAGRAPH.repeat(100_000)}</article></body></html>`,
    },
    {
      name: '50k-deep nested divs',
      html: `<title>Deep</title>${'<div>'.repeat(50_000)}${PARAGRAPH}${'</div>'.repeat(50_000)}`,
    },
    {
      name: '50k-deep unclosed nesting with stray end tags',
      html: `<title>Deep</title>${'<div><span>'.repeat(50_000)}text${'</b>'.repeat(50_000)}`,
    },
    {
      name: 'entity bomb',
      html: `<title>${'&amp;'.repeat(200_000)}</title><p>${'&lt;&#x1F600;&nbsp;'.repeat(300_000)}</p>`,
    },
    {
      name: 'double-encoded entity chain in meta',
      html: `<meta property="og:title" content="${'&amp;amp;amp;'.repeat(100_000)}"><p>x</p>`,
    },
    { name: 'huge attribute', html: `<div class="${'a '.repeat(1_000_000)}">${PARAGRAPH}</div>` },
    { name: 'unterminated comment', html: `<title>T</title><!-- ${'x'.repeat(3_000_000)}` },
    { name: 'unterminated script', html: `<title>T</title><script>${'var a = 1;'.repeat(300_000)}` },
    {
      name: 'many large JSON-LD blocks',
      html: `<title>T</title>${`<script type="application/ld+json">{"@type":"NewsArticle","headline":"x","author":[${'{"name":"a"},'.repeat(1000)}{"name":"b"}]}</script>`.repeat(200)}${PARAGRAPH}`,
    },
    {
      name: 'deeply nested JSON-LD',
      html: `<title>T</title><script type="application/ld+json">${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}</script>${PARAGRAPH}`,
    },
    { name: 'one 5 MB text node', html: `<title>T</title><p>${'word '.repeat(1_000_000)}</p>` },
    { name: 'a million tiny elements', html: `<title>T</title>${'<b>x</b>'.repeat(1_000_000)}` },
    {
      name: 'nested tables with text in every cell',
      html: `<title>T</title>${'<table><tr><td>cell text, with a comma, and more words here '.repeat(5_000)}`,
    },
    {
      name: 'nested article-body divs',
      html: `<title>T</title>${'<div class="article-body">body text long enough to count as a paragraph, yes. '.repeat(20_000)}`,
    },
    {
      name: 'sibling article-body divs',
      html: `<title>T</title>${'<div class="article-body">body text long enough to count as a paragraph, yes.</div>'.repeat(25_000)}`,
    },
    {
      name: 'nested author spans',
      html: `<title>T</title>${'<span class="author">Jane Doe '.repeat(50_000)}${PARAGRAPH}`,
    },
    {
      name: 'nested microdata authors',
      html: `<title>T</title>${'<div itemprop="author">Jane Doe '.repeat(50_000)}${PARAGRAPH}`,
    },
  ])('$name', ({ html }) => {
    const { value, ms } = timed(() => extract(html))
    expect(ms).toBeLessThan(LIMIT_MS)
    // Output is bounded by the 2 MB parse cap whatever the input size.
    expect(value?.text.length ?? 0).toBeLessThanOrEqual(MAX_HTML_CHARS)
    expect(value?.title.length ?? 0).toBeLessThanOrEqual(1_000)
    expect(value?.authors.length ?? 0).toBeLessThanOrEqual(20)
    expect(value?.tags.length ?? 0).toBeLessThanOrEqual(50)
  })

  test('the parser caps depth and keeps deep text', () => {
    const doc = parseHtmlTree(`${'<div>'.repeat(10_000)}deep text${'</div>'.repeat(10_000)}`)
    let depth = 0
    let node = doc.root
    for (;;) {
      const child = node.children.find((c) => typeof c !== 'string')
      if (child === undefined || typeof child === 'string') break
      node = child
      depth++
    }
    expect(depth).toBeLessThanOrEqual(MAX_DEPTH)
    expect(doc.truncated).toBe(true)
    expect(node.children).toContain('deep text')
  })

  test('a page over the cap is cut, the article at its start survives', () => {
    const html = `<html><head><title>Cut</title></head><body><article>${PARAGRAPH.repeat(5)}</article>${'<div>filler</div>'.repeat(500_000)}</body></html>`
    expect(html.length).toBeGreaterThan(MAX_HTML_CHARS)
    const article = extract(html)
    expect(article?.title).toBe('Cut')
    expect(article?.text).toContain('Honest paragraph of article text')
  })
})
