import { describe, expect, test } from 'bun:test'
import { intervalParam, maxShiftParam, newsQuery, sourcesParams } from '../../core/btc/request.ts'
import { findEndpoint } from '../../core/endpoints.ts'
import { validateRequest } from '../../core/validate.ts'

const NOW = Date.parse('2026-11-21T14:00:00Z')

function params(path: string, query: string) {
  const spec = findEndpoint(path)
  if (spec === undefined) throw new Error(path)
  const v = validateRequest(spec, new URLSearchParams(query), {}, NOW)
  if (!v.ok) throw new Error(JSON.stringify(v.detail))
  return v.params
}

describe('typed parameters from the validated registry values', () => {
  // Defaults as the contract states them: interval hour for price, day elsewhere; max_shift 4;
  // news sort date, size 20, offset 0; sources by host, top 25.
  test.each([
    ['/v1/btc/price', 'hour'],
    ['/v1/btc/sentiment', 'day'],
    ['/v1/btc/series', 'day'],
    ['/v1/btc/correlation', 'day'],
  ] as const)('%s interval defaults to %s', (path, want) => expect(intervalParam(params(path, ''))).toBe(want))

  test('interval given', () => expect(intervalParam(params('/v1/btc/series', 'interval=week'))).toBe('week'))

  test.each([
    ['', 4],
    ['max_shift=1', 1],
    ['max_shift=24', 24],
  ])('max_shift %p → %d', (query, want) => expect(maxShiftParam(params('/v1/btc/correlation', query))).toBe(want))

  test('news defaults', () => {
    expect(newsQuery(params('/v1/btc/news', ''))).toEqual({
      label: undefined,
      host: undefined,
      lang: undefined,
      q: undefined,
      sort: 'date',
      size: 20,
      offset: 0,
    })
  })

  test('news lists are folded and www. dropped', () => {
    const q = newsQuery(
      params(
        '/v1/btc/news',
        'host=WWW.CoinDesk.com,,b.fr&lang=EN,fr&label=neg&sort=score_asc&size=100&offset=9900&q=ETF',
      ),
    )
    expect(q).toEqual({
      label: 'neg',
      host: ['coindesk.com', 'b.fr'],
      lang: ['en', 'fr'],
      q: 'ETF',
      sort: 'score_asc',
      size: 100,
      offset: 9900,
    })
  })

  test('sources defaults and values', () => {
    expect(sourcesParams(params('/v1/btc/sources', ''))).toEqual({ by: 'host', top: 25 })
    expect(sourcesParams(params('/v1/btc/sources', 'by=country&top=200'))).toEqual({ by: 'country', top: 200 })
  })

  test('a parameter missing after validation is a programming error', () => {
    expect(() => newsQuery({})).toThrow()
    expect(() => intervalParam({ interval: 'month' })).toThrow()
  })
})
