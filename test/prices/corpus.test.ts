/**
 * The readers on real files from /work/shared/corpus/markets (read in place; see SOURCES.md
 * there). Expected counts, spans and gaps come from SOURCES.md, and the cross-checks compare
 * independent copies or providers of the same market, so none of it is the code's own output.
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import type { Candle, DailyClose } from '../../core/candle.ts'
import { readKlineCsv } from '../../batch/prices/binance-csv.ts'
import { readDailyCsv } from '../../batch/prices/daily-csv.ts'
import { createEcbProviders } from '../../batch/prices/ecb-provider.ts'
import type { KlineReadResult } from '../../batch/prices/kline-candles.ts'
import { CORPUS, corpusPath, hasCorpus, ms } from './fixtures.ts'

const H = 3_600_000
const iso = (t: number): string => new Date(t).toISOString().replace('.000Z', 'Z')
const month = (t: number): string => new Date(t).toISOString().slice(0, 7)
const text = (name: string): Promise<string> => Bun.file(corpusPath(name)).text()

/** Steps between consecutive open times that are longer than one hour, in hours. */
function longSteps(candles: readonly Candle[]): { at: string; hours: number }[] {
  const steps: { at: string; hours: number }[] = []
  for (let i = 1; i < candles.length; i++) {
    const prev = candles[i - 1]
    const cur = candles[i]
    if (prev && cur && cur.openTimeMs - prev.openTimeMs > H)
      steps.push({ at: iso(prev.openTimeMs + H), hours: (cur.openTimeMs - prev.openTimeMs) / H })
  }
  return steps
}

