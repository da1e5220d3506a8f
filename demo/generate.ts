/**
 * The demo archive's I/O edge: decides which hours are missing, writes them (atomically, one file
 * per hour), refreshes the price CSVs and rewrites the ground truth for everything on disk.
 * Content comes from pure functions of (seed, articles per day, hour), so re-running later only
 * appends new hours and never changes a WARC file that exists.
 */
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { isoZ, parts } from './dates.ts'
import { DEMO_LANGS } from './lang/index.ts'
import { createPlanContext, planHour } from './plan.ts'
import { DAILY_INSTRUMENTS, DAY_MS, DailySeries, HOUR_MS, isTradingDay, klineCsvLine } from './prices.ts'
import { GROUND_TRUTH_SCHEMA, type TruthCounts, TruthBuilder } from './truth.ts'
import { emptyResult, type RenderJob, type RenderResult, writeAtomic, writeHour } from './write-hours.ts'

export const GENERATOR = 'newsdesk-demo/1'

export const DEMO_DEFAULTS = { seed: 20261121, days: 90, articlesPerDay: 800, gzipLevel: 1, workers: 1 } as const

export interface DemoOptions {
  outDir: string
  /** The archive ends with the last full hour before `now`. */
  now: Date
  seed?: number
  days?: number
  /** Mean articles a day; scale it up for benchmarks (see `articlesPerDayFor`). */
  articlesPerDay?: number
  /** gzip level of the WARC members: 1 is fastest, 6 gives ~25% smaller files. */
  gzipLevel?: number
  /**
   * Threads that render missing hours (the main thread also plans the ground truth meanwhile).
   * Output does not depend on it: every hour is a pure function of (seed, articles per day, hour).
   */
  workers?: number
}

export interface DemoSummary {
  outDir: string
  seed: number
  articlesPerDay: number
  /** Start of the first hour in the archive and end of the last, ISO 8601 UTC. */
  firstHour: string
  generatedUntil: string
  /** Hours (WARC files) in the archive after this run. */
  hours: number
  /** WARC files this run wrote (the rest already existed). */
  hoursWritten: number
  /** Well-formed HTML article responses in the files this run wrote. */
  articlesWritten: number
  bytesWritten: number
  counts: TruthCounts
  elapsedMs: number
  /** Wall time of the hour loop: planning, rendering and writing the WARC files and the ground-truth lines. */
  loopMs: number
  /** CPU time (user + system, all threads) of the loop: stable when the machine is shared. */
  loopCpuMs: number
  /** articlesWritten per second of loopMs. */
  articlesPerSecond: number
  /** articlesWritten per CPU second of the loop: with one worker, the one-core generation speed. */
  articlesPerCpuSecond: number
}

export class DemoArchiveMismatchError extends Error {
  override name = 'DemoArchiveMismatchError'
}

/** articlesPerDay that yields about `totalArticles` over `days` days (e.g. 1M for the search benchmark). */
export function articlesPerDayFor(totalArticles: number, days: number): number {
  return Math.ceil(totalArticles / days / 0.985)
}

