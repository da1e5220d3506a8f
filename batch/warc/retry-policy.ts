/**
 * When and how long to wait before fetching again (docs/DECISIONS.md "Fetching that survives the
 * internet"): exponential backoff with full jitter on 429, 5xx, timeouts and dropped connections,
 * and the server's own `Retry-After` when it gives one. Pure: the random source and the clock are
 * arguments.
 */
import { STREAM_DEFAULTS } from '../../core/stream-config.ts'

export interface RetryPolicy {
  /** Further attempts after the first one fails; 0 = fail at once. */
  retries: number
  /** First backoff ceiling; doubles each attempt (full jitter: a uniform wait in [0, ceiling]). */
  backoffMs: number
  /** Largest backoff ceiling, and largest `Retry-After` honoured. */
  maxBackoffMs: number
}

/** Defaults for the real stream (the NEWSDESK_FETCH_* defaults of core/stream-config.ts). */
export const DEFAULT_RETRY: RetryPolicy = {
  retries: STREAM_DEFAULTS.NEWSDESK_FETCH_RETRIES,
  backoffMs: STREAM_DEFAULTS.NEWSDESK_FETCH_BACKOFF_MS,
  maxBackoffMs: STREAM_DEFAULTS.NEWSDESK_FETCH_MAX_BACKOFF_MS,
}

/** HTTP statuses worth another try: rate limiting and server-side trouble (Common Crawl answers 503 Slow Down). */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status === 408 || (status >= 500 && status <= 599)
}

/** `Retry-After` as milliseconds: delay-seconds or an HTTP date (relative to `nowMs`); null when absent or unreadable. */
export function retryAfterMs(header: string | null, nowMs: number): number | null {
  if (header === null) return null
  const text = header.trim()
  if (/^\d+$/.test(text)) return Number(text) * 1000
  const at = Date.parse(text)
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs)
}

/**
 * The wait before attempt `attempt + 1` (attempt counts from 0): the server's Retry-After when
 * given (capped), else a uniform draw in [0, min(max, base * 2^attempt)].
 */
export function backoffMs(
  policy: RetryPolicy,
  attempt: number,
  random: () => number,
  serverSaysMs: number | null = null,
): number {
  if (serverSaysMs !== null) return Math.min(serverSaysMs, policy.maxBackoffMs)
  const ceiling = Math.min(policy.maxBackoffMs, policy.backoffMs * 2 ** Math.min(attempt, 30))
  return Math.floor(random() * ceiling)
}
