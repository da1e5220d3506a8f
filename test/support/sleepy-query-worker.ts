/// <reference lib="webworker" />
/**
 * A query worker for the pool's own tests (test/live/query-pool.test.ts): it blocks its thread for
 * the `sleep` milliseconds the job's URL asks for, as a slow SQLite call would, then answers (or
 * ends its thread when the URL says `exit=1`). On init it blocks for the config's `warmMs`, as
 * the real worker's warm-up does (unless the pool says skip it), then says ready; with `warmExit`
 * it ends its thread during the warm-up instead. The
 * pool around it (queueing, budget, terminate and replace) is the real one.
 */
import type { FromQueryWorker, ToQueryWorker } from '../../live/query-pool.ts'

declare const self: Worker

self.onmessage = (message: MessageEvent<ToQueryWorker>) => {
  const msg = message.data
  if (msg.type === 'init') {
    const cfg = msg.config as { warmMs?: number; warmExit?: boolean } | null
    // `warmExit`: the thread ends during its warm-up, as a worker on a store that crashes SQLite would.
    if (cfg?.warmExit === true && msg.warm) process.exit(0)
    const warmMs = msg.warm ? Number(cfg?.warmMs ?? 0) : 0
    if (warmMs > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, warmMs)
    self.postMessage({ type: 'ready', warmed: 0, pages: null, failures: [], ms: warmMs } satisfies FromQueryWorker)
    return
  }
  const params = new URL(msg.job.url).searchParams
  // `exit=1`: the thread ends without answering or throwing, as a library calling process.exit would.
  if (params.get('exit') === '1') process.exit(0)
  const ms = Number(params.get('sleep') ?? 0)
  if (ms > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
  self.postMessage({
    id: msg.id,
    payload: { status: 200, body: { slept: ms, path: msg.job.path } },
  } satisfies FromQueryWorker)
}
