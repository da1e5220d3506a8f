/** readWarc: one WARC source (path or http(s) URL) as a stream of events, in constant memory. */
import { openByteSource, type FetchLike, type RetryOptions } from './byte-source.ts'
import { decompress } from './decompress.ts'
import { MAX_HTTP_HEADER_BYTES } from './http-message.ts'
import { frameRecords } from './record-framer.ts'
import { decodeRawHtml, recordToRawEvent } from './record-to-event.ts'
import type { RawWarcEvent, WarcEvent } from './types.ts'

export interface ReadWarcOptions {
  /** Largest HTTP payload (after de-chunking and content decoding) turned into HTML; larger → skip 'too-large'. */
  maxPayloadBytes?: number
  /** Used for http(s) sources; the global fetch by default. */
  fetch?: FetchLike
  signal?: AbortSignal
  /** Called as source bytes arrive (compressed bytes for .warc.gz); totalBytes is null when unknown. */
  onProgress?: (bytesRead: number, totalBytes: number | null) => void
  /** For URLs: longest silence (headers, then each chunk) before the source fails; see byte-source.ts. */
  timeoutMs?: number
  /**
   * Resume at a committed record: `offset` is where its gzip member starts (an event's nextOffset),
   * `index` its record index. The source is read from that byte (file slice or HTTP Range).
   */
  resumeAt?: { offset: number; index: number }
  /** URLs: retry and resume per this policy (byte-source.ts); without it the first failure ends the source. */
  retry?: RetryOptions
}

export const DEFAULT_MAX_PAYLOAD_BYTES = 8 * 1024 * 1024

/**
 * Reads WARC 1.0/1.1, record-gzipped, whole-file gzip or plain (told apart by magic bytes).
 * Throws only when the source cannot be opened (missing file, HTTP error) or `signal` aborts;
 * bad records become SkippedRecord events and reading goes on.
 */
export async function* readWarc(source: string, opts: ReadWarcOptions = {}): AsyncGenerator<WarcEvent> {
  for await (const event of readWarcRaw(source, opts)) yield event.kind === 'html-bytes' ? decodeRawHtml(event) : event
}

/**
 * As readWarc, with each HTML record's payload left as bytes: the thread that reads a fanned-out
 * file does not pay for charset decoding, and hands the bytes to workers without copying a string.
 */
export async function* readWarcRaw(source: string, opts: ReadWarcOptions = {}): AsyncGenerator<RawWarcEvent> {
  const maxPayloadBytes = opts.maxPayloadBytes ?? DEFAULT_MAX_PAYLOAD_BYTES
  if (!Number.isSafeInteger(maxPayloadBytes) || maxPayloadBytes < 1) {
    throw new RangeError(`maxPayloadBytes must be a positive integer, got ${maxPayloadBytes}`)
  }
  const offset = opts.resumeAt?.offset ?? 0
  const bytes = await openByteSource(source, { ...opts, startOffset: offset })
  const records = frameRecords(decompress(bytes.chunks, offset), {
    maxBlockBytes: maxPayloadBytes + MAX_HTTP_HEADER_BYTES,
    firstIndex: opts.resumeAt?.index ?? 0,
  })
  for await (const record of records) {
    opts.signal?.throwIfAborted()
    yield recordToRawEvent(record, source, maxPayloadBytes)
  }
}
