/**
 * Issue 9, item 6: the limits of live/limits.ts over a real loopback server built as server.ts
 * builds it (serveWithLimits): request bodies (413, declared or chunked), header sizes (431),
 * the in-flight cap (503 + Retry-After, then normal service), and silent clients (closed after
 * the idle timeout).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { connect } from 'node:net'
import { createApp } from '../../live/app.ts'
import { capConcurrency, LIMITS, serveWithLimits } from '../../live/limits.ts'
import { MCP_MAX_BODY_BYTES } from '../../live/mcp.ts'

const app = createApp({
  data: () => null,
  clock: () => new Date('2026-11-21T14:00:00Z'),
  uptimeSeconds: () => 0,
  version: 'test',
})
let server: ReturnType<typeof serveWithLimits>
let base = ''
/**
 * Bun closes a connection whose headers never complete after its own fixed ~12 s, whatever
 * idleTimeout says (measured with 1 s and 10 s). That client starts as soon as the server
 * listens, so its wait overlaps the rest of the file instead of adding 12 s to it.
 */
let halfHeaders: Promise<{ ms: number } | { error: unknown }>

beforeAll(() => {
  server = serveWithLimits(app, { port: 0, hostname: '127.0.0.1' }, { ...LIMITS, idleTimeoutSeconds: 1 })
  base = `http://127.0.0.1:${server.port}`
  halfHeaders = silentClient('GET /openapi.json HTTP/1.1\r\nHost: localhost\r\nX-Slow: ', 20_000).then(
    (ms) => ({ ms }),
    (error: unknown) => ({ error }),
  )
})
afterAll(() => server.stop(true))

const mcpHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }

describe('request bodies on /mcp', () => {
  test('a declared length over 1 MiB is a 413 from the app itself', async () => {
    const res = await app.handle(
      new Request('http://localhost/mcp', {
        method: 'POST',
        headers: { ...mcpHeaders, 'content-length': String(MCP_MAX_BODY_BYTES + 1) },
        body: 'x',
      }),
    )
    expect(res.status).toBe(413)
    expect(((await res.json()) as { detail: string }).detail).toContain(String(MCP_MAX_BODY_BYTES))
  })

  test.each([
    { name: 'declared', chunked: false },
    { name: 'chunked (no Content-Length)', chunked: true },
  ])('over the wire, $name: 413', async ({ chunked }) => {
    const big = new Uint8Array(MCP_MAX_BODY_BYTES + 1024).fill(0x20)
    const body = chunked
      ? new ReadableStream({
          start(c) {
            for (let i = 0; i < big.byteLength; i += 65536) c.enqueue(big.subarray(i, i + 65536))
            c.close()
          },
        })
      : big
    const res = await fetch(`${base}/mcp`, { method: 'POST', headers: mcpHeaders, body })
    expect(res.status).toBe(413)
  })

  test('a small MCP call still works', async () => {
    const res = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: mcpHeaders,
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    })
    expect(res.status).toBe(200)
  })
})

describe('header sizes', () => {
  test.each([
    { name: 'well under', bytes: 8 * 1024, want: 200 },
    { name: 'just under', bytes: LIMITS.maxHeaderBytes - 1024, want: 200 },
    { name: 'over', bytes: LIMITS.maxHeaderBytes + 1024, want: 431 },
    { name: 'far over', bytes: 256 * 1024, want: 431 },
  ])('$name the limit ($bytes bytes): $want', async ({ bytes, want }) => {
    const res = await fetch(`${base}/openapi.json`, { headers: { 'x-padding': 'a'.repeat(bytes) } })
    expect(res.status).toBe(want)
    await res.arrayBuffer()
  })
})

describe('the in-flight cap', () => {
  test('over the cap: 503 with Retry-After; under it again: served', async () => {
    let release = () => undefined as void
    const gate = new Promise<void>((r) => {
      release = r
    })
    const slow = capConcurrency(
      async () => {
        await gate
        return new Response('ok')
      },
      2,
      1,
    )
    const capped = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: slow })
    try {
      const url = `http://127.0.0.1:${capped.port}/`
      const held = [fetch(url), fetch(url)]
      await Bun.sleep(50)
      const busy = await fetch(url)
      expect(busy.status).toBe(503)
      expect(busy.headers.get('retry-after')).toBe('1')
      expect(((await busy.json()) as { detail: string }).detail).toContain('Too many requests in flight')
      release()
      expect(await Promise.all(held.map(async (p) => (await p).status))).toEqual([200, 200])
      expect((await fetch(url)).status).toBe(200)
    } finally {
      capped.stop(true)
    }
  })

  test('a handler that throws frees its slot', async () => {
    const f = capConcurrency(
      () => {
        throw new Error('boom')
      },
      1,
      1,
    )
    expect(() => f(new Request('http://localhost/'))).toThrow('boom')
    expect(() => f(new Request('http://localhost/'))).toThrow('boom')
  })
})

/** Opens a socket, writes `data`, stays silent; resolves with the ms until the server closes it. */
function silentClient(data: string, giveUpMs: number): Promise<number> {
  const started = performance.now()
  return new Promise<number>((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: Number(server.port) }, () => socket.write(data))
    socket.on('data', () => undefined)
    socket.on('close', () => resolve(performance.now() - started))
    socket.on('error', () => undefined)
    setTimeout(() => {
      socket.destroy()
      reject(new Error(`not closed within ${giveUpMs} ms`))
    }, giveUpMs)
  })
}

describe('slow clients (idle timeout 1 s here, 10 s in production)', () => {
  test('half a body then silence, and a kept-alive connection after its answer: both closed', async () => {
    const ms = await Promise.all([
      silentClient('POST /mcp HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\n\r\n{"js', 10_000),
      silentClient('GET /openapi.json HTTP/1.1\r\nHost: localhost\r\n\r\n', 10_000),
    ])
    // uSockets checks timeouts every 4 s: a silent connection goes 1-5 s after a 1 s idleTimeout
    // (measured: 4.0 s; with production's 10 s, 12 s).
    for (const m of ms) expect(m).toBeGreaterThanOrEqual(900)
    for (const m of ms) expect(m).toBeLessThan(8_500)
    expect((await fetch(`${base}/openapi.json`)).status).toBe(200)
  }, 12_000)

  test('half the headers, then silence: closed by Bun within 15 s', async () => {
    const r = await halfHeaders
    if ('error' in r) throw r.error
    expect(r.ms).toBeLessThan(15_000)
    expect((await fetch(`${base}/openapi.json`)).status).toBe(200)
  }, 25_000)
})
