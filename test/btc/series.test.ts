import { describe, expect, test } from 'bun:test'
import { direction, returnPct, seriesBody } from '../../core/btc/series.ts'
import { DAY, articlesWithNet, dailyFlatHours, flatHour, ms } from './fixtures.ts'

test.each([
  { name: 'first point', prev: undefined, close: 100, want: null },
  { name: 'flat', prev: 100, close: 100, want: 0 },
  { name: 'up 10%', prev: 100, close: 110, want: 10 },
  { name: 'down 10%', prev: 110, close: 99, want: -10 },
  { name: 'previous close 0', prev: 0, close: 5, want: null },
])('returnPct: $name', ({ prev, close, want }) => {
  const got = returnPct(prev, close)
  if (want === null) expect(got).toBeNull()
  else expect(got).toBeCloseTo(want, 12)
})

test.each([
  { name: 'first point', ret: null, net: 3, want: null },
  { name: 'small move is flat', ret: 0.05, net: 3, want: 'flat' },
  { name: 'just under the threshold, down', ret: -0.0999, net: -3, want: 'flat' },
  { name: 'no tone is flat', ret: 2.5, net: 0, want: 'flat' },
  { name: 'exactly 0.1 is a move', ret: 0.1, net: 2, want: 'agrees' },
  { name: 'both down', ret: -0.5, net: -1, want: 'agrees' },
  { name: 'up vs negative tone', ret: 0.5, net: -1, want: 'diverges' },
  { name: 'exactly −0.1 vs positive tone', ret: -0.1, net: 4, want: 'diverges' },
] as const)('direction: $name', ({ ret, net, want }) => expect(direction(ret, net)).toBe(want))

describe('seriesBody', () => {
  const day0 = ms('2026-11-16')
  // Day closes 100, 110, (no candle), 99, 99.05; nets +2, −1, +5, −3, +1.
  const hourly = [...dailyFlatHours(day0, [100, 110]), ...dailyFlatHours(day0 + 3 * DAY, [99, 99.05])]
  const articles = [2, -1, 5, -3, 1].flatMap((net, d) => articlesWithNet(day0 + d * DAY, net))

  test('only periods with a candle; return vs the previous point; direction by the rule', () => {
    const body = seriesBody(hourly, articles, 'day', { fromMs: day0, toMs: day0 + 5 * DAY })
    expect(body.points).toBe(4)
    expect(body.series.map((p) => [p.time.slice(0, 10), p.close, p.return_pct, p.net, p.direction])).toEqual([
      ['2026-11-16', 100, null, 2, null],
      ['2026-11-17', 110, 10, -1, 'diverges'], // (110/100 − 1)·100 = 10
      // 19 Nov follows 17 Nov (18 Nov has no candle): (99/110 − 1)·100 = −10
      ['2026-11-19', 99, -10, -3, 'agrees'],
      // (99.05/99 − 1)·100 = 0.050505… → 0.0505, flat
      ['2026-11-20', 99.05, 0.0505, 1, 'flat'],
    ])
    const first = body.series[0]
    expect(first).toEqual({
      time: '2026-11-16T00:00:00Z',
      open: 100,
      high: 100,
      low: 100,
      close: 100,
      return_pct: null,
      articles: 3,
      positive: 2,
      neutral: 1,
      negative: 0,
      net: 2,
      direction: null,
    })
  })

  // Week tone: 12 labelled articles (+2 −1 +5 −3 +1 → net 4) and one neutral per day → 17.
  test('week series: prices of the week candle, tone of the whole week', () => {
    const body = seriesBody(hourly, articles, 'week', { fromMs: day0, toMs: day0 + 7 * DAY })
    expect(body.series).toHaveLength(1)
    expect(body.series[0]).toMatchObject({
      time: '2026-11-16T00:00:00Z',
      open: 100,
      high: 110,
      low: 99,
      close: 99.05,
      net: 4,
      articles: 17,
      return_pct: null,
    })
  })

  test('direction on the wire agrees with the served return_pct at the 0.1 boundary', () => {
    // 100 → 100.09996: return 0.09996… is served as 0.1, so it is a move, not flat.
    const h = [flatHour(day0, 100), flatHour(day0 + DAY, 100.09996)]
    const a = [...articlesWithNet(day0, 1), ...articlesWithNet(day0 + DAY, 1)]
    const p = seriesBody(h, a, 'day', { fromMs: day0, toMs: day0 + 2 * DAY }).series[1]
    expect(p?.return_pct).toBe(0.1)
    expect(p?.direction).toBe('agrees')
  })
})
