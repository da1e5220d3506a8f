import { describe, expect, test } from 'bun:test'
import { ENDPOINTS, findEndpoint, toolName } from '../../core/endpoints.ts'
import { validateRequest } from '../../core/validate.ts'
import { CONTRACT_INTS } from '../support/contract-limits.ts'

const NOW = Date.parse('2026-11-21T14:00:00Z')

const PATH_VALUES: Record<string, Record<string, string>> = {
  '/v1/trends/{cc}/{slug}': { cc: 'us', slug: 'some-story' },
  '/v1/markets/{slug}': { slug: 'gold' },
  '/v1/entities/{key}': { key: 'place:paris' },
}

function check(path: string, query: string) {
  const spec = findEndpoint(path)
  if (spec === undefined) throw new Error(`no endpoint ${path}`)
  const q = new URLSearchParams(query)
  if (path === '/v1/article' && !q.has('url')) q.set('url', 'https://example.com/a')
  return validateRequest(spec, q, PATH_VALUES[path] ?? {}, NOW)
}

describe('registry', () => {
  test('has exactly the 20 endpoints of the contract and the 2 entity endpoints (issue 27)', () => {
    expect(ENDPOINTS.map((e) => e.path).sort()).toEqual(
      [
        '/v1/entities',
        '/v1/entities/{key}',
        '/v1/search',
        '/v1/stats',
        '/v1/article',
        '/v1/rss',
        '/v1/atom',
        '/v1/feed.json',
        '/v1/trends',
        '/v1/trends/keywords',
        '/v1/trends/countries',
        '/v1/trends/{cc}/{slug}',
        '/v1/btc/summary',
        '/v1/btc/price',
        '/v1/btc/sentiment',
        '/v1/btc/series',
        '/v1/btc/correlation',
        '/v1/btc/news',
        '/v1/btc/sources',
        '/v1/markets',
        '/v1/markets/{slug}',
        '/health',
      ].sort(),
    )
  })

  test.each([
    ['/v1/btc/summary', 'news_get_btc_summary'],
    ['/v1/trends/{cc}/{slug}', 'news_get_trends_cc_slug'],
    ['/v1/feed.json', 'news_get_feed_json'],
    ['/health', 'news_get_health'],
    ['/v1/markets/{slug}', 'news_get_markets_slug'],
  ])('tool name of %s is %s', (path, name) => expect(toolName(path)).toBe(name))

  test.each(['/v1/btc/summary', '/v1/markets', '/health'])('%s takes no parameters', (path) => {
    const spec = findEndpoint(path)
    expect(spec && Object.keys(spec.query).length + Object.keys(spec.pathParams).length).toBe(0)
  })
})

describe.each(CONTRACT_INTS)('$path $name ($min-$max, default $def)', ({ path, name, min, max, def }) => {
  test('default', () => expect(check(path, '')).toMatchObject({ ok: true, params: { [name]: def } }))
  test('min', () => expect(check(path, `${name}=${min}`)).toMatchObject({ ok: true, params: { [name]: min } }))
  test('max', () => expect(check(path, `${name}=${max}`)).toMatchObject({ ok: true, params: { [name]: max } }))
  test('max+1', () =>
    expect(check(path, `${name}=${max + 1}`)).toEqual({
      ok: false,
      detail: [
        {
          loc: ['query', name],
          msg: `Input should be less than or equal to ${max}`,
          type: 'less_than_equal',
          input: String(max + 1),
          ctx: { le: max },
        },
      ],
    }))
  test('min-1', () =>
    expect(check(path, `${name}=${min - 1}`)).toEqual({
      ok: false,
      detail: [
        {
          loc: ['query', name],
          msg: `Input should be greater than or equal to ${min}`,
          type: 'greater_than_equal',
          input: String(min - 1),
          ctx: { ge: min },
        },
      ],
    }))
  test('not an integer', () =>
    expect(check(path, `${name}=ten`)).toEqual({
      ok: false,
      detail: [
        {
          loc: ['query', name],
          msg: 'Input should be a valid integer, unable to parse string as an integer',
          type: 'int_parsing',
          input: 'ten',
        },
      ],
    }))
})

