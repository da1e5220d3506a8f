import { isoSeconds } from '../core/config.ts'
import { readCorpusStats } from '../store/corpus-stats.ts'
import { type Handler, memoised } from './context.ts'

const iso = (seconds: number | null): string | null => (seconds === null ? null : isoSeconds(new Date(seconds * 1000)))

const CORPUS_STATS_KEY = 'health:corpus-stats'

/** DECISIONS.md: degraded when the newest snapshot is older than 3 hours. */
export const STALE_AFTER_MS = 3 * 3_600_000

export function healthHandler(service: { version: string; uptimeSeconds: () => number }): Handler {
  return (_params, { data, nowMs }) => {
    // Counting the articles reads a whole index (≈100 ms at 10M), so it is done once per version
    // served, not per probe: the corpus only changes when the batch job publishes a new one.
    const stats = memoised(data, CORPUS_STATS_KEY, () => readCorpusStats(data.db))
    const nowS = Math.floor(nowMs / 1000)
    const builtAt = data.builtAt ?? null
    const stale = builtAt === null || nowMs - Date.parse(builtAt) > STALE_AFTER_MS
    return {
      status: 200,
      body: {
        status: stale ? 'degraded' : 'ok',
        version: service.version,
        snapshot: data.version === null || builtAt === null ? null : { version: data.version, built_at: builtAt },
        articles: stats.articles,
        oldest: iso(stats.oldest),
        newest: iso(stats.newest),
        last_ingest: iso(stats.last_ingest),
        lag_seconds: stats.last_ingest === null ? null : Math.max(0, nowS - stats.last_ingest),
        uptime_s: service.uptimeSeconds(),
        source_failures: data.sourceFailures ?? [],
        origin: data.origin?.origin ?? null,
        following: data.origin?.following ?? [],
      },
    }
  }
}
