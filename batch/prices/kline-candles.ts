/**
 * From parsed kline rows to the stored `Candle[]`, shared by the CSV and the REST readers:
 * row checks, duplicates (last wins), interval detection, the hourly requirement, sorting.
 */
import type { Candle } from '../../core/candle.ts'
import { PriceDataError, type ReadReport, type createSkipLog } from './errors.ts'

export const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS
/** 2200-01-01: anything later is a misread unit, not a price. */
const LATEST_OPEN_MS = Date.UTC(2200, 0, 1)

/** One kline as a source wrote it, numbers parsed, not yet checked. */
export interface RawKline {
  /** Line (CSV) or 1-based row (JSON) it came from. */
  line: number
  openTimeMs: number
  /** Binance writes `open + interval - 1 unit` (1 ms, or 1 µs in the 2025+ spot files). */
  closeTimeMs: number | null
  open: number
  high: number
  low: number
  close: number
  volume: number
  trades: number
}

export type OptionalKlineColumn = 'volume' | 'trades'

export interface KlineReadResult extends ReadReport {
  /** Sorted by `openTimeMs`, one per open time. */
  candles: Candle[]
  /** Rows whose open time appeared again later; the later row won. Not counted in `skipped`. */
  duplicates: number
  /** Candle length found in the data, null when one row without a close time cannot tell. */
  intervalMs: number | null
  /** Columns the source does not have; their candle fields are 0. */
  absent: OptionalKlineColumn[]
}

export interface KlineReadOptions {
  /** Throw `not-hourly` unless the candles are 1 h (default true). Off: `hours` = interval / 1 h. */
  requireHourly?: boolean
}

/** Why a kline cannot be a candle, or null when it can. */
export function checkKline(k: RawKline): string | null {
  if (!(k.openTimeMs >= 0 && k.openTimeMs < LATEST_OPEN_MS)) return `open time ${k.openTimeMs} ms is out of range`
  const prices = { open: k.open, high: k.high, low: k.low, close: k.close }
  for (const [name, value] of Object.entries(prices)) {
    if (!(value > 0)) return `${name} ${value} is not a positive price`
  }
  if (k.high < Math.max(k.open, k.close, k.low)) return `high ${k.high} is below open, close or low`
  if (k.low > Math.min(k.open, k.close)) return `low ${k.low} is above open or close`
  if (!(k.volume >= 0)) return `volume ${k.volume} is negative`
  if (!(Number.isInteger(k.trades) && k.trades >= 0)) return `trades ${k.trades} is not a count`
  if (k.closeTimeMs !== null && !(k.closeTimeMs > k.openTimeMs)) return 'close time is not after open time'
  return null
}

/** `3_600_000` → `1h`; used in messages only. */
export function describeInterval(ms: number): string {
  const units: [number, string][] = [
    [7 * DAY_MS, 'w'],
    [DAY_MS, 'd'],
    [HOUR_MS, 'h'],
    [60_000, 'm'],
    [1000, 's'],
  ]
  for (const [size, unit] of units) if (ms % size === 0) return `${ms / size}${unit}`
  return `${ms}ms`
}

/** Close times are one ms (or µs) short of the next open: round the length to whole seconds. */
function lengthFromCloseMs(k: RawKline): number | null {
  return k.closeTimeMs === null ? null : Math.round((k.closeTimeMs - k.openTimeMs) / 1000) * 1000
}

/** Most frequent value; ties go to the smaller one. */
function mode(values: readonly number[]): number | null {
  const counts = new Map<number, number>()
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1)
  let best: number | null = null
  let bestCount = 0
  for (const [v, n] of counts) {
    if (n > bestCount || (n === bestCount && best !== null && v < best)) {
      best = v
      bestCount = n
    }
  }
  return best
}

/**
 * The candle length: from close times when the source has them, else the most common gap
 * between consecutive open times (gaps from exchange outages are rarer than regular steps).
 */
export function detectIntervalMs(sorted: readonly RawKline[]): number | null {
  const lengths = sorted.map(lengthFromCloseMs).filter((v): v is number => v !== null && v > 0)
  if (lengths.length > 0) return mode(lengths)
  const steps: number[] = []
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1]
    const cur = sorted[i]
    if (prev !== undefined && cur !== undefined) steps.push(cur.openTimeMs - prev.openTimeMs)
  }
  return mode(steps)
}

/**
 * Checked rows in, candles out. `rows` are the rows that passed `checkKline`; `log` already
 * holds the rows a reader skipped and receives the ones skipped here.
 */
export function assembleCandles(
  rows: readonly RawKline[],
  log: ReturnType<typeof createSkipLog>,
  options: KlineReadOptions & { rowCount: number; absent: OptionalKlineColumn[] },
): KlineReadResult {
  const requireHourly = options.requireHourly ?? true
  const byOpen = new Map<number, RawKline>()
  let duplicates = 0
  for (const row of rows) {
    if (byOpen.has(row.openTimeMs)) duplicates += 1
    byOpen.set(row.openTimeMs, row)
  }
  const sorted = [...byOpen.values()].sort((a, b) => a.openTimeMs - b.openTimeMs)
  const intervalMs = detectIntervalMs(sorted)
  if (requireHourly && intervalMs !== null && intervalMs !== HOUR_MS) {
    throw new PriceDataError(
      'not-hourly',
      `candles are ${describeInterval(intervalMs)} long, hourly (1h) candles are required`,
    )
  }
  const gridMs = intervalMs ?? (requireHourly ? HOUR_MS : null)
  const hours = requireHourly ? 1 : (intervalMs ?? HOUR_MS) / HOUR_MS
  const candles: Candle[] = []
  for (const k of sorted) {
    const length = lengthFromCloseMs(k)
    if (gridMs !== null && length !== null && length !== gridMs) {
      log.skip(k.line, `close time gives a ${describeInterval(length)} candle in a ${describeInterval(gridMs)} series`)
      continue
    }
    // Weekly and monthly klines start on Mondays and month starts, not on a multiple of their length.
    if (gridMs !== null && gridMs <= DAY_MS && k.openTimeMs % gridMs !== 0) {
      log.skip(
        k.line,
        `open time ${new Date(k.openTimeMs).toISOString()} is not on a ${describeInterval(gridMs)} boundary`,
      )
      continue
    }
    const { openTimeMs, open, high, low, close, volume, trades } = k
    candles.push({ openTimeMs, open, high, low, close, volume, trades, hours })
  }
  return {
    candles,
    rows: options.rowCount,
    skipped: log.skipped,
    duplicates,
    intervalMs,
    absent: options.absent,
    errors: log.errors,
  }
}