describe('validation words', () => {
  test('missing required url', () => {
    const spec = findEndpoint('/v1/article')
    if (!spec) throw new Error('no /v1/article')
    expect(validateRequest(spec, new URLSearchParams(''), {}, NOW)).toEqual({
      ok: false,
      detail: [{ loc: ['query', 'url'], msg: 'Field required', type: 'missing', input: null }],
    })
  })

  test('literal_error lists the allowed values', () => {
    expect(check('/v1/btc/price', 'interval=month')).toEqual({
      ok: false,
      detail: [
        {
          loc: ['query', 'interval'],
          msg: "Input should be 'hour', 'day' or 'week'",
          type: 'literal_error',
          input: 'month',
          ctx: { expected: "'hour', 'day' or 'week'" },
        },
      ],
    })
  })

  test.each(['true', 'TRUE', '1', 'yes', 'On'])('boolean %s is true', (v) =>
    expect(check('/v1/search', `highlight=${v}`)).toMatchObject({ ok: true, params: { highlight: true } }),
  )
  test.each(['false', '0', 'NO', 'off'])('boolean %s is false', (v) =>
    expect(check('/v1/search', `highlight=${v}`)).toMatchObject({ ok: true, params: { highlight: false } }),
  )
  test('bad boolean', () =>
    expect(check('/v1/search', 'full_text=maybe')).toMatchObject({
      ok: false,
      detail: [
        { type: 'bool_parsing', msg: 'Input should be a valid boolean, unable to interpret input', input: 'maybe' },
      ],
    }))

  test('every fault is reported, not just the first', () => {
    const r = check('/v1/search', 'size=0&offset=x&sort=best')
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.detail.map((d) => d.loc[1])).toEqual(['sort', 'size', 'offset'])
  })

  test('unknown parameters are ignored and the last repeated value wins', () => {
    expect(check('/v1/search', 'size=5&size=7&colour=blue')).toMatchObject({ ok: true, params: { size: 7 } })
  })

  test('lists: trimmed, empties dropped, country upper, lang lower', () => {
    expect(check('/v1/search', 'country= us, ,gb,&lang=EN,Pt')).toMatchObject({
      ok: true,
      params: { country: ['US', 'GB'], lang: ['en', 'pt'] },
    })
  })

  test('unknown category is a 422', () =>
    expect(check('/v1/trends', 'category=sport,weather')).toMatchObject({
      ok: false,
      detail: [{ loc: ['query', 'category'], type: 'literal_error' }],
    }))

  test('unknown field name is a 422', () =>
    expect(check('/v1/search', 'fields=title,colour')).toMatchObject({
      ok: false,
      detail: [{ loc: ['query', 'fields'], type: 'literal_error' }],
    }))

  test('fields keep the order given', () =>
    expect(check('/v1/search', 'fields=url,title')).toMatchObject({ ok: true, params: { fields: ['url', 'title'] } }))

  test.each([
    '2026-11-01',
    '2026-11-01T10:00:00Z',
    '2026-11-01T12:00:00+02:00',
    '1793534400',
    'now',
    'now-7d',
    'now-90m',
    'now-2w',
  ])('range form %s is accepted', (v) => expect(check('/v1/btc/price', `from=${encodeURIComponent(v)}`).ok).toBe(true))
  test.each(['yesterday', '2026-02-30', 'now+1d', 'now-5y', '11/21/2026'])('range form %s is a value_error', (v) =>
    expect(check('/v1/btc/price', `from=${encodeURIComponent(v)}`)).toMatchObject({
      ok: false,
      detail: [{ loc: ['query', 'from'], type: 'value_error' }],
    }),
  )

  test('from >= to is a 422 on to', () =>
    expect(check('/v1/btc/price', 'from=2026-11-02&to=2026-11-01')).toMatchObject({
      ok: false,
      detail: [{ loc: ['query', 'to'], type: 'value_error' }],
    }))

  test.each([
    ['15m', true],
    ['24h', true],
    ['30d', true],
    ['14m', false],
    ['31d', false],
    ['1w', false],
    ['abc', false],
  ])('trend window %s accepted: %p', (w, ok) => expect(check('/v1/trends', `window=${w}`).ok).toBe(ok as boolean))

  test.each([
    ['7d', true],
    ['1y', true],
    ['52w', true],
    ['2y', false],
    ['366d', false],
    ['30m', false],
  ])('market window %s accepted: %p', (w, ok) =>
    expect(check('/v1/markets/{slug}', `window=${w}`).ok).toBe(ok as boolean),
  )

  test.each([
    [{ cc: 'u1', slug: 'x' }, 'cc'],
    [{ cc: 'us', slug: '../etc/passwd' }, 'slug'],
    [{ cc: 'us', slug: 'a%00b' }, 'slug'],
  ])('path values are allow-listed: %p', (values, bad) => {
    const spec = findEndpoint('/v1/trends/{cc}/{slug}')
    if (!spec) throw new Error('missing')
    expect(validateRequest(spec, new URLSearchParams(), values, NOW)).toMatchObject({
      ok: false,
      detail: [{ loc: ['path', bad] }],
    })
  })

  test('non-ASCII slugs are allowed', () => {
    const spec = findEndpoint('/v1/trends/{cc}/{slug}')
    if (!spec) throw new Error('missing')
    expect(validateRequest(spec, new URLSearchParams(), { cc: 'br', slug: 'eleição-no-são-paulo' }, NOW).ok).toBe(true)
  })
})
