/**
 * Over a real listen on loopback: every 422 error type of DECISIONS.md with its exact body
 * ({detail: [{loc, msg, type, input, ctx?}]}, pydantic v2 wording), and defaults that really apply.
 * Also: the hand-typed contract table (test/support/contract-limits.ts) and the registry list the
 * same integer parameters with the same bounds and defaults, so neither can drift from the other.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { ENDPOINTS, type EndpointSpec } from '../../core/endpoints.ts'
import { CONTRACT_INTS } from '../support/contract-limits.ts'
import { fixtureApp, listenOnLoopback } from './app-support.ts'

const f = fixtureApp()
let base = ''
let story = { country: '', slug: '' }
beforeAll(async () => {
  base = listenOnLoopback(f.app)
  const list = (await (await fetch(`${base}/v1/trends?size=1`)).json()) as {
    trends: { country: string; slug: string }[]
  }
  story = list.trends[0] ?? story
})
afterAll(async () => {
  await f.app.stop()
  f.cleanup()
})

test('CONTRACT_INTS lists exactly the registry integer parameters, with the same bounds and defaults', () => {
  const key = (c: { path: string; name: string }) => `${c.path} ${c.name}`
  const fromRegistry = ENDPOINTS.flatMap((e) =>
    Object.entries(e.query).flatMap(([name, spec]) =>
      spec.kind === 'int' ? [{ path: e.path, name, min: spec.min, max: spec.max, def: spec.default }] : [],
    ),
  )
  const byKey = (xs: readonly { path: string; name: string }[]) => [...xs].sort((a, b) => key(a).localeCompare(key(b)))
  expect(new Set(CONTRACT_INTS.map(key)).size).toBe(CONTRACT_INTS.length)
  expect(byKey(fromRegistry)).toEqual(byKey(CONTRACT_INTS))
  // Integers never sit in a path: the table would not reach them.
  for (const e of ENDPOINTS) for (const spec of Object.values(e.pathParams)) expect(spec.kind).not.toBe('int')
})

interface Issue {
  loc: (string | number)[]
  msg: string
  type: string
  input: unknown
  ctx?: Record<string, unknown>
}

async function detailOf(path: string): Promise<Issue[]> {
  const r = await fetch(`${base}${path}`)
  expect(r.status).toBe(422)
  expect(r.headers.get('content-type')).toStartWith('application/json')
  expect(r.headers.get('x-request-id')).toBeTruthy()
  const body = (await r.json()) as { detail: Issue[] }
  expect(Object.keys(body)).toEqual(['detail'])
  for (const issue of body.detail) {
    for (const k of Object.keys(issue)) expect(['loc', 'msg', 'type', 'input', 'ctx']).toContain(k)
  }
  return body.detail
}

describe('each error type, exact body', () => {
  test.each([
    ['missing', '/v1/article', [{ loc: ['query', 'url'], msg: 'Field required', type: 'missing', input: null }]],
    [
      'int_parsing',
      '/v1/search?size=abc',
      [
        {
          loc: ['query', 'size'],
          msg: 'Input should be a valid integer, unable to parse string as an integer',
          type: 'int_parsing',
          input: 'abc',
        },
      ],
    ],
    [
      'int_parsing (5.0 is not an integer string)',
      '/v1/btc/news?offset=5.0',
      [
        {
          loc: ['query', 'offset'],
          msg: 'Input should be a valid integer, unable to parse string as an integer',
          type: 'int_parsing',
          input: '5.0',
        },
      ],
    ],
    [
      'greater_than_equal',
      '/v1/search?size=0',
      [
        {
          loc: ['query', 'size'],
          msg: 'Input should be greater than or equal to 1',
          type: 'greater_than_equal',
          input: '0',
          ctx: { ge: 1 },
        },
      ],
    ],
    [
      'less_than_equal',
      '/v1/search?size=101',
      [
        {
          loc: ['query', 'size'],
          msg: 'Input should be less than or equal to 100',
          type: 'less_than_equal',
          input: '101',
          ctx: { le: 100 },
        },
      ],
    ],
    [
      'bool_parsing',
      '/v1/search?highlight=maybe',
      [
        {
          loc: ['query', 'highlight'],
          msg: 'Input should be a valid boolean, unable to interpret input',
          type: 'bool_parsing',
          input: 'maybe',
        },
      ],
    ],
    [
      'literal_error (the DECISIONS.md example)',
      '/v1/btc/price?interval=month',
      [
        {
          loc: ['query', 'interval'],
          msg: "Input should be 'hour', 'day' or 'week'",
          type: 'literal_error',
          input: 'month',
          ctx: { expected: "'hour', 'day' or 'week'" },
        },
      ],
    ],
    [
      'literal_error (search sort)',
      '/v1/search?sort=best',
      [
        {
          loc: ['query', 'sort'],
          msg: "Input should be 'date', 'date_asc', 'crawled', 'crawled_asc' or 'relevance'",
          type: 'literal_error',
          input: 'best',
          ctx: { expected: "'date', 'date_asc', 'crawled', 'crawled_asc' or 'relevance'" },
        },
      ],
    ],
    [
      'literal_error (btc sources by)',
      '/v1/btc/sources?by=planet',
      [
        {
          loc: ['query', 'by'],
          msg: "Input should be 'host', 'lang' or 'country'",
          type: 'literal_error',
          input: 'planet',
          ctx: { expected: "'host', 'lang' or 'country'" },
        },
      ],
    ],
  ] as const)('%s: %s', async (_type, path, want) => {
    expect(await detailOf(path)).toEqual(want as unknown as Issue[])
  })

  test.each([
    ['/v1/search?from=garbage', ['query', 'from'], 'garbage', ['YYYY-MM-DD', 'unix seconds', 'now']],
    ['/v1/btc/price?to=2026-13-40', ['query', 'to'], '2026-13-40', ['YYYY-MM-DD', 'unix seconds', 'now']],
    ['/v1/search?from=2026-11-10&to=2026-11-01', ['query', 'to'], '2026-11-01', ['later than from']],
    ['/v1/markets/gold?window=2y', ['query', 'window'], '2y', ['1y']],
    ['/v1/trends?window=5m', ['query', 'window'], '5m', ['15m', '30d']],
  ] as const)('value_error: %s', async (path, loc, input, mentions) => {
    const detail = await detailOf(path)
    expect(detail.length).toBe(1)
    const issue = detail[0] as Issue
    expect({ loc: issue.loc, type: issue.type, input: issue.input }).toEqual({
      loc: [...loc],
      type: 'value_error',
      input,
    })
    // pydantic's value_error: "Value error, <reason>" with the reason in ctx.error.
    const reason = issue.ctx?.error
    expect(typeof reason).toBe('string')
    expect(issue.msg).toBe(`Value error, ${String(reason)}`)
    for (const m of mentions) expect(issue.msg).toContain(m)
    expect(Object.keys(issue.ctx ?? {})).toEqual(['error'])
  })

  test('several faults are all reported, in registry order', async () => {
    const detail = await detailOf('/v1/search?size=x&sort=best&highlight=2')
    expect(detail.map((d) => [d.loc, d.type])).toEqual([
      [['query', 'sort'], 'literal_error'],
      [['query', 'size'], 'int_parsing'],
      [['query', 'highlight'], 'bool_parsing'],
    ])
  })
})

/** Every string parameter of the registry with a maximum length, one character over it. */
const longStrings = ENDPOINTS.flatMap((e) => [
  ...Object.entries(e.pathParams).flatMap(([name, spec]) =>
    spec.kind === 'string' ? [{ e, where: 'path' as const, name, max: spec.maxLength }] : [],
  ),
  ...Object.entries(e.query).flatMap(([name, spec]) =>
    spec.kind === 'string' ? [{ e, where: 'query' as const, name, max: spec.maxLength }] : [],
  ),
])

