/**
 * Real article pages from the shared corpus (the extraction benchmark and the fundus fixtures),
 * labelled by their URL's sections where those name exactly one category (`/sports/`,
 * `/wirtschaft/`…), extracted through the service's own extractor. The URL path is the label, so
 * the page is shown to the labellers with its URL cut to the host: they must find the category in
 * the headline, standfirst, tags and body. Publishers and pages nobody trained on: measure only.
 */
import type { ExtractedArticle } from '../core/article.ts'
import { pathCategories } from '../core/enrich/category.ts'
import { detectLanguage } from '../core/enrich/language.ts'
import type { Category } from '../core/categories.ts'
import { extractArticle } from '../batch/extract/index.ts'
import { loadCorpusPages } from './extract-corpus.ts'
import type { LabelledArticle } from '../scripts/category-data.ts'

export interface LabelledPage {
  article: ExtractedArticle
  lang: string
  category: Category
}

function labelOf(url: string): Category | undefined {
  const found = pathCategories(url)
  return found.length === 1 ? found[0] : undefined
}

export function loadLabelledPages(): LabelledPage[] {
  const raw = loadCorpusPages('2019-11-20T00:00:00Z') ?? []
  const pages: LabelledPage[] = []
  for (const p of raw) {
    const category = labelOf(p.url)
    if (category === undefined) continue
    const a = extractArticle({ html: p.html, targetUri: p.url, warcDate: p.warcDate, httpHeaders: {} })
    if (a === null) continue
    const root = `https://${new URL(p.url).hostname}/`
    // The label came from these: a canonical URL or a section field would hand it back.
    const article: ExtractedArticle = { ...a, url: root, target_uri: root, section: '' }
    pages.push({ article, lang: detectLanguage(article), category })
  }
  return pages
}

/** A labelled page as a row of the labelled sets (source `pages`, grouped by host). */
export function pageRow(pg: LabelledPage): LabelledArticle {
  return {
    title: pg.article.title,
    description: pg.article.description,
    url: pg.article.url,
    host: pg.article.host,
    category: pg.category,
    group: pg.article.host,
    source: 'pages',
    lang: pg.lang,
  }
}
