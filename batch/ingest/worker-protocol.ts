import type { RetryPolicy } from '../warc/retry-policy.ts'
import type { RawHtmlResponse } from '../warc/types.ts'
import type { Batch, RowOutcome } from './batches.ts'

export interface ToWorker {
  source: string
  startIndex: number
  /** Compressed byte where record startIndex starts, when a previous run recorded it. */
  startOffset: number | null
  /** How URLs are retried and resumed (batch/warc/retry-policy.ts). */
  retry: RetryPolicy
  /** WARC URL silence limit (ReadWarcOptions.timeoutMs); absent: the default. */
  timeoutMs?: number
}

/** A whole file to read (the pool of files), or some HTML records of a file read by the main thread (fan-out.ts). */
export type ToWorkerMessage = { type: 'file'; job: ToWorker } | { type: 'rows'; id: number; records: RawHtmlResponse[] }

export type FromWorker =
  | { type: 'batch'; batch: Batch }
  | { type: 'failed'; source: string; message: string }
  /** Answer to a `rows` message: one outcome per record, in its order. */
  | { type: 'rows'; id: number; outcomes: RowOutcome[] }
