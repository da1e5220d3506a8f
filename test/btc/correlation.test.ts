import { describe, expect, test } from 'bun:test'
import {
  BEST_REASONS,
  CORRELATION_NOTE,
  type ShiftEntry,
  correlateByShift,
  correlationBody,
  pickBest,
  reading,
} from '../../core/btc/correlation.ts'
import { fisherInterval, pearson } from '../../core/btc/pearson.ts'
import type { BtcArticle } from '../../core/btc/btc-article.ts'
import type { Candle } from '../../core/candle.ts'
import { DAY, articlesWithNet, dailyFlatHours, ms, mulberry32, twoPassR } from './fixtures.ts'

describe('pearson: hand-checked cases', () => {
  test.each([
    // y = 2x: perfectly linear.
    { name: 'perfect +', xs: [1, 2, 3], ys: [2, 4, 6], want: 1 },
    { name: 'perfect −', xs: [1, 2, 3], ys: [3, 2, 1], want: -1 },
    // means 2, 2; dx = (−1, 0, 1), dy = (−1, 1, 0): Σdxdy = 1, Σdx² = Σdy² = 2 → 1/2.
    { name: 'three points', xs: [1, 2, 3], ys: [1, 3, 2], want: 0.5 },
    // means 2.5; dx = (−1.5, −.5, .5, 1.5), dy = (−1.5, .5, −.5, 1.5): Σdxdy = 4, Σdx² = Σdy² = 5 → 0.8.
    { name: 'four points', xs: [1, 2, 3, 4], ys: [1, 3, 2, 4], want: 0.8 },
    // same as above shifted by 1e9: r is invariant, and the one-pass update must not lose it.
    { name: 'large offset', xs: [1e9 + 1, 1e9 + 2, 1e9 + 3, 1e9 + 4], ys: [1, 3, 2, 4], want: 0.8 },
    // dx = (−.5, −.5, .5, .5), dy = (−.5, .5, −.5, .5): Σdxdy = 0 → 0.
    { name: 'uncorrelated', xs: [0, 0, 1, 1], ys: [0, 1, 0, 1], want: 0 },
    // scale of either side does not matter: 0.8 again.
    { name: 'scaled', xs: [-10, -20, -30, -40], ys: [-1, -3, -2, -4], want: 0.8 },
  ])('$name', ({ xs, ys, want }) => expect(pearson(xs, ys)).toBeCloseTo(want, 12))

  test.each([
    { name: 'no pairs', xs: [], ys: [] },
    { name: 'two pairs', xs: [1, 2], ys: [2, 1] },
    { name: 'constant x', xs: [5, 5, 5, 5], ys: [1, 2, 3, 4] },
    { name: 'constant y (no tone)', xs: [1, 2, 3, 4], ys: [0, 0, 0, 0] },
  ])('null: $name', ({ xs, ys }) => expect(pearson(xs, ys)).toBeNull())
})

test('pearson agrees with the two-pass formula on 500 seeded random series', () => {
  const rnd = mulberry32(20261121)
  for (let k = 0; k < 500; k++) {
    const n = 3 + Math.floor(rnd() * 120)
    const scale = 10 ** Math.floor(rnd() * 6 - 2)
    const offset = rnd() < 0.3 ? 60_000 : 0
    const xs = Array.from({ length: n }, () => offset + (rnd() - 0.5) * scale)
    const ys = xs.map((x) => (rnd() < 0.5 ? x * (rnd() - 0.3) : 0) + Math.round((rnd() - 0.5) * 20))
    const want = twoPassR(xs, ys)
    const got = pearson(xs, ys)
    if (want === null) expect(got).toBeNull()
    else expect(Math.abs((got as number) - want)).toBeLessThan(1e-9)
  }
})

