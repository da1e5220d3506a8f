/**
 * The REST `/api/v3/klines` body to candles: an array of arrays,
 *   [openTime, "open", "high", "low", "close", "volume", closeTime, "quoteVolume", trades,
 *    "takerBuyBase", "takerBuyQuote", "ignore"]
 * with times as ms integers, prices as strings (exact decimals), trades as an integer.
 */
import { PriceDataError, createSkipLog } from './errors.ts'
import { parseDecimal } from './csv-table.ts'
import {
  type KlineReadOptions,
  type KlineReadResult,
  type RawKline,
  assembleCandles,
  checkKline,
} from './kline-candles.ts'
import { parseEpoch } from './timestamps.ts'

/** A JSON number or a numeric string, as Binance mixes both. */
function numberFrom(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  return typeof value === 'string' ? parseDecimal(value) : null
}

function epochFrom(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? parseEpoch(String(value)) : null
  return typeof value === 'string' ? parseEpoch(value) : null
}

/** Parses one REST body (already `JSON.parse`d). Not an array at all: `bad-body`. */
export function readKlineJson(body: unknown, options: KlineReadOptions = {}): KlineReadResult {
  if (!Array.isArray(body)) {
    throw new PriceDataError('bad-body', `klines body is ${describeJson(body)}, not an array of klines`)
  }
  const log = createSkipLog('row')
  const klines: RawKline[] = []
  let withTrades = 0
  body.forEach((entry: unknown, i) => {
    const row = i + 1
    if (!Array.isArray(entry) || entry.length < 6) {
      log.skip(row, `${describeJson(entry)} is not a kline array of at least 6 fields`)
      return
    }
    const fields: unknown[] = entry
    const openTimeMs = epochFrom(fields[0])
    if (openTimeMs === null) return log.skip(row, `open time ${JSON.stringify(fields[0])} is not an epoch`)
    const closeTimeMs = fields.length > 6 ? epochFrom(fields[6]) : null
    if (fields.length > 6 && closeTimeMs === null) {
      return log.skip(row, `close time ${JSON.stringify(fields[6])} is not an epoch`)
    }
    const [open, high, low, close, volume] = [1, 2, 3, 4, 5].map((j) => numberFrom(fields[j]))
    const trades = fields.length > 8 ? numberFrom(fields[8]) : 0
    if (open == null || high == null || low == null || close == null || volume == null || trades === null) {
      return log.skip(row, `a price, volume or trade count is not a number: ${JSON.stringify(fields.slice(1, 9))}`)
    }
    if (fields.length > 8) withTrades += 1
    const kline: RawKline = { line: row, openTimeMs, closeTimeMs, open, high, low, close, volume, trades }
    const reason = checkKline(kline)
    if (reason !== null) return log.skip(row, reason)
    klines.push(kline)
  })
  return assembleCandles(klines, log, {
    ...options,
    rowCount: body.length,
    absent: withTrades > 0 || klines.length === 0 ? [] : ['trades'],
  })
}

function describeJson(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return `an array of ${value.length}`
  if (typeof value === 'object') return `an object with keys ${Object.keys(value).slice(0, 5).join(', ') || '(none)'}`
  return `a ${typeof value}`
}
