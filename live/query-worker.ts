/// <reference lib="webworker" />
/**
 * A query worker (live/query-pool.ts): its own read-only connection to the store, answering one
 * request at a time through the same answerRequest as the main thread, so an answer is the same
 * bytes wherever it was computed.
 */
import type { Database } from 'bun:sqlite'
import { answerRequest } from '../answers/answer.ts'
import type { DataView } from '../answers/context.ts'
import { answersFor } from '../answers/registry.ts'
import { findEndpoint } from '../core/endpoints.ts'
import { openStore } from '../store/open.ts'
import { SqliteSearchIndex } from '../store/search-sqlite.ts'
import type { FromQueryWorker, ToQueryWorker } from './query-pool.ts'

declare const self: Worker

export interface QueryWorkerConfig {
  storePath: string
  mmapBytes: number
}

const handlers = answersFor({ version: '', uptimeSeconds: () => 0 })
let config: QueryWorkerConfig | null = null
let db: Database | null = null

self.onmessage = (message: MessageEvent<ToQueryWorker>) => {
  const msg = message.data
  if (msg.type === 'init') {
    config = msg.config as QueryWorkerConfig
    return
  }
  try {
    if (config === null) throw new Error('query worker used before init')
    db ??= openStore(config.storePath, { readonly: true, mmapBytes: config.mmapBytes })
    const endpoint = findEndpoint(msg.job.path)
    const handler = handlers[msg.job.path]
    if (endpoint === undefined || handler === undefined) throw new Error(`no answer for ${msg.job.path}`)
    const view: DataView = { db, index: new SqliteSearchIndex(db), version: msg.job.version, watermark: msg.job.watermark, builtAt: msg.job.builtAt }
    const payload = answerRequest(endpoint, handler, view, msg.job.nowMs, new URL(msg.job.url), msg.job.pathValues)
    self.postMessage({ id: msg.id, payload } satisfies FromQueryWorker)
  } catch (error) {
    self.postMessage({ id: msg.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies FromQueryWorker)
  }
}
