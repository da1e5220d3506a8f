/**
 * Typed values of the BTC endpoints' validated parameters. Defaults are applied by
 * validateRequest from the registry, so a missing value here is a programming error.
 */
import type { SentimentLabel } from '../article.ts'
import type { Params } from '../validate.ts'
import { NEWS_SORTS, type NewsQuery } from './news.ts'
import { INTERVALS, type Interval } from './periods.ts'
import { SOURCE_DIMENSIONS, type SourceDimension } from './sources.ts'

const LABELS: readonly SentimentLabel[] = ['pos', 'neu', 'neg']

function isOneOf<T extends string>(values: readonly T[], v: unknown): v is T {
  return typeof v === 'string' && (values as readonly string[]).includes(v)
}

function missing(name: string): never {
  throw new Error(`validated parameter ${name} is missing or has an unexpected value`)
}

function int(params: Readonly<Params>, name: string): number {
  const v = params[name]
  return typeof v === 'number' && Number.isInteger(v) ? v : missing(name)
}

function strings(v: Params[string]): string[] | undefined {
  return Array.isArray(v) ? v : undefined
}

export function intervalParam(params: Readonly<Params>): Interval {
  return isOneOf(INTERVALS, params.interval) ? params.interval : missing('interval')
}

export function maxShiftParam(params: Readonly<Params>): number {
  return int(params, 'max_shift')
}

/** Hosts lose a leading `www.` (stored hosts have none), as on `/v1/search`. */
export function newsQuery(params: Readonly<Params>): NewsQuery {
  const { sort, label } = params
  if (!isOneOf(NEWS_SORTS, sort)) return missing('sort')
  if (label !== undefined && !isOneOf(LABELS, label)) return missing('label')
  return {
    label,
    host: strings(params.host)?.map((h) => h.replace(/^www\./, '')),
    lang: strings(params.lang),
    q: typeof params.q === 'string' ? params.q : undefined,
    sort,
    size: int(params, 'size'),
    offset: int(params, 'offset'),
  }
}

export function sourcesParams(params: Readonly<Params>): { by: SourceDimension; top: number } {
  const { by } = params
  if (!isOneOf(SOURCE_DIMENSIONS, by)) return missing('by')
  return { by, top: int(params, 'top') }
}
