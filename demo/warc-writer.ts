/**
 * Serialises one planned hour into a CC-NEWS-style WARC file: a warcinfo record, then for every
 * page its request, response and metadata records, each in its own gzip member. Malformed records
 * are planted here (a truncated member, a wrong Content-Length, a corrupted gzip payload), always in
 * their own member so that a reader can resynchronise at the next one.
 */
import { createHash } from 'node:crypto'
import iconv from 'iconv-lite'
import { isoZ, parts, rfc1123 } from './dates.ts'
import { escapeHtml, renderArticlePage, renderNotFoundPage, renderRedirectPage } from './html.ts'
import { LANG_PACKS } from './lang/index.ts'
import { type ArticleSpec, type HourPlan, type PlannedRecord, siteBase } from './plan.ts'
import { HOUR_MS } from './prices.ts'
import { hashKey, mix32, Rng, TAG } from './prng.ts'
import type { Publisher } from './publishers.ts'
import { makeBody, personName, syndicationNote } from './text.ts'

const CRLF = '\r\n'
const CC_NEWS_START_HOUR = Date.UTC(2016, 7, 26) / HOUR_MS
const USER_AGENT = 'CCBot/2.0 (https://commoncrawl.org/faq/)'
const ENCODER = new TextEncoder()
const RECORD_END = ENCODER.encode('\r\n\r\n')

/** Byte arrays backed by a plain ArrayBuffer (what Bun.gzipSync accepts). */
type Bytes = Uint8Array<ArrayBuffer>

export interface WarcOptions {
  seed: number
  /** gzip level of the WARC members (1 = fastest). */
  gzipLevel: number
}

export interface RenderedHour {
  /** Path relative to the archive root, `warc/YYYY/MM/DD/CC-NEWS-….warc.gz`. */
  relPath: string
  filename: string
  bytes: Bytes
}

export function warcFileName(hour: number): string {
  const p = parts(hour * HOUR_MS)
  const serial = String((((hour - CC_NEWS_START_HOUR) % 100000) + 100000) % 100000).padStart(5, '0')
  return `CC-NEWS-${p.y}${p.m}${p.d}${p.hh}${p.mm}${p.ss}-${serial}.warc.gz`
}

export function warcRelPath(hour: number): string {
  const p = parts(hour * HOUR_MS)
  return `warc/${p.y}/${p.m}/${p.d}/${warcFileName(hour)}`
}

/** Index of the response record of planned page `i` in its file (warcinfo is record 0). */
export function responseRecordIndex(i: number): number {
  return 2 + 3 * i
}

/**
 * Growable byte buffer reused for every record of an hour: strings are encoded straight into it
 * (no intermediate arrays), and a record is gzipped from a view of it.
 */
class Scratch {
  buf: Bytes = new Uint8Array(1 << 16)
  len = 0

  reset(): this {
    this.len = 0
    return this
  }

  private ensure(extra: number): void {
    if (this.len + extra <= this.buf.length) return
    const grown = new Uint8Array(Math.max(this.buf.length * 2, this.len + extra))
    grown.set(this.buf.subarray(0, this.len))
    this.buf = grown
  }

  text(value: string): this {
    this.ensure(value.length * 3)
    this.len += ENCODER.encodeInto(value, this.buf.subarray(this.len)).written
    return this
  }

  bytes(value: Bytes): this {
    this.ensure(value.length)
    this.buf.set(value, this.len)
    this.len += value.length
    return this
  }

  view(length = this.len): Bytes {
    return this.buf.subarray(0, length)
  }
}

