import { type IngestSummary, RETENTION_DAYS } from '../ingest/run.ts'
import type { PriceLoad } from '../load-prices.ts'

/** A progress line every 2 s; with files left, an ETA from this run's pace (files finished per second). */
export function progressPrinter(label: string): (s: IngestSummary) => void {
  let last = 0
  const started = performance.now()
  return (s) => {
    const t = performance.now()
    if (t - last < 2000) return
    last = t
    const seconds = (t - started) / 1000
    const rate = Math.round(s.articles / seconds)
    const done = s.files_ingested + s.files_already_done
    const left = s.files - done - s.files_failed.length
    const eta =
      s.files_ingested > 0 && left > 0
        ? `, ETA ${formatDuration((left * seconds) / s.files_ingested)} (stop any time: the next run resumes)`
        : ''
    process.stderr.write(`${label}: ${done}/${s.files} files, ${s.articles} new articles, ${rate} articles/s${eta}\n`)
  }
}

function formatDuration(seconds: number): string {
  const s = Math.round(seconds)
  if (s < 120) return `${s} s`
  if (s < 7200) return `${Math.round(s / 60)} min`
  return `${(s / 3600).toFixed(1)} h`
}

export function printSummary(s: IngestSummary): void {
  const skipped = Object.entries(s.skipped)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')
  console.log(
    [
      `files: ${s.files} (${s.files_ingested} ingested, ${s.files_already_done} already done, ${s.files_failed.length} failed)`,
      `records: ${s.records}, html responses: ${s.html}`,
      `articles: ${s.articles} new, ${s.duplicates} duplicate URLs, ${s.replaced} replaced by an earlier crawl, ${s.out_of_window} outside the ${RETENTION_DAYS}-day window`,
      `skipped: ${skipped === '' ? 'none' : skipped}`,
      `retention: ${s.retention_deleted} deleted`,
      `elapsed: ${(s.elapsed_ms / 1000).toFixed(1)} s`,
    ].join('\n'),
  )
  for (const f of s.files_failed) console.log(`failed: ${f.source}: ${f.message}`)
  const hint = windowHint(s)
  if (hint !== null) console.log(hint)
}

/**
 * When nothing was stored because every article lay outside the window (an archive older than the
 * RETENTION_DAYS ending at the clock), how to replay it; null otherwise.
 */
export function windowHint(s: Pick<IngestSummary, 'articles' | 'out_of_window'>): string | null {
  if (s.articles > 0 || s.out_of_window === 0) return null
  return `hint: every article lay outside the ${RETENTION_DAYS}-day window ending at the clock; to ingest an older archive, set NEWSDESK_NOW to just after its last day (docs/configuration.md)`
}

export function printPriceLoads(loads: readonly PriceLoad[]): void {
  for (const l of loads) {
    console.log(`prices ${l.instrument}: ${l.files} files, ${l.saved} saved, ${l.skipped} skipped`)
    for (const e of l.errors.slice(0, 5)) console.log(`  ${e}`)
  }
}
