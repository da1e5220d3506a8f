/**
 * Hourly klines from the Binance REST API, paged: `/api/v3/klines` returns at most 1000 rows
 * per call, from `startTime` on, with `endTime` inclusive of an open time. The base URL and
 * fetch are injected (tests serve recorded answers on loopback; production passes
 * `https://api.binance.com` and `globalThis.fetch`). Binance answers 429/418 when rate limited;
 * that surfaces as `http-status` and the batch job records the source as failed.
 */
import type { Candle } from '../../core/candle.ts'
import { MAX_ROW_ERRORS, PriceDataError } from './errors.ts'
import { type FetchLike, getText } from './http-get.ts'
import { readKlineJson } from './binance-json.ts'
import { HOUR_MS, type KlineReadResult } from './kline-candles.ts'

/** Binance's largest page. */
export const KLINES_PAGE_LIMIT = 1000

const INTERVAL_MS = { '1h': HOUR_MS } as const

export interface FetchKlinesOptions {
  symbol: string
  interval: keyof typeof INTERVAL_MS
  /** First open time wanted, epoch ms. */
  startMs: number
  /** End of the range, epoch ms, exclusive. */
  endMs: number
  /** e.g. `https://api.binance.com`; a trailing slash is fine. */
  baseUrl: string
  fetch: FetchLike
  /** Per request. */
  timeoutMs?: number
  /** Rows per page, 1 to 1000 (default 1000). */
  limit?: number
}

/** Candles with open times in [startMs, endMs), all pages joined; rows outside the range are dropped. */
export async function fetchBinanceKlines(options: FetchKlinesOptions): Promise<KlineReadResult> {
  const { symbol, interval, startMs, endMs } = options
  const limit = options.limit ?? KLINES_PAGE_LIMIT
  if (!(Number.isInteger(limit) && limit >= 1 && limit <= KLINES_PAGE_LIMIT)) {
    throw new RangeError(`limit must be an integer from 1 to ${KLINES_PAGE_LIMIT}, got ${limit}`)
  }
  if (!(Number.isFinite(startMs) && Number.isFinite(endMs) && startMs < endMs)) {
    throw new RangeError(`startMs (${startMs}) must be before endMs (${endMs})`)
  }
  const stepMs = INTERVAL_MS[interval]
  const endpoint = new URL('api/v3/klines', options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`)

  const byOpen = new Map<number, Candle>()
  const result: KlineReadResult = {
    candles: [],
    rows: 0,
    skipped: 0,
    duplicates: 0,
    intervalMs: stepMs,
    absent: [],
    errors: [],
  }
  let cursor = startMs
  for (let page = 1; cursor < endMs; page++) {
    const url = new URL(endpoint)
    url.search = new URLSearchParams({
      symbol,
      interval,
      startTime: String(cursor),
      endTime: String(endMs - 1),
      limit: String(limit),
    }).toString()
    const what = `Binance klines ${symbol} ${interval} page ${page}`
    const text = await getText(url.href, { fetch: options.fetch, timeoutMs: options.timeoutMs, what })
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      throw new PriceDataError('bad-body', `${what}: body is not JSON: ${text.replace(/\s+/g, ' ').slice(0, 120)}`)
    }
    const pageResult = readKlineJson(body, { requireHourly: true })
    result.rows += pageResult.rows
    result.skipped += pageResult.skipped
    result.duplicates += pageResult.duplicates
    for (const e of pageResult.errors)
      if (result.errors.length < MAX_ROW_ERRORS) result.errors.push(`page ${page} ${e}`)
    const last = pageResult.candles.at(-1)
    for (const c of pageResult.candles) {
      if (c.openTimeMs < startMs || c.openTimeMs >= endMs) continue
      if (byOpen.has(c.openTimeMs)) result.duplicates += 1
      byOpen.set(c.openTimeMs, c)
    }
    if (pageResult.rows < limit) break
    if (last === undefined) throw new PriceDataError('bad-body', `${what}: a full page without one valid kline`)
    if (last.openTimeMs < cursor) {
      throw new PriceDataError(
        'no-progress',
        `${what}: last open time ${new Date(last.openTimeMs).toISOString()} is before the requested start ${new Date(cursor).toISOString()}`,
      )
    }
    cursor = last.openTimeMs + stepMs
  }
  result.candles = [...byOpen.values()].sort((a, b) => a.openTimeMs - b.openTimeMs)
  return result
}
