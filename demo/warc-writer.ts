/**
 * Serialises one planned hour into a CC-NEWS-style WARC file: a warcinfo record, then for every
 * page its request, response and metadata records, each in its own gzip member. Malformed records
 * are planted here (a truncated member, a wrong Content-Length, a corrupted gzip payload), always in
 * their own member so that a reader can resynchronise at the next one.
 */
import { isoZ, parts } from './dates.ts'
import { httpResponse } from './http-response.ts'
import type { HourPlan } from './plan.ts'
import { HOUR_MS } from './prices.ts'
import { hashKey, mix32, TAG } from './prng.ts'
import type { Publisher } from './publishers.ts'
import { type Bytes, CRLF, ENCODER, Scratch, concatAll, gzipStored, sha1Base32 } from './warc-bytes.ts'

export { pageInput } from './http-response.ts'
export { gzipStored, sha1Base32 } from './warc-bytes.ts'

const CC_NEWS_START_HOUR = Date.UTC(2016, 7, 26) / HOUR_MS
const USER_AGENT = 'CCBot/2.0 (https://commoncrawl.org/faq/)'
const RECORD_END = ENCODER.encode('\r\n\r\n')

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
