/** The real-trends benchmark's corpus (bench/real-trends.ts): UCI headlines read and written as a CC-NEWS-style WARC. */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { corpusDir } from '../core/corpus-dir.ts'
import { parseCsv } from '../core/enrich/sentiment-split.ts'

const CORPUS = corpusDir(process.env)
export const CSV = join(CORPUS, 'trends/uci_news_aggregator_first3000.csv')

/** A little after the last headline (2014-03-11 10:14 UTC), so the default 24 h window holds them all. */
export const NOW = new Date('2014-03-11T12:00:00Z')

export interface RealHeadline {
  title: string
  url: string
  host: string
  story: string
  label: string
  publishedMs: number
}

export function loadHeadlines(path = CSV): RealHeadline[] {
  const rows = parseCsv(readFileSync(path, 'utf8'))
  const header = rows[0] ?? []
  const at = (name: string): number => header.indexOf(name)
  const seen = new Set<string>()
  const out: RealHeadline[] = []
  for (const row of rows.slice(1)) {
    const url = (row[at('URL')] ?? '').replace(/\\\?/g, '?')
    const title = (row[at('TITLE')] ?? '').trim()
    if (url === '' || title === '' || seen.has(url) || !/^https?:\/\//.test(url)) continue
    seen.add(url)
    out.push({
      title,
      url,
      host: row[at('HOSTNAME')] ?? '',
      story: row[at('STORY')] ?? '',
      label: row[at('CATEGORY')] ?? '',
      publishedMs: Number(row[at('TIMESTAMP')]),
    })
  }
  return out
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

function iso(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z')
}

/** One gzip member per record, as CC-NEWS files are. */
export function writeWarc(path: string, headlines: readonly RealHeadline[]): void {
  const enc = new TextEncoder()
  const members: Uint8Array[] = []
  const record = (type: string, uri: string, date: string, contentType: string, block: Uint8Array, n: number): void => {
    const head =
      `WARC/1.0\r\nWARC-Type: ${type}\r\nWARC-Date: ${date}\r\n` +
      `WARC-Record-ID: <urn:uuid:00000000-0000-4000-8000-${String(n).padStart(12, '0')}>\r\n` +
      (uri === '' ? '' : `WARC-Target-URI: ${uri}\r\n`) +
      `Content-Type: ${contentType}\r\nContent-Length: ${block.length}\r\n\r\n`
    members.push(gzipSync(Buffer.concat([enc.encode(head), block, enc.encode('\r\n\r\n')])))
  }
  record(
    'warcinfo',
    '',
    iso(NOW.getTime()),
    'application/warc-fields',
    enc.encode('software: newsdesk bench/real-trends\r\n'),
    0,
  )
  headlines.forEach((h, i) => {
    const t = escapeHtml(h.title)
    const html =
      `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${t}</title>` +
      `<meta property="og:title" content="${t}"><meta property="article:published_time" content="${iso(h.publishedMs)}">` +
      `<link rel="canonical" href="${escapeHtml(h.url)}"></head><body><article><h1>${t}</h1><p>${t}</p></article></body></html>`
    const payload = enc.encode(html)
    const response = Buffer.concat([
      enc.encode(
        `HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: ${payload.length}\r\n\r\n`,
      ),
      payload,
    ])
    // Crawled a few minutes after publication, as CC-NEWS is.
    record('response', h.url, iso(h.publishedMs + 5 * 60_000), 'application/http; msgtype=response', response, i + 1)
  })
  writeFileSync(path, Buffer.concat(members))
}