function monthlyMeans(closes: readonly DailyClose[]): Map<string, { mean: number; days: number }> {
  const sums = new Map<string, { sum: number; days: number }>()
  for (const c of closes) {
    const m = sums.get(month(c.dayMs)) ?? { sum: 0, days: 0 }
    sums.set(month(c.dayMs), { sum: m.sum + c.close, days: m.days + 1 })
  }
  return new Map([...sums].map(([k, v]) => [k, { mean: v.sum / v.days, days: v.days }]))
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

describe.skipIf(!hasCorpus([CORPUS.btcExport, CORPUS.btcOhlcv], 'BTCUSDT corpus tests'))(
  'BTCUSDT hourly, two independent copies',
  () => {
    let exported: KlineReadResult
    let ohlcv: KlineReadResult
    beforeAll(async () => {
      exported = readKlineCsv(await text(CORPUS.btcExport))
      ohlcv = readKlineCsv(await text(CORPUS.btcOhlcv))
    })

    test.each([
      {
        name: CORPUS.btcExport,
        pick: () => exported,
        rows: 27_083,
        first: '2023-01-01T00:00:00Z',
        last: '2026-02-02T11:00:00Z',
        absent: [],
      },
      {
        name: CORPUS.btcOhlcv,
        pick: () => ohlcv,
        rows: 62_482,
        first: '2018-02-09T16:00:00Z',
        last: '2025-03-31T17:00:00Z',
        absent: ['trades'],
      },
    ])('$name: every row read, hourly, span as documented', ({ pick, rows, first, last, absent }) => {
      const r = pick()
      expect({
        rows: r.rows,
        candles: r.candles.length,
        skipped: r.skipped,
        duplicates: r.duplicates,
        intervalMs: r.intervalMs,
      }).toEqual({
        rows,
        candles: rows,
        skipped: 0,
        duplicates: 0,
        intervalMs: H,
      })
      expect(r.absent).toEqual([...absent])
      expect(iso(r.candles[0]?.openTimeMs ?? 0)).toBe(first)
      expect(iso(r.candles.at(-1)?.openTimeMs ?? 0)).toBe(last)
    })

    test('2023-01 → 2026-02 copy: one real gap, 2023-03-24 13:00 (Binance outage)', () => {
      expect(longSteps(exported.candles)).toEqual([{ at: '2023-03-24T13:00:00Z', hours: 2 }])
    })

    test('2018-02 → 2025-03 copy: 25 gaps, the longest step 11 h', () => {
      const steps = longSteps(ohlcv.candles)
      expect(steps.length).toBe(25)
      expect(Math.max(...steps.map((s) => s.hours))).toBe(11)
    })

    test('the copies agree on all 19,697 overlapping hours (OHLC and volume)', () => {
      const byOpen = new Map(ohlcv.candles.map((c) => [c.openTimeMs, c]))
      let overlap = 0
      const differ: string[] = []
      for (const c of exported.candles) {
        const other = byOpen.get(c.openTimeMs)
        if (other === undefined) continue
        overlap += 1
        const { trades: _a, ...mine } = c
        const { trades: _b, ...theirs } = other
        if (JSON.stringify(mine) !== JSON.stringify(theirs)) differ.push(iso(c.openTimeMs))
      }
      console.log(`BTCUSDT cross-check: ${overlap} overlapping hours, ${overlap - differ.length} identical`)
      expect(overlap).toBe(19_697)
      expect(differ).toEqual([])
    })

    test('trade counts: present in the export (zero only in the empty outage hour), absent from the OHLCV copy', () => {
      expect(exported.candles.every((c) => Number.isInteger(c.trades) && c.trades >= 0)).toBe(true)
      const noTrades = exported.candles.filter((c) => c.trades === 0)
      expect(noTrades.map((c) => [iso(c.openTimeMs), c.volume])).toEqual([['2023-03-24T12:00:00Z', 0]])
      expect(ohlcv.candles.every((c) => c.trades === 0)).toBe(true)
    })
  },
)

describe.skipIf(!hasCorpus([CORPUS.xau, CORPUS.goldMonthly], 'gold corpus tests'))(
  'XAUUSD daily (semicolons, YYYY.MM.DD 00:00)',
  () => {
    let closes: DailyClose[]
    beforeAll(async () => {
      const r = readDailyCsv(await text(CORPUS.xau))
      expect({ rows: r.rows, skipped: r.skipped, duplicates: r.duplicates, errors: r.errors }).toEqual({
        rows: 5_516,
        skipped: 0,
        duplicates: 0,
        errors: [],
      })
      closes = r.closes
    })

    test('5,516 days, 2004-06-11 → 2025-12-31, the documented gap 2025-09-12 → 2025-10-15', () => {
      expect(closes.length).toBe(5_516)
      expect(month(closes[0]?.dayMs ?? 0)).toBe('2004-06')
      expect(closes[0]).toEqual({ dayMs: ms('2004-06-11T00:00:00Z'), close: 384.1 })
      expect(closes.at(-1)).toEqual({ dayMs: ms('2025-12-31T00:00:00Z'), close: 4318.36 })
      const inGap = closes.filter((c) => c.dayMs > ms('2025-09-12T00:00:00Z') && c.dayMs < ms('2025-10-15T00:00:00Z'))
      expect(inGap).toEqual([])
    })

    test('monthly means agree with the monthly gold series (within 1.5 percent each, median under 0.3)', async () => {
      // Broker daily closes vs a published monthly average: fixing time and averaging differ, so not exact.
      const means = monthlyMeans(closes)
      const diffs: number[] = []
      for (const line of (await text(CORPUS.goldMonthly)).trim().split('\n').slice(1)) {
        const [m = '', price = ''] = line.split(',')
        const own = means.get(m)
        if (own === undefined || own.days < 15) continue
        diffs.push(Math.abs(own.mean / Number(price) - 1) * 100)
      }
      console.log(
        `gold cross-check: ${diffs.length} months, median |diff| ${median(diffs).toFixed(3)}%, max ${Math.max(...diffs).toFixed(3)}%`,
      )
      expect(diffs.length).toBeGreaterThan(200)
      expect(Math.max(...diffs)).toBeLessThan(1.5)
      expect(median(diffs)).toBeLessThan(0.3)
    })
  },
)

describe.skipIf(!hasCorpus([CORPUS.ecbZip, CORPUS.fredMonthly], 'ECB corpus tests'))(
  'ECB cross rates vs FRED monthly averages',
  () => {
    const ALL = { fromMs: 0, toMs: ms('2100-01-01T00:00:00Z') }
    const ecb = new Map<string, Map<string, { mean: number; days: number }>>()
    const fred = new Map<string, Map<string, number>>()
    beforeAll(async () => {
      const providers = createEcbProviders({ location: corpusPath(CORPUS.ecbZip) })
      const fredText = await text(CORPUS.fredMonthly)
      for (const [slug, country] of [
        ['usd-brl', 'Brazil'],
        ['usd-inr', 'India'],
      ] as const) {
        const provider = providers.find((p) => p.instrument === slug)
        const result = await provider?.fetchDaily(ALL)
        if (result === undefined) throw new Error(`no provider for ${slug}`)
        // The zip holds 6,983 days; BRL and INR were not quoted in the early years (N/A).
        expect({ rows: result.rows, malformed: result.skipped - result.missing, errors: result.errors }).toEqual({
          rows: 6_983,
          malformed: 0,
          errors: [],
        })
        console.log(`ECB ${slug}: ${result.rows} rows, ${result.closes.length} days, ${result.missing} N/A`)
        ecb.set(slug, monthlyMeans(result.closes))
        const f = readDailyCsv(fredText, { where: { Country: country } })
        expect(f.skipped).toBe(0)
        fred.set(slug, new Map(f.closes.map((c) => [month(c.dayMs), c.close])))
      }
    })

    // ECB fixes at 14:15 CET, FRED averages New York noon buying rates: monthly means differ a little.
    const TOLERANCE_PCT = 1

    test.each([
      { slug: 'usd-brl', month: '2008-01' },
      { slug: 'usd-brl', month: '2015-09' },
      { slug: 'usd-brl', month: '2020-03' },
      { slug: 'usd-brl', month: '2024-12' },
      { slug: 'usd-brl', month: '2026-03' },
      { slug: 'usd-inr', month: '2013-08' },
      { slug: 'usd-inr', month: '2022-10' },
    ])('$slug $month: ECB monthly mean within 1 percent of FRED', ({ slug, month: m }) => {
      const own = ecb.get(slug)?.get(m)
      const theirs = fred.get(slug)?.get(m)
      if (own === undefined || theirs === undefined) throw new Error(`${slug} ${m} missing`)
      expect(own.days).toBeGreaterThanOrEqual(15)
      expect(Math.abs(own.mean / theirs - 1) * 100).toBeLessThan(TOLERANCE_PCT)
    })

    test.each([{ slug: 'usd-brl' }, { slug: 'usd-inr' }])('$slug: every full month within 1 percent', ({ slug }) => {
      const diffs: number[] = []
      for (const [m, theirs] of fred.get(slug) ?? []) {
        const own = ecb.get(slug)?.get(m)
        if (own === undefined || own.days < 15) continue
        diffs.push(Math.abs(own.mean / theirs - 1) * 100)
      }
      console.log(
        `${slug} vs FRED: ${diffs.length} months, median |diff| ${median(diffs).toFixed(3)}%, max ${Math.max(...diffs).toFixed(3)}%`,
      )
      expect(diffs.length).toBeGreaterThan(200)
      expect(Math.max(...diffs)).toBeLessThan(TOLERANCE_PCT)
      expect(median(diffs)).toBeLessThan(0.25)
    })
  },
)
