/**
 * Opens a WARC source (local path or http(s) URL) as a stream of raw byte chunks, from byte 0 or
 * from a given offset (a file slice, an HTTP `Range` request). With a retry policy, a URL survives
 * the internet: 429/5xx answers, timeouts and dropped connections are retried with backoff, and a
 * connection lost mid-body is resumed with `Range` from the next byte, so the bytes come out as if
 * nothing had happened (batch/warc/retry-policy.ts).
 */
import { stat } from 'node:fs/promises'
import { type RetryPolicy, backoffMs, isRetryableStatus, retryAfterMs } from './retry-policy.ts'

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>

export interface RetryOptions extends RetryPolicy {
  /** Jitter source, [0, 1); Math.random by default. */
  random?: () => number
  /** Told of each retry (progress lines, tests). */
  onRetry?: (event: RetryEvent) => void
}

export interface RetryEvent {
  source: string
  /** 1 for the first retry of a streak. */
  attempt: number
  waitMs: number
  /** Byte the next attempt starts at. */
  offset: number
  reason: string
}

export interface ByteSourceOptions {
  fetch?: FetchLike
  signal?: AbortSignal
  onProgress?: (bytesRead: number, totalBytes: number | null) => void
  /** For URLs: longest wait for the response headers, and then for each next chunk (default WARC_TIMEOUT_MS). */
  timeoutMs?: number
  /** Start at this byte of the source (a record boundary a previous run committed up to). */
  startOffset?: number
  /**
   * URLs: retry and resume per this policy; a source that still fails afterwards throws
   * SourceFailedError. Without it, the first failure ends the source (a cut body is SourceCutError).
   */
  retry?: RetryOptions
}

/** A stalled server must not hang the hourly build: no headers or no bytes for this long fails the attempt. */
export const WARC_TIMEOUT_MS = 60_000

/** The remote end went silent. */
export class SourceTimeoutError extends Error {
  override readonly name = 'SourceTimeoutError'
}

/** A URL that kept failing through every retry: the file is recorded as failed and retried next run. */
export class SourceFailedError extends Error {
  override readonly name = 'SourceFailedError'
}

export interface ByteSource {
  /** Size of the whole source (file system, Content-Length or Content-Range); null when unknown. */
  totalBytes: number | null
  /** Raw bytes in arrival order, from startOffset. Throws SourceCutError if a URL's connection drops mid-body (no retry policy). */
  chunks: AsyncIterable<Uint8Array>
}

/** The remote end stopped sending before the body was complete. Not fatal: the reader reports a truncated record. */
export class SourceCutError extends Error {
  override readonly name = 'SourceCutError'
}

/** Worth another attempt (status 429/5xx, timeout, connection trouble); `waitMs` is the server's Retry-After. */
class RetryableError extends Error {
  constructor(
    message: string,
    readonly waitMs: number | null = null,
    /** The error to throw as is when there is no retry policy (a timeout keeps its type). */
    readonly original: Error = new Error(message),
  ) {
    super(message)
  }
}

export function isUrl(source: string): boolean {
  return /^https?:\/\//i.test(source)
}

export async function openByteSource(source: string, opts: ByteSourceOptions = {}): Promise<ByteSource> {
  opts.signal?.throwIfAborted()
  const start = opts.startOffset ?? 0
  if (!Number.isSafeInteger(start) || start < 0)
    throw new RangeError(`startOffset must be a whole number, got ${start}`)
  if (!isUrl(source)) {
    const opened = await openFile(source, start)
    return { totalBytes: opened.totalBytes, chunks: readChunks(opened, opts, start) }
  }
  if (opts.retry === undefined) {
    const opened = await openUrl(source, start, opts).catch((err: unknown) => {
      throw err instanceof RetryableError ? err.original : err
    })
    return { totalBytes: opened.totalBytes, chunks: readChunks(opened, opts, start) }
  }
  const retry = opts.retry
  const first = await openWithRetry(source, start, opts, retry, { streak: 0 })
  return { totalBytes: first.totalBytes, chunks: resumingChunks(source, first, opts, retry, start) }
}

