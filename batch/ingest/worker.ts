/// <reference lib="webworker" />
/**
 * Worker thread: reads, extracts and enriches one WARC file at a time and posts its batches to the
 * main thread, which is the only writer of the store (one worker per core keeps both cores busy
 * when there are files enough); or extracts and enriches records of one file that the main thread
 * reads and hands out (fan-out.ts: both cores on one file).
 */
import { HeapBudget } from '../heap-budget.ts'
import { decodeRawHtml } from '../warc/record-to-event.ts'
import { readJob, toRow } from './read-job.ts'
import type { FromWorker, ToWorkerMessage } from './worker-protocol.ts'

declare const self: Worker
const heap = new HeapBudget()

self.onmessage = async (message: MessageEvent<ToWorkerMessage>) => {
  const msg = message.data
  if (msg.type === 'rows') {
    const outcomes = msg.records.map((record) => toRow(decodeRawHtml(record)))
    self.postMessage({ type: 'rows', id: msg.id, outcomes } satisfies FromWorker)
    for (const record of msg.records) heap.spend(record.payload.byteLength)
    return
  }
  const job = msg.job
  try {
    for await (const batch of readJob(job)) {
      self.postMessage({ type: 'batch', batch } satisfies FromWorker)
    }
  } catch (error) {
    self.postMessage({ type: 'failed', source: job.source, message: String(error) } satisfies FromWorker)
  }
}
