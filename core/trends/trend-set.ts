/**
 * All stories of one scope, computed once and shared by the four trends bodies: the batch builds
 * the default scope's set for its snapshot files, the live node builds a set for any other scope,
 * and both answer through the same body functions, so their answers are identical.
 */
import { clusterStories } from './cluster.ts'
import type { BackgroundCounts } from './score.ts'
import type { TrendArticle, TrendScope, TrendSet } from './types.ts'

const COUNTRY = /^[A-Z]{2}$/

/**
 * `articles`: at least every article of the scope (others are ignored); `background`: the
 * BACKGROUND_DAYS before `scope.sinceMs` (score.ts), as articles or counts.
 */
export function buildTrendSet(
  articles: readonly TrendArticle[],
  scope: TrendScope,
  background?: readonly TrendArticle[] | BackgroundCounts,
): TrendSet {
  const inScope = { sinceMs: scope.sinceMs, untilMs: scope.untilMs }
  const stories = clusterStories(articles, background === undefined ? inScope : { ...inScope, background })
  const counts = new Map<string, number>()
  for (const a of articles) {
    const ms = a.published_at * 1000
    if (!COUNTRY.test(a.country) || ms < scope.sinceMs || ms >= scope.untilMs) continue
    counts.set(a.country, (counts.get(a.country) ?? 0) + 1)
  }
  const countryArticles = new Map([...counts].sort((a, b) => (a[0] < b[0] ? -1 : 1)))
  return { scope, stories, countryArticles }
}
