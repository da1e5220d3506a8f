/** Article pages for the extractor's tests (test/extract/extract-article*.test.ts) and the call they go through. */
import { extractArticle, type ExtractInput } from '../../batch/extract/index.ts'

export const WARC_DATE = '2026-11-20T10:00:00Z'
export const TARGET = 'https://www.example.co.uk/news/2026/11/19/rates-hold#top'

/** Four paragraphs of plain prose: enough for the body extractor to see an article. */
export const BODY = [1, 2, 3, 4]
  .map(
    (i) =>
      `<p>Paragraph ${i} of the story, with enough words to read like article prose, a comma, and a full stop.</p>`,
  )
  .join('\n')

export function page(head: string, options: { htmlAttrs?: string; body?: string } = {}): string {
  return `<!doctype html><html ${options.htmlAttrs ?? ''}><head><meta charset="utf-8">${head}</head>
<body><header><nav><a href="/">Home</a> <a href="/world">World</a></nav></header>
<main><article><h1>Visible headline</h1>${options.body ?? BODY}</article></main>
<footer><p>© 2026 Example Times. All rights reserved.</p></footer></body></html>`
}

export function extract(html: string, overrides: Partial<ExtractInput> = {}) {
  return extractArticle({ html, targetUri: TARGET, warcDate: WARC_DATE, httpHeaders: {}, ...overrides })
}

export function jsonLd(value: unknown): string {
  return `<script type="application/ld+json">${JSON.stringify(value)}</script>`
}
