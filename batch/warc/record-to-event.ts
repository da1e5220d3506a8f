/** Turns a framed record into what ingest sees: an HtmlResponse or a SkippedRecord with its reason. */
import { decodeHtml } from './charset.ts'
import { decodeContent } from './content-encoding.ts'
import { dechunk } from './dechunk.ts'
import { isHtmlMediaType, looksLikeHtml, mediaTypeOf } from './html-payload.ts'
import { parseHttpResponseHead, type HttpHead } from './http-message.ts'
import type { FramedRecord } from './record-framer.ts'
import type { HtmlResponse, RawHtmlResponse, RawWarcEvent, SkipReason, WarcEvent } from './types.ts'
import { targetUriOf, warcDateOf, type WarcHeaders } from './warc-headers.ts'

export function recordToEvent(record: FramedRecord, source: string, maxPayloadBytes: number): WarcEvent {
  const event = recordToRawEvent(record, source, maxPayloadBytes)
  return event.kind === 'html-bytes' ? decodeRawHtml(event) : event
}

/** As recordToEvent, but an HTML record keeps its payload as bytes (decodeRawHtml finishes it). */
export function recordToRawEvent(record: FramedRecord, source: string, maxPayloadBytes: number): RawWarcEvent {
  const nextOffset = record.kind === 'record' ? record.nextOffset : null
  const skip = (reason: SkipReason): RawWarcEvent => ({
    kind: 'skip',
    source,
    index: record.index,
    reason,
    nextOffset,
    targetUri: targetUriOf(record.headers),
  })
  if (record.kind === 'fault') return skip(record.reason)
  if (record.headers.fields.get('warc-type')?.toLowerCase() !== 'response') return skip('not-response')
  if (record.kind === 'oversize') return skip(oversizeReason(record.blockHead))

  const http = parseHttpResponseHead(record.block)
  if (http === null) return skip(isHttpRecord(record.headers) ? 'corrupt' : 'not-html')
  if (http.status !== 200) return skip('http-status')
  const mediaType = mediaTypeOf(http.headers['content-type'])
  if (mediaType !== null && !isHtmlMediaType(mediaType)) return skip('not-html')

  const payload = decodePayload(record.block.subarray(http.bodyStart), http, maxPayloadBytes)
  if (typeof payload === 'string') return skip(payload)
  if (mediaType === null && !looksLikeHtml(payload)) return skip('not-html')

  const targetUri = targetUriOf(record.headers)
  const warcDate = warcDateOf(record.headers)
  if (targetUri === '' || warcDate === null) return skip('corrupt')
  return {
    kind: 'html-bytes',
    source,
    index: record.index,
    targetUri,
    warcDate,
    warcRecordId: record.headers.fields.get('warc-record-id') ?? '',
    nextOffset,
    httpStatus: http.status,
    httpHeaders: http.headers,
    payload,
  }
}

/** The HtmlResponse of a raw one: its payload decoded by the charset it declares (charset.ts). */
export function decodeRawHtml(raw: RawHtmlResponse): HtmlResponse {
  const { payload, kind: _, ...fields } = raw
  const { text, charset } = decodeHtml(payload, raw.httpHeaders['content-type'])
  return { kind: 'html', ...fields, html: text, charset }
}

/** De-chunks and content-decodes; a reason string when that fails. */
function decodePayload(body: Uint8Array, http: HttpHead, maxPayloadBytes: number): Uint8Array | SkipReason {
  const chunked = /(?:^|,)\s*chunked\s*$/i.test(http.headers['transfer-encoding'] ?? '')
  const raw = (chunked && dechunk(body)) || body
  if (raw.length > maxPayloadBytes) return 'too-large'
  const decoded = decodeContent(raw, http.headers['content-encoding'], maxPayloadBytes)
  if (decoded.kind === 'ok') return decoded.bytes
  if (decoded.kind === 'too-large') return 'too-large'
  // Some writers store the decoded body but keep the Content-Encoding header.
  return looksLikeMarkup(raw) ? raw : 'corrupt'
}

/** A record too big to read: still say it is non-HTML or non-200 when its HTTP head shows that. */
function oversizeReason(blockHead: Uint8Array): SkipReason {
  const http = parseHttpResponseHead(blockHead)
  if (http === null || http.bodyStart >= blockHead.length) return 'too-large'
  if (http.status !== 200) return 'http-status'
  const mediaType = mediaTypeOf(http.headers['content-type'])
  return mediaType !== null && !isHtmlMediaType(mediaType) ? 'not-html' : 'too-large'
}

function isHttpRecord(headers: WarcHeaders): boolean {
  return /application\/http/i.test(headers.fields.get('content-type') ?? 'application/http')
}

function looksLikeMarkup(bytes: Uint8Array): boolean {
  for (const byte of bytes.subarray(0, 64)) {
    if (byte === 0x3c) return true // '<'
    if (
      byte !== 0x20 &&
      byte !== 0x09 &&
      byte !== 0x0a &&
      byte !== 0x0d &&
      byte !== 0xef &&
      byte !== 0xbb &&
      byte !== 0xbf
    ) {
      return false
    }
  }
  return false
}
