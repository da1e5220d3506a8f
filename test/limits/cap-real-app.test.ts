/**
 * Issue 9: "a concurrency cap with a clear 503 and Retry-After", on the real app over the fixture
 * store, listening through serveWithLimits exactly as live/server.ts does, with a cap of 4.
 *
 * What holds a slot: capConcurrency counts a request until its Response is ready, not until the
 * body is sent, and the API's GET routes answer synchronously (the page and docs assets await
 * only a cached build or a file handle). A POST /mcp whose body has not all arrived does stay in
 * flight: the MCP transport awaits the whole body. So
 * the held clients here are raw sockets that send an MCP request's headers and half its body.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { connect, type Socket } from 'node:net'
import { LIMITS, serveWithLimits } from '../../live/limits.ts'
import { fixtureApp } from '../live/app-support.ts'

const CAP = 4
/** Neither the production 1 s nor the app's own no-data 30 s, so the header is this cap's. */
const RETRY_AFTER_S = 7

const fixture = fixtureApp()
let server: ReturnType<typeof serveWithLimits>
let base = ''

beforeAll(() => {
  server = serveWithLimits(
    fixture.app,
    { port: 0, hostname: '127.0.0.1' },
    { ...LIMITS, maxInFlight: CAP, busyRetryAfterSeconds: RETRY_AFTER_S },
  )
  base = `http://127.0.0.1:${server.port}`
})
afterAll(() => {
  server.stop(true)
  fixture.cleanup()
})

const TOOLS_LIST = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' })
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }

interface HeldClient {
  /** Everything the server has sent on this socket so far. */
  received: () => string
  /** Sends the rest of the body; resolves with the whole raw answer once the server closes. */
  finish: () => Promise<string>
  /** Drops the connection mid-body; resolves once the socket is closed. */
  drop: () => Promise<void>
}

/** An MCP tools/list whose body stops half way: admitted, then in flight until finished or dropped. */
async function holdMcp(): Promise<HeldClient> {
  const half = Math.floor(TOOLS_LIST.length / 2)
  const head = `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nConnection: close\r\nContent-Length: ${TOOLS_LIST.length}\r\n\r\n`
  let data = ''
  const socket: Socket = connect({ host: '127.0.0.1', port: Number(server.port) })
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()))
  socket.on('data', (chunk: Buffer) => {
    data += chunk.toString('utf8')
  })
  socket.on('error', () => undefined)
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
  socket.write(head + TOOLS_LIST.slice(0, half))
  return {
    received: () => data,
    finish: async () => {
      socket.end(TOOLS_LIST.slice(half))
      await closed
      return data
    },
    drop: async () => {
      socket.destroy()
      await closed
    },
  }
}

/** Waits until Bun itself reports `n` requests pending (an observer independent of the cap). */
async function untilPending(n: number): Promise<void> {
  for (let i = 0; i < 200 && server.pendingRequests !== n; i++) await Bun.sleep(5)
  expect(server.pendingRequests).toBe(n)
}

/** Requests of every kind the node serves; under a full cap each must be the cap's 503. */
const FURTHER: { name: string; path: string; init?: RequestInit }[] = [
  { name: 'GET /health', path: '/health' },
  { name: 'search with full_text', path: '/v1/search?q=bitcoin&full_text=true&limit=100' },
  { name: 'feed', path: '/v1/feed.json' },
  { name: 'POST /mcp tools/list', path: '/mcp', init: { method: 'POST', headers: MCP_HEADERS, body: TOOLS_LIST } },
  { name: 'an unknown path', path: '/nope' },
]

async function expectBusy(name: string, path: string, init?: RequestInit): Promise<void> {
  const res = await fetch(`${base}${path}`, init)
  const text = await res.text()
  expect({ name, status: res.status }).toEqual({ name, status: 503 })
  expect(res.headers.get('retry-after')).toBe(String(RETRY_AFTER_S))
  expect(res.headers.get('content-type')).toContain('application/json')
  expect(res.headers.get('cache-control')).toBe('no-store')
  const body = JSON.parse(text) as Record<string, unknown>
  // The contract's error format: exactly {detail: string}, a sentence, nothing from a stack.
  expect(Object.keys(body)).toEqual(['detail'])
  expect(typeof body.detail).toBe('string')
  expect(body.detail).toContain(`over ${CAP}`)
  expect(body.detail).toContain(`${RETRY_AFTER_S} s`)
  expect(text).not.toMatch(/\bat .+:\d+:\d+|Error:|\/work\/|node_modules/)
}

describe(`the in-flight cap on the real app (cap ${CAP}, Retry-After ${RETRY_AFTER_S})`, () => {
  test('full: every further request is the 503; released: back to normal, and the count is exactly 0', async () => {
    const held = await Promise.all(Array.from({ length: CAP }, holdMcp))
    await untilPending(CAP)
    for (const { name, path, init } of FURTHER) await expectBusy(name, path, init)
    // Rejected requests take no slot: still exactly CAP pending, and the held ones were admitted
    // (a 503 would have reached them at once).
    expect(server.pendingRequests).toBe(CAP)
    for (const h of held) expect(h.received()).toBe('')

    // Two finish their bodies and get their real answer; two hang up mid-body.
    const answers = await Promise.all(held.slice(0, 2).map((h) => h.finish()))
    for (const raw of answers) {
      expect(raw).toStartWith('HTTP/1.1 200')
      expect(raw).toContain('"tools":[')
    }
    await Promise.all(held.slice(2).map((h) => h.drop()))
    await untilPending(0)

    // Exactly CAP slots are free again: CAP new held clients are all admitted and the next is
    // refused. A slot leaked by a dropped or finished client would refuse one of the CAP.
    const again = await Promise.all(Array.from({ length: CAP }, holdMcp))
    await untilPending(CAP)
    await expectBusy('GET /health', '/health')
    for (const h of again) expect(h.received()).toBe('')
    await Promise.all(again.map((h) => h.drop()))
    await untilPending(0)

    // Normal service: CAP + 2 requests at once (over the cap, but none held long) all answered
    // as the app answers them in-process, where no cap applies.
    const paths = [
      '/health',
      '/v1/search?q=bitcoin&full_text=true&limit=100',
      '/v1/feed.json',
      '/v1/search?q=market',
      '/openapi.json',
      '/health',
    ]
    const got = await Promise.all(
      paths.map(async (p) => {
        const res = await fetch(`${base}${p}`)
        return { status: res.status, body: await res.text() }
      }),
    )
    for (const [i, p] of paths.entries()) {
      const want = await fixture.app.handle(new Request(`${base}${p}`))
      expect(want.status).toBe(200)
      expect({ path: p, status: got[i]?.status, body: got[i]?.body }).toEqual({
        path: p,
        status: 200,
        body: await want.text(),
      })
    }
  }, 10_000)
})
