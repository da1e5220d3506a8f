import { articleId } from '../../core/article-id.ts'
import { dupKey, enrichArticle } from '../../core/enrich/index.ts'
import type { ArticleRow } from '../../store/articles.ts'
import { extractArticle } from '../extract/index.ts'
import type { HtmlResponse } from '../warc/types.ts'

/** One HTML response → one store row (extraction, then enrichment), or null when the page is no article. */
export function recordToRow(record: HtmlResponse): ArticleRow | null {
  const extracted = extractArticle({
    html: record.html,
    targetUri: record.targetUri,
    warcDate: record.warcDate,
    httpHeaders: record.httpHeaders,
  })
  if (extracted === null) return null
  const enrichment = enrichArticle(extracted)
  return {
    ...extracted,
    ...enrichment,
    id: articleId(extracted.url),
    dup_key: dupKey(extracted),
    source_file: record.source,
  }
}
