/** OpenSearch response bodies back to the engine-independent results, validated on the way in. */
import {
  type Bucket,
  type PeriodTone,
  type SearchPage,
  type StatsResult,
  TOTAL_EXACT_LIMIT,
} from '../../core/search/types.ts'
import { type FullArticle, OpenSearchResponseError, fromSource, isObject } from './document.ts'

type Json = Record<string, unknown>

function field(o: unknown, ...path: string[]): unknown {
  let cur = o
  for (const k of path) {
    if (!isObject(cur)) throw new OpenSearchResponseError(`response has no ${path.join('.')}`)
    cur = cur[k]
  }
  return cur
}

function count(v: unknown, what: string): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0)
    throw new OpenSearchResponseError(`${what} is not a count`)
  return v
}

export function hitsOf(body: unknown): Json[] {
  const hits = field(body, 'hits', 'hits')
  if (!Array.isArray(hits) || !hits.every(isObject))
    throw new OpenSearchResponseError('hits.hits is not a list of hits')
  return hits
}

/** min(n, 10,000) with `gte` past it: the body asked for 10,001 so exactly 10,000 stays `eq`. */
function capped(n: number): Pick<SearchPage, 'total' | 'totalRelation'> {
  return { total: Math.min(n, TOTAL_EXACT_LIMIT), totalRelation: n > TOTAL_EXACT_LIMIT ? 'gte' : 'eq' }
}

export function readSearchResponse(body: unknown, opts: { fullText: boolean; dedupe: boolean }): SearchPage {
  const articles: FullArticle[] = hitsOf(body).map((h) => fromSource(h._source, opts.fullText))
  const relation = field(body, 'hits', 'total', 'relation')
  const value = count(field(body, 'hits', 'total', 'value'), 'hits.total.value')
  const n = opts.dedupe ? count(field(body, 'aggregations', 'groups', 'value'), 'aggregations.groups.value') : value
  const page = capped(relation === 'gte' && !opts.dedupe ? Math.max(n, TOTAL_EXACT_LIMIT + 1) : n)
  return { ...page, articles }
}

function buckets(body: unknown, name: string): Json[] {
  const b = field(body, 'aggregations', name, 'buckets')
  if (!Array.isArray(b) || !b.every(isObject))
    throw new OpenSearchResponseError(`aggregations.${name}.buckets is not a list`)
  return b
}

function facet(body: unknown, name: string): Bucket[] {
  return buckets(body, name).map((b) => {
    if (typeof b.key !== 'string') throw new OpenSearchResponseError(`aggregations.${name} has a non-string key`)
    return { key: b.key, articles: count(b.doc_count, `aggregations.${name}.doc_count`) }
  })
}

export function readStatsResponse(body: unknown): StatsResult {
  const timeline = new Map<number, PeriodTone>()
  for (const b of buckets(body, 'timeline')) {
    const keyMs = count(b.key, 'aggregations.timeline.key')
    const n = count(b.doc_count, 'aggregations.timeline.doc_count')
    if (n <= 0) continue
    const tone: PeriodTone = { articles: n, pos: 0, neu: 0, neg: 0, scoreMilli: 0 }
    const tones = isObject(b.tones) && Array.isArray(b.tones.buckets) ? b.tones.buckets.filter(isObject) : []
    for (const t of tones) {
      const k = t.key
      if (k === 'pos' || k === 'neu' || k === 'neg')
        tone[k] = count(t.doc_count, 'aggregations.timeline.tones.doc_count')
    }
    const sum = isObject(b.score_sum) && typeof b.score_sum.value === 'number' ? b.score_sum.value : 0
    tone.scoreMilli = Math.round(sum * 1000)
    timeline.set(keyMs / 1000, tone)
  }
  const aggs = isObject(body) ? body.aggregations : undefined
  const optionalFacet = (name: string): Bucket[] => (isObject(aggs) && isObject(aggs[name]) ? facet(body, name) : [])
  return {
    total: count(field(body, 'hits', 'total', 'value'), 'hits.total.value'),
    countries: facet(body, 'countries'),
    langs: facet(body, 'langs'),
    tlds: facet(body, 'tlds'),
    hosts: facet(body, 'hosts'),
    categories: optionalFacet('categories'),
    sentiments: optionalFacet('sentiments'),
    timeline,
  }
}

export function readArticleResponse(body: unknown, fullText: boolean): FullArticle | null {
  const [hit] = hitsOf(body)
  return hit === undefined ? null : fromSource(hit._source, fullText)
}

/** The sort values of the last hit, for `search_after`; null when the page is not full. */
export function nextAfter(body: unknown, pageSize: number): unknown[] | null {
  const hits = hitsOf(body)
  const last = hits.at(-1)
  if (hits.length < pageSize || last === undefined) return null
  if (!Array.isArray(last.sort)) throw new OpenSearchResponseError('hit has no sort values')
  return last.sort
}
