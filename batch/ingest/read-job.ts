/** A job read, extracted and enriched on one thread (a file worker, or the main thread with no workers). */
import { readWarc, type ReadWarcOptions } from '../warc/reader.ts'
import type { HtmlResponse, WarcEvent } from '../warc/types.ts'
import { type Batch, BATCH_RECORDS, batchesOf, jobReadOptions, type ResolvedEvent, type RowOutcome } from './batches.ts'
import { HeapBudget } from '../heap-budget.ts'
import { recordToRow } from './record-to-row.ts'
import type { ToWorker } from './worker-protocol.ts'

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
    resolveHere(readWarc(source, readOptions), startIndex),
    batchRecords,
  )
}

/** A job's batches, everything on this thread. */
export function readJob(job: ToWorker): AsyncGenerator<Batch> {
  return readBatches(job.source, job.startIndex, undefined, jobReadOptions(job))
}

/** The records from `startIndex` on (those before were committed by an earlier run), each HTML one extracted here. */
async function* resolveHere(events: AsyncIterable<WarcEvent>, startIndex: number): AsyncGenerator<ResolvedEvent> {
  const heap = new HeapBudget()
  for await (const event of events) {
    if (event.index < startIndex) continue
    if (event.kind !== 'html') {
      yield { event }
      continue
    }
    heap.spend(event.html.length)
    yield { event, outcome: toRow(event) }
  }
}

export function toRow(event: HtmlResponse): RowOutcome {
  try {
    return recordToRow(event) ?? 'not-article'
  } catch {
    return 'extract-error'
  }
}
