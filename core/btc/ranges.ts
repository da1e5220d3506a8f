/**
 * The time range of each BTC endpoint from its validated `from`/`to` and `now`. Omitted bounds
 * take the registry's `defaultRangeDays` (core/endpoints.ts): `to` defaults to now, `from` to
 * `to` − defaultRangeDays. On the gridded endpoints (price, sentiment, series, correlation)
 * `from` is then aligned down to the start of its interval, so every period of the grid is whole
 * except possibly the last; news and sources use the range exactly.
 */
import { findEndpoint } from '../endpoints.ts'
import type { ValidationIssue } from '../params.ts'
import { RANGE_FORMS, gridTooLong, parseRangeValue } from '../time-range.ts'
import { valueError as issue } from '../validation-error.ts'
import type { Params } from '../validate.ts'
import { DAY_MS, INTERVAL_MS, type Interval, type TimeRange, alignRange } from './periods.ts'

export const BTC_RANGE_PATHS = [
  '/v1/btc/price',
  '/v1/btc/sentiment',
  '/v1/btc/series',
  '/v1/btc/correlation',
  '/v1/btc/news',
  '/v1/btc/sources',
] as const
export type BtcRangePath = (typeof BTC_RANGE_PATHS)[number]

export type RangeResolution = { ok: true; range: TimeRange } | { ok: false; detail: ValidationIssue[] }

export function defaultRangeDays(path: BtcRangePath): number {
  const days = findEndpoint(path)?.defaultRangeDays
  if (days === undefined) throw new Error(`${path} has no defaultRangeDays in the endpoint registry`)
  return days
}

function valueError(name: 'from' | 'to', reason: string, input: string): ValidationIssue {
  return issue(['query', name], reason, input)
}

/**
 * `interval` null: the range as resolved; otherwise aligned to that interval. An empty range
 * (`from` ≥ `to`, also when `to` defaulted to now) is a 422 on the bound the client gave.
 */
export function resolveRange(
  path: BtcRangePath,
  params: Readonly<Params>,
  nowMs: number,
  interval: Interval | null,
): RangeResolution {
  const fromText = typeof params.from === 'string' ? params.from : undefined
  const toText = typeof params.to === 'string' ? params.to : undefined
  const fromParsed = fromText === undefined ? null : parseRangeValue(fromText, nowMs)
  const toParsed = toText === undefined ? null : parseRangeValue(toText, nowMs)
  const detail: ValidationIssue[] = []
  if (fromText !== undefined && fromParsed === null)
    detail.push(valueError('from', `expected ${RANGE_FORMS}`, fromText))
  if (toText !== undefined && toParsed === null) detail.push(valueError('to', `expected ${RANGE_FORMS}`, toText))
  if (detail.length > 0) return { ok: false, detail }

  const toMs = toParsed ?? nowMs
  const fromMs = fromParsed ?? toMs - defaultRangeDays(path) * DAY_MS
  if (fromMs >= toMs) {
    const issue =
      toText !== undefined
        ? valueError('to', 'to must be later than from (to is exclusive)', toText)
        : valueError('from', 'from must be earlier than to, which defaults to now', fromText ?? '')
    return { ok: false, detail: [issue] }
  }
  const range = { fromMs, toMs }
  if (interval === null) return { ok: true, range }
  const aligned = alignRange(range, interval)
  const tooLong = gridTooLong(aligned.fromMs, aligned.toMs, INTERVAL_MS[interval], interval)
  if (tooLong !== null) {
    return {
      ok: false,
      detail: [
        fromText !== undefined ? valueError('from', tooLong, fromText) : valueError('to', tooLong, toText ?? ''),
      ],
    }
  }
  return { ok: true, range: aligned }
}

export function priceRange(params: Readonly<Params>, nowMs: number, interval: Interval): RangeResolution {
  return resolveRange('/v1/btc/price', params, nowMs, interval)
}

export function sentimentRange(params: Readonly<Params>, nowMs: number, interval: Interval): RangeResolution {
  return resolveRange('/v1/btc/sentiment', params, nowMs, interval)
}

export function seriesRange(params: Readonly<Params>, nowMs: number, interval: Interval): RangeResolution {
  return resolveRange('/v1/btc/series', params, nowMs, interval)
}

export function correlationRange(params: Readonly<Params>, nowMs: number, interval: Interval): RangeResolution {
  return resolveRange('/v1/btc/correlation', params, nowMs, interval)
}

export function newsRange(params: Readonly<Params>, nowMs: number): RangeResolution {
  return resolveRange('/v1/btc/news', params, nowMs, null)
}

export function sourcesRange(params: Readonly<Params>, nowMs: number): RangeResolution {
  return resolveRange('/v1/btc/sources', params, nowMs, null)
}
