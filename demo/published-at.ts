/** Where a demo page says when it was published, and the `published_at` a correct extractor reads from it. */
import type { DateSource } from '../core/article.ts'
import { DAY_MS } from './prices.ts'
import type { PageTemplate } from './publishers.ts'

/** Where `published_at` can be read from, per template; `warc` means nowhere in the page. */
export const DATE_SOURCES: Readonly<Record<PageTemplate, DateSource>> = {
  og: 'meta',
  jsonld: 'jsonld',
  graph: 'jsonld',
  time: 'time',
  metadate: 'meta',
  urldate: 'url',
  bare: 'warc',
}

/**
 * `published_at` a correct extractor gets: the page's own timestamp; for a date only in the URL,
 * that date at 00:00Z (URL dates are UTC dates, so never after the crawl); with no date at all,
 * the crawl time (WARC-Date).
 */
export function truthPublishedMs(
  template: PageTemplate,
  offsetMin: number,
  publishedMs: number,
  crawlMs: number,
): number {
  switch (DATE_SOURCES[template]) {
    case 'url':
      return Math.floor(publishedMs / DAY_MS) * DAY_MS
    case 'warc':
      return crawlMs
    default:
      return publishedMs
  }
}
