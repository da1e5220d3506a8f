import type { Database } from 'bun:sqlite'
import { availableParallelism } from 'node:os'
import { ArticleWriter, applyRetention } from '../../store/articles.ts'
import {
  clearWarcFailure,
  getWarcFile,
  recordWarcFailure,
  saveWarcFile,
  type WarcFileProgress,
} from '../../store/warc-files.ts'
import type { Batch } from './batches.ts'
import { RowWorkers, readJobFannedOut, WorkerCrashedError } from './fan-out.ts'
import { isUrl } from '../warc/byte-source.ts'
import { DEFAULT_RETRY, type RetryPolicy } from '../warc/retry-policy.ts'
import { STREAM_DEFAULTS } from '../../core/stream-config.ts'
import type { FromWorker, ToWorker, ToWorkerMessage } from './worker-protocol.ts'

export const RETENTION_DAYS = 90

export interface IngestOptions {
  db: Database
  sources: readonly string[]
  now: Date
  /** Worker threads; 0 runs everything on this thread (tests, debugging). Default: one per core. */
  workers?: number
  onProgress?: (p: IngestSummary) => void
  /** WARC URL silence limit in ms (batch/warc/byte-source.ts WARC_TIMEOUT_MS by default). */
  fetchTimeoutMs?: number
  /** How WARC URLs are retried and resumed (DEFAULT_RETRY by default). */
  retry?: RetryPolicy
  /** Files read at once from one host (default 1: one connection at a time to Common Crawl). */
  hostConnections?: number
  hooks?: IngestHooks
}

export interface IngestHooks {
  /** Called inside a batch's transaction after its rows are written, before its progress is; fault tests kill here. */
  inTransaction?: (batch: Batch) => void
}

export interface IngestSummary {
  files: number
  /** Files already finished by an earlier run, not read again. */
  files_already_done: number
  files_ingested: number
  files_failed: { source: string; message: string }[]
  records: number
  html: number
  articles: number
  replaced: number
  duplicates: number
  out_of_window: number
  skipped: Record<string, number>
  retention_deleted: number
  elapsed_ms: number
}

/**
 * Ingests WARC sources into the store. Each batch is one transaction that also records how far
 * its file got, so a killed run loses nothing committed and the next run resumes the file where
 * it stopped; a finished file is never read again.
 */
export async function ingest(opts: IngestOptions): Promise<IngestSummary> {
  const started = performance.now()
  const nowSeconds = Math.floor(opts.now.getTime() / 1000)
  const minPublishedAt = nowSeconds - RETENTION_DAYS * 86400
  const summary: IngestSummary = {
    files: opts.sources.length,
    files_already_done: 0,
    files_ingested: 0,
    files_failed: [],
    records: 0,
    html: 0,
    articles: 0,
    replaced: 0,
    duplicates: 0,
    out_of_window: 0,
    skipped: {},
    retention_deleted: 0,
    elapsed_ms: 0,
  }
  const writer = new ArticleWriter(opts.db)
  const jobs: ToWorker[] = []
  const progress = new Map<string, WarcFileProgress>()
  for (const source of opts.sources) {
    const known = getWarcFile(opts.db, source)
    if (known?.status === 'done') {
      summary.files_already_done++
      continue
    }
    const p = known ?? {
      source,
      status: 'running',
      next_record: 0,
      next_offset: null,
      records: 0,
      html: 0,
      articles: 0,
      duplicates: 0,
      skipped: {},
    }
    progress.set(source, p)
    jobs.push({
      source,
      startIndex: p.next_record,
      startOffset: p.next_offset,
      retry: opts.retry ?? DEFAULT_RETRY,
      ...(opts.fetchTimeoutMs === undefined ? {} : { timeoutMs: opts.fetchTimeoutMs }),
    })
  }

  // Files that committed a batch in this run: a failure after progress is not recorded, so the
  // file stays a half-read one that the next capped live run resumes first (batch/live-files.ts).
  const committed = new Set<string>()
  const commit = opts.db.transaction((batch: Batch) => {
    const p = progress.get(batch.source)
    if (p === undefined) throw new Error(`batch for unknown source ${batch.source}`)
    for (const row of batch.rows) {
      const outcome = writer.write(row, minPublishedAt)
      if (outcome === 'inserted') p.articles++, summary.articles++
      else if (outcome === 'replaced') summary.replaced++
      else if (outcome === 'duplicate') p.duplicates++, summary.duplicates++
      else summary.out_of_window++
    }
    opts.hooks?.inTransaction?.(batch)
    p.records += batch.records
    p.html += batch.html
    p.next_record = batch.nextIndex
    p.next_offset = batch.nextOffset
    for (const [reason, n] of Object.entries(batch.skipped)) {
      p.skipped[reason] = (p.skipped[reason] ?? 0) + n
      summary.skipped[reason] = (summary.skipped[reason] ?? 0) + n
    }
    summary.records += batch.records
    summary.html += batch.html
    if (batch.done) {
      p.status = 'done'
      summary.files_ingested++
    }
    saveWarcFile(opts.db, p, nowSeconds)
    // The file moved on: its failures are forgotten (once a run, at its first commit).
    if (!committed.has(batch.source)) clearWarcFailure(opts.db, batch.source)
  })
  const onBatch = (batch: Batch) => {
    commit(batch)
    committed.add(batch.source)
    opts.onProgress?.(summary)
  }
  const onFailed = (source: string, message: string) => {
    summary.files_failed.push({ source, message })
    if (!committed.has(source)) recordWarcFailure(opts.db, source, message, nowSeconds)
  }

  const threads = opts.workers ?? availableParallelism()
  const perHost = opts.hostConnections ?? STREAM_DEFAULTS.NEWSDESK_HOST_CONNECTIONS
  const workers = Math.min(threads, jobs.length)
  if (threads >= 2 && jobs.length > 0 && filesAtOnce(jobs, perHost) < threads) {
    // Fewer files can be read at once than there are workers (one file, or one connection to
    // Common Crawl): read them one after another here and share each file's records out.
    const rowWorkers = new RowWorkers(threads)
    try {
      for (const job of jobs) {
        try {
          for await (const batch of readJobFannedOut(job, rowWorkers)) onBatch(batch)
        } catch (error) {
          if (error instanceof WorkerCrashedError) {
            onFailedQuietly(onFailed, job.source, error.message)
            throw error
          }
          onFailed(job.source, String(error))
        }
      }
    } finally {
      rowWorkers.close()
    }
  } else if (workers <= 0) {
    // Loaded here only: with workers, extraction and enrichment live in their threads alone.
    const { readJob } = await import('./read-job.ts')
    for (const job of jobs) {
      try {
        for await (const batch of readJob(job)) onBatch(batch)
      } catch (error) {
        onFailed(job.source, String(error))
      }
    }
  } else {
    await runPool(jobs, workers, perHost, onBatch, onFailed)
  }

  summary.retention_deleted = applyRetention(opts.db, minPublishedAt)
  summary.elapsed_ms = Math.round(performance.now() - started)
  return summary
}

