/**
 * One GET with a time limit that covers the whole answer (headers and body), for the price
 * fetchers. `fetch` is injected so that tests and the batch job choose the transport.
 */
import { PriceDataError } from './errors.ts'

/** The part of `fetch` the fetchers use; `globalThis.fetch` fits. */
export type FetchLike = (url: string, init?: RequestInit) => Promise<Response>

export const FETCH_TIMEOUT_MS = 30_000
/** How much of an error body goes into a message. */
const SNIPPET_CHARS = 200

export interface GetOptions {
  fetch: FetchLike
  timeoutMs?: number
  /** Names the source in messages, e.g. `Binance klines`. */
  what: string
}

/** The body of a 200 answer; anything else is a `PriceDataError` (http-status, timeout, network). */
export async function getBytes(url: string, options: GetOptions): Promise<Uint8Array> {
  const timeoutMs = options.timeoutMs ?? FETCH_TIMEOUT_MS
  const controller = new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined
  // Raced rather than trusted to the signal alone: an injected fetch may ignore `signal`.
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort()
      reject(new PriceDataError('timeout', `${options.what}: no complete answer within ${timeoutMs} ms from ${url}`))
    }, timeoutMs)
  })
  const attempt = (async () => {
    let response: Response
    try {
      response = await options.fetch(url, { signal: controller.signal, headers: { accept: '*/*' } })
    } catch (error) {
      throw new PriceDataError('network', `${options.what}: request to ${url} failed: ${messageOf(error)}`)
    }
    if (response.status !== 200) {
      const body = await response.text().catch(() => '')
      const snippet = body.replace(/\s+/g, ' ').trim().slice(0, SNIPPET_CHARS)
      throw new PriceDataError(
        'http-status',
        `${options.what}: HTTP ${response.status} from ${url}${snippet === '' ? '' : `: ${snippet}`}`,
      )
    }
    try {
      return new Uint8Array(await response.arrayBuffer())
    } catch (error) {
      throw new PriceDataError('network', `${options.what}: reading the body from ${url} failed: ${messageOf(error)}`)
    }
  })()
  try {
    return await Promise.race([attempt, expired])
  } finally {
    clearTimeout(timer)
    attempt.catch(() => {}) // settled after a timeout; its rejection is already reported
  }
}

export async function getText(url: string, options: GetOptions): Promise<string> {
  return new TextDecoder().decode(await getBytes(url, options))
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
