/**
 * The English news pages of the two extraction corpora (article-extraction-benchmark and the
 * fundus fixtures) as the entity tagger reads them (title, description, body cut as
 * extractEntities cuts it), in a fixed order: by sha256 of the page path. The annotated news
 * set (bench/data/entity-news-gold.json, data card docs/entities-data.md) labels the first of
 * them; bench/entities.ts reads the same text through this module, and a page whose text hash
 * differs from the one annotated is reported and skipped.
 *
 *   bun scripts/entity-news-pages.ts --out /tmp/news-texts [--limit 80]
 *
 * writes one text file per page (outside the project: the text is the publishers') for annotation.
 */
import { createHash } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ExtractedArticle } from '../core/article.ts'
import { entityText } from '../core/enrich/entities.ts'
import { enrichArticle } from '../core/enrich/index.ts'
import { extractArticle } from '../batch/extract/extract-article.ts'
import { loadCorpusPages } from '../bench/extract-corpus.ts'

const WARC_DATE = '2026-11-21T14:00:00Z'

export interface NewsPage {
  /** `benchmark/<id>` or `fundus/<country>/<file>`, as scripts/extract-dump.ts names pages. */
  path: string
  url: string
  /** The page as crawled. */
  html: string
  article: ExtractedArticle
  /** What the tagger reads: title, description and the cut body, joined by blank lines. */
  text: string
  /** sha256 of `text`, hex. */
  sha256: string
}

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex')

/** Every English page with an article, ordered by sha256 of its path; null when neither corpus is present. */
export function loadEnglishNewsPages(): NewsPage[] | null {
  const raw = loadCorpusPages(WARC_DATE)
  if (raw === null) return null
  const out: NewsPage[] = []
  for (const page of raw) {
    const article = extractArticle({
      html: page.html,
      targetUri: page.url,
      warcDate: page.warcDate,
      httpHeaders: { 'content-type': 'text/html; charset=utf-8' },
    })
    if (article === null || enrichArticle(article).lang !== 'en') continue
    const text = entityText(article)
    out.push({ path: page.name, url: page.url, html: page.html, article, text, sha256: sha256Hex(text) })
  }
  const order = new Map(out.map((p) => [p.path, sha256Hex(p.path)]))
  return out.sort((a, b) => ((order.get(a.path) as string) < (order.get(b.path) as string) ? -1 : 1))
}

if (import.meta.main) {
  const i = process.argv.indexOf('--out')
  const outDir = i === -1 ? undefined : process.argv[i + 1]
  const l = process.argv.indexOf('--limit')
  const limit = l === -1 ? Number.POSITIVE_INFINITY : Number(process.argv[l + 1])
  const pages = loadEnglishNewsPages()
  if (pages === null) {
    console.log('entity-news-pages: skipped, no extraction corpus')
    process.exit(0)
  }
  if (outDir !== undefined) mkdirSync(outDir, { recursive: true })
  pages.slice(0, limit).forEach((p, k) => {
    console.log(`${String(k).padStart(3, '0')} ${p.path} ${p.url} ${p.text.length} ${p.sha256.slice(0, 12)}`)
    if (outDir !== undefined)
      writeFileSync(join(outDir, `${String(k).padStart(3, '0')}.txt`), `${p.path}\n${p.url}\n\n${p.text}\n`)
  })
  console.error(`entity-news-pages: ${pages.length} English pages`)
}