describe('fisherInterval (95%)', () => {
  // z = atanh(r), half-width 1.959964/√(n−3), bounds tanh(z ∓ half):
  test.each([
    // atanh(.5) = .549306; half = 1.959964/5 = .391993; tanh(.157313) = .156028, tanh(.941299) = .735818
    { r: 0.5, n: 28, low: 0.156028, high: 0.735818, significant: true },
    // symmetric around 0: half = 1.959964/3 = .653321; tanh(.653321) = .573902
    { r: 0, n: 12, low: -0.573902, high: 0.573902, significant: false },
    // n = 4: half = 1.959964; atanh(.8) = 1.098612; tanh(−.861352) = −.696953, tanh(3.058576) = .995600
    { r: 0.8, n: 4, low: -0.696953, high: 0.9956, significant: false },
    // atanh(−.6) = −.693147; half = .489991; tanh(−1.183138) = −.828439, tanh(−.203156) = −.200407
    { r: -0.6, n: 19, low: -0.828439, high: -0.200407, significant: true },
  ])('r=$r n=$n', ({ r, n, low, high, significant }) => {
    const ci = fisherInterval(r, n)
    expect(ci?.low).toBeCloseTo(low, 5)
    expect(ci?.high).toBeCloseTo(high, 5)
    expect((ci?.low as number) > 0 || (ci?.high as number) < 0).toBe(significant)
  })

  test.each([3, 2, 0])('no interval with n = %d pairs', (n) => expect(fisherInterval(0.9, n)).toBeNull())

  test('|r| = 1 is clamped below 1: finite bounds, both near 1', () => {
    const ci = fisherInterval(1, 10)
    expect(Number.isFinite(ci?.low)).toBe(true)
    expect(ci?.low).toBeGreaterThan(0.99)
    expect(ci?.high).toBeLessThanOrEqual(1)
  })
})

test.each([
  [-2, 'day', 'price leads news by 2 days'],
  [-1, 'day', 'price leads news by 1 day'],
  [0, 'day', 'same day'],
  [1, 'day', 'news leads price by 1 day'],
  [3, 'day', 'news leads price by 3 days'],
  [0, 'hour', 'same hour'],
  [-1, 'hour', 'price leads news by 1 hour'],
  [24, 'hour', 'news leads price by 24 hours'],
  [1, 'week', 'news leads price by 1 week'],
  [-4, 'week', 'price leads news by 4 weeks'],
] as const)('reading(%d, %s) = "%s"', (shift, interval, want) => expect(reading(shift, interval)).toBe(want))

describe('correlateByShift', () => {
  test('shift k pairs net[t] with return[t+k]; pairs shrink with |k|; < 3 pairs → null', () => {
    const net = [1, -2, 3, 0, 2, -1]
    const ret = [null, 0.5, -1, 2, 0.1, 1]
    const { entries } = correlateByShift(net, ret, 4, 'day')
    expect(entries.map((e) => [e.shift, e.pairs])).toEqual([
      [-4, 1],
      [-3, 2],
      [-2, 3],
      [-1, 4],
      [0, 5],
      [1, 5],
      [2, 4],
      [3, 3],
      [4, 2],
    ])
    // shift +1: (net[t], ret[t+1]) for t = 0..4 → returns (0.5, −1, 2, 0.1, 1), nets (1, −2, 3, 0, 2).
    const plusOne = twoPassR([0.5, -1, 2, 0.1, 1], [1, -2, 3, 0, 2]) as number
    expect(entries.find((e) => e.shift === 1)?.r).toBe(Number(plusOne.toFixed(4)))
    // shift −2: (net[t], ret[t−2]) for t = 3..5 → returns (0.5, −1, 2), nets (0, 2, −1).
    const minusTwo = twoPassR([0.5, -1, 2], [0, 2, -1]) as number
    expect(entries.find((e) => e.shift === -2)?.r).toBe(Number(minusTwo.toFixed(4)))
    expect(entries.find((e) => e.shift === -2)?.ci_low).toBeNull() // 3 pairs: r, but no interval
    expect(entries.filter((e) => e.pairs < 3).every((e) => e.r === null && e.ci_low === null && !e.significant)).toBe(
      true,
    )
  })
})

