import type { Database } from 'bun:sqlite'
import { readFileSync } from 'node:fs'
import { type Grain, findInstrument } from '../core/instruments.ts'
import { saveCandles, saveDailyCloses, setInstrumentSource } from '../store/prices.ts'
import { readKlineCsv } from './prices/binance-csv.ts'
import { readKlineJson } from './prices/binance-json.ts'
import { readDailyCsv } from './prices/daily-csv.ts'
import { PriceDataError } from './prices/errors.ts'

export interface PriceLoad {
  instrument: string
  files: number
  rows: number
  saved: number
  skipped: number
  errors: string[]
  /** Files that could not be read or parsed at all (the rest of the load goes on). */
  files_failed: number
}

/**
 * Loads price files of one instrument into the store: Binance klines (CSV or the REST JSON array)
 * for an hourly instrument, `date,close` CSV for a daily one. `source` becomes the instrument's
 * `source` field (the provider of the data). Bad rows are skipped and reported, never fatal.
 */
export function loadPriceFiles(
  db: Database,
  slug: string,
  files: readonly string[],
  source: string,
  nowSeconds: number,
): PriceLoad {
  const instrument = findInstrument(slug)
  if (instrument === undefined) throw new PriceDataError('no-columns', `unknown instrument "${slug}"`)
  const load: PriceLoad = {
    instrument: slug,
    files: files.length,
    rows: 0,
    saved: 0,
    skipped: 0,
    errors: [],
    files_failed: 0,
  }
  for (const file of files) {
    try {
      loadOne(db, slug, instrument.grain, file, load)
    } catch (error) {
      // A provider answering garbage (truncated JSON, HTML error page) fails its file, not the build.
      load.files_failed++
      load.errors.push(`${file}: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  if (load.saved > 0) setInstrumentSource(db, slug, source, nowSeconds)
  return load
}

function loadOne(db: Database, slug: string, grain: Grain, file: string, load: PriceLoad): void {
  const text = readFileSync(file, 'utf8')
  if (grain === 'hour') {
    const result = text.trimStart().startsWith('[') ? readKlineJson(JSON.parse(text) as unknown) : readKlineCsv(text)
    load.rows += result.rows
    load.skipped += result.skipped
    load.errors.push(...result.errors.map((e) => `${file}: ${e}`))
    load.saved += saveCandles(db, slug, result.candles)
  } else {
    const result = readDailyCsv(text)
    load.rows += result.rows
    load.skipped += result.skipped
    load.errors.push(...result.errors.map((e) => `${file}: ${e}`))
    load.saved += saveDailyCloses(db, slug, result.closes)
  }
}
