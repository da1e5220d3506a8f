/**
 * A CC-NEWS-style WARC of given pages: a warcinfo record, then one response record per page
 * (HTTP/1.1 200, the page as UTF-8 HTML), each record its own gzip member, as CC-NEWS files are
 * and as bench/real-trends-corpus.ts writes them; digests as demo/warc-writer.ts writes them.
 * Used by bench/entities-path.ts and its tests to put labelled text through the real ingest.
 */
import { writeFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { sha1Base32 } from '../demo/warc-bytes.ts'

export interface ResponsePage {
  /** WARC-Target-URI. */
  url: string
  html: string
  /** WARC-Date, ISO 8601 UTC to the second (`2026-11-27T10:00:00Z`). */
  date: string
  /** HTTP Content-Type (default `text/html; charset=utf-8`). */
  contentType?: string
}

const enc = new TextEncoder()

function member(fields: readonly [string, string][], block: Uint8Array): Buffer {
  let head = 'WARC/1.0\r\n'
  for (const [name, value] of fields) head += `${name}: ${value}\r\n`
  head += `Content-Length: ${block.length}\r\n\r\n`
  return gzipSync(Buffer.concat([enc.encode(head), block, enc.encode('\r\n\r\n')]))
}

const recordId = (n: number) => `<urn:uuid:00000000-0000-4000-8000-${String(n).padStart(12, '0')}>`

/** The WARC file's bytes. */
export function responseWarc(pages: readonly ResponsePage[], software = 'newsdesk bench'): Buffer {
  const members: Buffer[] = [
    member(
      [
        ['WARC-Type', 'warcinfo'],
        ['WARC-Date', pages[0]?.date ?? '2026-01-01T00:00:00Z'],
        ['WARC-Record-ID', recordId(0)],
        ['Content-Type', 'application/warc-fields'],
      ],
      enc.encode(`software: ${software}\r\nformat: WARC File Format 1.0\r\n`),
    ),
  ]
  pages.forEach((p, i) => {
    const payload = enc.encode(p.html)
    const head = enc.encode(
      `HTTP/1.1 200 OK\r\nContent-Type: ${p.contentType ?? 'text/html; charset=utf-8'}\r\nContent-Length: ${payload.length}\r\n\r\n`,
    )
    members.push(
      member(
        [
          ['WARC-Type', 'response'],
          ['WARC-Date', p.date],
          ['WARC-Record-ID', recordId(i + 1)],
          ['Content-Type', 'application/http; msgtype=response'],
          ['WARC-Target-URI', p.url],
          ['WARC-Payload-Digest', sha1Base32(payload)],
          ['WARC-Block-Digest', sha1Base32(head, payload)],
        ],
        Buffer.concat([head, payload]),
      ),
    )
  })
  return Buffer.concat(members)
}

export function writeResponseWarc(path: string, pages: readonly ResponsePage[], software?: string): void {
  writeFileSync(path, responseWarc(pages, software))
}
