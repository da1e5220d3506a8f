import type { ArticleRow } from '../../store/articles.ts'
import { type ReadWarcOptions, readWarc } from '../warc/reader.ts'
import type { HtmlResponse } from '../warc/types.ts'
import { recordToRow } from './record-to-row.ts'
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

/**
 * Reads one WARC source from `startIndex` on and yields batches of extracted, enriched rows.
 * Records before `startIndex` are parsed but not extracted (they were committed by an earlier run).
 * The last batch has `done: true`, even when the file was cut short (the reader counts that as a skip).
 */
export async function* readBatches(
  source: string,
  startIndex: number,
  batchRecords = BATCH_RECORDS,
  readOptions: Pick<ReadWarcOptions, 'timeoutMs' | 'resumeAt' | 'retry'> = {},
): AsyncGenerator<Batch> {
  let batch = emptyBatch(source, startIndex, readOptions.resumeAt?.offset ?? null)
  for await (const event of readWarc(source, readOptions)) {
    if (event.index < startIndex) continue
    batch.records++
    batch.nextIndex = event.index + 1
    batch.nextOffset = event.nextOffset ?? null
    if (event.kind === 'skip') {
      count(batch.skipped, event.reason)
    } else {
      batch.html++
      const outcome = toRow(event)
      if (typeof outcome === 'string') count(batch.skipped, outcome)
      else batch.rows.push(outcome)
    }
    if (batch.records >= batchRecords) {
      yield batch
      batch = emptyBatch(source, batch.nextIndex, batch.nextOffset)
    }
  }
  batch.done = true
  yield batch
}

/** A job's batches: from its committed record, at its recorded byte when known, URLs retried per its policy. */
export function readJob(job: ToWorker): AsyncGenerator<Batch> {
  return readBatches(job.source, job.startIndex, undefined, {
    retry: job.retry,
    ...(job.timeoutMs === undefined ? {} : { timeoutMs: job.timeoutMs }),
    ...(job.startOffset === null || job.startIndex === 0
      ? {}
      : { resumeAt: { offset: job.startOffset, index: job.startIndex } }),
  })
}

function toRow(event: HtmlResponse): ArticleRow | 'not-article' | 'extract-error' {
  try {
    return recordToRow(event) ?? 'not-article'
  } catch {
    return 'extract-error'
  }
}

function emptyBatch(source: string, nextIndex: number, nextOffset: number | null): Batch {
  return { source, rows: [], records: 0, html: 0, skipped: {}, nextIndex, nextOffset, done: false }
}

function count(into: Record<string, number>, key: string): void {
  into[key] = (into[key] ?? 0) + 1
}
