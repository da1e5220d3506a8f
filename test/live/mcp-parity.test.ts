/**
 * Every MCP tool, called with the SDK's own client over a real loopback listen, answers exactly
 * what the same HTTP GET answers: structured content = the JSON body, the text copy = the body's
 * bytes (the whole document for RSS and Atom), errors = the same 422 body. The clock is pinned
 * (fixtureApp), so both answers are for the same instant.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { isoSeconds } from '../../core/config.ts'
import { ENDPOINTS, type EndpointSpec, toolName } from '../../core/endpoints.ts'
import { FIXTURE_NOW } from '../support/fixture-store.ts'
import { fixtureApp, listenOnLoopback } from './app-support.ts'

const f = fixtureApp()
let base = ''
const client = new Client({ name: 'parity', version: '1.0.0' })
/** Values for path parameters and required query parameters, taken from the fixture's own answers. */
const samples = { trend: { cc: '', slug: '' }, instrument: '', articleUrl: '' }

beforeAll(async () => {
  base = listenOnLoopback(f.app)
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)))
  const trends = (await (await fetch(`${base}/v1/trends?size=1`)).json()) as {
    trends: { country: string; slug: string }[]
  }
  const markets = (await (await fetch(`${base}/v1/markets`)).json()) as { instruments: { slug: string }[] }
  const search = (await (await fetch(`${base}/v1/search?size=1`)).json()) as { results: { url: string }[] }
  samples.trend = { cc: trends.trends[0]?.country ?? '', slug: trends.trends[0]?.slug ?? '' }
  samples.instrument = markets.instruments[0]?.slug ?? ''
  samples.articleUrl = search.results[0]?.url ?? ''
})
afterAll(async () => {
  await client.close()
  await f.app.stop()
  f.cleanup()
})

type Args = Record<string, string | number | boolean>

/** The smallest valid arguments: path parameters and required query parameters only. */
function requiredArgs(e: EndpointSpec): Args {
  const args: Args = {}
  for (const name of Object.keys(e.pathParams)) {
    const value =
      e.group === 'trends' && (name === 'cc' || name === 'slug')
        ? samples.trend[name]
        : e.group === 'markets' && name === 'slug'
          ? samples.instrument
          : name === 'key'
            ? 'place:paris'
            : undefined
    if (value === undefined || value === '') throw new Error(`no sample value for path parameter ${name} of ${e.path}`)
    args[name] = value
  }
  for (const name of e.required) {
    if (name !== 'url') throw new Error(`no sample value for required parameter ${name} of ${e.path}`)
    args[name] = samples.articleUrl
  }
  return args
}

/** The HTTP URL for the same arguments: path values substituted, the rest as query parameters in the given order. */
function httpUrl(e: EndpointSpec, args: Args): string {
  let path = e.path
  const query = new URLSearchParams()
  for (const [name, value] of Object.entries(args)) {
    if (name in e.pathParams) path = path.replace(`{${name}}`, encodeURIComponent(String(value)))
    else query.set(name, String(value))
  }
  const qs = query.toString()
  return `${base}${path}${qs === '' ? '' : `?${qs}`}`
}

/** Query arguments in registry order, so the MCP side's URL (feed self links) is the same string. */
function inRegistryOrder(e: EndpointSpec, args: Args): Args {
  const ordered: Args = {}
  for (const name of [...Object.keys(e.pathParams), ...Object.keys(e.query)]) {
    const value = args[name]
    if (value !== undefined) ordered[name] = value
  }
  return ordered
}

interface ToolResult {
  isError?: boolean
  structuredContent?: Record<string, unknown>
  content: { type: string; text?: string }[]
}

async function both(e: EndpointSpec, args: Args) {
  const ordered = inRegistryOrder(e, args)
  const http = await fetch(httpUrl(e, ordered))
  const httpText = await http.text()
  const tool = (await client.callTool({ name: toolName(e.path), arguments: ordered })) as ToolResult
  expect(tool.content.length).toBe(1)
  const first = tool.content[0]
  expect(first?.type).toBe('text')
  return { http, httpText, tool, toolText: first?.text ?? '' }
}

const isXmlFeed = (e: EndpointSpec) => e.path === '/v1/rss' || e.path === '/v1/atom'

