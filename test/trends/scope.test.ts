import { describe, expect, test } from 'bun:test'
import { findEndpoint } from '../../core/endpoints.ts'
import { defaultTrendScope, formatSpan, resolveTrendScope } from '../../core/trends/scope.ts'
import { validateRequest } from '../../core/validate.ts'

const NOW = Date.parse('2026-11-21T14:00:00Z')
const H = 3_600_000
const D = 86_400_000

/** Validated parameters of `/v1/trends` for a query string, as the routes will pass them. */
function params(query: string) {
  const spec = findEndpoint('/v1/trends')
  if (spec === undefined) throw new Error('no /v1/trends')
  const v = validateRequest(spec, new URLSearchParams(query), {}, NOW)
  if (!v.ok) throw new Error(JSON.stringify(v.detail))
  return v.params
}

describe('resolveTrendScope', () => {
  test.each([
    { name: 'default: 24h ending now', query: '', since: NOW - 24 * H, until: NOW, window: '24h' },
    { name: 'minimum window', query: 'window=15m', since: NOW - 15 * 60_000, until: NOW, window: '15m' },
    { name: 'window in hours', query: 'window=6h', since: NOW - 6 * H, until: NOW, window: '6h' },
    { name: 'maximum window', query: 'window=30d', since: NOW - 30 * D, until: NOW, window: '30d' },
    { name: 'window echoed as given', query: 'window=90m', since: NOW - 90 * 60_000, until: NOW, window: '90m' },
    {
      name: 'date: the whole UTC day',
      query: 'date=2026-11-19',
      since: Date.parse('2026-11-19T00:00:00Z'),
      until: Date.parse('2026-11-20T00:00:00Z'),
      window: '24h',
    },
    {
      name: 'date today: the whole day',
      query: 'date=2026-11-21',
      since: Date.parse('2026-11-21T00:00:00Z'),
      until: Date.parse('2026-11-22T00:00:00Z'),
      window: '24h',
    },
    {
      name: 'date instead of window',
      query: 'window=2h&date=2026-11-19',
      since: Date.parse('2026-11-19T00:00:00Z'),
      until: Date.parse('2026-11-20T00:00:00Z'),
      window: '24h',
    },
    {
      name: 'since/until over date and window',
      query: 'date=2026-11-01&window=2h&since=2026-11-20T06:00:00Z&until=2026-11-20T12:00:00Z',
      since: Date.parse('2026-11-20T06:00:00Z'),
      until: Date.parse('2026-11-20T12:00:00Z'),
      window: '6h',
    },
    {
      name: 'span in minutes when not whole hours',
      query: 'since=2026-11-21T12:30:00Z&until=2026-11-21T14:00:00Z',
      since: Date.parse('2026-11-21T12:30:00Z'),
      until: NOW,
      window: '90m',
    },
    {
      name: 'since alone ends now',
      query: 'since=2026-11-20',
      since: Date.parse('2026-11-20T00:00:00Z'),
      until: NOW,
      window: '38h',
    },
    {
      name: 'until alone starts a window before',
      query: 'until=2026-11-20T12:00:00Z&window=2h',
      since: Date.parse('2026-11-20T10:00:00Z'),
      until: Date.parse('2026-11-20T12:00:00Z'),
      window: '2h',
    },
    {
      name: 'offset zones',
      query: 'since=2026-11-21T10:00:00%2B02:00&until=2026-11-21T12:00:00Z',
      since: Date.parse('2026-11-21T08:00:00Z'),
      until: Date.parse('2026-11-21T12:00:00Z'),
      window: '4h',
    },
    {
      name: 'exactly 30 days apart',
      query: 'since=2026-10-22T14:00:00Z',
      since: NOW - 30 * D,
      until: NOW,
      window: '720h',
    },
  ])('$name', ({ query, since, until, window }) => {
    expect(resolveTrendScope(params(query), NOW)).toEqual({
      ok: true,
      scope: { sinceMs: since, untilMs: until, window },
    })
  })

  test.each([
    { name: 'until before since', query: 'since=2026-11-20T12:00:00Z&until=2026-11-20T06:00:00Z', loc: 'until' },
    { name: 'until equal to since', query: 'since=2026-11-20T12:00:00Z&until=2026-11-20T12:00:00Z', loc: 'until' },
    { name: 'since in the future', query: 'since=2026-11-22', loc: 'since' },
    { name: 'more than 30 days apart', query: 'since=2026-10-01&until=2026-11-20', loc: 'until' },
    { name: 'since alone more than 30 days ago', query: 'since=2026-10-01', loc: 'since' },
  ])('422: $name', ({ query, loc }) => {
    const r = resolveTrendScope(params(query), NOW)
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.detail).toHaveLength(1)
    expect(r.detail[0]?.loc).toEqual(['query', loc])
    expect(r.detail[0]?.type).toBe('value_error')
    expect(r.detail[0]?.msg).toStartWith('Value error, ')
  })

  test('now is taken to the whole second', () => {
    expect(resolveTrendScope(params(''), NOW + 999)).toEqual(resolveTrendScope(params(''), NOW))
  })

  test('default scope = the parameters left out', () => {
    expect(defaultTrendScope(NOW)).toEqual({ sinceMs: NOW - 24 * H, untilMs: NOW, window: '24h' })
  })

  test.each([
    [24 * H, '24h'],
    [30 * D, '720h'],
    [90 * 60_000, '90m'],
    [30_000, '1m'],
  ])('formatSpan(%p) = %p', (ms, want) => expect(formatSpan(ms)).toBe(want))
})
