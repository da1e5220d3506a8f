/** Over a real listen on loopback: headers, 304, 422/404/503, OpenAPI, MCP with the SDK's client, feeds parsed back. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import Ajv from 'ajv'
import { XMLParser } from 'fast-xml-parser'
import { ENDPOINTS, toolName } from '../../core/endpoints.ts'
import { RESPONSE_SCHEMAS } from '../../core/response-schemas.ts'
import { createApp, handlersFor, servedEndpoints } from '../../live/app.ts'
import { fixtureApp } from './app-support.ts'

const f = fixtureApp()
let base = ''
beforeAll(() => {
  f.app.listen({ port: 0, hostname: '127.0.0.1' })
  base = `http://127.0.0.1:${f.app.server?.port}`
})
afterAll(async () => {
  await f.app.stop()
  f.cleanup()
})

const ajv = new Ajv({ allErrors: true, strict: false })

describe('shared HTTP behaviour', () => {
  test('JSON, ETag, Cache-Control, X-Snapshot-Version, X-Request-Id, CORS', async () => {
    const r = await fetch(`${base}/v1/search?q=bitcoin`)
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toStartWith('application/json')
    expect(r.headers.get('etag')).toMatch(/^"[0-9a-z]+-[0-9a-z]+"$/)
    expect(r.headers.get('cache-control')).toBeTruthy()
    expect(r.headers.get('x-snapshot-version')).toBe('test-version')
    expect(r.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    expect(r.headers.get('access-control-allow-origin')).toBe('*')
  })

  test('If-None-Match with the ETag gets a 304 with no body', async () => {
    const first = await fetch(`${base}/v1/stats`)
    const etag = first.headers.get('etag') ?? ''
    const second = await fetch(`${base}/v1/stats`, { headers: { 'if-none-match': etag } })
    expect(second.status).toBe(304)
    expect(await second.text()).toBe('')
    const other = await fetch(`${base}/v1/stats`, { headers: { 'if-none-match': '"nope"' } })
    expect(other.status).toBe(200)
  })

  test.each(['gzip', 'br'])('%s when asked', async (encoding) => {
    const r = await fetch(`${base}/v1/search?size=50`, { headers: { 'accept-encoding': encoding } })
    expect(r.headers.get('content-encoding')).toBe(encoding)
    expect(((await r.json()) as { results: unknown[] }).results.length).toBe(50) // fetch decodes it
  })

  test('422 body in the contract format, no stack, no 5xx', async () => {
    const r = await fetch(`${base}/v1/search?size=101&sort=best`)
    expect(r.status).toBe(422)
    const body = (await r.json()) as { detail: { loc: unknown[] }[] }
    expect(body.detail.map((d) => d.loc)).toEqual([
      ['query', 'sort'],
      ['query', 'size'],
    ])
    expect(ajv.validate(RESPONSE_SCHEMAS['/v1/search'] ?? {}, body)).toBe(false)
  })

  test('unknown path is a 404 {detail}', async () => {
    const r = await fetch(`${base}/v1/nothing-here`)
    expect(r.status).toBe(404)
    expect(await r.json()).toEqual({ detail: 'Not Found' })
  })

  test('the service keeps serving after bad input', async () => {
    await fetch(`${base}/v1/article`)
    await fetch(`${base}/v1/search?from=garbage`)
    expect((await fetch(`${base}/health`)).status).toBe(200)
  })
})

test('503 with Retry-After while no data was ever loaded', async () => {
  const empty = createApp({ data: () => null, clock: () => new Date(0), uptimeSeconds: () => 0, version: 'x' })
  const r = await empty.handle(new Request('http://localhost/v1/search'))
  expect(r.status).toBe(503)
  expect(r.headers.get('retry-after')).toBe('30')
  expect(((await r.json()) as { detail: string }).detail).toBeString()
})

describe('200 bodies validate against their published schemas', () => {
  test.each([
    '/v1/search?q=bitcoin&highlight=true',
    '/v1/search?fields=url,lang',
    '/v1/search?full_text=1&size=3',
    '/v1/stats?country=gb,us',
    '/v1/feed.json?q=market',
    '/health',
  ])('%s', async (path) => {
    const r = await fetch(`${base}${path}`)
    expect(r.status).toBe(200)
    const schema = RESPONSE_SCHEMAS[new URL(path, base).pathname]
    const ok = ajv.validate(schema ?? false, await r.json())
    if (!ok) console.error(ajv.errorsText())
    expect(ok).toBe(true)
  })
})

describe('OpenAPI', () => {
  test('generated from the running app: served paths, bounds, defaults, 422s', async () => {
    const doc = (await (await fetch(`${base}/openapi.json`)).json()) as {
      info: { version: string }
      paths: Record<
        string,
        { get: { parameters: { name: string; schema: Record<string, unknown> }[]; responses: Record<string, unknown> } }
      >
    }
    expect(doc.info.version).toBe('1.0')
    const served = servedEndpoints(handlersFor({ version: 'x', uptimeSeconds: () => 0 })).map((e) => e.path)
    expect(Object.keys(doc.paths).sort()).toEqual([...served].sort())
    const size = doc.paths['/v1/search']?.get.parameters.find((p) => p.name === 'size')
    expect(size?.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 20 })
    for (const path of served) {
      const op = doc.paths[path]?.get
      const hasParams = (op?.parameters.length ?? 0) > 0
      expect(op?.responses['422'] !== undefined).toBe(hasParams)
      expect(op?.responses['200']).toBeDefined()
    }
    expect(doc.paths['/health']?.get.responses['422']).toBeUndefined()
  })
})

describe('MCP over Streamable HTTP with the SDK client', () => {
  test('tools are the served endpoints and a call returns the endpoint JSON', async () => {
    const client = new Client({ name: 'test', version: '1.0.0' })
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)))
    const { tools } = await client.listTools()
    const served = servedEndpoints(handlersFor({ version: 'x', uptimeSeconds: () => 0 }))
    expect(tools.map((t) => t.name).sort()).toEqual(served.map((e) => toolName(e.path)).sort())
    const searchTool = tools.find((t) => t.name === 'news_get_search')
    expect(Object.keys(searchTool?.inputSchema.properties ?? {}).sort()).toEqual(
      Object.keys(ENDPOINTS.find((e) => e.path === '/v1/search')?.query ?? {}).sort(),
    )

    const result = await client.callTool({
      name: 'news_get_search',
      arguments: { q: 'bitcoin', size: 3, country: 'GB' },
    })
    const http = await (await fetch(`${base}/v1/search?q=bitcoin&size=3&country=GB`)).json()
    expect(result.structuredContent).toEqual(http as Record<string, unknown>)
    const text = (result.content as { type: string; text: string }[])[0]?.text ?? ''
    expect(JSON.parse(text)).toEqual(http)

    const bad = await client.callTool({ name: 'news_get_search', arguments: { size: 1000 } })
    expect(bad.isError).toBe(true)
    expect((bad.content as { text: string }[])[0]?.text).toContain('less_than_equal')
    await client.close()
  })

  test('GET /mcp is refused with 405 (stateless server, no event stream)', async () => {
    expect((await fetch(`${base}/mcp`)).status).toBe(405)
  })
})

describe('feeds parsed back by an independent parser', () => {
  const xml = new XMLParser({ ignoreAttributes: false })
  test('RSS 2.0 items match the search field by field', async () => {
    const search = (await (await fetch(`${base}/v1/search?q=market&size=50`)).json()) as {
      results: { url: string; title: string; published_at: string }[]
    }
    const r = await fetch(`${base}/v1/rss?q=market`)
    expect(r.headers.get('content-type')).toStartWith('application/rss+xml')
    const doc = xml.parse(await r.text())
    expect(doc.rss['@_version']).toBe('2.0')
    expect(doc.rss.channel.title).toContain('market')
    const items = [doc.rss.channel.item].flat() as { title: string; link: string; pubDate: string }[]
    expect(items.map((i) => i.link)).toEqual(search.results.map((a) => a.url))
    items.forEach((item, n) => {
      const a = search.results[n]
      expect(String(item.title)).toBe(a?.title ?? '')
      expect(new Date(item.pubDate).toISOString().replace('.000', '')).toBe(a?.published_at ?? '')
    })
  })

  test('Atom 1.0 entries match the search', async () => {
    const search = (await (await fetch(`${base}/v1/search?q=bitcoin&size=50`)).json()) as {
      results: { url: string; published_at: string }[]
    }
    const r = await fetch(`${base}/v1/atom?q=bitcoin`)
    expect(r.headers.get('content-type')).toStartWith('application/atom+xml')
    const doc = xml.parse(await r.text())
    type Link = { '@_href': string; '@_rel'?: string }
    const entries = [doc.feed.entry].flat() as { link: Link | Link[] }[]
    const alternate = (e: { link: Link | Link[] }) =>
      [e.link].flat().find((l) => l['@_rel'] === undefined || l['@_rel'] === 'alternate')?.['@_href']
    expect(entries.map(alternate)).toEqual(search.results.map((a) => a.url))
  })

  test('hostile headline stays well-formed XML', async () => {
    const r = await fetch(`${base}/v1/rss?q=script`)
    const text = await r.text()
    const doc = xml.parse(text)
    const items = [doc.rss.channel.item].flat() as { title: string }[]
    expect(items.some((i) => String(i.title).includes('<script>'))).toBe(true)
  })

  test('JSON Feed 1.1 has the contract fields', async () => {
    const r = await fetch(`${base}/v1/feed.json?q=bitcoin&size=5`)
    expect(r.headers.get('content-type')).toStartWith('application/feed+json')
    const feed = (await r.json()) as { version: string; feed_url: string; items: Record<string, unknown>[] }
    expect(feed.version).toBe('https://jsonfeed.org/version/1.1')
    expect(feed.feed_url).toBe(`${base}/v1/feed.json?q=bitcoin&size=5`)
    expect(feed.items.length).toBe(5)
    for (const item of feed.items)
      expect(Object.keys(item)).toEqual(
        expect.arrayContaining(['id', 'url', 'title', 'summary', 'date_published', 'authors', 'tags', 'external_url']),
      )
  })
})
