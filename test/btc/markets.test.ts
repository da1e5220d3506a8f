import { describe, expect, test } from 'bun:test'
import type { DailyClose } from '../../core/candle.ts'
import { findInstrument, type Instrument } from '../../core/instruments.ts'
import {
  NO_SOURCE,
  marketBody,
  marketsBody,
  pointsFromCandles,
  pointsFromDailyCloses,
  withSources,
} from '../../core/markets/markets-body.ts'
import { DAY, HOUR, flatHour, ms } from './fixtures.ts'

const NOW = ms('2026-11-18T14:00:00Z') // a Wednesday
const gold: Instrument = { ...(findInstrument('gold') as Omit<Instrument, 'source'>), source: 'demo' }
const bitcoin: Instrument = { ...(findInstrument('bitcoin') as Omit<Instrument, 'source'>), source: 'binance' }

const goldCloses: DailyClose[] = []
for (let d = ms('2025-06-01'); d <= ms('2026-11-18'); d += DAY)
  goldCloses.push({ dayMs: d, close: 2000 + (d - ms('2025-06-01')) / DAY })
const btcHours = Array.from({ length: 410 * 24 }, (_, i) => flatHour(ms('2025-10-14T00:00:00Z') + i * HOUR, 60_000 + i))

describe('marketsBody', () => {
  test('every shipped instrument with its source, registry order', () => {
    expect(marketsBody(withSources({ bitcoin: 'binance', gold: 'demo' }))).toEqual({
      instruments: [
        { slug: 'bitcoin', name: 'Bitcoin (BTC/USDT)', kind: 'crypto', unit: 'USD', grain: 'hour', source: 'binance' },
        { slug: 'gold', name: 'Gold', kind: 'metal', unit: 'USD/oz', grain: 'day', source: 'demo' },
        { slug: 'silver', name: 'Silver', kind: 'metal', unit: 'USD/oz', grain: 'day', source: NO_SOURCE },
        {
          slug: 'usd-brl',
          name: 'US dollar in Brazilian real',
          kind: 'fx',
          unit: 'BRL',
          grain: 'day',
          source: NO_SOURCE,
        },
        {
          slug: 'usd-inr',
          name: 'US dollar in Indian rupee',
          kind: 'fx',
          unit: 'INR',
          grain: 'day',
          source: NO_SOURCE,
        },
      ],
    })
  })
})

describe('marketBody windows', () => {
  const dayPoints = pointsFromDailyCloses(goldCloses)
  const hourPoints = pointsFromCandles(btcHours)

  // Day grain: the days whose 00:00 UTC is in [now − window, now).
  test.each([
    { window: '7d', n: 7, first: '2026-11-12', last: '2026-11-18' }, // from 11-11T14:00: 12th..18th
    { window: '1w', n: 7, first: '2026-11-12', last: '2026-11-18' },
    { window: '24h', n: 1, first: '2026-11-18', last: '2026-11-18' },
    { window: '1h', n: 0, first: null, last: null }, // [13:00, 14:00) holds no day start
    { window: '52w', n: 364, first: '2025-11-20', last: '2026-11-18' },
    { window: '365d', n: 365, first: '2025-11-19', last: '2026-11-18' },
    { window: '1y', n: 365, first: '2025-11-19', last: '2026-11-18' }, // 1y = 365 days, the maximum
  ])('gold $window → $n days', ({ window, n, first, last }) => {
    const body = marketBody(gold, window, dayPoints, NOW)
    expect(body.window).toBe(window)
    expect(body.price).toHaveLength(n)
    expect(body.price[0]?.t.slice(0, 10) ?? null).toBe(first)
    expect(body.price.at(-1)?.t.slice(0, 10) ?? null).toBe(last)
  })

  test('1h on gold right after midnight holds that day', () => {
    const body = marketBody(gold, '1h', dayPoints, ms('2026-11-18T00:30:00Z'))
    expect(body.price).toEqual([
      { t: '2026-11-18T00:00:00Z', close: 2000 + (ms('2026-11-18') - ms('2025-06-01')) / DAY },
    ])
  })

  test.each([
    { window: '1h', n: 1 },
    { window: '24h', n: 24 },
    { window: '7d', n: 168 },
    { window: '1y', n: 8760 },
  ])('bitcoin $window → $n hourly closes, oldest first', ({ window, n }) => {
    const body = marketBody(bitcoin, window, [...hourPoints].reverse(), NOW)
    expect(body.instrument.slug).toBe('bitcoin')
    expect(body.price).toHaveLength(n)
    expect(body.price.at(-1)?.t).toBe('2026-11-18T13:00:00Z')
    const times = body.price.map((p) => p.t)
    expect([...times].sort()).toEqual(times)
  })

  test.each(['2y', '53w', '366d', '8761h', '0h', '30m', '7x', ''])(
    'window %p is refused (validated upstream)',
    (window) => {
      expect(() => marketBody(gold, window, dayPoints, NOW)).toThrow(RangeError)
    },
  )

  test('window text is echoed trimmed', () => {
    expect(marketBody(gold, ' 7d ', dayPoints, NOW).window).toBe('7d')
  })
})
