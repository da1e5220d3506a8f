import { describe, expect, test } from 'bun:test'
import { alignRange, countOf, periodStart, periodStarts } from '../../core/btc/periods.ts'
import { ms } from './fixtures.ts'

describe('periodStart', () => {
  // Weekdays checked against a calendar: 2026-01-01 is a Thursday, 2026-03-01 a Sunday,
  // 2026-11-21 a Saturday, 2027-01-03 a Sunday.
  test.each([
    { name: 'hour', at: '2026-11-21T14:37:12Z', interval: 'hour', want: '2026-11-21T14:00:00Z' },
    { name: 'day', at: '2026-11-21T14:37:12Z', interval: 'day', want: '2026-11-21T00:00:00Z' },
    { name: 'day at midnight', at: '2026-11-21T00:00:00Z', interval: 'day', want: '2026-11-21T00:00:00Z' },
    { name: 'week: Saturday → Monday', at: '2026-11-21T14:00:00Z', interval: 'week', want: '2026-11-16T00:00:00Z' },
    {
      name: 'week: Monday 00:00 is its own start',
      at: '2026-11-16T00:00:00Z',
      interval: 'week',
      want: '2026-11-16T00:00:00Z',
    },
    {
      name: 'week: Sunday 23:59 belongs to the Monday before',
      at: '2026-11-22T23:59:59Z',
      interval: 'week',
      want: '2026-11-16T00:00:00Z',
    },
    { name: 'week across a year boundary', at: '2026-01-01T12:00:00Z', interval: 'week', want: '2025-12-29T00:00:00Z' },
    {
      name: 'week across a month boundary',
      at: '2026-03-01T23:00:00Z',
      interval: 'week',
      want: '2026-02-23T00:00:00Z',
    },
    { name: 'week across 2026/2027', at: '2027-01-03T05:00:00Z', interval: 'week', want: '2026-12-28T00:00:00Z' },
    {
      name: 'week before the epoch Monday',
      at: '1970-01-01T00:00:00Z',
      interval: 'week',
      want: '1969-12-29T00:00:00Z',
    },
  ] as const)('$name', ({ at, interval, want }) => {
    expect(new Date(periodStart(ms(at), interval)).toISOString()).toBe(new Date(ms(want)).toISOString())
  })
})

describe('periodStarts', () => {
  test('weeks over a year boundary, Monday starts, to exclusive', () => {
    const got = periodStarts(ms('2025-12-24T10:00:00Z'), ms('2026-01-12T00:00:00Z'), 'week').map((t) =>
      new Date(t).toISOString().slice(0, 10),
    )
    expect(got).toEqual(['2025-12-22', '2025-12-29', '2026-01-05'])
  })
  test('days, last one partial', () => {
    expect(periodStarts(ms('2026-11-01T05:00:00Z'), ms('2026-11-03T00:00:01Z'), 'day')).toEqual([
      ms('2026-11-01'),
      ms('2026-11-02'),
      ms('2026-11-03'),
    ])
  })
  test('empty when to is at the period start', () => {
    expect(periodStarts(ms('2026-11-01'), ms('2026-11-01'), 'hour')).toEqual([])
  })
})

test('alignRange moves only from, and is idempotent', () => {
  const r = { fromMs: ms('2026-11-18T13:20:00Z'), toMs: ms('2026-11-21T14:37:00Z') }
  const a = alignRange(r, 'week')
  expect(a).toEqual({ fromMs: ms('2026-11-16'), toMs: r.toMs })
  expect(alignRange(a, 'week')).toEqual(a)
})

test.each([
  [1, 'day', '1 day'],
  [2, 'day', '2 days'],
  [1, 'hour', '1 hour'],
  [24, 'hour', '24 hours'],
  [3, 'week', '3 weeks'],
] as const)('countOf(%d, %s) = %s', (n, interval, want) => expect(countOf(n, interval)).toBe(want))
