import { afterAll, describe, expect, test } from 'bun:test'
import { readWarc } from '../../batch/warc/reader.ts'
import type { WarcEvent } from '../../batch/warc/types.ts'
import {
  LAYOUTS,
  collect,
  layOut,
  outcome,
  page,
  requestRecord,
  responseRecord,
  scratchDir,
  seededRandom,
  summarize,
  writeFixture,
  type Bytes,
} from './warc-fixture.ts'

const scratch = scratchDir()
afterAll(scratch.cleanup)

const NAMES = Array.from({ length: 8 }, (_, i) => `story-${i}`)
const uri = (name: string) => `https://news.example.com/${name}`
const RECORDS = NAMES.flatMap((name) => [
  requestRecord(uri(name)),
  responseRecord(uri(name), {
    headers: [['Content-Type', 'text/html; charset=utf-8']],
    body: page(name, words(3000, name.length + name.charCodeAt(6))),
  }),
])

/** Seeded words: pages that do not compress to almost nothing, so the file spans many chunks. */
function words(count: number, seed: number): string {
  const random = seededRandom(seed)
  return Array.from({ length: count }, () => Math.floor(random() * 1e6).toString(36)).join(' ')
}
const FILE = layOut(RECORDS, 'record-gzip')
const CHUNK_BYTES = 4096

/**
 * Serves `bytes` at /x.warc.gz: as one body with a Content-Length, or (`stream`) in small
 * chunks, holding back the second half until `gate` resolves.
 */
function serve(bytes: Bytes, stream?: { gate: Promise<void> }) {
  return Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(req) {
      if (new URL(req.url).pathname !== '/x.warc.gz') return new Response('not found', { status: 404 })
      if (stream === undefined)
        return new Response(Buffer.from(bytes), { headers: { 'Content-Type': 'application/warc' } })
      const gate = stream.gate
      let at = 0
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (at >= bytes.length / 2) await gate
          if (at >= bytes.length) return controller.close()
          controller.enqueue(bytes.slice(at, at + CHUNK_BYTES))
          at += CHUNK_BYTES
        },
      })
      return new Response(body, { headers: { 'Content-Type': 'application/warc' } })
    },
  })
}

/** A raw TCP server announcing `bytes` in full, sending only the first `sent`, then closing the connection. */
function serveCutOff(bytes: Bytes, sent: number) {
  return Bun.listen({
    hostname: '127.0.0.1',
    port: 0,
    socket: {
      data(socket) {
        socket.write(`HTTP/1.1 200 OK\r\nContent-Type: application/warc\r\nContent-Length: ${bytes.length}\r\n\r\n`)
        socket.write(bytes.subarray(0, sent))
        setTimeout(() => socket.end(), 20)
      },
    },
  })
}