export function renderHour(plan: HourPlan, options: WarcOptions): RenderedHour {
  const { hour } = plan
  const filename = warcFileName(hour)
  const members: Bytes[] = []
  const scratch = new Scratch()
  const page = new Scratch()
  const uuid = (recordIndex: number): string => recordId(options.seed, hour, recordIndex)
  const warcinfoId = uuid(0)
  const info = [
    'software: newsdesk-demo-generator/1 (CC-NEWS layout, synthetic content)',
    'format: WARC File Format 1.0',
    'conformsTo: https://iipc.github.io/warc-specifications/specifications/warc-format/warc-1.0/',
    'isPartOf: CC-NEWS-DEMO',
    `description: Synthetic news crawl for ${isoZ(hour * HOUR_MS)}, seed ${options.seed}`,
    'robots: checked via crawler-commons',
    `http-header-user-agent: ${USER_AGENT}`,
    '',
  ].join(CRLF)
  const infoHead = warcHead(
    [
      ['WARC-Type', 'warcinfo'],
      ['WARC-Date', isoZ(hour * HOUR_MS)],
      ['WARC-Filename', filename],
      ['WARC-Record-ID', warcinfoId],
      ['Content-Type', 'application/warc-fields'],
    ],
    info.length,
  )
  members.push(gzip(scratch.reset().text(infoHead).text(info).bytes(RECORD_END).view(), options))

  plan.records.forEach((rec, i) => {
    const requestId = uuid(1 + 3 * i)
    const responseId = uuid(2 + 3 * i)
    const date = isoZ(rec.crawlMs)
    const { host, path } = splitUrl(rec.targetUri)
    // Request, response head and metadata are ASCII: string length is byte length.
    const request = `GET ${path} HTTP/1.1${CRLF}Host: ${host}${CRLF}User-Agent: ${USER_AGENT}${CRLF}Accept: text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8${CRLF}Accept-Language: ${acceptLanguage(rec.publisher)}${CRLF}Accept-Encoding: br,gzip${CRLF}Connection: Keep-Alive${CRLF}${CRLF}`
    const requestHead = warcHead(
      [
        ['WARC-Type', 'request'],
        ['WARC-Date', date],
        ['WARC-Record-ID', requestId],
        ['Content-Type', 'application/http; msgtype=request'],
        ['WARC-Warcinfo-ID', warcinfoId],
        ['WARC-IP-Address', rec.publisher.ip],
        ['WARC-Target-URI', rec.targetUri],
        ['WARC-Block-Digest', sha1Base32(request)],
      ],
      request.length,
    )
    members.push(gzipStored(scratch.reset().text(requestHead).text(request).bytes(RECORD_END).view()))

    const response = httpResponse(rec, options.seed, page)
    const blockLength = response.head.length + response.payload.length
    let declaredLength = blockLength
    if (rec.malformed === 'bad_content_length') {
      // Content-Length smaller than the block: bytes are left over before the record end.
      declaredLength = blockLength - Math.min(blockLength - 1, 16 + (rec.key % 200))
    }
    const responseHead = warcHead(
      [
        ['WARC-Type', 'response'],
        ['WARC-Date', date],
        ['WARC-Record-ID', responseId],
        ['Content-Type', 'application/http; msgtype=response'],
        ['WARC-Warcinfo-ID', warcinfoId],
        ['WARC-Concurrent-To', requestId],
        ['WARC-IP-Address', rec.publisher.ip],
        ['WARC-Target-URI', rec.targetUri],
        ['WARC-Payload-Digest', sha1Base32(response.payload)],
        ['WARC-Block-Digest', sha1Base32(response.head, response.payload)],
        ['WARC-Identified-Payload-Type', response.identifiedType],
      ],
      declaredLength,
    )
    scratch.reset().text(responseHead).text(response.head).bytes(response.payload)
    if (rec.malformed === 'truncated') {
      // The member ends part-way through the block: fewer bytes than Content-Length says.
      const keep = Math.floor(blockLength * (0.3 + 0.4 * ((rec.key % 97) / 97)))
      members.push(gzip(scratch.view(responseHead.length + keep), options))
    } else {
      members.push(gzip(scratch.bytes(RECORD_END).view(), options))
    }

    const meta = `fetchTimeMs: ${40 + (hashKey(options.seed, rec.key, 17) % 900)}${CRLF}${response.charset === '' ? '' : `charset-detected: ${response.charset}${CRLF}`}`
    const metaHead = warcHead(
      [
        ['WARC-Type', 'metadata'],
        ['WARC-Date', date],
        ['WARC-Record-ID', uuid(3 + 3 * i)],
        ['WARC-Warcinfo-ID', warcinfoId],
        ['WARC-Concurrent-To', responseId],
        ['WARC-Target-URI', rec.targetUri],
        ['Content-Type', 'application/warc-fields'],
      ],
      meta.length,
    )
    members.push(gzipStored(scratch.reset().text(metaHead).text(meta).bytes(RECORD_END).view()))
  })

  return { relPath: warcRelPath(hour), filename, bytes: concatAll(members) }
}

