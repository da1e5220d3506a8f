/**
 * Issue 6 on the demo archive: the correlation endpoint finds the lag the generator planted; day
 * and week candles equal a brute-force resampling of the hourly rows read with plain SQL; every
 * series point agrees with the DECISIONS.md definitions of return_pct, direction and the counts.
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import { createApp } from '../../live/app.ts'
import { SqliteSearchIndex } from '../../store/search-sqlite.ts'
import { DEMO_DAYS, DEMO_NOW, type DemoStore, demoStore } from '../support/demo-store.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const LENGTH = { hour: HOUR, day: DAY, week: 7 * DAY } as const
type Interval = keyof typeof LENGTH

let demo: DemoStore
let app: ReturnType<typeof createApp>
beforeAll(async () => {
  demo = await demoStore()
  const db = demo.db
  app = createApp({
    data: () => ({ db, index: new SqliteSearchIndex(db), version: 't', watermark: null }),
    clock: () => DEMO_NOW,
    uptimeSeconds: () => 0,
    version: 't',
  })
}, 120_000)

async function getJson<T>(path: string): Promise<T> {
  const r = await app.handle(new Request(`http://localhost${path}`))
  expect(r.status).toBe(200)
  return (await r.json()) as T
}

test('the planted lag is the best shift, and significant', async () => {
  const r = await getJson<{
    best: { shift: number; r: number; significant: boolean } | null
    by_shift: { shift: number; r: number | null }[]
  }>(`/v1/btc/correlation?interval=day&from=now-${DEMO_DAYS - 1}d&max_shift=3`)
  console.log(
    `correlation: planted shift ${demo.truth.planted_lag.shift}, by shift ${r.by_shift.map((s) => `${s.shift}:${s.r}`).join(' ')}`,
  )
  expect(r.best?.shift).toBe(demo.truth.planted_lag.shift)
  expect(r.best?.significant).toBe(true)
})

// ---- brute force, written from the definitions (contract, DECISIONS.md), not from core/btc ----

interface HourRow {
  open_time: number
  open: number
  high: number
  low: number
  close: number
  volume: number
  trades: number
}

const isoOf = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`

/** Start of the hour, the UTC day, or the week starting Monday 00:00 UTC that holds `ms`. */
function startOf(ms: number, interval: Interval): number {
  if (interval === 'hour') return ms - (ms % HOUR)
  const d = new Date(ms)
  const midnight = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())
  return interval === 'day' ? midnight : midnight - ((d.getUTCDay() + 6) % 7) * DAY
}

function hourRows(fromMs: number, toMs: number): HourRow[] {
  return demo.db
    .query<HourRow, [number, number]>(
      "SELECT open_time, open, high, low, close, volume, trades FROM candles WHERE instrument = 'bitcoin' AND open_time >= ? AND open_time < ? ORDER BY open_time",
    )
    .all(fromMs, toMs)
}

interface Expected {
  time: string
  open: number
  high: number
  low: number
  close: number
  volume: number
  trades: number
  hours: number
}

/** One candle per period holding at least one hourly row; periods without rows get none. */
function bruteCandles(rows: readonly HourRow[], interval: Interval): Expected[] {
  const groups = new Map<number, HourRow[]>()
  for (const r of rows) {
    const key = startOf(r.open_time, interval)
    groups.set(key, [...(groups.get(key) ?? []), r])
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a - b)
    .map(([start, hours]) => {
      const first = hours[0] as HourRow
      const last = hours[hours.length - 1] as HourRow
      return {
        time: isoOf(start),
        open: first.open,
        high: Math.max(...hours.map((h) => h.high)),
        low: Math.min(...hours.map((h) => h.low)),
        close: last.close,
        volume: hours.reduce((s, h) => s + h.volume, 0),
        trades: hours.reduce((s, h) => s + h.trades, 0),
        hours: hours.length,
      }
    })
}

/** [first, last] open_time of the demo's hourly rows. */
function dataSpan(): [number, number] {
  const r = demo.db
    .query<{ a: number; b: number }, []>(
      "SELECT min(open_time) AS a, max(open_time) AS b FROM candles WHERE instrument = 'bitcoin'",
    )
    .get()
  if (r === null) throw new Error('no bitcoin candles in the demo store')
  return [r.a, r.b]
}

const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const unixS = (ms: number) => String(Math.floor(ms / 1000))

interface PriceCase {
  name: string
  interval: Interval
  /** The query's from/to, from the data span [first, last]; null = omitted (the contract's defaults). */
  from: ((first: number, last: number) => number) | null
  to: ((first: number, last: number) => number) | null
}

