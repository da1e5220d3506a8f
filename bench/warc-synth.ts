/**
 * A synthetic CC-NEWS-like WARC for benchmarks: warcinfo, then request/response/metadata
 * triplets, one gzip member per record, HTML payloads of 5-30 KB. Seeded, so runs compare.
 */
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

export interface SyntheticWarc {
  recordGzip: string
  wholeGzip: string
  plain: string
  records: number
  htmlRecords: number
  /** Size of the uncompressed WARC. */
  rawBytes: number
}

const VOCABULARY = (
  'the of and to in a is that for on with as was by at from his her said has have are be this it an were which ' +
  'their will about after year new more market police government minister president city report people week ' +
  'would been also there over when its who up into two first last percent state official company million told ' +
  'election court energy prices inflation league season storm border talks central bank shares investors'
).split(' ')

function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = Math.imul(state ^ (state >>> 15), state | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32
  }
}

export function writeSyntheticWarc(dir: string, triplets: number, seed = 1): SyntheticWarc {
  const next = random(seed)
  const word = () => VOCABULARY[Math.floor(next() * VOCABULARY.length)] ?? 'news'
  const sentence = (n: number) => Array.from({ length: n }, word).join(' ')
  const enc = new TextEncoder()
  const record = (type: string, uri: string, contentType: string, block: Uint8Array, n: number): Uint8Array => {
    const head =
      `WARC/1.0\r\nWARC-Type: ${type}\r\nWARC-Date: 2024-01-15T08:${String(n % 60).padStart(2, '0')}:00Z\r\n` +
      `WARC-Record-ID: <urn:uuid:00000000-0000-4000-8000-${String(n).padStart(12, '0')}>\r\n` +
      `WARC-Target-URI: ${uri}\r\nContent-Type: ${contentType}\r\nContent-Length: ${block.length}\r\n\r\n`
    return Buffer.concat([enc.encode(head), block, enc.encode('\r\n\r\n')])
  }
  const records: Uint8Array[] = [
    record('warcinfo', '', 'application/warc-fields', enc.encode('software: newsdesk-bench\r\n'), 0),
  ]
  for (let i = 0; i < triplets; i++) {
    const uri = `https://news${i % 97}.example.com/2024/01/15/${sentence(4).replaceAll(' ', '-')}-${i}.html`
    const target = 5_000 + Math.floor(next() * 25_000)
    let html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${sentence(8)}</title><script>window.cfg={id:${i}}</script></head><body><nav><a href="/">Home</a> <a href="/world">World</a></nav><article><h1>${sentence(10)}</h1>`
    while (html.length < target) html += `<p class="p${i % 5}">${sentence(30 + Math.floor(next() * 40))}.</p>\n`
    html += '</article><footer>© News</footer></body></html>'
    const payload = enc.encode(html)
    const response = Buffer.concat([
      enc.encode(
        `HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: ${payload.length}\r\nServer: nginx\r\n\r\n`,
      ),
      payload,
    ])
    const request = enc.encode(
      `GET /${i}.html HTTP/1.1\r\nHost: news.example.com\r\nUser-Agent: CCBot/2.0\r\nAccept: text/html\r\n\r\n`,
    )
    const metadata = enc.encode(`fetchTimeMs: ${Math.floor(next() * 900)}\r\ncharset-detected: UTF-8\r\n`)
    records.push(
      record('request', uri, 'application/http; msgtype=request', request, 3 * i + 1),
      record('response', uri, 'application/http; msgtype=response', response, 3 * i + 2),
      record('metadata', uri, 'application/warc-fields', metadata, 3 * i + 3),
    )
  }
  const plainBytes = Buffer.concat(records)
  const files = {
    recordGzip: path.join(dir, 'synthetic.warc.gz'),
    wholeGzip: path.join(dir, 'synthetic-whole.warc.gz'),
    plain: path.join(dir, 'synthetic.warc'),
  }
  writeFileSync(files.recordGzip, Buffer.concat(records.map((r) => zlib.gzipSync(r))))
  writeFileSync(files.wholeGzip, zlib.gzipSync(plainBytes))
  writeFileSync(files.plain, plainBytes)
  return { ...files, records: records.length, htmlRecords: triplets, rawBytes: plainBytes.length }
}