/** The host a job's connection goes to; local files have none. */
const hostOf = (source: string): string | null => (isUrl(source) ? new URL(source).host : null)

/** How many of `jobs` the pool could read at once: every local file, at most `perHost` files of one host. */
export function filesAtOnce(jobs: readonly Pick<ToWorker, 'source'>[], perHost: number): number {
  const perHostCount = new Map<string, number>()
  let local = 0
  for (const job of jobs) {
    const host = hostOf(job.source)
    if (host === null) local++
    else perHostCount.set(host, (perHostCount.get(host) ?? 0) + 1)
  }
  let hosts = 0
  for (const n of perHostCount.values()) hosts += Math.min(n, perHost)
  return local + hosts
}

/** Records a failure when the store still can (a crashed worker ends the run anyway). */
function onFailedQuietly(onFailed: (source: string, message: string) => void, source: string, message: string): void {
  try {
    onFailed(source, message)
  } catch {}
}

/**
 * Hands files to `size` workers, one at a time each, until none is left, with at most
 * `perHost` files of one host being read at once (a worker waits rather than open a second
 * connection; a file of another host or a local file goes ahead of it).
 */
function runPool(
  jobs: readonly ToWorker[],
  size: number,
  perHost: number,
  onBatch: (b: Batch) => void,
  onFailed: (source: string, message: string) => void,
): Promise<void> {
  const queue = [...jobs]
  const reading = new Map<string, number>()
  const jobOf = new Map<Worker, ToWorker>()
  const idle: Worker[] = []
  return new Promise((resolve, reject) => {
    let running = 0
    const finish = (worker: Worker) => {
      const host = hostOf(jobOf.get(worker)?.source ?? '')
      if (host !== null) reading.set(host, (reading.get(host) ?? 1) - 1)
      jobOf.delete(worker)
      idle.push(worker)
      dispatch()
    }
    const dispatch = () => {
      while (idle.length > 0) {
        const at = queue.findIndex((j) => {
          const host = hostOf(j.source)
          return host === null || (reading.get(host) ?? 0) < perHost
        })
        if (at === -1) break
        const [job] = queue.splice(at, 1)
        const worker = idle.pop()
        if (job === undefined || worker === undefined) break
        const host = hostOf(job.source)
        if (host !== null) reading.set(host, (reading.get(host) ?? 0) + 1)
        jobOf.set(worker, job)
        worker.postMessage({ type: 'file', job } satisfies ToWorkerMessage)
      }
      if (queue.length === 0) {
        // Nothing left to hand out: idle workers end; the pool is done when all have.
        for (const worker of idle.splice(0)) {
          worker.terminate()
          if (--running === 0) resolve()
        }
      }
    }
    const next = (worker: Worker) => finish(worker)
    // The run is lost, but the file that broke it is remembered (best effort: the store may be
    // what failed), so the next run does not put it first again.
    const noteFailure = (source: string, message: string) => {
      try {
        onFailed(source, message)
      } catch {}
    }
    for (let i = 0; i < size; i++) {
      const worker = new Worker(new URL('./worker.ts', import.meta.url).href)
      running++
      worker.onmessage = (event: MessageEvent<FromWorker>) => {
        const msg = event.data
        try {
          if (msg.type === 'batch') {
            onBatch(msg.batch)
            if (msg.batch.done) next(worker)
          } else if (msg.type === 'failed') {
            onFailed(msg.source, msg.message)
            next(worker)
          }
        } catch (error) {
          queue.length = 0
          worker.terminate()
          noteFailure(jobOf.get(worker)?.source ?? '', String(error))
          reject(error)
        }
      }
      worker.onerror = (event) => {
        queue.length = 0
        const source = jobOf.get(worker)?.source
        if (source !== undefined) noteFailure(source, `ingest worker crashed: ${event.message}`)
        reject(new Error(`ingest worker crashed: ${event.message}`))
      }
      idle.push(worker)
    }
    dispatch()
  })
}
