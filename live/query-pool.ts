/**
 * Store queries off the event loop: a few worker threads, each with its own read-only connection,
 * answer the endpoints that read many rows (search, stats, feeds, article, BTC news). SQLite calls
 * are synchronous, so on the main thread one slow search would stall every other request,
 * `/health` and snapshot files included; here the main thread only validates the URL, serves
 * snapshot files and waits.
 *
 * Every job has a time budget. A job past it is answered 503 `{detail}` naming the budget (with
 * Retry-After), and its worker is terminated — which stops SQLite mid-query — and replaced, so a
 * pathological query can never hold a worker, let alone the node. Jobs wait in FIFO order when
 * every worker is busy; the node's in-flight cap (live/limits.ts) bounds the queue.
 *
 * A new worker first warms up (live/query-warmup.ts) and says `ready`; until then the pool sends
 * it nothing, so no request waits behind the warm-up or has it counted against its budget.
 */
import type { Payload } from '../answers/context.ts'
import type { WarmPagesResult } from '../store/warm-pages.ts'

/** What a worker needs to answer one request from its own connection. */
export interface QueryJob {
  path: string
  url: string
  pathValues: Record<string, string>
  nowMs: number
  version: string | null
  watermark: number | null
  builtAt: string | null
}

export type ToQueryWorker =
  | { type: 'init'; config: unknown; nowMs: number; warm: boolean }
  | { type: 'job'; id: number; job: QueryJob }
/** A worker's warm-up report: requests answered, pages read, what failed, and how long it took. */
export interface WorkerReady {
  type: 'ready'
  warmed: number
  /** store/warm-pages.ts's account; null when there was no store to read. */
  pages: WarmPagesResult | null
  failures: string[]
  ms: number
}
export type FromQueryWorker = { id: number; payload: Payload } | { id: number; error: string } | WorkerReady

export interface QueryPoolOptions {
  /** The worker script (live/query-worker.ts in production). */
  workerUrl: string | URL
  /** Sent to every worker before its first job (the store path, mmap size…). */
  config: unknown
  size: number
  budgetMs: number
  log?: (line: string) => void
  /** The node's clock, for the warm-up's date windows (default: the wall clock). */
  clock?: () => number
  /** Called with each worker's warm-up report (tests, logs). */
  onReady?: (report: WorkerReady) => void
}

interface Pending {
  id: number
  job: QueryJob
  resolve: (p: Payload) => void
}

interface Slot {
  worker: Worker
  /** False while the worker warms up: the pool sends it nothing. */
  ready: boolean
  /** Workers of this slot lost during their warm-up in a row; past WARMUP_MAX_LOSSES the next one skips it. */
  warmLosses: number
  busy: Pending | null
  timer: ReturnType<typeof setTimeout> | null
}

export const QUERY_RETRY_AFTER_SECONDS = 5
/** A warm-up that kills its worker this many times in a row is skipped, so a bad store cannot make the pool respawn forever. */
export const WARMUP_MAX_LOSSES = 2

export class QueryPool {
  readonly #slots: Slot[] = []
  readonly #queue: Pending[] = []
  #nextId = 1
  #closed = false

  constructor(private readonly opts: QueryPoolOptions) {
    if (!Number.isInteger(opts.size) || opts.size < 1)
      throw new Error(`query pool size must be a positive integer, got ${opts.size}`)
    for (let i = 0; i < opts.size; i++) this.#slots.push(this.#spawn())
  }

