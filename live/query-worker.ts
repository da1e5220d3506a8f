/// <reference lib="webworker" />
/**
 * A query worker (live/query-pool.ts): its own read-only connection to the store, answering one
 * request at a time through the same answerRequest as the main thread, so an answer is the same
 * bytes wherever it was computed. On init it opens the store and answers the warm-up requests
 * (live/query-warmup.ts) before telling the pool it is ready.
 */
import type { Database } from 'bun:sqlite'
import { existsSync } from 'node:fs'
import { answerRequest } from '../answers/answer.ts'
import type { DataView, Payload } from '../answers/context.ts'
import { answersFor } from '../answers/registry.ts'
import { findEndpoint } from '../core/endpoints.ts'
import { openStore, StoreNotMigratedError } from '../store/open.ts'
import { SqliteSearchIndex } from '../store/search-sqlite.ts'
import { warmPages } from '../store/warm-pages.ts'
import type { FromQueryWorker, QueryJob, ToQueryWorker, WorkerReady } from './query-pool.ts'
import { WARMUP_MAX_MS, warmupJobs } from './query-warmup.ts'

declare const self: Worker

export interface QueryWorkerConfig {
  storePath: string
  mmapBytes: number
}

const handlers = answersFor({ version: '', uptimeSeconds: () => 0 })
let config: QueryWorkerConfig | null = null
let db: Database | null = null

function answer(job: QueryJob): Payload {
  if (config === null) throw new Error('query worker used before init')
  db ??= openStore(config.storePath, { readonly: true, mmapBytes: config.mmapBytes })
  const endpoint = findEndpoint(job.path)
  const handler = handlers[job.path]
  if (endpoint === undefined || handler === undefined) throw new Error(`no answer for ${job.path}`)
  const view: DataView = {
    db,
    index: new SqliteSearchIndex(db),
    version: job.version,
    watermark: job.watermark,
    builtAt: job.builtAt,
  }
  return answerRequest(endpoint, handler, view, job.nowMs, new URL(job.url), job.pathValues)
}

/** Answers the warm-up jobs while there is a store and time left (unless the pool says skip); what failed is reported, not thrown. */
function warmUp(nowMs: number, warm: boolean): FromQueryWorker {
  const started = performance.now()
  const failures: string[] = []
  let warmed = 0
  let pages: WorkerReady['pages'] = null
  // Before the first build there is no store yet; the first user request opens it.
  if (warm && config !== null && existsSync(config.storePath)) {
    for (const job of warmupJobs(nowMs)) {
      if (performance.now() - started > WARMUP_MAX_MS) break
      try {
        const payload = answer(job)
        if (payload.status === 200) warmed++
        else failures.push(`${job.url}: status ${payload.status}`)
      } catch (error) {
        // A store the batch job has not migrated yet opens for no request: said once, not per job.
        if (error instanceof StoreNotMigratedError) {
          failures.push(`warm-up skipped: ${error.message}`)
          break
        }
        failures.push(`${job.url}: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
    if (db !== null) {
      try {
        pages = warmPages(db, started + WARMUP_MAX_MS)
      } catch (error) {
        failures.push(`pages: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
  }
  return { type: 'ready', warmed, pages, failures, ms: Math.round(performance.now() - started) }
}

self.onmessage = (message: MessageEvent<ToQueryWorker>) => {
  const msg = message.data
  if (msg.type === 'init') {
    config = msg.config as QueryWorkerConfig
    self.postMessage(warmUp(msg.nowMs, msg.warm))
    return
  }
  try {
    self.postMessage({ id: msg.id, payload: answer(msg.job) } satisfies FromQueryWorker)
  } catch (error) {
    self.postMessage({
      id: msg.id,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    } satisfies FromQueryWorker)
  }
}
