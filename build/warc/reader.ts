/** readWarc: one WARC source (path or http(s) URL) as a stream of events, in constant memory. */
import { openByteSource, type FetchLike } from './byte-source.ts'
import { decompress } from './decompress.ts'
import { MAX_HTTP_HEADER_BYTES } from './http-message.ts'
import { frameRecords } from './record-framer.ts'
import { recordToEvent } from './record-to-event.ts'
import type { WarcEvent } from './types.ts'

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
}

export const DEFAULT_MAX_PAYLOAD_BYTES = 8 * 1024 * 1024

/**
 * Reads WARC 1.0/1.1, record-gzipped, whole-file gzip or plain (told apart by magic bytes).
 * Throws only when the source cannot be opened (missing file, HTTP error) or `signal` aborts;
 * bad records become SkippedRecord events and reading goes on.
 */
export async function* readWarc(source: string, opts: ReadWarcOptions = {}): AsyncGenerator<WarcEvent> {
  const maxPayloadBytes = opts.maxPayloadBytes ?? DEFAULT_MAX_PAYLOAD_BYTES
  if (!Number.isSafeInteger(maxPayloadBytes) || maxPayloadBytes < 1) {
    throw new RangeError(`maxPayloadBytes must be a positive integer, got ${maxPayloadBytes}`)
  }
  const bytes = await openByteSource(source, opts)
  const records = frameRecords(decompress(bytes.chunks), { maxBlockBytes: maxPayloadBytes + MAX_HTTP_HEADER_BYTES })
  for await (const record of records) {
    opts.signal?.throwIfAborted()
    yield recordToEvent(record, source, maxPayloadBytes)
  }
}
