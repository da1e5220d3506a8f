import type { Config } from '../../core/config.ts'
import { openStore, storePath } from '../../store/open.ts'
import { type IngestHooks, type IngestSummary, ingest } from '../ingest/run.ts'
import type { PublishHooks } from '../snapshot/publish.ts'
import { resolveInputs } from '../warc/inputs.ts'
import { isCcNewsLive, listCcNewsLive } from '../warc/cc-news-live.ts'
import type { RetryPolicy } from '../warc/retry-policy.ts'
import { getWarcFile, lastFailures } from '../../store/warc-files.ts'
import { refreshTermCounts } from '../../store/term-counts.ts'
import { refreshEntityBlobs } from '../../store/entity-blobs.ts'
import { compactFullText } from '../../store/fts-maintenance.ts'
import { pendingLiveFiles } from '../live-files.ts'
import { type StreamConfig, parseStreamConfig } from '../../core/stream-config.ts'
import { RETENTION_DAYS } from '../ingest/run.ts'
import { progressPrinter } from './report.ts'

/** A run's ingest: what failed to list (cc-news:live's monthly listings) beside the ingest summary. */
interface RunIngest {
  summary: IngestSummary
  listingsFailed: { source: string; message: string }[]
}

export async function runIngest(
  config: Config,
  now: Date,
  specs: readonly string[],
  opts: BuildOptions = {},
  only: IngestOnly = {},
): Promise<RunIngest> {
  const stream = opts.stream ?? parseStreamConfig({})
  const retry: RetryPolicy = {
    retries: stream.fetchRetries,
    backoffMs: stream.fetchBackoffMs,
    maxBackoffMs: stream.fetchMaxBackoffMs,
  }
  const live = only.sources === undefined ? specs.filter(isCcNewsLive) : []
  const sources =
    only.sources === undefined
      ? await resolveInputs(
          specs.filter((s) => !isCcNewsLive(s)),
          { ccNewsBaseUrl: config.ccNewsBaseUrl, retry },
        )
      : [...only.sources]
  const db = openStore(storePath(config.dataDir))
  try {
    const listingsFailed: RunIngest['listingsFailed'] = []
    if (live.length > 0) {
      const listing = await listCcNewsLive({
        nowMs: now.getTime(),
        windowDays: RETENTION_DAYS,
        baseUrl: config.ccNewsBaseUrl,
        sample: stream.liveSample,
        retry,
      })
      listingsFailed.push(...listing.failed)
      const failed = lastFailures(db)
      const known = (url: string) => {
        const file = getWarcFile(db, url)
        const failedAt = failed.get(url) ?? null
        return file === null && failedAt === null ? null : { status: file?.status ?? 'running', failedAt }
      }
      sources.push(
        ...pendingLiveFiles(
          listing.files.map((f) => f.url),
          known,
          stream.liveMaxFiles,
        ),
      )
    }
    const workers = config.workers ?? undefined
    const summary = await ingest({
      db,
      sources: (only.pick ?? ((x: string[]) => x))([...new Set(sources)]),
      now,
      retry,
      hostConnections: stream.hostConnections,
      onProgress: progressPrinter('ingest'),
      ...(workers === undefined ? {} : { workers }),
      ...(opts.fetchTimeoutMs === undefined ? {} : { fetchTimeoutMs: opts.fetchTimeoutMs }),
      ...(opts.ingestHooks === undefined ? {} : { hooks: opts.ingestHooks }),
    })
    // Before any snapshot is written, so its watermark finds the counts of every day up to date.
    // The counts only make stats faster (a stale day is read from the articles), so a refresh
    // that fails is reported and the run goes on to publish.
    const started = performance.now()
    try {
      const counts = refreshTermCounts(db, Math.floor(now.getTime() / 1000))
      console.log(
        `word counts: ${counts.keys} words (${counts.added} new, ${counts.dropped} dropped${counts.reselected ? ', chosen again' : ''}), ${counts.staleDays} days recounted (${((performance.now() - started) / 1000).toFixed(1)} s)`,
      )
    } catch (e) {
      console.error(
        `warning: word counts not refreshed (stats read the articles for the days written since): ${e instanceof Error ? e.message : String(e)}`,
      )
    }
    // Trending entities read a packed row a day (store/entity-blobs.ts); an unpacked day is read
    // from its rows, so a failure only costs speed and is reported.
    const packStarted = performance.now()
    try {
      const packed = refreshEntityBlobs(db)
      if (packed.days > 0)
        console.log(
          `entity counts: ${packed.days} days packed into ${packed.blobs} rows (${((performance.now() - packStarted) / 1000).toFixed(1)} s)`,
        )
    } catch (e) {
      console.error(`warning: entity counts not packed: ${e instanceof Error ? e.message : String(e)}`)
    }
    // A lookup probes every segment of the full-text index: segments on one level are merged,
    // and past FTS_SEGMENTS_MAX all into one (store/fts-maintenance.ts). Only speed depends on
    // it, so a failure is reported and the run goes on.
    const compactStarted = performance.now()
    try {
      const c = compactFullText(db)
      if (c.after !== c.before) {
        const how = c.after === c.afterLevels ? 'level merges' : `level merges left ${c.afterLevels}, merged into one`
        console.log(
          `full-text index: ${c.before} segments → ${c.after} (${how}, ${((performance.now() - compactStarted) / 1000).toFixed(1)} s)`,
        )
      }
    } catch (e) {
      console.error(`warning: full-text index not merged: ${e instanceof Error ? e.message : String(e)}`)
    }
    return { summary, listingsFailed }
  } finally {
    db.close()
  }
}

/** Which of a run's sources a pass ingests (batch/first-pass.ts). */
export interface IngestOnly {
  /** Keeps some of the sources the specs name (after listing); all when absent. */
  pick?: (sources: string[]) => string[]
  /** These sources instead of the specs: nothing is resolved or listed again. */
  sources?: readonly string[]
}

export interface BuildOptions {
  /** Live feed, retry and connection knobs (core/stream-config.ts); the defaults when absent. */
  stream?: StreamConfig
  /** WARC URL silence limit (default batch/warc/byte-source.ts WARC_TIMEOUT_MS). */
  fetchTimeoutMs?: number
  /** Fault tests kill the run at chosen points through these. */
  ingestHooks?: IngestHooks
  publishHooks?: PublishHooks
}