interface OpenedBody {
  totalBytes: number | null
  body: ReadableStream<Uint8Array>
  isRemote: boolean
  /** Leading bytes to drop: a server that ignored `Range` sent the file from byte 0. */
  skip: number
  /** URLs only: aborts the connection when a read stalls. */
  abort?: (reason: Error) => void
}

async function openFile(path: string, start: number): Promise<OpenedBody> {
  const info = await stat(path).catch((err: unknown) => {
    throw new Error(`cannot read WARC file ${path}: ${errorCode(err)}`)
  })
  if (!info.isFile()) throw new Error(`cannot read WARC file ${path}: not a regular file`)
  const file = Bun.file(path)
  return { totalBytes: info.size, body: (start === 0 ? file : file.slice(start)).stream(), isRemote: false, skip: 0 }
}

const EMPTY_BODY = (): ReadableStream<Uint8Array> => new ReadableStream({ start: (c) => c.close() })

/** One attempt. Throws RetryableError for what deserves another try, Error for what does not (404, 403…). */
async function openUrl(url: string, start: number, opts: ByteSourceOptions): Promise<OpenedBody> {
  const doFetch = opts.fetch ?? fetch
  const timeoutMs = opts.timeoutMs ?? WARC_TIMEOUT_MS
  const stall = new AbortController()
  const signal = opts.signal ? AbortSignal.any([opts.signal, stall.signal]) : stall.signal
  const headers = start > 0 ? { range: `bytes=${start}-` } : undefined
  const res = await withTimeout(
    doFetch(url, { signal, ...(headers === undefined ? {} : { headers }) }),
    timeoutMs,
    () => {
      const error = new SourceTimeoutError(`cannot fetch WARC ${url}: no response in ${timeoutMs} ms`)
      stall.abort(error)
      return error
    },
  ).catch((err: unknown) => {
    opts.signal?.throwIfAborted()
    if (err instanceof SourceTimeoutError) throw new RetryableError(err.message, null, err)
    throw new RetryableError(`cannot fetch WARC ${url}: ${errorMessage(err)}`)
  })
  if (res.status === 416 && start > 0) {
    // Asked from past the end: a previous run committed the file's last record.
    await res.body?.cancel()
    return { totalBytes: start, body: EMPTY_BODY(), isRemote: true, skip: 0 }
  }
  if (!res.ok) {
    await res.body?.cancel()
    const message = `cannot fetch WARC ${url}: HTTP ${res.status}`
    if (isRetryableStatus(res.status))
      throw new RetryableError(message, retryAfterMs(res.headers.get('retry-after'), Date.now()))
    throw new Error(message)
  }
  if (!res.body) throw new Error(`cannot fetch WARC ${url}: empty response body`)
  const length = Number(res.headers.get('content-length') ?? Number.NaN)
  const known = Number.isSafeInteger(length) && length >= 0 ? length : null
  let totalBytes = known
  let skip = 0
  if (res.status === 206) {
    const range = /^bytes (\d+)-\d+\/(\d+|\*)$/.exec(res.headers.get('content-range') ?? '')
    const from = range === null ? Number.NaN : Number(range[1])
    if (!(from <= start)) {
      await res.body.cancel()
      throw new Error(
        `cannot fetch WARC ${url}: asked for bytes from ${start}, got Content-Range "${res.headers.get('content-range') ?? ''}"`,
      )
    }
    skip = start - from
    totalBytes = range?.[2] === undefined || range[2] === '*' ? null : Number(range[2])
  } else if (start > 0) {
    skip = start // the server ignored Range: drop what was already read
  }
  return { totalBytes, body: res.body, isRemote: true, skip, abort: (reason) => stall.abort(reason) }
}

