/** A WARC written by `wget --warc-file` from pages served on loopback goes through ingest with the right fields. */
import { afterAll, expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { ingest } from '../../batch/ingest/run.ts'
import { openStore } from '../../store/open.ts'
import { tempDir } from '../support/tmp.ts'
import { WGET, wgetForTests } from '../support/wget.ts'

const hasWget = wgetForTests('test/ingest/wget-ingest.test.ts')
const tmp = tempDir('wget')
afterAll(() => tmp.cleanup())

const PAGES: Record<string, { title: string; published: string; body: string }> = {
  '/news/storm-hits-coast.html': {
    title: 'Storm hits the northern coast',
    published: '2026-11-20T08:30:00Z',
    body: 'Heavy rain and wind closed roads along the coast on Friday morning, officials said.',
  },
  '/news/markets-close-higher.html': {
    title: 'Markets close higher after rate decision',
    published: '2026-11-19T17:05:00+01:00',
    body: 'Shares rose across the region after the central bank held its main rate steady.',
  },
}

function page(path: string): string {
  const p = PAGES[path]
  if (p === undefined) return ''
  const paragraphs = Array.from(
    { length: 6 },
    (_, i) => `<p>${p.body} Paragraph ${i + 1} adds more detail for readers who follow the story closely.</p>`,
  ).join('')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${p.title} | Loopback News</title>
<meta property="article:published_time" content="${p.published}"><meta name="description" content="${p.body}"></head>
<body><nav><a href="/">Home</a></nav><article><h1>${p.title}</h1>${paragraphs}</article></body></html>`
}

test.skipIf(!hasWget)('wget --warc-file output is ingested with titles, dates and hosts', async () => {
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(req) {
      const path = new URL(req.url).pathname
      if (path === '/')
        return new Response(
          `<html><body>${Object.keys(PAGES)
            .map((p) => `<a href="${p}">x</a>`)
            .join('')}</body></html>`,
          { headers: { 'content-type': 'text/html' } },
        )
      const html = page(path)
      return html === ''
        ? new Response('not found', { status: 404 })
        : new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } })
    },
  })
  try {
    const base = `http://127.0.0.1:${server.port}/`
    const warc = join(tmp.dir, 'crawl')
    const proc = Bun.spawn(
      [WGET, '-q', '-r', '-l1', '--no-warc-keep-log', `--warc-file=${warc}`, '-P', join(tmp.dir, 'files'), base],
      { stdout: 'ignore', stderr: 'ignore' },
    )
    await proc.exited
    expect(existsSync(`${warc}.warc.gz`)).toBe(true)
    const db = openStore(join(tmp.dir, 's.sqlite'))
    const s = await ingest({ db, sources: [`${warc}.warc.gz`], now: new Date('2026-11-21T14:00:00Z'), workers: 0 })
    expect(s.files_failed).toEqual([])
    const rows = db
      .query<{ url: string; title: string; published_at: number; host: string; date_source: string }, []>(
        'SELECT url, title, published_at, host, date_source FROM articles ORDER BY url',
      )
      .all()
    const expected = Object.entries(PAGES)
      .map(([path, p]) => ({
        url: `${base.slice(0, -1)}${path}`,
        title: p.title,
        published_at: Date.parse(p.published) / 1000,
        host: '127.0.0.1',
        date_source: 'meta',
      }))
      .sort((a, b) => a.url.localeCompare(b.url))
    expect(rows).toEqual(expected)
    db.close()
  } finally {
    server.stop(true)
  }
})
