/** Article extraction: one HTML response → one ExtractedArticle (see extract-article.ts). */
export { extractArticle, type ExtractInput } from './extract-article.ts'
