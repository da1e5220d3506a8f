/** Where the price tests find their inputs: hand-written fixtures, and the shared corpus (read in place, never copied). */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { marketsCorpusDir } from '../../core/corpus-dir.ts'

export const FIXTURES_DIR = join(import.meta.dir, '../fixtures/prices')

export function fixturePath(name: string): string {
  return join(FIXTURES_DIR, name)
}

export function readFixture(name: string): Promise<string> {
  return Bun.file(fixturePath(name)).text()
}

export const CORPUS_DIR = marketsCorpusDir(process.env)

export const CORPUS = {
  btcExport: 'BTCUSDT_1h_binance_2023-01_2026-02.csv',
  btcOhlcv: 'BTCUSDT_1h_binance_2018-02_2025-03_ohlcv-only.csv',
  xau: 'XAUUSD_1d_2004-06_2025-12.csv',
  goldMonthly: 'gold_monthly_datahub_1833-2026.csv',
  ecbZip: 'ecb_eurofxref-hist_1999-01_2026-04-13.zip',
  fredMonthly: 'fred_monthly_usd_brl_inr_datahub.csv',
} as const

export function corpusPath(name: string): string {
  return join(CORPUS_DIR, name)
}

/** True when all files are there; otherwise prints why the dependent tests are skipped. */
export function hasCorpus(names: readonly string[], what: string): boolean {
  const missing = names.filter((n) => !existsSync(corpusPath(n)))
  if (missing.length > 0) {
    console.log(`skipping ${what}: ${missing.join(', ')} not found in ${CORPUS_DIR} (set NEWSDESK_CORPUS_MARKETS)`)
  }
  return missing.length === 0
}

/** ISO instant to epoch ms, for readable expectations. */
export function ms(iso: string): number {
  return Date.parse(iso)
}
