/**
 * A record-gzipped WARC of real article pages (the extraction corpora: fundus fixtures + the
 * article-extraction benchmark, 439 pages, 265 KB of HTML on average, about what CC-NEWS records
 * hold), repeated under distinct URLs until a size is reached. Each copy's canonical link and
 * og:url are removed (else every copy would be the same article) and its ISO dates moved into the
 * 90 days before `now` (else retention would skip the store write). Shared by
 * bench/fetch-ingest.ts and bench/ingest-stages.ts so both measure the same file.
 */
import { closeSync, openSync, writeSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { loadBenchmark, loadFundus } from './extract-corpus.ts'

/** Writes the file; false (and nothing written) when the corpus is absent. */
export function writeRealPageWarc(out: string, targetBytes: number, now: Date): boolean {
  const pages = [
    ...(loadFundus() ?? []).map((p) => ({ url: p.url, html: p.html })),
    ...(loadBenchmark() ?? []).map((p) => ({ url: p.url, html: p.html })),
  ].filter((p) => /^https?:\/\//.test(p.url))
  if (pages.length === 0) return false
  const enc = new TextEncoder()
  const fd = openSync(out, 'w')
  let written = 0
  let n = 0
  const member = (type: string, uri: string, dateIso: string, contentType: string, block: Uint8Array): void => {
    const head =
      `WARC/1.0\r\nWARC-Type: ${type}\r\nWARC-Date: ${dateIso}\r\nWARC-Record-ID: <urn:uuid:00000000-0000-4000-8000-${String(n++).padStart(12, '0')}>\r\n` +
      (uri === '' ? '' : `WARC-Target-URI: ${uri}\r\n`) +
      `Content-Type: ${contentType}\r\nContent-Length: ${block.length}\r\n\r\n`
    const gz = gzipSync(Buffer.concat([enc.encode(head), block, enc.encode('\r\n\r\n')]), { level: 6 })
    writeSync(fd, gz)
    written += gz.length
  }
  member(
    'warcinfo',
    '',
    `${now.toISOString().slice(0, 19)}Z`,
    'application/warc-fields',
    enc.encode('software: newsdesk bench/real-warc\r\n'),
  )
  for (let copy = 0; written < targetBytes; copy++) {
    const day = new Date(now.getTime() - (1 + (copy % 60)) * 86_400_000).toISOString().slice(0, 10)
    for (const p of pages) {
      if (written >= targetBytes) break
      const u = new URL(p.url)
      u.searchParams.set('copy', String(copy))
      const html = p.html
        .replace(/<link\b[^>]*\brel=["']?canonical\b[^>]*>/gi, '')
        .replace(/<meta\b[^>]*\bproperty=["']og:url["'][^>]*>/gi, '')
        .replace(/\b(?:19|20)\d\d-[01]\d-[0-3]\d(?=[T "'<])/g, day)
      const payload = enc.encode(html)
      const response = Buffer.concat([
        enc.encode(
          `HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: ${payload.length}\r\n\r\n`,
        ),
        payload,
      ])
      member('response', u.href, `${day}T12:00:00Z`, 'application/http; msgtype=response', response)
    }
  }
  closeSync(fd)
  return true
}
