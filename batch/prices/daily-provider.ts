/**
 * Daily series behind one interface, so the batch job loads metals and FX the same way and
 * records which provider served each instrument (`name` becomes the instrument's `source`).
 */
import { findInstrument } from '../../core/instruments.ts'
import { type DailyReadOptions, type DailyReadResult, readDailyCsv } from './daily-csv.ts'
import type { FetchLike } from './http-get.ts'
import { readSourceCsv } from './source-bytes.ts'

/** Days with `fromMs <= dayMs < toMs` (epoch ms, `to` exclusive as everywhere in the contract). */
export interface DayRange {
  fromMs: number
  toMs: number
}

export interface DailyPriceProvider {
  /** The real provider of the data, e.g. `ecb`; becomes `Instrument.source`. */
  name: string
  /** An instrument slug from core/instruments.ts, e.g. `usd-brl`. */
  instrument: string
  /**
   * Closes within the range. The report (rows, skipped, missing, errors) covers the whole
   * file read, so a damaged source shows even when the range is small.
   */
  fetchDaily(range: DayRange): Promise<DailyReadResult>
}

/** Validates a slug once, when a provider is built, not on every fetch. */
export function requireInstrument(slug: string): string {
  if (findInstrument(slug) === undefined) throw new RangeError(`unknown instrument "${slug}"`)
  return slug
}

export function selectRange(result: DailyReadResult, range: DayRange): DailyReadResult {
  return { ...result, closes: result.closes.filter((c) => c.dayMs >= range.fromMs && c.dayMs < range.toMs) }
}

export interface CsvDailyProviderOptions extends DailyReadOptions {
  name: string
  instrument: string
  /** Local path, `file:` URL or http(s) URL of a CSV (or a zip holding one). */
  location: string
  fetch?: FetchLike
  timeoutMs?: number
}

/** A date,close CSV (any layout `readDailyCsv` reads), re-read on every fetch. */
export function createCsvDailyProvider(options: CsvDailyProviderOptions): DailyPriceProvider {
  const { name, location, fetch, timeoutMs, column, where } = options
  const instrument = requireInstrument(options.instrument)
  return {
    name,
    instrument,
    async fetchDaily(range) {
      const text = await readSourceCsv(location, { fetch, timeoutMs, what: `${name} ${instrument} CSV` })
      return selectRange(readDailyCsv(text, { column, where }), range)
    },
  }
}
