/**
 * From validated parameters to an engine request: the date presets, from/to (which override
 * `date`), the default 90-day window, the q syntax. Pure: `now` is an argument.
 */
import type { Params } from '../validate.ts'
import { type DatePreset, parseRangeValue, presetRange } from '../time-range.ts'
import { parseQuery } from './query-syntax.ts'
import { isSentimentLabel } from '../article.ts'
import { entityFilterKeys } from '../entity.ts'
import type { SearchFilters, SearchRequest, SearchSort } from './types.ts'

export const SEARCH_WINDOW_DAYS = 90

export function resolveRange(
  params: Params,
  nowMs: number,
  defaultDays = SEARCH_WINDOW_DAYS,
): { fromMs: number; toMs: number } {
  let fromMs = nowMs - defaultDays * 86_400_000
  let toMs = nowMs
  if (typeof params.date === 'string') [fromMs, toMs] = presetRange(params.date as DatePreset, nowMs)
  if (typeof params.from === 'string') fromMs = parseRangeValue(params.from, nowMs) ?? fromMs
  if (typeof params.to === 'string') toMs = parseRangeValue(params.to, nowMs) ?? toMs
  return { fromMs, toMs }
}

/** A number the registry gives a default to; absent only through a programming error. */
export function num(v: Params[string]): number {
  if (typeof v !== 'number') throw new Error('validated integer parameter is missing')
  return v
}

const list = (v: Params[string]): string[] | undefined => (Array.isArray(v) ? v : undefined)

/** Throws QuerySyntaxError when q is past the caps. */
export function toFilters(
  params: Params,
  nowMs: number,
  maxSeq: number | null,
): SearchFilters & { fromMs: number; toMs: number } {
  const { fromMs, toMs } = resolveRange(params, nowMs)
  const q = typeof params.q === 'string' ? parseQuery(params.q) : null
  const filters: SearchFilters & { fromMs: number; toMs: number } = {
    query: q,
    fromS: Math.ceil(fromMs / 1000),
    toS: Math.ceil(toMs / 1000),
    fromMs,
    toMs,
    strictCountry: params.strict_country === true,
    maxSeq,
  }
  const country = list(params.country)
  const lang = list(params.lang)
  const tld = list(params.tld)
  const host = list(params.host)
  if (country) filters.country = country
  if (lang) filters.lang = lang
  if (tld) filters.tld = tld
  if (host) filters.host = host.map((h) => h.replace(/^www\./, ''))
  const category = list(params.category)
  const sentiment = list(params.sentiment)
  const excludeHost = list(params.exclude_host)
  if (category) filters.category = category
  if (sentiment) filters.sentiment = sentiment.filter(isSentimentLabel)
  if (excludeHost) filters.excludeHost = [...new Set(excludeHost.map((h) => h.replace(/^www\./, '')))]
  if (typeof params.min_score === 'number') filters.minScore = params.min_score
  if (typeof params.max_score === 'number') filters.maxScore = params.max_score
  // `in` says where the words are matched; without words it changes nothing, and is dropped so
  // that such a slice is answered as the same slice without it (from counts where they exist).
  if (params.in === 'title' && q !== null) filters.titleOnly = true
  const entity = list(params.entity)
  // A filter with values that name no key matches nothing (never every article).
  if (entity) filters.entity = entityFilterKeys(entity)
  return filters
}

export function toSearchRequest(
  params: Params,
  nowMs: number,
  maxSeq: number | null,
): SearchRequest & { fromMs: number; toMs: number } {
  return {
    ...toFilters(params, nowMs, maxSeq),
    sort: (params.sort as SearchSort | undefined) ?? 'date',
    size: num(params.size),
    offset: typeof params.offset === 'number' ? params.offset : 0, // the feeds take no offset
    dedupe: params.dedupe === true,
    fullText: params.full_text === true,
  }
}
