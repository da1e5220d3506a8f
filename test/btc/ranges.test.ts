import { describe, expect, test } from 'bun:test'
import {
  BTC_RANGE_PATHS,
  correlationRange,
  defaultRangeDays,
  newsRange,
  priceRange,
  resolveRange,
  sentimentRange,
  seriesRange,
  sourcesRange,
} from '../../core/btc/ranges.ts'
import { ENDPOINTS } from '../../core/endpoints.ts'
import { DAY, ms } from './fixtures.ts'

const NOW = ms('2026-11-21T14:37:00Z') // a Saturday

describe('default ranges', () => {
  // The contract: 30 days for price, sentiment, series and sources, 90 for correlation, 7 for news.
  test.each([
    ['/v1/btc/price', 30],
    ['/v1/btc/sentiment', 30],
    ['/v1/btc/series', 30],
    ['/v1/btc/sources', 30],
    ['/v1/btc/correlation', 90],
    ['/v1/btc/news', 7],
  ] as const)('%s spans %d days', (path, days) => {
    expect(defaultRangeDays(path)).toBe(days)
    expect(resolveRange(path, {}, NOW, null)).toEqual({ ok: true, range: { fromMs: NOW - days * DAY, toMs: NOW } })
  })

  test('every registry endpoint with a default range has a resolver', () => {
    const withDefault = ENDPOINTS.filter((e) => e.defaultRangeDays !== undefined).map((e) => e.path)
    expect([...BTC_RANGE_PATHS].sort() as string[]).toEqual(withDefault.sort())
  })

  test.each([
    {
      name: 'price, hour: from down to the hour',
      got: () => priceRange({}, NOW, 'hour'),
      from: '2026-10-22T14:00:00Z',
    },
    {
      name: 'sentiment, day: from down to 00:00',
      got: () => sentimentRange({}, NOW, 'day'),
      from: '2026-10-22T00:00:00Z',
    },
    // 2026-10-22 is a Thursday → Monday 2026-10-19
    {
      name: 'series, week: from down to Monday',
      got: () => seriesRange({}, NOW, 'week'),
      from: '2026-10-19T00:00:00Z',
    },
    // now − 90 d = 2026-08-23T14:37 (a Sunday) → 2026-08-23T00:00 for days
    { name: 'correlation, day', got: () => correlationRange({}, NOW, 'day'), from: '2026-08-23T00:00:00Z' },
    { name: 'news: not aligned', got: () => newsRange({}, NOW), from: '2026-11-14T14:37:00Z' },
    { name: 'sources: not aligned', got: () => sourcesRange({}, NOW), from: '2026-10-22T14:37:00Z' },
  ])('$name', ({ got, from }) => {
    const r = got()
    expect(r.ok && new Date(r.range.fromMs).toISOString().replace('.000', '')).toBe(from)
    expect(r.ok && r.range.toMs).toBe(NOW)
  })
})

describe('given bounds', () => {
  test.each([
    {
      name: 'both, every form',
      params: { from: '2026-11-01', to: '1795262400' },
      want: { fromMs: ms('2026-11-01'), toMs: ms('2026-11-21T12:00:00Z') },
    },
    {
      name: 'relative',
      params: { from: 'now-3d', to: 'now-1h' },
      want: { fromMs: NOW - 3 * DAY, toMs: NOW - 3_600_000 },
    },
    {
      name: 'only from: to is now',
      params: { from: '2026-11-20T08:00:00Z' },
      want: { fromMs: ms('2026-11-20T08:00:00Z'), toMs: NOW },
    },
    {
      name: 'only to: from is to − default days',
      params: { to: '2026-11-10' },
      want: { fromMs: ms('2026-11-03'), toMs: ms('2026-11-10') },
    },
  ])('news: $name', ({ params, want }) => expect(newsRange(params, NOW)).toEqual({ ok: true, range: want }))

  test.each([
    { name: 'from after to', params: { from: '2026-11-10', to: '2026-11-01' }, loc: 'to' },
    { name: 'from equal to to', params: { from: 'now', to: 'now' }, loc: 'to' },
    { name: 'only from, not before now', params: { from: 'now' }, loc: 'from' },
    { name: 'only from, in the future', params: { from: '2027-01-01' }, loc: 'from' },
    { name: 'unparseable from', params: { from: 'yesterday' }, loc: 'from' },
    { name: 'unparseable to', params: { to: '2026-02-30' }, loc: 'to' },
  ])('422: $name', ({ params, loc }) => {
    const r = sourcesRange(params, NOW)
    expect(r.ok).toBe(false)
    if (!r.ok) {
      expect(r.detail).toHaveLength(1)
      expect(r.detail[0]).toMatchObject({ loc: ['query', loc], type: 'value_error' })
      expect(r.detail[0]?.msg.startsWith('Value error, ')).toBe(true)
    }
  })

  test('alignment never turns a valid range into an empty one', () => {
    const r = priceRange({ from: '2026-11-21T14:10:00Z', to: '2026-11-21T14:20:00Z' }, NOW, 'week')
    expect(r).toEqual({ ok: true, range: { fromMs: ms('2026-11-16'), toMs: ms('2026-11-21T14:20:00Z') } })
  })
})
