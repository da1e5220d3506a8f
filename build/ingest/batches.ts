import type { ArticleRow } from '../../store/articles.ts'
import { type ReadWarcOptions, readWarc } from '../warc/reader.ts'
import type { HtmlResponse, WarcEvent } from '../warc/types.ts'
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

/** What became of one HTML record: its row, or why it has none. */
export type RowOutcome = ArticleRow | 'not-article' | 'extract-error'

/** A record in file order with, for an HTML record, what extraction made of it. */
export type ResolvedEvent = { event: Exclude<WarcEvent, HtmlResponse> } | { event: HtmlResponse; outcome: RowOutcome }

/**
 * Reads one WARC source from `startIndex` on and yields batches of extracted, enriched rows.
 * Records before `startIndex` are parsed but not extracted (they were committed by an earlier run).
 * The last batch has `done: true`, even when the file was cut short (the reader counts that as a skip).
 */
export function readBatches(
  source: string,
  startIndex: number,
  batchRecords = BATCH_RECORDS,
  readOptions: Pick<ReadWarcOptions, 'timeoutMs' | 'resumeAt' | 'retry'> = {},
): AsyncGenerator<Batch> {
  return batchesOf(
    source,
    startIndex,
    readOptions.resumeAt?.offset ?? null,
    resolveHere(eventsFrom(readWarc(source, readOptions), startIndex)),
    batchRecords,
  )
}

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

/** A job's batches, everything on this thread. */
export function readJob(job: ToWorker): AsyncGenerator<Batch> {
  return readBatches(job.source, job.startIndex, undefined, jobReadOptions(job))
}

/** The records from `startIndex` on (those before were committed by an earlier run). */
export async function* eventsFrom(events: AsyncIterable<WarcEvent>, startIndex: number): AsyncGenerator<WarcEvent> {
  for await (const event of events) if (event.index >= startIndex) yield event
}

async function* resolveHere(events: AsyncIterable<WarcEvent>): AsyncGenerator<ResolvedEvent> {
  for await (const event of events) yield event.kind === 'html' ? { event, outcome: toRow(event) } : { event }
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

export function toRow(event: HtmlResponse): RowOutcome {
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
