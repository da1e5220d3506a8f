/**
 * Batches: a WARC file's records, in order, cut into store transactions. Nothing here extracts
 * (read-job.ts does, on the thread that reads), so the main thread of a fanned-out ingest does not
 * load extraction and enrichment (~130 MB of models and tables).
 */
import type { ArticleRow } from '../../store/articles.ts'
import type { ReadWarcOptions } from '../warc/reader.ts'
import type { HtmlResponse, SkippedRecord } from '../warc/types.ts'
import type { ToWorker } from './worker-protocol.ts'

/** What one slice of a WARC file produced; the unit of one store transaction. */
export interface Batch {
  source: string
  rows: ArticleRow[]
  /** Records covered by this batch (all types). */
  records: number
  html: number
  skipped: Record<string, number>
  /** Index of the first record after this batch: where a resumed run starts. */
  nextIndex: number
  /** Compressed byte where record nextIndex starts (a resumed run reads from there); null when unknown. */
  nextOffset: number | null
  done: boolean
}

export const BATCH_RECORDS = 600

/** What became of one HTML record: its row, or why it has none. */
export type RowOutcome = ArticleRow | 'not-article' | 'extract-error'

/** Where an HTML record sits in its file: all a batch keeps of it once its row is made. */
export type RecordPlace = Pick<HtmlResponse, 'index' | 'nextOffset'>

/** A record in file order with, for an HTML record, what extraction made of it. */
export type ResolvedEvent = { event: SkippedRecord } | { event: RecordPlace; outcome: RowOutcome }

/** A job's reading options: from its committed record, at its recorded byte when known, URLs retried per its policy. */
export function jobReadOptions(job: ToWorker): Pick<ReadWarcOptions, 'timeoutMs' | 'resumeAt' | 'retry'> {
  return {
    retry: job.retry,
    ...(job.timeoutMs === undefined ? {} : { timeoutMs: job.timeoutMs }),
    ...(job.startOffset === null || job.startIndex === 0
      ? {}
      : { resumeAt: { offset: job.startOffset, index: job.startIndex } }),
  }
}

/** The records from `startIndex` on (those before were committed by an earlier run). */
export async function* eventsFrom<E extends { index: number }>(
  events: AsyncIterable<E>,
  startIndex: number,
): AsyncGenerator<E> {
  for await (const event of events) if (event.index >= startIndex) yield event
}

/**
 * Cuts resolved records, in file order, into batches of `batchRecords` records; the same batches
 * whether the rows were made on this thread or by workers (fan-out.ts).
 */
export async function* batchesOf(
  source: string,
  startIndex: number,
  startOffset: number | null,
  resolved: AsyncIterable<ResolvedEvent>,
  batchRecords = BATCH_RECORDS,
): AsyncGenerator<Batch> {
  let batch = emptyBatch(source, startIndex, startOffset)
  for await (const item of resolved) {
    const event = item.event
    batch.records++
    batch.nextIndex = event.index + 1
    batch.nextOffset = event.nextOffset ?? null
    if (!('outcome' in item)) {
      count(batch.skipped, item.event.reason)
    } else {
      batch.html++
      if (typeof item.outcome === 'string') count(batch.skipped, item.outcome)
      else batch.rows.push(item.outcome)
    }
    if (batch.records >= batchRecords) {
      yield batch
      batch = emptyBatch(source, batch.nextIndex, batch.nextOffset)
    }
  }
  batch.done = true
  yield batch
}

function emptyBatch(source: string, nextIndex: number, nextOffset: number | null): Batch {
  return { source, rows: [], records: 0, html: 0, skipped: {}, nextIndex, nextOffset, done: false }
}

function count(into: Record<string, number>, key: string): void {
  into[key] = (into[key] ?? 0) + 1
}
