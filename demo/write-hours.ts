/**
 * Renders and writes a list of hours: the unit of work of one thread. Used in-process and by
 * render-worker.ts, which runs it for a share of the hours when `workers` > 1.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { createPlanContext, type HourPlan, type PlanContext, planHour } from './plan.ts'
import { renderHour } from './warc-writer.ts'

export interface RenderJob {
  outDir: string
  seed: number
  articlesPerDay: number
  gzipLevel: number
  hours: readonly number[]
}

export interface RenderResult {
  hoursWritten: number
  articlesWritten: number
  bytesWritten: number
  /** Wall time and CPU time (user + system of the process) spent. */
  ms: number
  cpuMs: number
}

export function emptyResult(): RenderResult {
  return { hoursWritten: 0, articlesWritten: 0, bytesWritten: 0, ms: 0, cpuMs: 0 }
}

/** Writes one planned hour's WARC file and adds its numbers to `into`. */
export function writeHour(outDir: string, plan: HourPlan, seed: number, gzipLevel: number, into: RenderResult): void {
  const rendered = renderHour(plan, { seed, gzipLevel })
  writeAtomic(join(outDir, rendered.relPath), rendered.bytes)
  into.hoursWritten++
  into.bytesWritten += rendered.bytes.length
  into.articlesWritten += plan.records.filter((r) => r.kind === 'article' && r.malformed === null).length
}

export function renderHours(
  job: RenderJob,
  ctx: PlanContext = createPlanContext(job.seed, job.articlesPerDay),
): RenderResult {
  const result = emptyResult()
  const t0 = performance.now()
  const cpu0 = process.cpuUsage()
  for (const hour of job.hours) writeHour(job.outDir, planHour(ctx, hour), job.seed, job.gzipLevel, result)
  const cpu = process.cpuUsage(cpu0)
  result.ms = performance.now() - t0
  result.cpuMs = (cpu.user + cpu.system) / 1000
  return result
}

/** Temp file + rename: a crashed run never leaves a partial file that a later run would take as done. */
export function writeAtomic(path: string, bytes: Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true })
  const tmp = `${path}.tmp-${process.pid}`
  writeFileSync(tmp, bytes)
  renameSync(tmp, path)
}
