/**
 * An unexpected fault inside an answer: the search index (a createApp dependency) throws a plain
 * Error whose message and stack name a file path. Over a real listen the client gets 500
 * {"detail":"Internal error"} with an X-Request-Id, nothing of the error, and the log line carries
 * the same request id; the next request is answered normally.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { SearchIndex } from '../../core/search/types.ts'
import { fixtureApp, listenOnLoopback } from './app-support.ts'

const SECRET_PATH = '/var/lib/newsdesk/secret-store.sqlite'
let failNext = false
const logs: string[] = []

/** The real index, except that the call after `failNext = true` throws. */
function failingOnce(real: SearchIndex): SearchIndex {
  const trip = () => {
    if (failNext) {
      failNext = false
      throw new Error(`disk I/O error reading ${SECRET_PATH}`)
    }
  }
  return {
    search: (request) => (trip(), real.search(request)),
    stats: (filters, top, periodSeconds) => (trip(), real.stats(filters, top, periodSeconds)),
    volume: (fromS, toS, periodSeconds, maxSeq) => (trip(), real.volume(fromS, toS, periodSeconds, maxSeq)),
    article: (url, fullText, maxSeq) => (trip(), real.article(url, fullText, maxSeq)),
  }
}

const f = fixtureApp({ index: failingOnce, log: (line) => logs.push(line) })
let base = ''
let articleUrl = ''
beforeAll(() => {
  base = listenOnLoopback(f.app)
  articleUrl = f.articles[0]?.url ?? ''
})
afterAll(async () => {
  await f.app.stop()
  f.cleanup()
})

describe('a throwing answer is a 500 without details, and the node keeps serving', () => {
  test.each([
    ['/v1/search?q=market'],
    ['/v1/stats'],
    ['/v1/article?url=ARTICLE'],
    ['/v1/rss?q=market'],
    ['/v1/atom'],
    ['/v1/feed.json'],
  ])('%s', async (template) => {
    const path = template.replace('ARTICLE', encodeURIComponent(articleUrl))
    logs.length = 0
    failNext = true
    const r = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'identity' } })
    expect(failNext).toBe(false) // the fault really was reached
    expect(r.status).toBe(500)
    const text = await r.text()
    expect(JSON.parse(text)).toEqual({ detail: 'Internal error' })
    expect(text).toBe('{"detail":"Internal error"}')
    expect(r.headers.get('content-type')).toStartWith('application/json')
    expect(r.headers.get('cache-control')).toBe('no-store')
    const requestId = r.headers.get('x-request-id') ?? ''
    expect(requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
    for (const leak of ['secret-store', '/var/lib', 'disk I/O', 'Error', ' at ', '.ts'])
      expect(text).not.toContain(leak)
    for (const [name, value] of r.headers) expect(`${name}: ${value}`).not.toContain('secret-store')
    // The operator's log has the cause under the id the client saw.
    expect(logs.length).toBe(1)
    expect(logs[0]).toContain(requestId)
    expect(logs[0]).toContain(SECRET_PATH)

    const next = await fetch(`${base}${path}`)
    expect(next.status).toBe(200)
    expect(next.headers.get('x-request-id')).not.toBe(requestId)
    await next.arrayBuffer()
  })
})

test('over MCP the same fault is an error result with the same body', async () => {
  const client = new Client({ name: 'fault', version: '1.0.0' })
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)))
  failNext = true
  const result = (await client.callTool({ name: 'news_get_search', arguments: { q: 'market' } })) as {
    isError?: boolean
    content: { text?: string }[]
  }
  expect(failNext).toBe(false)
  expect(result.isError).toBe(true)
  expect(result.content.map((c) => c.text)).toEqual(['{"detail":"Internal error"}'])
  const again = (await client.callTool({ name: 'news_get_search', arguments: { q: 'market' } })) as {
    isError?: boolean
  }
  expect(again.isError ?? false).toBe(false)
  await client.close()
})
