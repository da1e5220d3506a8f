/**
 * Daily series CSV to `DailyClose[]`: `date,close` with or without a header, and the common
 * wider layouts by header name (`Date,Open,High,Low,Close[,Adj Close,Volume]`, FRED's
 * `DATE,DEXBZUS` / `observation_date,…`, MetaTrader's `Date;Open;…` with `YYYY.MM.DD 00:00`).
 * FRED writes `.` for a day without a value: such rows are skipped and counted as `missing`.
 */
import type { DailyClose } from '../../core/candle.ts'
import { PriceDataError, type ReadReport, createSkipLog } from './errors.ts'
import { findColumn, isHeaderRow, normaliseName, parseDecimal, splitCsv } from './csv-table.ts'
import { parseDay } from './timestamps.ts'

export interface DailyReadResult extends ReadReport {
  /** Sorted by day, one per day. */
  closes: DailyClose[]
  /** Rows skipped because the value is empty or a placeholder (`.`, `N/A`…); part of `skipped`, not of `errors`. */
  missing: number
  /** Rows whose day appeared again later; the later row won. Not counted in `skipped`. */
  duplicates: number
}

export interface DailyReadOptions {
  /** The value column by header name (default: the first of close, price, value, rate…). */
  column?: string
  /** Keep only rows whose named columns hold these values, e.g. `{ Country: 'Brazil' }`. Others are not counted. */
  where?: Readonly<Record<string, string>>
}

const DATE_ALIASES = ['date', 'day', 'observation_date', 'datetime', 'timestamp', 'time']
const VALUE_ALIASES = ['close', 'price', 'value', 'rate', 'exchange_rate', 'adj_close', 'last']
const PLACEHOLDERS = new Set(['', '.', '-', 'n/a', 'na', '#n/a', 'null', 'nan', 'nd'])

interface Layout {
  date: number
  value: number
  where: [number, string][]
}

function layoutFromHeader(header: readonly string[], options: DailyReadOptions): Layout {
  const date = findColumn(header, DATE_ALIASES)
  let value = options.column === undefined ? findColumn(header, VALUE_ALIASES) : findColumn(header, [options.column])
  if (value < 0 && options.column === undefined && header.length === 2 && date >= 0) value = 1 - date
  if (date < 0 || value < 0) {
    const wanted =
      date < 0 ? 'date column' : `value column${options.column === undefined ? '' : ` named "${options.column}"`}`
    throw new PriceDataError('no-columns', `daily CSV header "${header.join(',')}" has no ${wanted}`)
  }
  const where: [number, string][] = []
  for (const [name, wantedValue] of Object.entries(options.where ?? {})) {
    const i = findColumn(header, [name])
    if (i < 0) throw new PriceDataError('no-columns', `daily CSV header "${header.join(',')}" has no column "${name}"`)
    where.push([i, wantedValue])
  }
  return { date, value, where }
}

/** Headerless: `date,value`, or `date,open,high,low,close[,…]`. */
function layoutByPosition(width: number, options: DailyReadOptions): Layout {
  if (options.column !== undefined || options.where !== undefined) {
    throw new PriceDataError('no-columns', 'daily CSV without a header: columns cannot be chosen by name')
  }
  if (width === 2) return { date: 0, value: 1, where: [] }
  if (width >= 5) return { date: 0, value: 4, where: [] }
  throw new PriceDataError(
    'no-columns',
    `daily CSV without a header has ${width} columns; 2 (date,close) or 5+ (date,open,high,low,close) expected`,
  )
}

export function readDailyCsv(text: string, options: DailyReadOptions = {}): DailyReadResult {
  const { rows } = splitCsv(text)
  const first = rows[0]
  const hasHeader = first !== undefined && isHeaderRow(first.cells)
  const dataRows = hasHeader ? rows.slice(1) : rows
  const result: DailyReadResult = { closes: [], rows: 0, skipped: 0, missing: 0, duplicates: 0, errors: [] }
  if (first === undefined) return result
  const layout = hasHeader ? layoutFromHeader(first.cells, options) : layoutByPosition(first.cells.length, options)
  const header = hasHeader ? first.cells.map(normaliseName) : []

  const log = createSkipLog('line')
  const byDay = new Map<number, number>()
  for (const { line, cells } of dataRows) {
    if (!layout.where.every(([i, wanted]) => (cells[i] ?? '') === wanted)) continue
    result.rows += 1
    if (hasHeader && cells.map(normaliseName).join() === header.join()) {
      log.skip(line, 'a header row inside the data')
      continue
    }
    const dateText = cells[layout.date] ?? ''
    const dayMs = parseDay(dateText)
    if (dayMs === null) {
      log.skip(line, `date "${dateText}" is not YYYY-MM-DD`)
      continue
    }
    const valueText = cells[layout.value]
    if (valueText === undefined || PLACEHOLDERS.has(valueText.toLowerCase())) {
      result.missing += 1
      log.skipQuietly()
      continue
    }
    const close = parseDecimal(valueText)
    if (close === null || !(close > 0)) {
      log.skip(line, `value "${valueText}" is not a positive number`)
      continue
    }
    if (byDay.has(dayMs)) result.duplicates += 1
    byDay.set(dayMs, close)
  }
  result.closes = [...byDay].map(([dayMs, close]) => ({ dayMs, close })).sort((a, b) => a.dayMs - b.dayMs)
  result.skipped = log.skipped
  result.errors = log.errors
  return result
}
