/** The registry is the one source: registry = routes = OpenAPI paths = MCP tools, with the same parameters. */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { ENDPOINTS, toolName } from '../../core/endpoints.ts'
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

const registry = ENDPOINTS.map((e) => e.path).sort()

test('the registry has the 20 contract endpoints and every one is routed', () => {
  expect(registry.length).toBe(20)
  const routes = f.app.routes.filter((r) => r.method === 'GET').map((r) => r.path.replace(/:(\w+)/g, '{$1}'))
  for (const path of registry) expect(routes).toContain(path)
})

test('OpenAPI documents exactly the registry, each with its parameters', async () => {
  const doc = (await (await fetch(`${base}/openapi.json`)).json()) as { paths: Record<string, { get: { parameters: { name: string; in: string }[] } }> }
  expect(Object.keys(doc.paths).sort()).toEqual(registry)
  for (const e of ENDPOINTS) {
    const names = (doc.paths[e.path]?.get.parameters ?? []).map((p) => `${p.in}:${p.name}`).sort()
    const want = [...Object.keys(e.pathParams).map((n) => `path:${n}`), ...Object.keys(e.query).map((n) => `query:${n}`)].sort()
    expect(names).toEqual(want)
  }
})

test('MCP lists exactly one tool per registry endpoint with exactly its parameters', async () => {
  const client = new Client({ name: 'drift', version: '1.0.0' })
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)))
  const { tools } = await client.listTools()
  expect(tools.map((t) => t.name).sort()).toEqual(ENDPOINTS.map((e) => toolName(e.path)).sort())
  for (const e of ENDPOINTS) {
    const tool = tools.find((t) => t.name === toolName(e.path))
    expect(Object.keys(tool?.inputSchema.properties ?? {}).sort()).toEqual([...Object.keys(e.pathParams), ...Object.keys(e.query)].sort())
  }
  // the contract's tool names seen are among them
  for (const name of ['news_get_btc_summary', 'news_get_btc_price', 'news_get_btc_sentiment', 'news_get_btc_series', 'news_get_btc_correlation', 'news_get_btc_news', 'news_get_btc_sources', 'news_get_trends_cc_slug', 'news_get_markets', 'news_get_markets_slug', 'news_get_feed_json']) {
    expect(tools.map((t) => t.name)).toContain(name)
  }
  await client.close()
})
