/**
 * Both cores on one file: the main thread reads the WARC once (one connection, gunzip, framing,
 * the HTTP head), hands its HTML records out to worker threads in small slices, as payload bytes
 * transferred rather than copied, for charset decoding, extraction and enrichment, and takes the rows back in file order, so the batches, and with them
 * what each transaction commits and where a resumed run starts, are the ones readBatches makes on
 * one thread. Used when the files to read are fewer than the workers (one Common Crawl file at a
 * time, batch/ingest/run.ts).
 */
import type { RawHtmlResponse, RawWarcEvent, SkippedRecord } from '../warc/types.ts'
import { readWarcRaw } from '../warc/reader.ts'
import {
  type Batch,
  batchesOf,
  eventsFrom,
  jobReadOptions,
  type RecordPlace,
  type ResolvedEvent,
  type RowOutcome,
} from './batches.ts'
import { HeapBudget } from '../heap-budget.ts'
import type { FromWorker, ToWorker, ToWorkerMessage } from './worker-protocol.ts'

/**
 * A message holds HTML records up to this many payload bytes (or SLICE_MAX_RECORDS): enough that
 * its cost is small beside extracting them. By volume, not count: 8 demo pages (4 KB each) a
 * message made two workers slower than one, while ~4 real pages (265 KB) fill one.
 */
export const SLICE_BYTES = 1024 * 1024
export const SLICE_MAX_RECORDS = 256
/** Slices out at once per worker: keeps each worker busy while the main thread reads and commits. */
const SLICES_PER_WORKER = 4

/** A worker thread died (out of memory, a bug): the run ends, as when a file worker crashes. */
export class WorkerCrashedError extends Error {
  override readonly name = 'WorkerCrashedError'
}

/** Worker threads that turn HTML records into rows, least busy first. */
export class RowWorkers {
  readonly #workers: { worker: Worker; pending: number }[] = []
  readonly #waiting = new Map<number, { resolve: (o: RowOutcome[]) => void; reject: (e: Error) => void }>()
  #nextId = 0
  #failure: Error | null = null

  constructor(size: number) {
    for (let i = 0; i < size; i++) {
      const worker = new Worker(new URL('./worker.ts', import.meta.url).href)
      const slot = { worker, pending: 0 }
      worker.onmessage = (event: MessageEvent<FromWorker>) => {
        const msg = event.data
        if (msg.type !== 'rows') return
        slot.pending--
        const waiting = this.#waiting.get(msg.id)
        this.#waiting.delete(msg.id)
        waiting?.resolve(msg.outcomes)
      }
      worker.onerror = (event) => this.#fail(new WorkerCrashedError(`ingest worker crashed: ${event.message}`))
      this.#workers.push(slot)
    }
  }

  get size(): number {
    return this.#workers.length
  }

  /** The rows of `records`, in their order. Their payloads are moved to the worker: unusable here afterwards. */
  rows(records: RawHtmlResponse[]): Promise<RowOutcome[]> {
    if (this.#failure !== null) return Promise.reject(this.#failure)
    const slot = this.#workers.reduce((a, b) => (b.pending < a.pending ? b : a))
    const id = this.#nextId++
    slot.pending++
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject })
      // Each payload has a buffer of its own (resolveOnWorkers copies it), so none is listed twice.
      const transfer = records.map((r) => r.payload.buffer as ArrayBuffer)
      slot.worker.postMessage({ type: 'rows', id, records } satisfies ToWorkerMessage, transfer)
    })
  }

  #fail(error: Error): void {
    this.#failure ??= error
    for (const waiting of this.#waiting.values()) waiting.reject(error)
    this.#waiting.clear()
  }

  close(): void {
    for (const { worker } of this.#workers) worker.terminate()
  }
}

/** A job's batches, its file read here and its records extracted by `workers`. */
export function readJobFannedOut(job: ToWorker, workers: RowWorkers): AsyncGenerator<Batch> {
  const options = jobReadOptions(job)
  return batchesOf(
    job.source,
    job.startIndex,
    options.resumeAt?.offset ?? null,
    resolveOnWorkers(eventsFrom(readWarcRaw(job.source, options), job.startIndex), workers),
  )
}