interface HttpResponse {
  /** Status line and headers, ASCII. */
  head: string
  payload: Bytes
  identifiedType: string
  /** Charset of an HTML payload, empty for other types. */
  charset: string
}

function httpResponse(rec: PlannedRecord, seed: number, page: Scratch): HttpResponse {
  const pub = rec.publisher
  switch (rec.kind) {
    case 'article': {
      const spec = rec.article
      if (spec === null) throw new Error('article record without article')
      const html = renderArticlePage(pageInput(spec, seed))
      const charsetLabel =
        pub.charset === 'shift_jis'
          ? 'Shift_JIS'
          : pub.charset === 'windows-1251'
            ? 'windows-1251'
            : pub.index % 2 === 0
              ? 'utf-8'
              : 'UTF-8'
      const body =
        pub.charset === 'utf-8'
          ? page.reset().text(html).view()
          : new Uint8Array(iconv.encode(html, pub.charset === 'shift_jis' ? 'Shift_JIS' : 'win1251'))
      const contentType = pub.charsetInHeader ? `text/html; charset=${charsetLabel}` : 'text/html'
      const transfer = rec.malformed === 'corrupt_payload' ? 'gzip' : pub.transfer
      return {
        ...encodeResponse(rec, 200, 'OK', contentType, body, transfer, rec.malformed === 'corrupt_payload', [
          `Last-Modified: ${rfc1123(spec.publishedMs)}`,
        ]),
        identifiedType: 'text/html',
        charset: charsetLabel === 'utf-8' ? 'UTF-8' : charsetLabel,
      }
    }
    case 'robots': {
      const body = ENCODER.encode(
        `User-agent: *\nDisallow: /admin/\nDisallow: /search\nCrawl-delay: 1\n\nSitemap: ${siteBase(pub)}/sitemap.xml\nSitemap: ${siteBase(pub)}/news-sitemap.xml\n`,
      )
      return {
        ...encodeResponse(rec, 200, 'OK', 'text/plain; charset=utf-8', body, 'identity', false, []),
        identifiedType: 'text/plain',
        charset: '',
      }
    }
    case 'json': {
      const items = [1, 2, 3].map((i) => ({
        id: rec.key - i * 11,
        url: `${siteBase(pub)}/articles/${rec.key - i * 11}`,
        section: LANG_PACKS[pub.lang].sections.politics[0],
      }))
      const body = ENCODER.encode(JSON.stringify({ page: 1, per_page: 3, articles: items }))
      return {
        ...encodeResponse(rec, 200, 'OK', 'application/json', body, 'identity', false, []),
        identifiedType: 'application/json',
        charset: '',
      }
    }
    case 'image': {
      const rng = new Rng(hashKey(seed, TAG.body, rec.key))
      const size = 800 + rng.int(3200)
      const body = new Uint8Array(size)
      body.set([
        0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01,
        0x00, 0x00,
      ])
      for (let i = 20; i < size - 2; i++) body[i] = rng.int(256)
      body[size - 2] = 0xff
      body[size - 1] = 0xd9
      return {
        ...encodeResponse(rec, 200, 'OK', 'image/jpeg', body, 'identity', false, []),
        identifiedType: 'image/jpeg',
        charset: '',
      }
    }
    case 'redirect': {
      const location = rec.targetUri.replace('http://', `https://${pub.www ? 'www.' : ''}`)
      const body = ENCODER.encode(renderRedirectPage(escapeHtml(location)))
      return {
        ...encodeResponse(rec, 301, 'Moved Permanently', 'text/html', body, 'identity', false, [
          `Location: ${location}`,
        ]),
        identifiedType: 'text/html',
        charset: '',
      }
    }
    case 'not-found': {
      const body = ENCODER.encode(renderNotFoundPage(pub))
      return {
        ...encodeResponse(rec, 404, 'Not Found', 'text/html; charset=utf-8', body, 'identity', false, []),
        identifiedType: 'text/html',
        charset: 'UTF-8',
      }
    }
  }
}

