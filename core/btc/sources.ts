/** `/v1/btc/sources`: bitcoin articles and tone grouped by host, lang or country. */
import { type BtcArticle, isPublishedIn } from './btc-article.ts'
import type { TimeRange } from './periods.ts'
import { RATIO_DIGITS, isoMs, roundTo } from './serialise.ts'

export const SOURCE_DIMENSIONS = ['host', 'lang', 'country'] as const
export type SourceDimension = (typeof SOURCE_DIMENSIONS)[number]

interface SourceCounts {
  articles: number
  positive: number
  negative: number
  net: number
  mean_score: number
}

/** The group key sits under a field named after `by` (`{host: 'coindesk.com', articles: …}`). */
export type SourceBucket = { [K in SourceDimension]?: string } & SourceCounts

export interface SourcesBody {
  from: string
  to: string
  by: SourceDimension
  buckets: SourceBucket[]
}

/** Groups by articles descending, then key ascending (code-unit order), at most `top` of them. */
export function sourcesBody(
  articles: readonly BtcArticle[],
  by: SourceDimension,
  top: number,
  range: TimeRange,
): SourcesBody {
  const groups = new Map<string, { articles: number; positive: number; negative: number; scoreSum: number }>()
  // Summed in a fixed order (url, then time) so the mean does not depend on the input's order.
  const inRange = articles
    .filter((a) => isPublishedIn(a, range))
    .sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : a.published_at - b.published_at))
  for (const a of inRange) {
    const key = a[by]
    const g = groups.get(key) ?? { articles: 0, positive: 0, negative: 0, scoreSum: 0 }
    g.articles += 1
    if (a.sentiment === 'pos') g.positive += 1
    if (a.sentiment === 'neg') g.negative += 1
    g.scoreSum += a.score
    groups.set(key, g)
  }
  const buckets = [...groups]
    .sort(([ka, a], [kb, b]) => b.articles - a.articles || (ka < kb ? -1 : ka > kb ? 1 : 0))
    .slice(0, top)
    .map(
      ([key, g]): SourceBucket => ({
        [by]: key,
        articles: g.articles,
        positive: g.positive,
        negative: g.negative,
        net: g.positive - g.negative,
        mean_score: roundTo(g.scoreSum / g.articles, RATIO_DIGITS),
      }),
    )
  return { from: isoMs(range.fromMs), to: isoMs(range.toMs), by, buckets }
}
