/**
 * Kline CSV files to candles. Layouts, told apart by the header when there is one:
 * - data.binance.vision: no header (spot) or `open_time,open,…,ignore` (futures), 12 columns:
 *   open_time, open, high, low, close, volume, close_time, quote_volume, trades,
 *   taker_buy_base, taker_buy_quote, ignore; times in ms, or µs in spot files from 2025;
 * - exports with other names and orders (`symbol,interval,timestamp,…,trade_count`);
 * - OHLCV-only files (`datetime,open,high,low,close,volume`): no close time, no trade count.
 */
import { PriceDataError, createSkipLog } from './errors.ts'
import { findColumn, isHeaderRow, parseDecimal, splitCsv } from './csv-table.ts'
import {
  type KlineReadOptions,
  type KlineReadResult,
  type OptionalKlineColumn,
  type RawKline,
  assembleCandles,
  checkKline,
} from './kline-candles.ts'
import { parseTimestamp } from './timestamps.ts'

/** Header names per field, in order of preference; compared after `normaliseName`. */
const ALIASES = {
  openTime: ['open_time', 'timestamp', 'unix', 'datetime', 'date', 'time', 'ts'],
  open: ['open', 'o'],
  high: ['high', 'h'],
  low: ['low', 'l'],
  close: ['close', 'c'],
  volume: ['volume', 'vol', 'base_volume', 'volume_base'],
  closeTime: ['close_time'],
  trades: ['trades', 'trade_count', 'number_of_trades', 'num_trades', 'count'],
} as const

type Field = keyof typeof ALIASES
/** `timeOfDay`: MetaTrader-style exports split `Date` and `Time` into two columns. */
type ColumnMap = Record<Field | 'timeOfDay', number>

/** Positions in the headerless data.binance.vision layout. */
const BINANCE_POSITIONS: ColumnMap = {
  openTime: 0,
  open: 1,
  high: 2,
  low: 3,
  close: 4,
  volume: 5,
  closeTime: 6,
  trades: 8,
  timeOfDay: -1,
}

const REQUIRED: readonly Field[] = ['openTime', 'open', 'high', 'low', 'close']

function columnsFromHeader(header: readonly string[]): ColumnMap {
  const map = { timeOfDay: -1 } as ColumnMap
  for (const field of Object.keys(ALIASES) as Field[]) map[field] = findColumn(header, ALIASES[field])
  const date = findColumn(header, ['date'])
  const time = findColumn(header, ['time'])
  if (map.openTime === date && time >= 0) map.timeOfDay = time
  const missing = REQUIRED.filter((f) => map[f] < 0)
  if (missing.length > 0) {
    throw new PriceDataError(
      'no-columns',
      `kline CSV header "${header.join(',')}" has no column for ${missing.join(', ')}`,
    )
  }
  return map
}

/** Headerless: the Binance order, cut to the width of the first row. */
function columnsByPosition(width: number): ColumnMap {
  if (width < 5) {
    throw new PriceDataError('no-columns', `kline CSV without a header needs at least 5 columns, found ${width}`)
  }
  const map = { ...BINANCE_POSITIONS }
  for (const field of Object.keys(map) as (keyof ColumnMap)[]) if (map[field] >= width) map[field] = -1
  return map
}

export function readKlineCsv(text: string, options: KlineReadOptions = {}): KlineReadResult {
  const { rows } = splitCsv(text)
  const first = rows[0]
  const hasHeader = first !== undefined && isHeaderRow(first.cells)
  const columns =
    first === undefined ? null : hasHeader ? columnsFromHeader(first.cells) : columnsByPosition(first.cells.length)
  const absent: OptionalKlineColumn[] = []
  if (columns === null || columns.volume < 0) absent.push('volume')
  if (columns === null || columns.trades < 0) absent.push('trades')

  const log = createSkipLog('line')
  const klines: RawKline[] = []
  const dataRows = hasHeader ? rows.slice(1) : rows
  const width = columns === null ? 0 : Math.max(...Object.values(columns)) + 1
  for (const { line, cells } of dataRows) {
    if (columns === null) break
    if (isHeaderRow(cells)) {
      log.skip(line, 'a header row inside the data')
      continue
    }
    if (cells.length < width) {
      log.skip(line, `${cells.length} cells, at least ${width} expected`)
      continue
    }
    const parsed = parseRow(cells, columns, line)
    if (typeof parsed === 'string') {
      log.skip(line, parsed)
      continue
    }
    const reason = checkKline(parsed)
    if (reason !== null) log.skip(line, reason)
    else klines.push(parsed)
  }
  return assembleCandles(klines, log, { ...options, rowCount: dataRows.length, absent })
}

function parseRow(cells: readonly string[], columns: ColumnMap, line: number): RawKline | string {
  const cell = (field: Field): string | undefined => (columns[field] < 0 ? undefined : cells[columns[field]])
  const timeText =
    columns.timeOfDay < 0 ? (cell('openTime') ?? '') : `${cell('openTime') ?? ''} ${cells[columns.timeOfDay] ?? ''}`
  const openTimeMs = parseTimestamp(timeText)
  if (openTimeMs === null) return `open time "${timeText}" is not a timestamp`
  let closeTimeMs: number | null = null
  if (columns.closeTime >= 0) {
    const closeText = cell('closeTime') ?? ''
    closeTimeMs = parseTimestamp(closeText)
    if (closeTimeMs === null) return `close time "${closeText}" is not a timestamp`
  }
  const numbers = { open: 0, high: 0, low: 0, close: 0, volume: 0, trades: 0 }
  for (const field of Object.keys(numbers) as (keyof typeof numbers)[]) {
    if (columns[field] < 0) continue
    const text = cell(field)
    const value = parseDecimal(text)
    if (value === null) return `${field} "${text ?? ''}" is not a number`
    numbers[field] = value
  }
  return { line, openTimeMs, closeTimeMs, ...numbers }
}
