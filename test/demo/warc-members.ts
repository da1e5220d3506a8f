/**
 * Test-side WARC reading, independent of the generator: splits a file into its gzip members (so a
 * malformed record cannot desynchronise the rest), parses each record, decodes HTTP payloads.
 */
import { gunzipSync, inflateRawSync } from 'node:zlib'
import iconv from 'iconv-lite'

export interface Member {
  /** Byte offset of the member in the file. */
  offset: number
  compressed: Uint8Array
  data: Uint8Array
}

/** Splits a record-gzipped WARC file into members (the gzip header here is always 10 bytes, no flags). */
export function splitMembers(file: Uint8Array): Member[] {
  const members: Member[] = []
  let offset = 0
  while (offset < file.length) {
    if (file[offset] !== 0x1f || file[offset + 1] !== 0x8b || file[offset + 3] !== 0)
      throw new Error(`no plain gzip member at ${offset}`)
    const result = inflateRawSync(file.subarray(offset + 10), { info: true }) as unknown as {
      buffer: Buffer
      engine: { bytesWritten: number }
    }
    const length = 10 + result.engine.bytesWritten + 8
    members.push({ offset, compressed: file.subarray(offset, offset + length), data: new Uint8Array(result.buffer) })
    offset += length
  }
  return members
}

export interface RawRecord {
  type: string
  headers: Map<string, string>
  declaredLength: number
  block: Uint8Array
  /** The member holds fewer bytes than Content-Length. */
  truncated: boolean
  /** Bytes after the declared block other than the CRLF CRLF record end. */
  leftover: number
}

const decoder = new TextDecoder('latin1')

export function parseRecord(data: Uint8Array): RawRecord {
  const text = decoder.decode(data.subarray(0, Math.min(data.length, 8192)))
  const end = text.indexOf('\r\n\r\n')
  if (!text.startsWith('WARC/1.0\r\n') || end < 0) throw new Error('not a WARC record')
  const headers = new Map<string, string>()
  for (const line of text.slice(10, end).split('\r\n')) {
    const colon = line.indexOf(':')
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim())
  }
  const declaredLength = Number(headers.get('content-length'))
  const start = end + 4
  const available = data.length - start
  const truncated = available < declaredLength
  const block = data.subarray(start, start + Math.min(available, declaredLength))
  const rest = truncated ? 0 : available - declaredLength
  const leftover = rest === 4 && decoder.decode(data.subarray(start + declaredLength)) === '\r\n\r\n' ? 0 : rest
  return { type: headers.get('warc-type') ?? '', headers, declaredLength, block, truncated, leftover }
}

export interface HttpMessage {
  status: number
  headers: Map<string, string>
  /** Entity after de-chunking and content decoding; null when decoding failed. */
  body: Uint8Array | null
  error: string
}

export function parseHttp(block: Uint8Array): HttpMessage {
  const text = decoder.decode(block.subarray(0, Math.min(block.length, 4096)))
  const end = text.indexOf('\r\n\r\n')
  const lines = text.slice(0, end).split('\r\n')
  const status = Number((lines[0] ?? '').split(' ')[1])
  const headers = new Map<string, string>()
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':')
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim())
  }
  let body: Uint8Array = block.subarray(end + 4)
  try {
    if (headers.get('transfer-encoding') === 'chunked') body = dechunk(body)
    if (headers.get('content-encoding') === 'gzip') body = new Uint8Array(gunzipSync(body))
  } catch (error) {
    return { status, headers, body: null, error: String(error) }
  }
  return { status, headers, body, error: '' }
}

function dechunk(data: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = []
  let offset = 0
  for (;;) {
    let lineEnd = offset
    while (data[lineEnd] !== 0x0d) lineEnd++
    const size = parseInt(decoder.decode(data.subarray(offset, lineEnd)), 16)
    if (Number.isNaN(size)) throw new Error('bad chunk size')
    offset = lineEnd + 2
    if (size === 0) break
    parts.push(data.subarray(offset, offset + size))
    offset += size + 2
  }
  return new Uint8Array(Buffer.concat(parts))
}

/** HTML text of an HTTP body, with the charset from the header or the page. */
export function decodeHtml(message: HttpMessage): { html: string; charset: string } {
  const body = message.body ?? new Uint8Array()
  const fromHeader = /charset=([\w-]+)/i.exec(message.headers.get('content-type') ?? '')?.[1]
  const fromPage = /charset=["']?([\w-]+)/i.exec(decoder.decode(body.subarray(0, 1024)))?.[1]
  const charset = (fromHeader ?? fromPage ?? 'utf-8').toLowerCase()
  return { html: iconv.decode(Buffer.from(body), charset), charset }
}

export function bareHost(url: string): string {
  const host = new URL(url).hostname.toLowerCase()
  return host.startsWith('www.') ? host.slice(4) : host
}
