/**
 * The knobs for following the real stream (issue 16), read from the settings table
 * (core/settings.ts: defaults, bounds, a one-line ConfigError for a bad value). Apart from Config so the live feed's
 * knobs do not widen the configuration every other module reads.
 */
import { type Env, readSetting, SETTINGS } from './settings.ts'

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

/** The defaults, as the settings table has them (batch/warc/retry-policy.ts, batch/ingest/run.ts read them). */
export const STREAM_DEFAULTS = {
  NEWSDESK_LIVE_MAX_FILES: SETTINGS.NEWSDESK_LIVE_MAX_FILES.default,
  NEWSDESK_LIVE_SAMPLE: SETTINGS.NEWSDESK_LIVE_SAMPLE.default,
  NEWSDESK_FETCH_RETRIES: SETTINGS.NEWSDESK_FETCH_RETRIES.default,
  NEWSDESK_FETCH_BACKOFF_MS: SETTINGS.NEWSDESK_FETCH_BACKOFF_MS.default,
  NEWSDESK_FETCH_MAX_BACKOFF_MS: SETTINGS.NEWSDESK_FETCH_MAX_BACKOFF_MS.default,
  NEWSDESK_HOST_CONNECTIONS: SETTINGS.NEWSDESK_HOST_CONNECTIONS.default,
} as const

export function parseStreamConfig(env: Env): StreamConfig {
  return {
    liveMaxFiles: readSetting(env, 'NEWSDESK_LIVE_MAX_FILES'),
    liveSample: readSetting(env, 'NEWSDESK_LIVE_SAMPLE'),
    fetchRetries: readSetting(env, 'NEWSDESK_FETCH_RETRIES'),
    fetchBackoffMs: readSetting(env, 'NEWSDESK_FETCH_BACKOFF_MS'),
    fetchMaxBackoffMs: readSetting(env, 'NEWSDESK_FETCH_MAX_BACKOFF_MS'),
    hostConnections: readSetting(env, 'NEWSDESK_HOST_CONNECTIONS'),
  }
}
