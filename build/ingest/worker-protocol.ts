import type { Batch } from './batches.ts'

export interface ToWorker {
  source: string
  startIndex: number
}

export type FromWorker =
  | { type: 'batch'; batch: Batch }
  | { type: 'failed'; source: string; message: string }
