import type { Batch } from './batches.ts'

export interface ToWorker {
  source: string
  startIndex: number
  /** WARC URL silence limit (ReadWarcOptions.timeoutMs); absent: the default. */
  timeoutMs?: number
}

export type FromWorker =
  | { type: 'batch'; batch: Batch }
  | { type: 'failed'; source: string; message: string }