  /** Answers a job in a worker; always resolves (503 past the budget, 500 when the worker fails). */
  run(job: QueryJob): Promise<Payload> {
    if (this.#closed) return Promise.resolve({ status: 503, body: { detail: 'The node is shutting down' } })
    return new Promise((resolve) => {
      this.#queue.push({ id: this.#nextId++, job, resolve })
      this.#dispatch()
    })
  }

  /** Jobs waiting for a worker and jobs running (for tests and /health). */
  get load(): { queued: number; running: number; warming: number } {
    return {
      queued: this.#queue.length,
      running: this.#slots.filter((s) => s.busy !== null).length,
      warming: this.#slots.filter((s) => !s.ready).length,
    }
  }

  close(): void {
    this.#closed = true
    for (const s of this.#slots) {
      if (s.timer !== null) clearTimeout(s.timer)
      s.worker.terminate()
      s.busy?.resolve({ status: 503, body: { detail: 'The node is shutting down' } })
    }
    for (const p of this.#queue.splice(0)) p.resolve({ status: 503, body: { detail: 'The node is shutting down' } })
  }

  #spawn(): Slot {
    const slot = { ready: false, warmLosses: 0, busy: null, timer: null } as unknown as Slot
    this.#attach(slot)
    return slot
  }

  /** Starts a worker for the slot; its handlers read the slot, so a replaced worker never answers. */
  #attach(slot: Slot): void {
    const worker = new Worker(this.opts.workerUrl instanceof URL ? this.opts.workerUrl.href : this.opts.workerUrl)
    slot.worker = worker
    slot.ready = false
    const warm = slot.warmLosses < WARMUP_MAX_LOSSES
    worker.postMessage({
      type: 'init',
      config: this.opts.config,
      nowMs: (this.opts.clock ?? Date.now)(),
      warm,
    } satisfies ToQueryWorker)
    worker.onmessage = (event: MessageEvent<FromQueryWorker>) => {
      const msg = event.data
      if ('type' in msg) {
        if (slot.worker !== worker) return
        slot.ready = true
        if (warm) slot.warmLosses = 0
        if (msg.failures.length > 0)
          this.opts.log?.(`query worker warm-up: ${msg.failures.length} request(s) failed: ${msg.failures.join('; ')}`)
        this.opts.onReady?.(msg)
        this.#dispatch()
        return
      }
      const pending = slot.busy
      if (slot.worker !== worker || pending === null || pending.id !== msg.id) return
      this.#finish(slot)
      if ('payload' in msg) pending.resolve(msg.payload)
      else {
        this.opts.log?.(`query worker failed on ${pending.job.path}: ${msg.error}`)
        pending.resolve({ status: 500, body: { detail: 'Internal error' } })
      }
      this.#dispatch()
    }
    const lost = (why: string): void => {
      if (slot.worker !== worker || this.#closed) return
      this.opts.log?.(`query worker ${why}${slot.busy === null ? '' : ` on ${slot.busy.job.path}`}`)
      const pending = slot.busy
      if (!slot.ready) {
        slot.warmLosses++
        if (slot.warmLosses === WARMUP_MAX_LOSSES)
          this.opts.log?.(
            `query worker lost ${WARMUP_MAX_LOSSES} times while warming up: its replacements skip the warm-up`,
          )
      }
      this.#replace(slot)
      pending?.resolve({ status: 500, body: { detail: 'Internal error' } })
      this.#dispatch()
    }
    worker.onerror = (event) => lost(`crashed: ${event.message}`)
    // A worker that ends without an error (process.exit in a library, an out-of-memory kill of the
    // thread) is noticed at once, not when its job's budget runs out. The pool's own terminate()
    // has already swapped the slot's worker by then, so that close is ignored.
    worker.addEventListener('close', () => lost('exited'))
  }

  #finish(slot: Slot): void {
    if (slot.timer !== null) clearTimeout(slot.timer)
    slot.timer = null
    slot.busy = null
  }

  /** Terminates a slot's worker (stopping whatever SQLite is doing in it) and starts a new one in its place. */
  #replace(slot: Slot): void {
    this.#finish(slot)
    slot.worker.terminate()
    if (!this.#closed) this.#attach(slot)
  }

  #dispatch(): void {
    for (const slot of this.#slots) {
      if (slot.busy !== null || !slot.ready) continue
      const next = this.#queue.shift()
      if (next === undefined) return
      slot.busy = next
      slot.timer = setTimeout(() => {
        if (slot.busy !== next) return
        this.opts.log?.(`query past its ${this.opts.budgetMs} ms budget, worker replaced: ${next.job.url}`)
        this.#replace(slot)
        next.resolve({
          status: 503,
          body: {
            detail: `The query ran past its time budget of ${this.opts.budgetMs} ms and was stopped; narrow it (fewer days, more filters, fewer OR terms) or retry later`,
          },
          headers: { 'retry-after': String(QUERY_RETRY_AFTER_SECONDS) },
        })
        this.#dispatch()
      }, this.opts.budgetMs)
      slot.worker.postMessage({ type: 'job', id: next.id, job: next.job } satisfies ToQueryWorker)
    }
  }
}
