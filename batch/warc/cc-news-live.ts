/**
 * `cc-news:live`: every CC-NEWS file whose start time falls in the rolling window ending now,
 * read from the monthly listings (`crawl-data/CC-NEWS/YYYY/MM/warc.paths.gz`) that overlap it.
 * Each hourly run lists again, so files Common Crawl adds are picked up; the months follow the
 * clock across month and year ends. A sample keeps every Nth file (by the file's serial number,
 * so the choice is the same in every run and every listing).
 */
import type { FetchLike } from './byte-source.ts'
import { LISTED_FILE, fetchListing, listingUrl } from './cc-news.ts'
import type { RetryPolicy } from './retry-policy.ts'

export const CC_NEWS_LIVE = 'cc-news:live'

export function isCcNewsLive(spec: string): boolean {
  return spec.trim().toLowerCase() === CC_NEWS_LIVE
}

export interface LiveFile {
  url: string
  /** Start time of the file (from its name), epoch ms. */
  startMs: number
  serial: number
}

export interface LiveListing {
  /** Files in the window, newest first. */
  files: LiveFile[]
  /** Listings that could not be read this run (their files wait for the next run). */
  failed: { source: string; message: string }[]
  /** Listing URLs read. */
  listings: string[]
}

export interface LiveOptions {
  nowMs: number
  windowDays: number
  baseUrl: string
  /** Keep every Nth file (1 = all). */
  sample: number
  retry: RetryPolicy
  fetch?: FetchLike
  random?: () => number
}

/** The months (YYYY, MM) whose listings can hold files starting in [fromMs, toMs]. Pure. */
export function monthsOverlapping(fromMs: number, toMs: number): { year: string; month: string }[] {
  const months: { year: string; month: string }[] = []
  const from = new Date(fromMs)
  let y = from.getUTCFullYear()
  let m = from.getUTCMonth()
  const to = new Date(toMs)
  while (y < to.getUTCFullYear() || (y === to.getUTCFullYear() && m <= to.getUTCMonth())) {
    months.push({ year: String(y), month: String(m + 1).padStart(2, '0') })
    if (++m === 12) (m = 0), y++
  }
  return months
}

/** The files of one listing's text that start in [fromMs, toMs] and fall in the sample. Pure. */
export function filesInWindow(
  paths: readonly string[],
  base: string,
  fromMs: number,
  toMs: number,
  sample: number,
): LiveFile[] {
  const files: LiveFile[] = []
  for (const path of paths) {
    const m = LISTED_FILE.exec(path.trim())
    if (m === null) continue
    const [, , , y, mo, d, h, mi, s, serial] = m
    const startMs = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s))
    if (startMs < fromMs || startMs > toMs) continue
    if (Number(serial) % sample !== 0) continue
    files.push({ url: base + path.trim(), startMs, serial: Number(serial) })
  }
  return files
}

export async function listCcNewsLive(opts: LiveOptions): Promise<LiveListing> {
  const fromMs = opts.nowMs - opts.windowDays * 86_400_000
  const base = opts.baseUrl.endsWith('/') ? opts.baseUrl : `${opts.baseUrl}/`
  const seen = new Map<string, LiveFile>()
  const failed: LiveListing['failed'] = []
  const listings: string[] = []
  for (const { year, month } of monthsOverlapping(fromMs, opts.nowMs)) {
    const url = listingUrl({ year, month, day: null }, base)
    listings.push(url)
    // A month not published yet (404) lists nothing.
    const paths = await fetchListing(url, opts).then(
      (p) => p ?? [],
      (error: unknown) => {
        failed.push({ source: url, message: error instanceof Error ? error.message : String(error) })
        return [] as string[]
      },
    )
    for (const f of filesInWindow(paths, base, fromMs, opts.nowMs, opts.sample)) seen.set(f.url, f)
  }
  const files = [...seen.values()].sort((a, b) => b.startMs - a.startMs || b.serial - a.serial)
  return { files, failed, listings }
}