/** Opens `url` at `start`, retrying per the policy; `streak` counts failures since the last byte arrived. */
async function openWithRetry(
  url: string,
  start: number,
  opts: ByteSourceOptions,
  retry: RetryOptions,
  streak: { streak: number },
): Promise<OpenedBody> {
  while (true) {
    try {
      return await openUrl(url, start, opts)
    } catch (err) {
      if (!(err instanceof RetryableError)) throw err
      await pause(url, start, err.message, err.waitMs, opts, retry, streak)
    }
  }
}

/** Waits before the next attempt, or throws SourceFailedError when the retries are spent. */
async function pause(
  url: string,
  offset: number,
  reason: string,
  serverSaysMs: number | null,
  opts: ByteSourceOptions,
  retry: RetryOptions,
  streak: { streak: number },
): Promise<void> {
  if (streak.streak >= retry.retries) {
    throw new SourceFailedError(retry.retries === 0 ? reason : `${reason} (gave up after ${retry.retries} retries)`)
  }
  const waitMs = backoffMs(retry, streak.streak, retry.random ?? Math.random, serverSaysMs)
  streak.streak++
  retry.onRetry?.({ source: url, attempt: streak.streak, waitMs, offset, reason })
  await sleep(waitMs, opts.signal)
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  signal?.throwIfAborted()
  if (ms <= 0) return Promise.resolve()
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true })
  })
}

/** The chunks of a URL read under a retry policy: a lost connection resumes with Range at the next byte. */
async function* resumingChunks(
  url: string,
  first: OpenedBody,
  opts: ByteSourceOptions,
  retry: RetryOptions,
  start: number,
): AsyncGenerator<Uint8Array> {
  let opened = first
  let offset = start
  const streak = { streak: 0 }
  while (true) {
    let failure: string
    try {
      for await (const chunk of readChunks(opened, opts, offset)) {
        offset += chunk.byteLength
        streak.streak = 0
        yield chunk
      }
      if (opened.totalBytes === null || offset >= opened.totalBytes) return
      failure = `source ended early at byte ${offset} of ${opened.totalBytes}`
    } catch (err) {
      if (!(err instanceof SourceCutError || err instanceof SourceTimeoutError)) throw err
      failure = err.message
    }
    await pause(url, offset, `cannot fetch WARC ${url}: ${failure}`, null, opts, retry, streak)
    opened = await openWithRetry(url, offset, opts, retry, streak)
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

/** `base`: the source offset of the body's first byte after `opened.skip` (for progress). */
async function* readChunks(opened: OpenedBody, opts: ByteSourceOptions, base: number): AsyncGenerator<Uint8Array> {
  const reader = opened.body.getReader()
  let bytesRead = 0
  let skip = opened.skip
  try {
    while (true) {
      let step: Awaited<ReturnType<typeof reader.read>>
      try {
        const abort = opened.abort
        step =
          abort === undefined
            ? await reader.read()
            : await withTimeout(reader.read(), opts.timeoutMs ?? WARC_TIMEOUT_MS, () => {
                const error = new SourceTimeoutError(
                  `source stalled: no bytes for ${opts.timeoutMs ?? WARC_TIMEOUT_MS} ms after ${base + bytesRead} bytes`,
                )
                abort(error)
                return error
              })
      } catch (err) {
        opts.signal?.throwIfAborted()
        if (!opened.isRemote || err instanceof SourceTimeoutError) throw err
        throw new SourceCutError(`source ended early after ${base + bytesRead} bytes: ${errorMessage(err)}`)
      }
      if (step.done) return
      let chunk = step.value
      if (skip > 0) {
        const dropped = Math.min(skip, chunk.byteLength)
        skip -= dropped
        chunk = chunk.subarray(dropped)
        if (chunk.byteLength === 0) continue
      }
      bytesRead += chunk.byteLength
      opts.onProgress?.(base + bytesRead, opened.totalBytes)
      yield chunk
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