export async function generateDemoArchive(options: DemoOptions): Promise<DemoSummary> {
  const started = performance.now()
  const seed = options.seed ?? DEMO_DEFAULTS.seed
  const days = options.days ?? DEMO_DEFAULTS.days
  const articlesPerDay = options.articlesPerDay ?? DEMO_DEFAULTS.articlesPerDay
  const gzipLevel = options.gzipLevel ?? DEMO_DEFAULTS.gzipLevel
  const workers = options.workers ?? DEMO_DEFAULTS.workers
  const nowMs = options.now.getTime()
  if (!Number.isFinite(nowMs)) throw new RangeError('now must be a valid date')
  if (!Number.isInteger(days) || days < 1) throw new RangeError('days must be an integer >= 1')
  if (!(articlesPerDay > 0)) throw new RangeError('articlesPerDay must be > 0')
  if (!Number.isInteger(gzipLevel) || gzipLevel < 1 || gzipLevel > 9) throw new RangeError('gzipLevel must be 1..9')
  if (!Number.isInteger(workers) || workers < 1 || workers > 64) throw new RangeError('workers must be 1..64')

  const outDir = options.outDir
  mkdirSync(outDir, { recursive: true })
  checkCompatible(outDir, seed, articlesPerDay)

  const endHour = Math.floor(nowMs / HOUR_MS)
  const existing = listWarcHours(outDir)
  const hourSet = new Set(existing)
  for (let h = endHour - days * 24; h < endHour; h++) hourSet.add(h)
  const hours = [...hourSet].sort((a, b) => a - b)

  const ctx = createPlanContext(seed, articlesPerDay)
  const truth = new TruthBuilder()
  const truthPath = join(outDir, 'ground-truth-articles.ndjson.gz')
  const truthTmp = `${truthPath}.tmp-${process.pid}`
  const truthFd = openSync(truthTmp, 'w')
  const missing = hours.filter((h) => !existing.has(h))
  const threads = Math.min(workers, Math.ceil(missing.length / 24))
  const background =
    threads > 1 ? startWorkers({ outDir, seed, articlesPerDay, gzipLevel, hours: missing }, threads) : null
  const written = emptyResult()
  const t0 = performance.now()
  const cpu0 = process.cpuUsage()
  try {
    for (const hour of hours) {
      const plan = planHour(ctx, hour)
      if (background === null && !existing.has(hour)) writeHour(outDir, plan, seed, gzipLevel, written)
      // One gzip member per hour: the file is a valid multi-member gzip stream.
      writeSync(truthFd, Bun.gzipSync(new TextEncoder().encode(truth.addHour(plan)), { level: 1 }))
    }
    if (background !== null) for (const r of await background) addResult(written, r)
  } finally {
    closeSync(truthFd)
  }
  const cpu = process.cpuUsage(cpu0)
  written.ms = performance.now() - t0
  written.cpuMs = (cpu.user + cpu.system) / 1000
  renameSync(truthTmp, truthPath)

  const first = hours[0] ?? endHour
  const last = hours[hours.length - 1] ?? endHour - 1
  writePrices(outDir, ctx.btc, seed, first, last)

  const counts = truth.counts()
  const groundTruth = {
    schema_version: GROUND_TRUTH_SCHEMA,
    generator: GENERATOR,
    seed,
    articles_per_day: articlesPerDay,
    days,
    first_hour: isoZ(first * HOUR_MS),
    generated_until: isoZ((last + 1) * HOUR_MS),
    price_source: 'demo',
    planted_lag: {
      interval: 'day',
      shift: -1,
      meaning:
        "price leads news by 1 day: the tone of bitcoin articles published (per the page) on UTC day t follows the BTC/USDT return of day t-1 (close of the 23:00 candle over the previous day's); shift k pairs news at t with price at t+k (DECISIONS.md), so the planted shift is -1",
      tone_model:
        's = tanh(return / 0.025); p(pos) = 0.2 + 0.6*max(s,0) - 0.15*max(-s,0); p(neg) = 0.2 + 0.6*max(-s,0) - 0.15*max(s,0); p(neu) = rest',
    },
    language_set: [...DEMO_LANGS],
    ...truth.summary(ctx.publishers),
  }
  writeAtomic(join(outDir, 'ground-truth.json'), new TextEncoder().encode(`${JSON.stringify(groundTruth, null, 1)}\n`))

  return {
    outDir,
    seed,
    articlesPerDay,
    firstHour: isoZ(first * HOUR_MS),
    generatedUntil: isoZ((last + 1) * HOUR_MS),
    hours: hours.length,
    hoursWritten: written.hoursWritten,
    articlesWritten: written.articlesWritten,
    bytesWritten: written.bytesWritten,
    counts,
    elapsedMs: performance.now() - started,
    loopMs: written.ms,
    loopCpuMs: written.cpuMs,
    articlesPerSecond: written.ms > 0 ? (written.articlesWritten * 1000) / written.ms : 0,
    articlesPerCpuSecond: written.cpuMs > 0 ? (written.articlesWritten * 1000) / written.cpuMs : 0,
  }
}

