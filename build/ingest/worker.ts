/// <reference lib="webworker" />
/**
 * Worker thread: reads, extracts and enriches one WARC file at a time and posts its batches to the
 * main thread, which is the only writer of the store. One worker per core keeps both cores busy.
 */
import { readJob } from './batches.ts'
import type { FromWorker, ToWorker } from './worker-protocol.ts'

declare const self: Worker

self.onmessage = async (message: MessageEvent<ToWorker>) => {
  const job = message.data
  try {
    for await (const batch of readJob(job)) {
      self.postMessage({ type: 'batch', batch } satisfies FromWorker)
    }
  } catch (error) {
    self.postMessage({ type: 'failed', source: job.source, message: String(error) } satisfies FromWorker)
  }
}
