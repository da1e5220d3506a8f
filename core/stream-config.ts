/**
 * The knobs for following the real stream (issue 16), from environment variables, parsed like
 * core/config.ts (a one-line ConfigError for a bad value). Apart from Config so the live feed's
 * knobs do not widen the configuration every other module reads.
 */
import { ConfigError } from './config.ts'

export interface StreamConfig {
  /** `cc-news:live`: most new files one run starts (0 = no cap); the rest wait for the next runs. */
  liveMaxFiles: number
  /** `cc-news:live`: follow every Nth file of the stream (1 = all of it). */
  liveSample: number
  /** WARC URLs: retries after a failure (429, 5xx, timeout, dropped connection) before the file is left for the next run. */
  fetchRetries: number
  /** First backoff ceiling in ms (doubles per retry, full jitter). */
  fetchBackoffMs: number
  /** Largest backoff, and largest Retry-After honoured, in ms. */
  fetchMaxBackoffMs: number
  /** Files read at once from one host. */
  hostConnections: number
}

export const STREAM_DEFAULTS = {
  NEWSDESK_LIVE_MAX_FILES: 0,
  NEWSDESK_LIVE_SAMPLE: 1,
  NEWSDESK_FETCH_RETRIES: 6,
  NEWSDESK_FETCH_BACKOFF_MS: 1000,
  NEWSDESK_FETCH_MAX_BACKOFF_MS: 60_000,
  NEWSDESK_HOST_CONNECTIONS: 1,
} as const

export function parseStreamConfig(env: Readonly<Record<string, string | undefined>>): StreamConfig {
  const int = (name: keyof typeof STREAM_DEFAULTS, min: number, max: number): number => {
    const text = env[name]?.trim() ?? ''
    if (text === '') return STREAM_DEFAULTS[name]
    const n = /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN
    if (!(n >= min && n <= max))
      throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${text}"`)
    return n
  }
  return {
    liveMaxFiles: int('NEWSDESK_LIVE_MAX_FILES', 0, 1_000_000),
    liveSample: int('NEWSDESK_LIVE_SAMPLE', 1, 1000),
    fetchRetries: int('NEWSDESK_FETCH_RETRIES', 0, 100),
    fetchBackoffMs: int('NEWSDESK_FETCH_BACKOFF_MS', 0, 3_600_000),
    fetchMaxBackoffMs: int('NEWSDESK_FETCH_MAX_BACKOFF_MS', 0, 3_600_000),
    hostConnections: int('NEWSDESK_HOST_CONNECTIONS', 1, 64),
  }
}
