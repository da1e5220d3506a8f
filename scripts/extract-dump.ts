/**
 * Every page of the two extraction corpora (article-extraction-benchmark and the fundus fixtures,
 * 439 pages) through extractArticle, enrichArticle and dupKey, one JSON line per page, so that two
 * versions of the code can be compared page by page (issue 28: a faster parse or extraction must
 * give the same article).
 *
 *   bun scripts/extract-dump.ts > new.jsonl && diff old.jsonl new.jsonl
 */
import { dupKey, enrichArticle } from '../core/enrich/index.ts'
import { extractArticle } from '../batch/extract/extract-article.ts'
import { loadCorpusPages } from '../bench/extract-corpus.ts'

const WARC_DATE = '2026-11-21T14:00:00Z'
const pages = loadCorpusPages(WARC_DATE) ?? []
for (const page of pages) {
  const article = extractArticle({
    html: page.html,
    targetUri: page.url,
    warcDate: page.warcDate,
    httpHeaders: { 'content-type': 'text/html; charset=utf-8' },
  })
  const enriched = article === null ? null : { ...enrichArticle(article), dup_key: dupKey(article) }
  console.log(JSON.stringify({ page: page.name, article, enriched }))
}
console.error(`extract-dump: ${pages.length} pages`)
