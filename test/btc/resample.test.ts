import { describe, expect, test } from 'bun:test'
import { resample } from '../../core/btc/resample.ts'
import { priceBody } from '../../core/btc/price-body.ts'
import type { Candle } from '../../core/candle.ts'
import { DAY, HOUR, hourCandle, ms, mulberry32 } from './fixtures.ts'

// Monday 2026-11-16 .. : day 1 has hours 00, 01, 02 and 05 (gap at 03–04); Tuesday has nothing;
// Wednesday has 22 and 23; the next Monday (new week) has 00.
const HOURLY: Candle[] = [
  hourCandle('2026-11-16T00:00:00Z', 100, 105, 99, 104, 1.5, 10),
  hourCandle('2026-11-16T01:00:00Z', 104, 110, 103, 108, 2.25, 20),
  hourCandle('2026-11-16T02:00:00Z', 108, 109, 95, 96, 0.25, 5),
  hourCandle('2026-11-16T05:00:00Z', 96, 101, 96, 100, 4, 7),
  hourCandle('2026-11-18T22:00:00Z', 200, 210, 190, 205, 3, 1),
  hourCandle('2026-11-18T23:00:00Z', 205, 206, 180, 181, 0.5, 2),
  hourCandle('2026-11-23T00:00:00Z', 300, 301, 299, 300, 1, 1),
]

const c = (
  time: string,
  open: number,
  high: number,
  low: number,
  close: number,
  volume: number,
  trades: number,
  hours: number,
): Candle => ({
  openTimeMs: ms(time),
  open,
  high,
  low,
  close,
  volume,
  trades,
  hours,
})

describe('resample (hand-computed)', () => {
  test('day: open of the first hour, close of the last, max/min, sums, hours; no candle for the empty day', () => {
    const got = resample([...HOURLY].reverse(), 'day', ms('2026-11-16'), ms('2026-11-24'))
    expect(got).toEqual([
      // 00,01,02,05: open 100, close 100 (hour 05), high max(105,110,109,101)=110, low min(99,103,95,96)=95,
      // volume 1.5+2.25+0.25+4 = 8, trades 10+20+5+7 = 42, 4 hours.
      c('2026-11-16T00:00:00Z', 100, 110, 95, 100, 8, 42, 4),
      c('2026-11-18T00:00:00Z', 200, 210, 180, 181, 3.5, 3, 2),
      c('2026-11-23T00:00:00Z', 300, 301, 299, 300, 1, 1, 1),
    ])
  })

  test('week: Monday 00:00 starts, a partial week says so through hours', () => {
    const got = resample(HOURLY, 'week', ms('2026-11-16'), ms('2026-11-30'))
    expect(got).toEqual([
      // all six hours of the week of 16 Nov: open 100, close 181, high 210, low 95, volume 11.5, trades 45.
      c('2026-11-16T00:00:00Z', 100, 210, 95, 181, 11.5, 45, 6),
      c('2026-11-23T00:00:00Z', 300, 301, 299, 300, 1, 1, 1),
    ])
  })

  test('range cuts a period: hours before from and from to on are left out (to exclusive)', () => {
    const got = resample(HOURLY, 'day', ms('2026-11-16T01:00:00Z'), ms('2026-11-18T23:00:00Z'))
    expect(got).toEqual([
      // hours 01, 02, 05: open 104, close 100, high 110, low 95, volume 6.5, trades 32.
      c('2026-11-16T00:00:00Z', 104, 110, 95, 100, 6.5, 32, 3),
      c('2026-11-18T00:00:00Z', 200, 210, 190, 205, 3, 1, 1),
    ])
  })

  test('hour interval returns the hours in range unchanged', () => {
    expect(resample(HOURLY, 'hour', ms('2026-11-16'), ms('2026-11-17'))).toEqual(HOURLY.slice(0, 4))
  })

  test('no hours, no candles', () => {
    expect(resample([], 'week', 0, ms('2026-11-30'))).toEqual([])
  })

  test('random hours with gaps: every day candle equals a brute-force recomputation', () => {
    const rnd = mulberry32(42)
    const start = ms('2026-08-01')
    const hourly: Candle[] = []
    let price = 60_000
    for (let h = 0; h < 40 * 24; h++) {
      const open = price
      price *= 1 + (rnd() - 0.5) / 50
      if (rnd() < 0.15) continue // gap
      hourly.push({
        openTimeMs: start + h * HOUR,
        open,
        high: Math.max(open, price) * 1.001,
        low: Math.min(open, price) * 0.999,
        close: price,
        volume: Math.round(rnd() * 1e6) / 1e4,
        trades: Math.floor(rnd() * 500),
        hours: 1,
      })
    }
    const days = resample(hourly, 'day', start, start + 40 * DAY)
    for (const d of days) {
      const members = hourly.filter((h) => h.openTimeMs >= d.openTimeMs && h.openTimeMs < d.openTimeMs + DAY)
      expect(d.open).toBe(members[0]?.open as number)
      expect(d.close).toBe(members.at(-1)?.close as number)
      expect(d.high).toBe(Math.max(...members.map((m) => m.high)))
      expect(d.low).toBe(Math.min(...members.map((m) => m.low)))
      expect(d.volume).toBeCloseTo(
        members.reduce((s, m) => s + m.volume, 0),
        8,
      )
      expect(d.trades).toBe(members.reduce((s, m) => s + m.trades, 0))
      expect(d.hours).toBe(members.length)
    }
    expect(days.reduce((s, d) => s + d.hours, 0)).toBe(hourly.length)
  })
})

describe('priceBody', () => {
  test('envelope: from aligned down to the interval, ISO timestamps, points = candles', () => {
    const body = priceBody(HOURLY, 'week', { fromMs: ms('2026-11-18T10:30:00Z'), toMs: ms('2026-11-23T12:00:00Z') })
    expect(body).toEqual({
      from: '2026-11-16T00:00:00Z',
      to: '2026-11-23T12:00:00Z',
      interval: 'week',
      points: 2,
      candles: [
        { time: '2026-11-16T00:00:00Z', open: 100, high: 210, low: 95, close: 181, volume: 11.5, trades: 45, hours: 6 },
        { time: '2026-11-23T00:00:00Z', open: 300, high: 301, low: 299, close: 300, volume: 1, trades: 1, hours: 1 },
      ],
    })
  })

  test('summed volume is written without float summation noise', () => {
    const hours = [0.1, 0.2].map((v, i) => ({
      ...hourCandle('2026-11-16T00:00:00Z', 1, 1, 1, 1, v, 1),
      openTimeMs: ms('2026-11-16') + i * HOUR,
    }))
    expect(0.1 + 0.2).not.toBe(0.3)
    expect(priceBody(hours, 'day', { fromMs: ms('2026-11-16'), toMs: ms('2026-11-17') }).candles[0]?.volume).toBe(0.3)
  })
})
