/** Hand-built WARC files for the reader's tests: records written byte by byte, no library in between. */
import { mulberry32 as seededRandom } from '../../core/random.ts'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { readWarc, type ReadWarcOptions } from '../../batch/warc/reader.ts'
import type { HtmlResponse, SkippedRecord, WarcEvent } from '../../batch/warc/types.ts'

const enc = new TextEncoder()

export type Bytes = Uint8Array
export type Layout = 'record-gzip' | 'whole-gzip' | 'plain'
export const LAYOUTS: Layout[] = ['record-gzip', 'whole-gzip', 'plain']

export function bytesOf(data: string | Bytes): Bytes {
  return typeof data === 'string' ? enc.encode(data) : data
}

export function concat(parts: readonly Bytes[]): Bytes {
  return Buffer.concat(parts)
}

export interface RecordSpec {
  type: string
  version?: '1.0' | '1.1'
  targetUri?: string
  date?: string
  id?: string
  contentType?: string
  block: string | Bytes
  /** Overrides the true block length, to write a lying header. */
  contentLength?: number
  extraHeaders?: [string, string][]
}

/** A record id that tests can name: `recordId(7)`. */
export function recordId(n: number): string {
  return `<urn:uuid:00000000-0000-4000-8000-${String(n).padStart(12, '0')}>`
}

/** The default id is derived from the record's content, so fixtures don't depend on test order. */
function contentId(type: string, targetUri: string | undefined, block: Bytes): string {
  return recordId(
    Number(BigInt(Bun.hash(concat([bytesOf(`${type} ${targetUri ?? ''} `), block]))) % 1_000_000_000_000n),
  )
}

/** One record: header block, blank line, content block, `\r\n\r\n`. */
export function warcRecord(spec: RecordSpec): Bytes {
  const block = bytesOf(spec.block)
  const lines = [
    `WARC/${spec.version ?? '1.0'}`,
    `WARC-Type: ${spec.type}`,
    `WARC-Date: ${spec.date ?? '2024-01-15T08:30:00Z'}`,
    `WARC-Record-ID: ${spec.id ?? contentId(spec.type, spec.targetUri, block)}`,
    ...(spec.targetUri === undefined ? [] : [`WARC-Target-URI: ${spec.targetUri}`]),
    ...(spec.contentType === undefined ? [] : [`Content-Type: ${spec.contentType}`]),
    ...(spec.extraHeaders ?? []).map(([name, value]) => `${name}: ${value}`),
    `Content-Length: ${spec.contentLength ?? block.length}`,
  ]
  return concat([bytesOf(`${lines.join('\r\n')}\r\n\r\n`), block, bytesOf('\r\n\r\n')])
}

export interface HttpSpec {
  status?: number
  reason?: string
  headers?: [string, string][]
  body: string | Bytes
}

export function httpResponse(spec: HttpSpec): Bytes {
  const status = spec.status ?? 200
  const head = [`HTTP/1.1 ${status} ${spec.reason ?? (status === 200 ? 'OK' : 'Other')}`]
  for (const [name, value] of spec.headers ?? []) head.push(`${name}: ${value}`)
  return concat([bytesOf(`${head.join('\r\n')}\r\n\r\n`), bytesOf(spec.body)])
}

export function responseRecord(targetUri: string, http: HttpSpec, extra: Partial<RecordSpec> = {}): Bytes {
  return warcRecord({
    type: 'response',
    targetUri,
    contentType: 'application/http; msgtype=response',
    block: httpResponse(http),
    ...extra,
  })
}

export function requestRecord(targetUri: string, extra: Partial<RecordSpec> = {}): Bytes {
  const host = new URL(targetUri).host
  return warcRecord({
    type: 'request',
    targetUri,
    contentType: 'application/http; msgtype=request',
    block: `GET ${new URL(targetUri).pathname} HTTP/1.1\r\nHost: ${host}\r\nAccept: text/html\r\n\r\n`,
    ...extra,
  })
}

export function warcinfoRecord(extra: Partial<RecordSpec> = {}): Bytes {
  return warcRecord({
    type: 'warcinfo',
    contentType: 'application/warc-fields',
    block: 'software: newsdesk-test\r\nformat: WARC File Format 1.1\r\n',
    ...extra,
  })
}

/** Lays records out as a file: one gzip member each, one member for all, or uncompressed. */
export function layOut(records: readonly Bytes[], layout: Layout): Bytes {
  if (layout === 'record-gzip') return concat(records.map((r) => zlib.gzipSync(r)))
  if (layout === 'whole-gzip') return zlib.gzipSync(concat(records))
  return concat(records)
}

/** HTTP/1.1 chunked transfer coding with the given chunk sizes (the last size repeats). */
export function chunked(body: Bytes, sizes: number[]): Bytes {
  const parts: Bytes[] = []
  let pos = 0
  let i = 0
  while (pos < body.length) {
    const size = Math.min(sizes[Math.min(i++, sizes.length - 1)] ?? body.length, body.length - pos)
    parts.push(bytesOf(`${size.toString(16)}\r\n`), body.subarray(pos, pos + size), bytesOf('\r\n'))
    pos += size
  }
  parts.push(bytesOf('0\r\n\r\n'))
  return concat(parts)
}

/** A scratch folder removed by the returned cleanup. */
export function scratchDir(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'newsdesk-warc-'))
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) }
}

export function writeFixture(dir: string, name: string, bytes: Bytes): string {
  const file = path.join(dir, name)
  writeFileSync(file, bytes)
  return file
}

export async function collect(source: string, opts?: ReadWarcOptions): Promise<WarcEvent[]> {
  const events: WarcEvent[] = []
  for await (const event of readWarc(source, opts)) events.push(event)
  return events
}

export function htmlEvents(events: readonly WarcEvent[]): HtmlResponse[] {
  return events.filter((e): e is HtmlResponse => e.kind === 'html')
}

export function skipEvents(events: readonly WarcEvent[]): SkippedRecord[] {
  return events.filter((e): e is SkippedRecord => e.kind === 'skip')
}

/** One line per event, for compact whole-stream assertions. */
export function summarize(events: readonly WarcEvent[]): string[] {
  return events.map((e) =>
    e.kind === 'html' ? `${e.index} html ${e.targetUri}` : `${e.index} ${e.reason} ${e.targetUri}`,
  )
}

/** A page whose text is easy to recognise after decoding. */
export function page(title: string, body: string, head = '<meta charset="utf-8">'): string {
  return `<!DOCTYPE html>\n<html><head>${head}<title>${title}</title></head><body><p>${body}</p></body></html>\n`
}

export { seededRandom }

/** 'html' or the skip reason. */
export function outcome(event: WarcEvent | undefined): string {
  return event === undefined ? 'none' : event.kind === 'html' ? 'html' : event.reason
}
