/**
 * `cc-news:live`: every CC-NEWS file whose start time falls in the rolling window ending now,
 * read from the monthly listings (`crawl-data/CC-NEWS/YYYY/MM/warc.paths.gz`) that overlap it.
 * Each hourly run lists again, so files Common Crawl adds are picked up; the months follow the
 * clock across month and year ends. A sample keeps every Nth file (by the file's serial number,
 * so the choice is the same in every run and every listing).
 */
import { type FetchLike, isUrl } from './byte-source.ts'
import { listingUrl } from './cc-news.ts'
import { type RetryPolicy, backoffMs, isRetryableStatus, retryAfterMs } from './retry-policy.ts'
import zlib from 'node:zlib'

export const CC_NEWS_LIVE = 'cc-news:live'
/** crawl-data/CC-NEWS/2024/01/CC-NEWS-20240101012345-00012.warc.gz: start time, serial. */
const LISTED_FILE = /^crawl-data\/CC-NEWS\/(\d{4})\/(\d{2})\/CC-NEWS-(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})-(\d+)\.warc\.gz$/

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
export function filesInWindow(paths: readonly string[], base: string, fromMs: number, toMs: number, sample: number): LiveFile[] {
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
    const paths = await fetchListing(url, opts).catch((error: unknown) => {
      failed.push({ source: url, message: error instanceof Error ? error.message : String(error) })
      return [] as string[]
    })
    for (const f of filesInWindow(paths, base, fromMs, opts.nowMs, opts.sample)) seen.set(f.url, f)
  }
  const files = [...seen.values()].sort((a, b) => b.startMs - a.startMs || b.serial - a.serial)
  return { files, failed, listings }
}

/** One month's paths. A month not published yet (404) lists nothing; 429/5xx and network errors are retried. */
async function fetchListing(url: string, opts: LiveOptions): Promise<string[]> {
  const doFetch = opts.fetch ?? fetch
  for (let attempt = 0; ; attempt++) {
    let retryable: string
    let serverSays: number | null = null
    try {
      const res = await doFetch(url)
      if (res.status === 404) {
        await res.body?.cancel()
        return []
      }
      if (res.ok) return decodeListing(new Uint8Array(await res.arrayBuffer()), url)
      await res.body?.cancel()
      if (!isRetryableStatus(res.status)) throw new ListingError(`cannot list ${url}: HTTP ${res.status}`)
      retryable = `HTTP ${res.status}`
      serverSays = retryAfterMs(res.headers.get('retry-after'), Date.now())
    } catch (error) {
      if (error instanceof ListingError) throw error
      retryable = error instanceof Error ? error.message : String(error)
    }
    if (attempt >= opts.retry.retries) throw new ListingError(`cannot list ${url}: ${retryable}`)
    await Bun.sleep(backoffMs(opts.retry, attempt, opts.random ?? Math.random, serverSays))
  }
}

class ListingError extends Error {}

/**
 * warc.paths.gz is gzip text, one path a line (accepted uncompressed too). A listing cut short
 * (a truncated gzip) keeps the whole lines before the cut: they are real files, the rest is
 * picked up by a later run.
 */
function decodeListing(body: Uint8Array, url: string): string[] {
  let text: string
  if (body[0] === 0x1f && body[1] === 0x8b) {
    try {
      text = zlib.gunzipSync(body).toString('utf8')
    } catch {
      const partial = zlib.gunzipSync(body, { finishFlush: zlib.constants.Z_SYNC_FLUSH }).toString('utf8')
      const cut = partial.lastIndexOf('\n')
      // Not even one whole line: worth another try (plain Error, not ListingError).
      if (cut < 0) throw new Error(`cannot list ${url}: not a valid gzip file`)
      text = partial.slice(0, cut)
    }
  } else text = Buffer.from(body).toString('utf8')
  return text.split('\n').filter((line) => line.trim() !== '' && !isUrl(line))
}