function concretePath(e: EndpointSpec, override: { name: string; value: string } | null): string {
  const valid: Record<string, string> =
    e.group === 'markets' ? { slug: 'gold' } : { cc: story.country, slug: story.slug }
  return e.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
    encodeURIComponent(override?.name === name ? override.value : (valid[name] ?? '')),
  )
}

describe('string_too_long on every string parameter with a maximum length', () => {
  test('the registry has such parameters in query and path', () => {
    expect(longStrings.some((s) => s.where === 'query')).toBe(true)
    expect(longStrings.some((s) => s.where === 'path')).toBe(true)
  })

  test.each(longStrings.map((s) => [`${s.e.path} ${s.where}:${s.name} (max ${s.max})`, s] as const))(
    '%s',
    async (_label, s) => {
      const long = 'a'.repeat(s.max + 1)
      const atMax = 'a'.repeat(s.max)
      const required = s.e.required.filter((n) => n !== s.name).map((n) => `${n}=x`)
      const url = (value: string) =>
        s.where === 'path'
          ? `${concretePath(s.e, { name: s.name, value })}${required.length > 0 ? `?${required.join('&')}` : ''}`
          : `${concretePath(s.e, null)}?${[...required, `${s.name}=${value}`].join('&')}`
      expect(await detailOf(url(long))).toEqual([
        {
          loc: [s.where, s.name],
          msg: `String should have at most ${s.max} characters`,
          type: 'string_too_long',
          input: long,
          ctx: { max_length: s.max },
        },
      ])
      // At the maximum the length is accepted (the answer may still be a 404 or a pattern error, never string_too_long).
      const r = await fetch(`${base}${url(atMax)}`)
      const text = await r.text()
      expect(text).not.toContain('string_too_long')
    },
  )
})