describe('pickBest', () => {
  const entry = (shift: number, r: number | null, significant: boolean, ci: boolean): ShiftEntry => ({
    shift,
    r,
    pairs: 10,
    reading: reading(shift, 'day'),
    ci_low: ci ? 0.1 : null,
    ci_high: ci ? 0.9 : null,
    significant,
  })

  test('largest r among the significant entries only', () => {
    const entries = [entry(-1, 0.9, false, true), entry(0, 0.4, true, true), entry(2, 0.6, true, true)]
    const full = new Map([
      [-1, 0.9],
      [0, 0.4],
      [2, 0.6],
    ])
    expect(pickBest(entries, full)).toEqual({ best: entries[2] as ShiftEntry, reason: null })
  })

  test('ties go to the smaller |shift|, then the lower shift', () => {
    const entries = [entry(-2, 0.5, true, true), entry(-1, 0.5, true, true), entry(1, 0.5, true, true)]
    const full = new Map([
      [-2, 0.5],
      [-1, 0.5],
      [1, 0.5],
    ])
    expect(pickBest(entries, full).best?.shift).toBe(-1)
  })

  test.each([
    { name: 'no r anywhere', entries: [entry(0, null, false, false)], reason: BEST_REASONS.noR },
    { name: 'r but never 4 pairs', entries: [entry(0, 0.9, false, false)], reason: BEST_REASONS.noInterval },
    { name: 'intervals all include 0', entries: [entry(0, 0.2, false, true)], reason: BEST_REASONS.notSignificant },
  ])('best null with a reason: $name', ({ entries, reason }) => {
    expect(pickBest(entries, new Map())).toEqual({ best: null, reason })
  })
})

/** A daily world where the return at t is driven by something at t − lag. */
function plantedLag(
  seed: number,
  days: number,
  leader: 'news' | 'price',
  lag: number,
): { hourly: Candle[]; articles: BtcArticle[]; day0: number } {
  const rnd = mulberry32(seed)
  const day0 = ms('2026-06-01')
  const nets: number[] = []
  const rets: number[] = []
  for (let t = 0; t < days; t++) {
    if (leader === 'news') {
      nets.push(Math.round((rnd() - 0.5) * 10))
      rets.push(t >= lag ? 0.4 * (nets[t - lag] as number) + (rnd() - 0.5) * 0.8 : (rnd() - 0.5) * 2)
    } else {
      rets.push((rnd() - 0.5) * 6)
      nets.push(
        t >= lag ? Math.round(2 * (rets[t - lag] as number) + (rnd() - 0.5) * 2) : Math.round((rnd() - 0.5) * 6),
      )
    }
  }
  const closes: number[] = []
  let close = 50_000
  for (const r of rets) {
    close *= 1 + r / 100
    closes.push(close)
  }
  return {
    hourly: dailyFlatHours(day0, closes),
    articles: nets.flatMap((n, d) => articlesWithNet(day0 + d * DAY, n)),
    day0,
  }
}

