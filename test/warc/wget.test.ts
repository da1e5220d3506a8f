/** A WARC written by GNU wget (a real, independent writer) from pages served on loopback. */
import { afterAll, expect, test } from 'bun:test'
import { readdirSync } from 'node:fs'
import path from 'node:path'
import iconv from 'iconv-lite'
import { WGET, wgetForTests } from '../support/wget.ts'
import { collect, htmlEvents, outcome, scratchDir } from './warc-fixture.ts'

const hasWget = wgetForTests('test/warc/wget.test.ts')

const scratch = scratchDir()
afterAll(scratch.cleanup)

const PAGES: Record<string, { body: Uint8Array; type: string; text: string; charset: string }> = {
  '/': {
    type: 'text/html; charset=utf-8',
    text: 'Front page: <a href="/world.html">World</a> <a href="/russia.html">Russia</a> <a href="/feed.json">Feed</a>',
    charset: 'utf-8',
    body: new Uint8Array(),
  },
  '/world.html': {
    type: 'text/html',
    text: 'Élections à Zürich — résultats',
    charset: 'utf-8',
    body: new Uint8Array(),
  },
  '/russia.html': { type: 'text/html', text: 'Новости: курс рубля', charset: 'windows-1251', body: new Uint8Array() },
}
for (const page of Object.values(PAGES)) {
  const html = `<!DOCTYPE html><html><head><meta charset="${page.charset}"><title>t</title></head><body><p>${page.text}</p></body></html>`
  page.body = iconv.encode(html, page.charset)
}

test.skipIf(!hasWget)('wget --warc-file: responses come out with their URIs, dates and decoded text', async () => {
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(req) {
      const pathname = new URL(req.url).pathname
      const page = PAGES[pathname]
      if (page) return new Response(Buffer.from(page.body), { headers: { 'Content-Type': page.type } })
      if (pathname === '/feed.json') return Response.json({ items: [] })
      return new Response('not found', { status: 404 })
    },
  })
  try {
    const origin = `http://127.0.0.1:${server.port}`
    const startedSeconds = Math.floor(Date.now() / 1000)
    const wget = Bun.spawn(
      [
        WGET,
        '--quiet',
        `--warc-file=${path.join(scratch.dir, 'x')}`,
        '--no-warc-keep-log',
        '-r',
        '-l1',
        '-P',
        path.join(scratch.dir, 'mirror'),
        `${origin}/`,
      ],
      { stdout: 'ignore', stderr: 'pipe' },
    )
    const exitCode = await wget.exited
    const endedSeconds = Math.ceil(Date.now() / 1000)
    // wget exits 8 when some fetch (robots.txt here) got an error status; the WARC is complete either way.
    expect([0, 8]).toContain(exitCode)
    const warcs = readdirSync(scratch.dir).filter((name) => name.startsWith('x.warc'))
    expect(warcs).toEqual(['x.warc.gz'])

    const events = await collect(path.join(scratch.dir, 'x.warc.gz'))
    const html = htmlEvents(events)
    expect(html.map((e) => e.targetUri).sort()).toEqual(
      Object.keys(PAGES)
        .map((p) => `${origin}${p}`)
        .sort(),
    )
    for (const event of html) {
      const page = PAGES[new URL(event.targetUri).pathname]
      expect(event.html).toContain(`<p>${page?.text}</p>`)
      expect(event.charset).toBe(page?.charset ?? '')
      expect(event.httpStatus).toBe(200)
      expect(event.warcDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/)
      const seconds = Date.parse(event.warcDate) / 1000
      expect(seconds).toBeGreaterThanOrEqual(startedSeconds - 1)
      expect(seconds).toBeLessThanOrEqual(endedSeconds + 1)
      expect(event.warcRecordId).toMatch(/^<urn:uuid:[0-9a-f-]{36}>$/)
    }
    const robots = events.find((e) => e.targetUri === `${origin}/robots.txt` && outcome(e) !== 'not-response')
    expect(outcome(robots)).toBe('http-status')
    const feed = events.find((e) => e.targetUri === `${origin}/feed.json` && outcome(e) !== 'not-response')
    expect(outcome(feed)).toBe('not-html')
    expect(events.filter((e) => e.kind === 'skip' && (e.reason === 'corrupt' || e.reason === 'truncated'))).toEqual([])
  } finally {
    server.stop(true)
  }
})