/** An archive is only ever extended with the seed and volume it was started with. */
function checkCompatible(outDir: string, seed: number, articlesPerDay: number): void {
  const path = join(outDir, 'ground-truth.json')
  if (!existsSync(path)) return
  let previous: { seed?: unknown; articles_per_day?: unknown; generator?: unknown }
  try {
    previous = JSON.parse(readFileSync(path, 'utf8')) as typeof previous
  } catch {
    return
  }
  if (previous.seed !== seed || previous.articles_per_day !== articlesPerDay || previous.generator !== GENERATOR) {
    throw new DemoArchiveMismatchError(
      `${outDir} holds a demo archive made with seed ${String(previous.seed)}, ${String(previous.articles_per_day)} articles/day (${String(previous.generator)}); use another directory`,
    )
  }
}

/** Hours (since the Unix epoch) of the WARC files already in the archive. */
function listWarcHours(outDir: string): Set<number> {
  const hours = new Set<number>()
  const root = join(outDir, 'warc')
  if (!existsSync(root)) return hours
  for (const entry of readdirSync(root, { recursive: true })) {
    const name = String(entry)
    const match = /CC-NEWS-(\d{4})(\d{2})(\d{2})(\d{2})0000-\d{5}\.warc\.gz$/.exec(name)
    if (match === null) continue
    const [, y, m, d, h] = match
    hours.add(Date.UTC(Number(y), Number(m) - 1, Number(d), Number(h)) / HOUR_MS)
  }
  return hours
}

function writePrices(
  outDir: string,
  btc: ReturnType<typeof createPlanContext>['btc'],
  seed: number,
  firstHour: number,
  lastHour: number,
): void {
  const dir = join(outDir, 'prices')
  mkdirSync(dir, { recursive: true })
  const months = new Map<string, string[]>()
  for (let h = firstHour; h <= lastHour; h++) {
    const p = parts(h * HOUR_MS)
    const key = `${p.y}-${p.m}`
    let lines = months.get(key)
    if (lines === undefined) {
      lines = []
      months.set(key, lines)
    }
    lines.push(klineCsvLine(btc.candle(h)))
  }
  for (const [month, lines] of months) writeIfChanged(join(dir, `BTCUSDT-1h-${month}.csv`), `${lines.join('\n')}\n`)

  const firstDay = Math.floor(firstHour / 24)
  const lastFullDay = Math.floor((lastHour + 1) / 24) - 1
  DAILY_INSTRUMENTS.forEach((instrument, index) => {
    const series = new DailySeries(seed, instrument, index)
    let text = 'date,close\n'
    for (let day = firstDay; day <= lastFullDay; day++) {
      if (!isTradingDay(day)) continue
      const p = parts(day * DAY_MS)
      text += `${p.y}-${p.m}-${p.d},${series.close(day).toFixed(instrument.decimals)}\n`
    }
    writeIfChanged(join(dir, instrument.file), text)
  })
}

function writeIfChanged(path: string, text: string): void {
  if (existsSync(path) && readFileSync(path, 'utf8') === text) return
  writeAtomic(path, new TextEncoder().encode(text))
}

/** Splits the hours into contiguous runs (recrawls look back a few hours) and renders each in a worker thread. */
function startWorkers(job: RenderJob, threads: number): Promise<RenderResult[]> {
  const size = Math.ceil(job.hours.length / threads)
  const runs: Promise<RenderResult>[] = []
  for (let i = 0; i < threads; i++) {
    const hours = job.hours.slice(i * size, (i + 1) * size)
    if (hours.length === 0) continue
    runs.push(
      new Promise<RenderResult>((resolve, reject) => {
        const worker = new Worker(new URL('./render-worker.ts', import.meta.url), { workerData: { ...job, hours } })
        worker.once('message', (result: RenderResult) => {
          resolve(result)
          void worker.terminate()
        })
        worker.once('error', reject)
        worker.once('exit', (code) => {
          if (code !== 0) reject(new Error(`demo render worker exited with code ${code}`))
        })
      }),
    )
  }
  return Promise.all(runs)
}

function addResult(into: RenderResult, r: RenderResult): void {
  into.hoursWritten += r.hoursWritten
  into.articlesWritten += r.articlesWritten
  into.bytesWritten += r.bytesWritten
}