/** A record as the reading thread keeps it once sent: a skip, or where an HTML record sits. */
type Kept = SkippedRecord | (RecordPlace & { kind: 'html' })

interface Slice {
  events: Kept[]
  outcomes: Promise<RowOutcome[]>
}

/**
 * The events in order, each HTML one with the outcome a worker made of it. Rows go out as soon as
 * they are back and everything before them is: a source that stalls mid-file (a dropped
 * connection waiting to be retried) must not hold back records already read, so while waiting
 * for the next record the oldest slice is taken as soon as it is done, and when no slice is out
 * and the next record is slow to come, what has been read is handed out, however little.
 */
export async function* resolveOnWorkers(
  events: AsyncIterable<RawWarcEvent>,
  workers: RowWorkers,
): AsyncGenerator<ResolvedEvent> {
  const source = events[Symbol.asyncIterator]()
  const inFlight: Slice[] = []
  const maxInFlight = workers.size * SLICES_PER_WORKER
  const heap = new HeapBudget()
  let read: Kept[] = []
  let html: RawHtmlResponse[] = []
  let htmlBytes = 0
  const send = (): void => {
    const outcomes = html.length === 0 ? Promise.resolve([]) : workers.rows(html)
    // Awaited in order below; until then a failure must not count as unhandled.
    outcomes.catch(() => {})
    inFlight.push({ events: read, outcomes })
    read = []
    html = []
    htmlBytes = 0
  }
  const pull = (): Promise<IteratorResult<RawWarcEvent>> => {
    const step = source.next()
    step.catch(() => {})
    return step
  }
  let next: Promise<IteratorResult<RawWarcEvent>> | null = pull()
  try {
    while (true) {
      // Workers idle and the source slow to give the next record: hand out what has been read.
      if (inFlight.length === 0 && read.length > 0 && (next === null || (await stalls(next)))) send()
      const head = inFlight[0]
      if (next === null || (head !== undefined && inFlight.length >= maxInFlight)) {
        if (head === undefined) return
        yield* settle(inFlight.shift() as Slice)
        continue
      }
      if (head !== undefined) {
        const first = await Promise.race([
          next.then(
            () => 'record',
            () => 'record',
          ),
          head.outcomes.then(
            () => 'slice',
            () => 'slice',
          ),
        ])
        if (first === 'slice') {
          yield* settle(inFlight.shift() as Slice)
          continue
        }
      }
      const step: IteratorResult<RawWarcEvent> = await next
      if (step.done) {
        next = null
        if (read.length > 0) send()
        continue
      }
      next = pull()
      const event = step.value
      if (event.kind === 'html-bytes') {
        read.push({ kind: 'html', index: event.index, nextOffset: event.nextOffset ?? null })
        // A copy in a buffer of its own, which the transfer then moves: the payload may be a view
        // into memory the reader goes on using, or a node Buffer in the shared pool of small
        // Buffers (whose slice() is a view, not a copy).
        html.push({ ...event, payload: new Uint8Array(event.payload) })
        htmlBytes += event.payload.byteLength
        heap.spend(event.payload.byteLength)
      } else {
        read.push(event)
      }
      if (htmlBytes >= SLICE_BYTES || html.length >= SLICE_MAX_RECORDS) send()
    }
  } finally {
    inFlight.length = 0
    // Closes the reader (and its connection); queued behind a read still pending, if any.
    source.return?.()?.catch(() => {})
  }
}

/** A source that gives no record for this long is waited for with the records read so far handed out. */
const STALL_MS = 50

/** Whether `next` is still pending after STALL_MS. */
async function stalls(next: Promise<unknown>): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const stalled = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(true), STALL_MS)
  })
  try {
    return await Promise.race([
      next.then(
        () => false,
        () => false,
      ),
      stalled,
    ])
  } finally {
    clearTimeout(timer)
  }
}

async function* settle(slice: Slice): AsyncGenerator<ResolvedEvent> {
  const outcomes = await slice.outcomes
  let next = 0
  for (const event of slice.events) {
    if (event.kind !== 'html') {
      yield { event }
      continue
    }
    const outcome = outcomes[next++]
    if (outcome === undefined) throw new Error(`ingest worker answered ${outcomes.length} rows for more records`)
    yield { event, outcome }
  }
}
