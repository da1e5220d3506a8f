/** Opens a WARC source (local path or http(s) URL) as a stream of raw byte chunks. */
import { stat } from 'node:fs/promises'

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>

export interface ByteSourceOptions {
  fetch?: FetchLike
  signal?: AbortSignal
  onProgress?: (bytesRead: number, totalBytes: number | null) => void
  /** For URLs: longest wait for the response headers, and then for each next chunk (default WARC_TIMEOUT_MS). */
  timeoutMs?: number
}

/** A stalled server must not hang the hourly build: no headers or no bytes for this long fails the source. */
export const WARC_TIMEOUT_MS = 60_000

/** The remote end went silent. Fatal for this source (it is retried from its last committed batch next run). */
export class SourceTimeoutError extends Error {
  override readonly name = 'SourceTimeoutError'
}

export interface ByteSource {
  /** Size announced by the file system or the Content-Length header; null when unknown. */
  totalBytes: number | null
  /** Raw bytes in arrival order. Throws SourceCutError if a URL's connection drops mid-body. */
  chunks: AsyncIterable<Uint8Array>
}

/** The remote end stopped sending before the body was complete. Not fatal: the reader reports a truncated record. */
export class SourceCutError extends Error {
  override readonly name = 'SourceCutError'
}

export function isUrl(source: string): boolean {
  return /^https?:\/\//i.test(source)
}

export async function openByteSource(source: string, opts: ByteSourceOptions = {}): Promise<ByteSource> {
  opts.signal?.throwIfAborted()
  const opened = isUrl(source) ? await openUrl(source, opts) : await openFile(source)
  return { totalBytes: opened.totalBytes, chunks: readChunks(opened, opts) }
}

interface OpenedBody {
  totalBytes: number | null
  body: ReadableStream<Uint8Array>
  isRemote: boolean
  /** URLs only: aborts the connection when a read stalls. */
  abort?: (reason: Error) => void
}

async function openFile(path: string): Promise<OpenedBody> {
  const info = await stat(path).catch((err: unknown) => {
    throw new Error(`cannot read WARC file ${path}: ${errorCode(err)}`)
  })
  if (!info.isFile()) throw new Error(`cannot read WARC file ${path}: not a regular file`)
  return { totalBytes: info.size, body: Bun.file(path).stream(), isRemote: false }
}

async function openUrl(url: string, opts: ByteSourceOptions): Promise<OpenedBody> {
  const doFetch = opts.fetch ?? fetch
  const timeoutMs = opts.timeoutMs ?? WARC_TIMEOUT_MS
  const stall = new AbortController()
  const signal = opts.signal ? AbortSignal.any([opts.signal, stall.signal]) : stall.signal
  const res = await withTimeout(doFetch(url, { signal }), timeoutMs, () => {
    const error = new SourceTimeoutError(`cannot fetch WARC ${url}: no response in ${timeoutMs} ms`)
    stall.abort(error)
    return error
  }).catch((err: unknown) => {
    opts.signal?.throwIfAborted()
    if (err instanceof SourceTimeoutError) throw err
    throw new Error(`cannot fetch WARC ${url}: ${errorMessage(err)}`)
  })
  if (!res.ok) {
    await res.body?.cancel()
    throw new Error(`cannot fetch WARC ${url}: HTTP ${res.status}`)
  }
  if (!res.body) throw new Error(`cannot fetch WARC ${url}: empty response body`)
  const length = Number(res.headers.get('content-length') ?? Number.NaN)
  return {
    totalBytes: Number.isSafeInteger(length) && length >= 0 ? length : null,
    body: res.body,
    isRemote: true,
    abort: (reason) => stall.abort(reason),
  }
}

/** Settles like `promise`, or rejects with `onTimeout()` when it takes longer than `ms`. */
function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

async function* readChunks(opened: OpenedBody, opts: ByteSourceOptions): AsyncGenerator<Uint8Array> {
  const reader = opened.body.getReader()
  let bytesRead = 0
  try {
    while (true) {
      let step: Awaited<ReturnType<typeof reader.read>>
      try {
        const abort = opened.abort
        step =
          abort === undefined
            ? await reader.read()
            : await withTimeout(reader.read(), opts.timeoutMs ?? WARC_TIMEOUT_MS, () => {
                const error = new SourceTimeoutError(`source stalled: no bytes for ${opts.timeoutMs ?? WARC_TIMEOUT_MS} ms after ${bytesRead} bytes`)
                abort(error)
                return error
              })
      } catch (err) {
        opts.signal?.throwIfAborted()
        if (!opened.isRemote || err instanceof SourceTimeoutError) throw err
        throw new SourceCutError(`source ended early after ${bytesRead} bytes: ${errorMessage(err)}`)
      }
      if (step.done) return
      bytesRead += step.value.byteLength
      opts.onProgress?.(bytesRead, opened.totalBytes)
      yield step.value
    }
  } finally {
    await reader.cancel().catch(() => undefined)
  }
}

function errorCode(err: unknown): string {
  if (err && typeof err === 'object' && 'code' in err && typeof err.code === 'string') return err.code
  return errorMessage(err)
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err)
}