describe('every tool with default arguments answers what HTTP answers', () => {
  test('the table covers the whole registry', () => {
    // The contract's 20 and the two entity endpoints (issue 27).
    expect(ENDPOINTS.length).toBe(22)
  })

  test.each(ENDPOINTS.map((e) => [toolName(e.path), e] as const))('%s', async (_name, e) => {
    const { http, httpText, tool, toolText } = await both(e, requiredArgs(e))
    expect(http.status).toBe(200)
    expect(tool.isError ?? false).toBe(false)
    expect(toolText).toBe(httpText)
    if (isXmlFeed(e)) {
      expect(tool.structuredContent).toBeUndefined()
      expect(toolText).toStartWith('<?xml')
    } else {
      const body = JSON.parse(httpText) as Record<string, unknown>
      expect(tool.structuredContent).toEqual(body)
      expect(JSON.parse(toolText)).toEqual(body)
    }
  })

  test('both answers are for the pinned instant', async () => {
    const search = ENDPOINTS.find((e) => e.path === '/v1/search') as EndpointSpec
    const { tool } = await both(search, {})
    expect(tool.structuredContent?.to).toBe(isoSeconds(FIXTURE_NOW))
  })
})

describe('non-default arguments reach the endpoint', () => {
  const cases: { path: string; args: () => Args; check: (body: Record<string, unknown>) => void }[] = [
    {
      path: '/v1/search',
      args: () => ({
        q: 'market',
        size: 7,
        offset: 2,
        sort: 'date_asc',
        highlight: true,
        country: 'gb,us',
        fields: 'url,title',
      }),
      check: (b) => {
        expect(b).toMatchObject({ q: 'market', size: 7, offset: 2, sort: 'date_asc' })
        const results = b.results as Record<string, unknown>[]
        expect(results.length).toBe(7)
        for (const r of results) expect(Object.keys(r)).toEqual(['url', 'title'])
      },
    },
    {
      path: '/v1/stats',
      args: () => ({ lang: 'fr', top: 2 }),
      check: (b) => expect((b.hosts as unknown[]).length).toBe(2),
    },
    {
      path: '/v1/trends',
      args: () => ({ window: '7d', size: 3, sort: 'title', headlines: 0 }),
      check: (b) => expect(b).toMatchObject({ window: '7d', size: 3 }),
    },
    {
      path: '/v1/btc/price',
      args: () => ({ interval: 'day', from: '2026-11-01', to: '2026-11-08' }),
      check: (b) => expect(b).toMatchObject({ interval: 'day' }),
    },
    {
      path: '/v1/btc/correlation',
      args: () => ({ max_shift: 2 }),
      check: (b) => expect((b.by_shift as { shift: number }[]).map((s) => s.shift)).toEqual([-2, -1, 0, 1, 2]),
    },
    {
      path: '/v1/markets/{slug}',
      args: () => ({ slug: 'gold', window: '30d' }),
      check: (b) => expect(b).toMatchObject({ window: '30d', instrument: { slug: 'gold' } }),
    },
    {
      path: '/v1/article',
      args: () => ({ url: samples.articleUrl, full_text: false }),
      check: (b) => expect(b.text).toBeUndefined(),
    },
  ]
  test.each(cases.map((c) => [c.path, c] as const))('%s', async (_path, c) => {
    const e = ENDPOINTS.find((x) => x.path === c.path) as EndpointSpec
    const { http, httpText, tool, toolText } = await both(e, c.args())
    expect(http.status).toBe(200)
    expect(toolText).toBe(httpText)
    const body = JSON.parse(httpText) as Record<string, unknown>
    expect(tool.structuredContent).toEqual(body)
    c.check(body)
  })
})

describe('an out-of-bounds argument is an error result carrying the 422 body', () => {
  test.each([
    ['/v1/search', { size: 101 }, 'less_than_equal'],
    ['/v1/btc/price', { interval: 'month' }, 'literal_error'],
    ['/v1/markets/{slug}', { slug: 'Not A Slug' }, 'value_error'],
  ] as const)('%s %o', async (path, args, type) => {
    const e = ENDPOINTS.find((x) => x.path === path) as EndpointSpec
    const { http, httpText, tool, toolText } = await both(e, args)
    expect(http.status).toBe(422)
    expect(tool.isError).toBe(true)
    expect(tool.structuredContent).toBeUndefined()
    expect(toolText).toBe(httpText)
    const body = JSON.parse(toolText) as { detail: { type: string; loc: unknown[] }[] }
    expect(body.detail.map((d) => d.type)).toEqual([type])
    expect(body.detail[0]?.loc).toEqual([path.includes('{') ? 'path' : 'query', Object.keys(args)[0]])
  })
})