/** Body paragraphs, authors and tags of an article; a syndicated copy reuses its original's. */
export function pageInput(
  spec: ArticleSpec,
  seed: number,
): { spec: ArticleSpec; paragraphs: string[]; authors: string[]; tags: string[] } {
  const source = spec.original ?? spec
  const rng = new Rng(hashKey(seed, TAG.body, source.id))
  const paragraphs = makeBody(
    { lang: source.lang, slots: source.slots, lead: source.lead, bitcoin: source.bitcoin },
    rng,
  )
  if (spec.original !== null) paragraphs.push(syndicationNote(spec.lang, spec.original.publisher.name))
  const pack = LANG_PACKS[source.lang]
  const authors = spec.publisher.hasAuthors
    ? rng.chance(0.25)
      ? [personName(pack, rng), personName(pack, rng)]
      : [personName(pack, rng)]
    : []
  const tags = [pack.sections[source.slots.category][1], source.slots.place.name]
  if (source.bitcoin !== null) tags.push(pack.bitcoin.names[0] ?? 'Bitcoin')
  return { spec, paragraphs, authors, tags }
}

function encodeResponse(
  rec: PlannedRecord,
  status: number,
  reason: string,
  contentType: string,
  body: Bytes,
  transfer: string,
  corrupt: boolean,
  extra: readonly string[],
): { head: string; payload: Bytes } {
  let payload = body
  const lines = [
    `HTTP/1.1 ${status} ${reason}`,
    `Date: ${rfc1123(rec.crawlMs)}`,
    `Server: ${rec.publisher.server}`,
    `Content-Type: ${contentType}`,
  ]
  if (transfer === 'gzip' || transfer === 'gzip-chunked') {
    payload = Bun.gzipSync(payload, { level: 1 })
    if (corrupt) payload = corruptGzip(payload)
    lines.push('Content-Encoding: gzip')
  }
  if (transfer === 'chunked' || transfer === 'gzip-chunked') {
    payload = chunk(payload, rec.publisher.index % 2 === 0 ? 4096 : 1400)
    lines.push('Transfer-Encoding: chunked')
  } else {
    lines.push(`Content-Length: ${payload.length}`)
  }
  lines.push(...extra, 'Cache-Control: public, max-age=300', 'Vary: Accept-Encoding', 'Connection: close', '', '')
  return { head: lines.join(CRLF), payload }
}

/** Keeps the first 55% of a gzip stream and scrambles part of it: no decoder can finish it. */
function corruptGzip(gz: Bytes): Bytes {
  const cut = gz.slice(0, Math.max(24, Math.floor(gz.length * 0.55)))
  for (let i = 12; i < Math.min(cut.length, 28); i++) cut[i] = (cut[i] ?? 0) ^ 0x5a
  return cut
}

function chunk(payload: Bytes, size: number): Bytes {
  const pieces: Bytes[] = []
  for (let offset = 0; offset < payload.length; offset += size) {
    const piece = payload.subarray(offset, Math.min(payload.length, offset + size))
    pieces.push(ENCODER.encode(`${piece.length.toString(16)}${CRLF}`), piece, ENCODER.encode(CRLF))
  }
  pieces.push(ENCODER.encode(`0${CRLF}${CRLF}`))
  return concatAll(pieces)
}

/** WARC record header: `WARC/1.0`, the fields with Content-Length after WARC-Record-ID, blank line. */
function warcHead(fields: readonly [string, string][], declaredLength: number): string {
  let head = 'WARC/1.0\r\n'
  for (const [name, value] of fields) {
    head += `${name}: ${value}\r\n`
    if (name === 'WARC-Record-ID') head += `Content-Length: ${declaredLength}\r\n`
  }
  return `${head}\r\n`
}

function gzip(data: Bytes, options: WarcOptions): Bytes {
  return Bun.gzipSync(data, { level: options.gzipLevel as 1 })
}