describe('correlationBody', () => {
  test('news leading price by exactly 2 days is found at shift +2', () => {
    const { hourly, articles, day0 } = plantedLag(7, 90, 'news', 2)
    const body = correlationBody(hourly, articles, 'day', { fromMs: day0, toMs: day0 + 90 * DAY }, 4)
    expect(body.by_shift.map((e) => e.shift)).toEqual([-4, -3, -2, -1, 0, 1, 2, 3, 4])
    expect(body.best?.shift).toBe(2)
    expect(body.best?.reading).toBe('news leads price by 2 days')
    expect(body.best?.significant).toBe(true)
    expect(body.best_reason).toBeNull()
    expect(body.best).toEqual(body.by_shift.find((e) => e.shift === 2) as ShiftEntry)
    expect(body.note).toBe(
      'A peak at a negative shift means the press reacts to price. Correlation is not causation. Descriptive, not a trading signal.',
    )
    expect(body.note).toBe(CORRELATION_NOTE)
    expect(body.points).toBe(90)
  })

  test('price leading news by 2 days is found at shift −2', () => {
    const { hourly, articles, day0 } = plantedLag(11, 90, 'price', 2)
    const body = correlationBody(hourly, articles, 'day', { fromMs: day0, toMs: day0 + 90 * DAY }, 3)
    expect(body.best?.shift).toBe(-2)
    expect(body.best?.reading).toBe('price leads news by 2 days')
  })

  test('every r equals the two-pass formula on the definition (random data with gaps)', () => {
    const rnd = mulberry32(99)
    const days = 70
    const day0 = ms('2026-07-06')
    const closes: (number | null)[] = []
    let close = 30_000
    for (let d = 0; d < days; d++) {
      close *= 1 + (rnd() - 0.5) / 20
      closes.push(rnd() < 0.12 ? null : close)
    }
    const hourly = closes.flatMap((c, d) => (c === null ? [] : dailyFlatHours(day0 + d * DAY, [c])))
    const nets = Array.from({ length: days }, () => Math.round((rnd() - 0.5) * 12))
    const articles = nets.flatMap((n, d) => articlesWithNet(day0 + d * DAY, n, 0))

    // The definition: return of a day with a candle vs the previous day that had one.
    const rets: (number | null)[] = []
    let prev: number | null = null
    for (const c of closes) {
      rets.push(c === null || prev === null ? null : (c / prev - 1) * 100)
      if (c !== null) prev = c
    }
    const maxShift = 6
    const body = correlationBody(hourly, articles, 'day', { fromMs: day0, toMs: day0 + days * DAY }, maxShift)
    for (let k = -maxShift; k <= maxShift; k++) {
      const xs: number[] = []
      const ys: number[] = []
      for (let t = 0; t < days; t++) {
        const x = rets[t + k]
        if (t + k < 0 || t + k >= days || x === null || x === undefined) continue
        xs.push(x)
        ys.push(nets[t] as number)
      }
      const e = body.by_shift.find((s) => s.shift === k) as ShiftEntry
      expect(e.pairs).toBe(xs.length)
      const want = twoPassR(xs, ys) as number
      expect(Math.abs((e.r as number) - want)).toBeLessThanOrEqual(0.00005 + 1e-12)
    }
    expect(body.same_period_r).toBe(body.by_shift.find((s) => s.shift === 0)?.r as number)
    expect(body.points).toBe(closes.filter((c) => c !== null).length)
  })

  test('too few periods: r null below 3 pairs, no interval at 3, best null with the reason', () => {
    const day0 = ms('2026-11-16')
    const hourly = dailyFlatHours(day0, [100, 102, 101, 104])
    const articles = [1, -2, 3, 1].flatMap((n, d) => articlesWithNet(day0 + d * DAY, n))
    const body = correlationBody(hourly, articles, 'day', { fromMs: day0, toMs: day0 + 4 * DAY }, 2)
    // returns exist on days 1..3 (3 values); net on days 0..3.
    expect(body.by_shift.map((e) => [e.shift, e.pairs, e.r === null])).toEqual([
      [-2, 1, true],
      [-1, 2, true],
      [0, 3, false],
      [1, 3, false],
      [2, 2, true],
    ])
    expect(body.by_shift.every((e) => e.ci_low === null && e.ci_high === null && !e.significant)).toBe(true)
    expect(body.best).toBeNull()
    expect(body.best_reason).toBe(BEST_REASONS.noInterval)
    expect(body.same_period_r).not.toBeNull()
  })

  test('no tone at all: every r null, same_period_r null', () => {
    const day0 = ms('2026-11-02')
    const hourly = dailyFlatHours(day0, [100, 102, 101, 104, 103, 107])
    const body = correlationBody(hourly, [], 'day', { fromMs: day0, toMs: day0 + 6 * DAY }, 1)
    expect(body.same_period_r).toBeNull()
    expect(body.best).toBeNull()
    expect(body.best_reason).toBe(BEST_REASONS.noR)
  })
})
