import type { Database } from 'bun:sqlite'
import { Elysia } from 'elysia'
import { isoSeconds } from '../core/config.ts'
import { readCorpusStats } from '../store/corpus-stats.ts'

export interface AppDeps {
  /** The store, or null while the first build has not produced one yet (→ 503). */
  db: () => Database | null
  clock: () => Date
  /** Seconds since the process started (monotonic, not the configurable clock). */
  uptimeSeconds: () => number
  version: string
}

const iso = (seconds: number | null): string | null => (seconds === null ? null : isoSeconds(new Date(seconds * 1000)))

const RETRY_AFTER_SECONDS = 30

/** Builds the HTTP app; it never listens (live/server.ts does), so tests call `.handle()` directly. */
export function createApp(deps: AppDeps) {
  return new Elysia()
    .onError(({ code, set }) => {
      if (code === 'NOT_FOUND') {
        set.status = 404
        return { detail: 'Not Found' }
      }
      set.status = 500
      return { detail: 'Internal error' }
    })
    .get('/health', ({ set }) => {
      const db = deps.db()
      if (db === null) {
        set.status = 503
        set.headers['retry-after'] = String(RETRY_AFTER_SECONDS)
        return { detail: 'No data loaded yet: the first build is running' }
      }
      const now = deps.clock()
      const stats = readCorpusStats(db)
      const lag = stats.last_ingest === null ? null : Math.max(0, Math.floor(now.getTime() / 1000) - stats.last_ingest)
      return {
        status: 'ok',
        version: deps.version,
        snapshot: null,
        articles: stats.articles,
        oldest: iso(stats.oldest),
        newest: iso(stats.newest),
        last_ingest: iso(stats.last_ingest),
        lag_seconds: lag,
        uptime_s: deps.uptimeSeconds(),
      }
    })
}
