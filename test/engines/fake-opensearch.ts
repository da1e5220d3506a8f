/**
 * A stand-in HTTP server for the transport test (a separate process: the test's own thread blocks
 * while the synchronous transport waits). Answers from test/fixtures/opensearch and records each
 * request, which `GET /__requests` returns.
 */
import { readFileSync } from 'node:fs'

const fixture = (name: string) => readFileSync(new URL(`../fixtures/opensearch/${name}.json`, import.meta.url), 'utf8')
const seen: { method: string; path: string; query: string; contentType: string; body: string }[] = []

const server = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  async fetch(req) {
    const url = new URL(req.url)
    if (url.pathname === '/__requests') return Response.json(seen)
    seen.push({ method: req.method, path: url.pathname, query: url.search, contentType: req.headers.get('content-type') ?? '', body: await req.text() })
    const json = (text: string, status = 200) => new Response(text, { status, headers: { 'content-type': 'application/json' } })
    if (url.pathname.startsWith('/missing')) return json(fixture('index-not-found'), 404)
    if (url.pathname === '/_bulk') return json(fixture('bulk-ok'))
    if (url.pathname.endsWith('/_search')) return json(fixture('search-date'))
    return json('{"acknowledged":true}')
  },
})
console.log(server.port)
