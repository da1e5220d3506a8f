/**
 * `/v1/btc/news`: bitcoin articles filtered by label, host, lang and a headline substring,
 * sorted and paged. The reference implementation: the snapshot is built with it, and a live
 * SQL version must answer the same.
 */
import type { SentimentLabel } from '../article.ts'
import { type BtcArticle, isPublishedIn } from './btc-article.ts'
import type { TimeRange } from './periods.ts'
import { isoMs } from './serialise.ts'

export const NEWS_SORTS = ['date', 'date_asc', 'score', 'score_asc'] as const
export type NewsSort = (typeof NEWS_SORTS)[number]

export interface NewsQuery {
  label?: SentimentLabel | undefined
  /** Lower-case host names (the registry's list parameter folds them). Empty or absent: any. */
  host?: readonly string[] | undefined
  /** Lower-case language codes. Empty or absent: any. */
  lang?: readonly string[] | undefined
  /** Headline substring; blank or absent: no text filter. */
  q?: string | undefined
  sort: NewsSort
  size: number
  offset: number
}

export interface NewsResult {
  published_at: string
  title: string
  description: string
  url: string
  host: string
  lang: string
  country: string
  sentiment: SentimentLabel
  score: number
  labelled_by: BtcArticle['labelled_by']
  lexicon_score: number
  lexicon_terms: string
}

export interface NewsBody {
  from: string
  to: string
  total: number
  size: number
  offset: number
  results: NewsResult[]
}

/**
 * Case-insensitive, Unicode-aware form for substring matching: NFC (so a precomposed é and
 * e + U+0301 meet), lower-cased with the root locale (never the host's default locale, so the
 * answer does not depend on the machine), NFC again because lower-casing can decompose.
 */
export function foldText(text: string): string {
  return text.normalize('NFC').toLocaleLowerCase('und').normalize('NFC')
}

function byUrl(a: BtcArticle, b: BtcArticle): number {
  return a.url < b.url ? -1 : a.url > b.url ? 1 : 0
}

const COMPARE: Readonly<Record<NewsSort, (a: BtcArticle, b: BtcArticle) => number>> = {
  date: (a, b) => b.published_at - a.published_at || byUrl(a, b),
  date_asc: (a, b) => a.published_at - b.published_at || byUrl(a, b),
  score: (a, b) => b.score - a.score || byUrl(a, b),
  score_asc: (a, b) => a.score - b.score || byUrl(a, b),
}

/** The matching articles in the requested order (before paging). */
export function filterNews(articles: readonly BtcArticle[], query: NewsQuery, range: TimeRange): BtcArticle[] {
  const hosts = query.host !== undefined && query.host.length > 0 ? new Set(query.host) : null
  const langs = query.lang !== undefined && query.lang.length > 0 ? new Set(query.lang) : null
  const needle = query.q === undefined ? '' : foldText(query.q.trim())
  return articles
    .filter(
      (a) =>
        isPublishedIn(a, range) &&
        (query.label === undefined || a.sentiment === query.label) &&
        (hosts === null || hosts.has(a.host.toLowerCase())) &&
        (langs === null || langs.has(a.lang.toLowerCase())) &&
        (needle === '' || foldText(a.title).includes(needle)),
    )
    .sort(COMPARE[query.sort])
}

export function newsResult(a: BtcArticle): NewsResult {
  return {
    published_at: isoMs(a.published_at * 1000),
    title: a.title,
    description: a.description,
    url: a.url,
    host: a.host,
    lang: a.lang,
    country: a.country,
    sentiment: a.sentiment,
    score: a.score,
    labelled_by: a.labelled_by,
    lexicon_score: a.lexicon_score,
    lexicon_terms: a.lexicon_terms,
  }
}

export function newsBody(articles: readonly BtcArticle[], query: NewsQuery, range: TimeRange): NewsBody {
  const matches = filterNews(articles, query, range)
  return {
    from: isoMs(range.fromMs),
    to: isoMs(range.toMs),
    total: matches.length,
    size: query.size,
    offset: query.offset,
    results: matches.slice(query.offset, query.offset + query.size).map(newsResult),
  }
}
