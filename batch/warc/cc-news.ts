/**
 * `cc-news:YYYY/MM[/DD]` input specs: the WARC files Common Crawl published for that month (or
 * day), listed in `<base>crawl-data/CC-NEWS/YYYY/MM/warc.paths.gz`.
 */
import zlib from 'node:zlib'
import { type FetchLike, WARC_TIMEOUT_MS, isUrl } from './byte-source.ts'
import { type RetryPolicy, backoffMs, isRetryableStatus, retryAfterMs } from './retry-policy.ts'

export interface CcNewsSpec {
  year: string
  month: string
  day: string | null
}

export const CC_NEWS_PREFIX = 'cc-news:'
/** CC-NEWS starts in August 2016. */
const FIRST_YEAR = 2016
const SPEC = /^cc-news:(\d{4})\/(\d{2})(?:\/(\d{2}))?$/
/**
 * crawl-data/CC-NEWS/2024/01/CC-NEWS-20240101012345-00012.warc.gz: listing year and month, then
 * the file's start (year, month, day, hour, minute, second) and its serial number.
 */
export const LISTED_FILE =
  /^crawl-data\/CC-NEWS\/(\d{4})\/(\d{2})\/CC-NEWS-(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})-(\d+)\.warc\.gz$/

export function isCcNewsSpec(spec: string): boolean {
  return spec.toLowerCase().startsWith(CC_NEWS_PREFIX)
}

/** Throws an Error with a one-line message naming the spec when it is malformed or names no real date. */
export function parseCcNewsSpec(spec: string): CcNewsSpec {
  const match = SPEC.exec(spec.trim())
  const fail = (why: string): never => {
    throw new Error(`invalid input "${spec}": ${why}`)
  }
  if (match === null) return fail('expected cc-news:YYYY/MM or cc-news:YYYY/MM/DD')
  const [, year = '', month = '', day] = match
  if (Number(year) < FIRST_YEAR) fail(`CC-NEWS starts in ${FIRST_YEAR}`)
  if (Number(month) < 1 || Number(month) > 12) fail(`month ${month} is not 01-12`)
  if (day !== undefined) {
    const daysInMonth = new Date(Date.UTC(Number(year), Number(month), 0)).getUTCDate()
    if (Number(day) < 1 || Number(day) > daysInMonth) fail(`day ${day} is not in ${year}-${month}`)
  }
  return { year, month, day: day ?? null }
}

export function listingUrl(spec: CcNewsSpec, baseUrl: string): string {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`
  return `${base}crawl-data/CC-NEWS/${spec.year}/${spec.month}/warc.paths.gz`
}

/** The absolute URLs of the spec's WARC files, sorted by name. Throws when the listing can't be had or lists none. */
/** No retries: a listing asked for outside a build fails at its first error. */
const NO_RETRY: RetryPolicy = { retries: 0, backoffMs: 0, maxBackoffMs: 0 }

export async function listCcNews(
  specText: string,
  opts: { ccNewsBaseUrl: string; fetch?: FetchLike; retry?: RetryPolicy },
): Promise<string[]> {
  const spec = parseCcNewsSpec(specText)
  const url = listingUrl(spec, opts.ccNewsBaseUrl)
  const paths = await fetchListing(url, {
    retry: opts.retry ?? NO_RETRY,
    ...(opts.fetch === undefined ? {} : { fetch: opts.fetch }),
  })
  if (paths === null) throw new Error(`cannot list ${specText}: ${url} answered HTTP 404`)
  const base = url.slice(0, url.indexOf('crawl-data/'))
  const wanted = paths.filter((path) => {
    const m = LISTED_FILE.exec(path)
    if (m === null || m[1] !== spec.year || m[2] !== spec.month) return false
    return spec.day === null || `${m[3]}${m[4]}${m[5]}` === `${spec.year}${spec.month}${spec.day}`
  })
  if (wanted.length === 0) throw new Error(`no CC-NEWS WARC files for ${specText} in ${url}`)
  return wanted.sort().map((path) => base + path)
}

export interface ListingOptions {
  retry: RetryPolicy
  fetch?: FetchLike
  random?: () => number
  /** Longest one attempt may take, headers and body (WARC_TIMEOUT_MS by default): a silent server must not hang the build. */
  timeoutMs?: number
}

/**
 * One month's listed paths; null when the month is not published (404). 429/5xx, timeouts and
 * network errors are retried per `retry`; other statuses throw.
 */
export async function fetchListing(url: string, opts: ListingOptions): Promise<string[] | null> {
  const doFetch = opts.fetch ?? fetch
  for (let attempt = 0; ; attempt++) {
    let retryable: string
    let serverSays: number | null = null
    try {
      const res = await doFetch(url, { signal: AbortSignal.timeout(opts.timeoutMs ?? WARC_TIMEOUT_MS) })
      if (res.status === 404) {
        await res.body?.cancel()
        return null
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
    if (attempt >= opts.retry.retries)
      throw new ListingError(retryable.startsWith('cannot list') ? retryable : `cannot list ${url}: ${retryable}`)
    await Bun.sleep(backoffMs(opts.retry, attempt, opts.random ?? Math.random, serverSays))
  }
}

class ListingError extends Error {}

/**
 * warc.paths.gz is gzip text, one path a line (accepted uncompressed too: a proxy may have
 * decoded it). A listing cut short (a truncated gzip) keeps the whole lines before the cut: they
 * are real files, the rest is picked up by a later run.
 */
function decodeListing(body: Uint8Array, url: string): string[] {
  let text: string
  if (body[0] === 0x1f && body[1] === 0x8b) {
    try {
      text = zlib.gunzipSync(body).toString('utf8')
    } catch {
      let partial = ''
      try {
        partial = zlib.gunzipSync(body, { finishFlush: zlib.constants.Z_SYNC_FLUSH }).toString('utf8')
      } catch {
        // not gzip past its magic bytes: no line to keep
      }
      const cut = partial.lastIndexOf('\n')
      // Not even one whole line: worth another try (plain Error, not ListingError).
      if (cut < 0) throw new Error(`cannot list ${url}: not a valid gzip file`)
      text = partial.slice(0, cut)
    }
  } else text = Buffer.from(body).toString('utf8')
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !isUrl(line))
}