function acceptLanguage(pub: Publisher): string {
  return pub.lang === 'en' ? 'en-US,en;q=0.5' : `${pub.lang},en-US;q=0.7,en;q=0.3`
}

/** `<urn:uuid:…>` derived from (seed, hour, record index): the same record always gets the same id. */
export function recordId(seed: number, hour: number, recordIndex: number): string {
  const base = hashKey(seed, TAG.uuid, hour, recordIndex)
  const hex = (k: number): string =>
    mix32(base ^ Math.imul(k, 0x9e3779b9))
      .toString(16)
      .padStart(8, '0')
  const a = hex(1)
  const b = hex(2)
  const c = hex(3)
  const d = hex(4)
  const variant = ((parseInt(c.charAt(0), 16) & 0x3) | 0x8).toString(16)
  return `<urn:uuid:${a}-${b.slice(0, 4)}-4${b.slice(5, 8)}-${variant}${c.slice(1, 4)}-${c.slice(4)}${d}>`
}

/** `https://host/path?query` → host and request target, without the cost of a URL object. */
function splitUrl(url: string): { host: string; path: string } {
  const start = url.indexOf('://') + 3
  const slash = url.indexOf('/', start)
  return slash < 0 ? { host: url.slice(start), path: '/' } : { host: url.slice(start, slash), path: url.slice(slash) }
}

const CRC_TABLE = (() => {
  const table = new Int32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    table[n] = c
  }
  return table
})()

function crc32(data: Bytes): number {
  let crc = -1
  for (let i = 0; i < data.length; i++) crc = (CRC_TABLE[(crc ^ (data[i] ?? 0)) & 0xff] ?? 0) ^ (crc >>> 8)
  return (crc ^ -1) >>> 0
}

/**
 * A gzip member whose deflate data are stored blocks (no compression). Used for the small request
 * and metadata records: still one valid gzip member per record, at a fraction of a zlib call's cost.
 */
export function gzipStored(data: Bytes): Bytes {
  const blocks = Math.max(1, Math.ceil(data.length / 65535))
  const out = new Uint8Array(10 + blocks * 5 + data.length + 8)
  out.set([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])
  let o = 10
  for (let b = 0; b < blocks; b++) {
    const start = b * 65535
    const len = Math.min(65535, data.length - start)
    out[o++] = b === blocks - 1 ? 1 : 0
    out[o++] = len & 0xff
    out[o++] = len >>> 8
    out[o++] = ~len & 0xff
    out[o++] = (~len >>> 8) & 0xff
    out.set(data.subarray(start, start + len), o)
    o += len
  }
  const crc = crc32(data)
  out[o++] = crc & 0xff
  out[o++] = (crc >>> 8) & 0xff
  out[o++] = (crc >>> 16) & 0xff
  out[o++] = crc >>> 24
  const size = data.length >>> 0
  out[o++] = size & 0xff
  out[o++] = (size >>> 8) & 0xff
  out[o++] = (size >>> 16) & 0xff
  out[o] = size >>> 24
  return out
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** `sha1:` + base32 digest of the concatenated pieces (strings are ASCII), as in WARC-Block-Digest. */
export function sha1Base32(...pieces: readonly (Bytes | string)[]): string {
  const hash = createHash('sha1')
  for (const piece of pieces) {
    if (typeof piece === 'string') hash.update(piece, 'latin1')
    else hash.update(piece)
  }
  const digest = hash.digest()
  let out = 'sha1:'
  let buffer = 0
  let bits = 0
  for (const byte of digest) {
    buffer = (buffer << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += BASE32.charAt((buffer >>> (bits - 5)) & 31)
      bits -= 5
    }
    buffer &= (1 << bits) - 1
  }
  if (bits > 0) out += BASE32.charAt((buffer << (5 - bits)) & 31)
  return out
}

function concatAll(pieces: readonly Bytes[]): Bytes {
  let size = 0
  for (const p of pieces) size += p.length
  const out = new Uint8Array(size)
  let offset = 0
  for (const p of pieces) {
    out.set(p, offset)
    offset += p.length
  }
  return out
}