describe('http(s) sources', () => {
  test('a URL yields the same events as the file', async () => {
    const server = serve(FILE)
    try {
      const url = `http://127.0.0.1:${server.port}/x.warc.gz`
      const progress: [number, number | null][] = []
      const remote = await collect(url, { onProgress: (read, total) => progress.push([read, total]) })
      const local = await collect(writeFixture(scratch.dir, 'x.warc.gz', FILE))
      expect(remote.map((e) => ({ ...e, source: '' }))).toEqual(local.map((e) => ({ ...e, source: '' })))
      expect(remote.every((e) => e.source === url)).toBe(true)
      expect(remote.filter((e) => e.kind === 'html')).toHaveLength(NAMES.length)
      expect(progress.at(-1)).toEqual([FILE.length, FILE.length])
      expect(progress.map(([read]) => read)).toEqual(progress.map(([read]) => read).sort((a, b) => a - b))
    } finally {
      server.stop(true)
    }
  })

  test('events arrive before the body has been sent in full (streamed, not buffered)', async () => {
    let release = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const server = serve(FILE, { gate })
    try {
      const events: WarcEvent[] = []
      // A reader that waited for the whole body would only go on once this timer opens the gate.
      let openedByTimer = false
      const deadline = setTimeout(() => {
        openedByTimer = true
        release()
      }, 3000)
      for await (const event of readWarc(`http://127.0.0.1:${server.port}/x.warc.gz`)) {
        events.push(event)
        if (event.kind === 'html') release()
      }
      clearTimeout(deadline)
      expect(FILE.length).toBeGreaterThan(16 * CHUNK_BYTES)
      expect(openedByTimer).toBe(false)
      expect(events.filter((e) => e.kind === 'html')).toHaveLength(NAMES.length)
    } finally {
      server.stop(true)
    }
  })

  test.each(LAYOUTS)(
    '%s: the connection drops mid-file → the records before it, then one truncated skip',
    async (layout) => {
      const bytes = layOut(RECORDS, layout)
      const server = serveCutOff(bytes, Math.floor(bytes.length * 0.55))
      try {
        const events = await collect(`http://127.0.0.1:${server.port}/x.warc.gz`)
        const outcomes = events.map(outcome)
        expect(outcomes.at(-1)).toBe('truncated')
        expect(outcomes.filter((o) => o === 'truncated')).toHaveLength(1)
        const html = events.filter((e) => e.kind === 'html').map((e) => e.targetUri)
        expect(html.length).toBeGreaterThanOrEqual(layout === 'whole-gzip' ? 2 : 3)
        expect(html).toEqual(NAMES.slice(0, html.length).map(uri))
      } finally {
        server.stop(true)
      }
    },
  )

  test('the connection drops exactly between two records → still reported as truncated', async () => {
    const cut = layOut(RECORDS.slice(0, 4), 'record-gzip').length
    const server = serveCutOff(FILE, cut)
    try {
      const events = await collect(`http://127.0.0.1:${server.port}/x.warc.gz`)
      expect(summarize(events).slice(-2)).toEqual([`3 html ${uri(NAMES[1] ?? '')}`, '4 truncated '])
    } finally {
      server.stop(true)
    }
  })

  test('an HTTP error status is thrown, with the URL and status in the message', async () => {
    const server = serve(FILE)
    try {
      const url = `http://127.0.0.1:${server.port}/missing.warc.gz`
      await expect(collect(url)).rejects.toThrow(`cannot fetch WARC ${url}: HTTP 404`)
    } finally {
      server.stop(true)
    }
  })

  test('the injected fetch is the one used', async () => {
    const server = serve(FILE)
    try {
      const asked: string[] = []
      const events = await collect(`http://127.0.0.1:${server.port}/x.warc.gz`, {
        fetch: (input, init) => {
          asked.push(input)
          return fetch(input, init)
        },
      })
      expect(asked).toEqual([`http://127.0.0.1:${server.port}/x.warc.gz`])
      expect(events.length).toBe(RECORDS.length)
    } finally {
      server.stop(true)
    }
  })

  test('aborting stops the stream with the abort reason', async () => {
    const server = serve(FILE)
    const controller = new AbortController()
    try {
      const seen: WarcEvent[] = []
      const reading = (async () => {
        for await (const event of readWarc(`http://127.0.0.1:${server.port}/x.warc.gz`, {
          signal: controller.signal,
        })) {
          seen.push(event)
          if (seen.length === 3) controller.abort(new Error('stop here'))
        }
      })()
      await expect(reading).rejects.toThrow('stop here')
      expect(seen).toHaveLength(3)
    } finally {
      server.stop(true)
    }
  })
})

test('a refused connection is thrown with the URL', async () => {
  const server = serve(FILE)
  const url = `http://127.0.0.1:${server.port}/x.warc.gz`
  server.stop(true)
  await expect(collect(url)).rejects.toThrow(`cannot fetch WARC ${url}: `)
})

test('a missing file is thrown with its path', async () => {
  const missing = `${scratch.dir}/nope.warc.gz`
  await expect(collect(missing)).rejects.toThrow(`cannot read WARC file ${missing}: ENOENT`)
})