describe('/v1/btc/price equals a brute-force resampling of the hourly rows', () => {
  const cases: PriceCase[] = [
    // Empty days at both ends: no candle is invented before or after the data.
    {
      name: 'day, from 5 days before the data to 3 days after',
      interval: 'day',
      from: (f) => f - 5 * DAY,
      to: (_f, l) => l + 3 * DAY + 7 * HOUR,
    },
    // `to` in the middle of a day: the last candle is partial and says so through `hours`.
    {
      name: 'day, to cutting a day at 05:00',
      interval: 'day',
      from: (f) => f + 2 * DAY,
      to: (_f, l) => startOf(l, 'day') - 2 * DAY + 5 * HOUR,
    },
    {
      name: 'week, from 15 days before the data',
      interval: 'week',
      from: (f) => f - 15 * DAY,
      to: (_f, l) => l + HOUR,
    },
    { name: 'week, default range (30 days to now)', interval: 'week', from: null, to: null },
    { name: 'day, default range (30 days to now)', interval: 'day', from: null, to: null },
  ]
  test.each(cases)('$name', async ({ interval, from, to }) => {
    const [first, last] = dataSpan()
    const fromMs = from === null ? DEMO_NOW.getTime() - 30 * DAY : from(first, last)
    const toMs = to === null ? DEMO_NOW.getTime() : to(first, last)
    const query = [
      `interval=${interval}`,
      from === null ? '' : `from=${ymd(fromMs)}`,
      to === null ? '' : `to=${unixS(toMs)}`,
    ]
      .filter((p) => p !== '')
      .join('&')
    const body = await getJson<{ from: string; to: string; interval: string; points: number; candles: Expected[] }>(
      `/v1/btc/price?${query}`,
    )

    // A date `from` means its midnight; either way the grid starts at the period holding it.
    const alignedFrom = startOf(from === null ? fromMs : Date.parse(ymd(fromMs)), interval)
    const exactTo = Math.floor(toMs / 1000) * 1000
    const want = bruteCandles(hourRows(alignedFrom, exactTo), interval)
    expect(body.from).toBe(isoOf(alignedFrom))
    expect(body.to).toBe(isoOf(exactTo))
    expect(body.points).toBe(want.length)
    expect(want.length).toBeGreaterThan(1)
    expect(body.candles.map((c) => c.time)).toEqual(want.map((c) => c.time))
    body.candles.forEach((got, i) => {
      const w = want[i] as Expected
      expect({ ...got, volume: 0 }).toEqual({ ...w, volume: 0 })
      // served volume is rounded to 8 decimals; the sum itself is exact up to float noise
      expect(Math.abs(got.volume - w.volume)).toBeLessThan(1e-6)
      if (interval === 'week') expect(new Date(Date.parse(got.time)).getUTCDay()).toBe(1)
    })
    // The case is only meaningful if it has periods without hours or partial periods in its range.
    const grid = Math.ceil((exactTo - alignedFrom) / LENGTH[interval])
    const partial = want.some((c) => c.hours < LENGTH[interval] / HOUR)
    expect(grid > want.length || partial).toBe(true)
  })
})

interface SeriesPoint {
  time: string
  close: number
  return_pct: number | null
  articles: number
  positive: number
  neutral: number
  negative: number
  net: number
  direction: 'flat' | 'agrees' | 'diverges' | null
}

/** Bitcoin articles per period by label, straight from the store (the app's watermark is null: all rows). */
function bruteTone(
  fromMs: number,
  toMs: number,
  interval: Interval,
): Map<string, { pos: number; neu: number; neg: number }> {
  const rows = demo.db
    .query<{ published_at: number; sentiment: string }, [number, number]>(
      'SELECT published_at, sentiment FROM articles WHERE is_bitcoin = 1 AND published_at >= ? AND published_at < ?',
    )
    .all(fromMs / 1000, toMs / 1000)
  const out = new Map<string, { pos: number; neu: number; neg: number }>()
  for (const r of rows) {
    const key = isoOf(startOf(r.published_at * 1000, interval))
    const c = out.get(key) ?? { pos: 0, neu: 0, neg: 0 }
    if (r.sentiment === 'pos') c.pos++
    else if (r.sentiment === 'neg') c.neg++
    else c.neu++
    out.set(key, c)
  }
  return out
}

/** DECISIONS.md, BTC group. */
function directionOf(returnPct: number | null, net: number): SeriesPoint['direction'] {
  if (returnPct === null) return null
  if (Math.abs(returnPct) < 0.1 || net === 0) return 'flat'
  return Math.sign(returnPct) === Math.sign(net) ? 'agrees' : 'diverges'
}

describe('/v1/btc/series agrees with its definition on every point', () => {
  const seen = new Map<string, number>()
  test.each([
    { interval: 'day' as const, from: `now-${DEMO_DAYS + 3}d` },
    { interval: 'hour' as const, from: 'now-4d' },
  ])('interval=$interval, from=$from', async ({ interval, from }) => {
    const body = await getJson<{ from: string; to: string; points: number; series: SeriesPoint[] }>(
      `/v1/btc/series?interval=${interval}&from=${from}`,
    )
    const fromMs = Date.parse(body.from)
    const toMs = DEMO_NOW.getTime()
    expect(body.to).toBe(isoOf(toMs))
    const candles = bruteCandles(hourRows(fromMs, toMs), interval)
    const tone = bruteTone(fromMs, toMs, interval)
    expect(body.points).toBe(body.series.length)
    expect(body.series.map((p) => [p.time, p.close])).toEqual(candles.map((c) => [c.time, c.close]))
    body.series.forEach((p, i) => {
      const previous = body.series[i - 1]
      if (previous === undefined) expect(p.return_pct).toBeNull()
      else {
        const exact = (p.close / previous.close - 1) * 100
        expect(Math.abs((p.return_pct ?? Number.NaN) - exact)).toBeLessThanOrEqual(0.00005 + 1e-12)
      }
      const t = tone.get(p.time) ?? { pos: 0, neu: 0, neg: 0 }
      expect([p.positive, p.neutral, p.negative]).toEqual([t.pos, t.neu, t.neg])
      expect(p.net).toBe(p.positive - p.negative)
      expect(p.articles).toBe(p.positive + p.neutral + p.negative)
      expect(p.direction).toBe(directionOf(p.return_pct, p.net))
      seen.set(String(p.direction), (seen.get(String(p.direction)) ?? 0) + 1)
    })
  })
  test('the points checked cover every direction', () => {
    expect([...seen.keys()].sort()).toEqual(['agrees', 'diverges', 'flat', 'null'])
  })
})
