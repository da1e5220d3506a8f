/**
 * USD crosses from the ECB euro reference rates (`eurofxref-hist`, one row per TARGET business
 * day, newest first, `Date,USD,JPY,…,BRL,…,INR,…,` with `N/A` for a currency not quoted that
 * day). The ECB quotes every currency per euro, so units of X per US dollar = X column / USD
 * column, on the same day. Values keep full precision; rounding happens when serialising.
 */
import { PriceDataError, createSkipLog } from './errors.ts'
import { findColumn, parseDecimal, splitCsv } from './csv-table.ts'
import type { DailyReadResult } from './daily-csv.ts'
import { type DailyPriceProvider, requireInstrument, selectRange } from './daily-provider.ts'
import type { FetchLike } from './http-get.ts'
import { readSourceCsv } from './source-bytes.ts'
import { parseDay } from './timestamps.ts'

export const ECB_PROVIDER_NAME = 'ecb'
export const ECB_HIST_URL = 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist.zip'

/** Instrument slug → the ECB column quoted per US dollar. */
export const ECB_USD_CROSSES: Readonly<Record<string, string>> = { 'usd-brl': 'BRL', 'usd-inr': 'INR' }

const MISSING = new Set(['', 'N/A', 'n/a', 'NA'])

/** Units of `currency` per US dollar, one per ECB business day that quotes both. */
export function readEcbUsdCross(text: string, currency: string): DailyReadResult {
  const { rows } = splitCsv(text)
  const header = rows[0]?.cells ?? []
  const date = findColumn(header, ['Date'])
  const usd = findColumn(header, ['USD'])
  const quote = findColumn(header, [currency])
  if (date < 0 || usd < 0 || quote < 0) {
    throw new PriceDataError(
      'no-columns',
      `ECB CSV header has no Date, USD or ${currency} column: "${header.slice(0, 8).join(',')}…"`,
    )
  }
  const log = createSkipLog('line')
  const byDay = new Map<number, number>()
  let missing = 0
  let duplicates = 0
  const dataRows = rows.slice(1)
  for (const { line, cells } of dataRows) {
    const dayMs = parseDay(cells[date] ?? '')
    if (dayMs === null) {
      log.skip(line, `date "${cells[date] ?? ''}" is not YYYY-MM-DD`)
      continue
    }
    const usdText = cells[usd] ?? ''
    const quoteText = cells[quote] ?? ''
    if (MISSING.has(usdText) || MISSING.has(quoteText)) {
      missing += 1
      log.skipQuietly()
      continue
    }
    const eurUsd = parseDecimal(usdText)
    const eurQuote = parseDecimal(quoteText)
    if (eurUsd === null || !(eurUsd > 0) || eurQuote === null || !(eurQuote > 0)) {
      log.skip(line, `USD "${usdText}" or ${currency} "${quoteText}" is not a positive rate`)
      continue
    }
    if (byDay.has(dayMs)) duplicates += 1
    byDay.set(dayMs, eurQuote / eurUsd)
  }
  return {
    closes: [...byDay].map(([dayMs, close]) => ({ dayMs, close })).sort((a, b) => a.dayMs - b.dayMs),
    rows: dataRows.length,
    skipped: log.skipped,
    missing,
    duplicates,
    errors: log.errors,
  }
}

export interface EcbProviderOptions {
  /** Path or URL of `eurofxref-hist.zip` or `.csv` (default: the ECB's own URL). */
  location?: string
  fetch?: FetchLike
  timeoutMs?: number
}

/**
 * One provider per instrument (default usd-brl and usd-inr). They share one download per
 * fetch round: the first `fetchDaily` reads the file and the others reuse it until it settles.
 */
export function createEcbProviders(
  options: EcbProviderOptions = {},
  instruments: readonly string[] = Object.keys(ECB_USD_CROSSES),
): DailyPriceProvider[] {
  const location = options.location ?? ECB_HIST_URL
  let pending: Promise<string> | null = null
  const load = (): Promise<string> => {
    pending ??= readSourceCsv(location, {
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
      what: 'ECB reference rates',
    }).finally(() => {
      pending = null
    })
    return pending
  }
  return instruments.map((slug) => {
    const instrument = requireInstrument(slug)
    const currency = ECB_USD_CROSSES[instrument]
    if (currency === undefined) throw new RangeError(`the ECB provider has no USD cross for "${instrument}"`)
    return {
      name: ECB_PROVIDER_NAME,
      instrument,
      async fetchDaily(range) {
        return selectRange(readEcbUsdCross(await load(), currency), range)
      },
    }
  })
}
