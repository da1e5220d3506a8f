import type { RetryPolicy } from '../warc/retry-policy.ts'
import type { Batch } from './batches.ts'

export interface ToWorker {
  source: string
  startIndex: number
  /** Compressed byte where record startIndex starts, when a previous run recorded it. */
  startOffset: number | null
  /** How URLs are retried and resumed (build/warc/retry-policy.ts). */
  retry: RetryPolicy
  /** WARC URL silence limit (ReadWarcOptions.timeoutMs); absent: the default. */
  timeoutMs?: number
}

export type FromWorker = { type: 'batch'; batch: Batch } | { type: 'failed'; source: string; message: string }