describe('defaults apply when a parameter is absent', () => {
  test('/v1/search: size 20, offset 0, sort date (newest first), the whole 90-day window', async () => {
    const body = (await (await fetch(`${base}/v1/search`)).json()) as {
      total: number
      size: number
      offset: number
      sort: string
      from: string
      to: string
      results: { published_at: string }[]
    }
    expect(body.total).toBeGreaterThan(20)
    expect({ size: body.size, offset: body.offset, sort: body.sort, results: body.results.length }).toEqual({
      size: 20,
      offset: 0,
      sort: 'date',
      results: 20,
    })
    const times = body.results.map((a) => Date.parse(a.published_at))
    expect(times).toEqual([...times].sort((a, b) => b - a))
    expect(Date.parse(body.to) - Date.parse(body.from)).toBe(90 * 86_400_000)
  })

  test('/v1/btc/news: size 20 of more', async () => {
    const body = (await (await fetch(`${base}/v1/btc/news`)).json()) as {
      total: number
      size: number
      offset: number
      results: unknown[]
    }
    expect(body.total).toBeGreaterThan(20)
    expect({ size: body.size, offset: body.offset, results: body.results.length }).toEqual({
      size: 20,
      offset: 0,
      results: 20,
    })
  })

  test('/v1/btc/correlation: max_shift 4 tests shifts -4..4', async () => {
    const body = (await (await fetch(`${base}/v1/btc/correlation`)).json()) as {
      interval: string
      by_shift: { shift: number }[]
    }
    expect(body.interval).toBe('day')
    expect(body.by_shift.map((s) => s.shift)).toEqual([-4, -3, -2, -1, 0, 1, 2, 3, 4])
  })

  test('/v1/btc/sources: top 25 of more groups, by host', async () => {
    const all = (await (await fetch(`${base}/v1/btc/sources?top=200`)).json()) as { buckets: unknown[] }
    expect(all.buckets.length).toBeGreaterThan(25)
    const body = (await (await fetch(`${base}/v1/btc/sources`)).json()) as { by: string; buckets: unknown[] }
    expect({ by: body.by, buckets: body.buckets.length }).toEqual({ by: 'host', buckets: 25 })
  })

  test('/v1/article: full_text defaults to true', async () => {
    const url = f.articles[3]?.url ?? ''
    const body = (await (await fetch(`${base}/v1/article?url=${encodeURIComponent(url)}`)).json()) as { text?: string }
    expect(body.text).toBe(f.articles[3]?.text)
  })

  test('unknown parameters are ignored: the answer is the default one', async () => {
    const plain = await (await fetch(`${base}/v1/search`)).text()
    expect(await (await fetch(`${base}/v1/search?colour=blue&SIZE=3`)).text()).toBe(plain)
  })
})
