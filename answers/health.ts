import { isoSeconds } from '../core/config.ts'
import { readCorpusStats } from '../store/corpus-stats.ts'
import type { Handler } from './context.ts'

const iso = (seconds: number | null): string | null => (seconds === null ? null : isoSeconds(new Date(seconds * 1000)))

export function healthHandler(service: { version: string; uptimeSeconds: () => number }): Handler {
  return (_params, { data, nowMs }) => {
    const stats = readCorpusStats(data.db)
    const nowS = Math.floor(nowMs / 1000)
    return {
      status: 200,
      body: {
        status: 'ok',
        version: service.version,
        snapshot: null,
        articles: stats.articles,
        oldest: iso(stats.oldest),
        newest: iso(stats.newest),
        last_ingest: iso(stats.last_ingest),
        lag_seconds: stats.last_ingest === null ? null : Math.max(0, nowS - stats.last_ingest),
        uptime_s: service.uptimeSeconds(),
      },
    }
  }
}
