/**
 * `cc-news:YYYY/MM[/DD]` input specs: the WARC files Common Crawl published for that month (or
 * day), listed in `<base>crawl-data/CC-NEWS/YYYY/MM/warc.paths.gz`.
 */
import zlib from 'node:zlib'
import type { FetchLike } from './byte-source.ts'

export interface CcNewsSpec {
  year: string
  month: string
  day: string | null
}

export const CC_NEWS_PREFIX = 'cc-news:'
/** CC-NEWS starts in August 2016. */
const FIRST_YEAR = 2016
const SPEC = /^cc-news:(\d{4})\/(\d{2})(?:\/(\d{2}))?$/
/** crawl-data/CC-NEWS/2024/01/CC-NEWS-20240101012345-00012.warc.gz: the timestamp is the file's start. */
const LISTED_PATH = /^crawl-data\/CC-NEWS\/(\d{4})\/(\d{2})\/CC-NEWS-(\d{4})(\d{2})(\d{2})\d{6}-\d+\.warc\.gz$/

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
export async function listCcNews(specText: string, opts: { ccNewsBaseUrl: string; fetch?: FetchLike }): Promise<string[]> {
  const spec = parseCcNewsSpec(specText)
  const url = listingUrl(spec, opts.ccNewsBaseUrl)
  const res = await (opts.fetch ?? fetch)(url)
  if (!res.ok) {
    await res.body?.cancel()
    throw new Error(`cannot list ${specText}: ${url} answered HTTP ${res.status}`)
  }
  const paths = decodeListing(new Uint8Array(await res.arrayBuffer()), url)
  const base = url.slice(0, url.indexOf('crawl-data/'))
  const wanted = paths.filter((path) => {
    const m = LISTED_PATH.exec(path)
    if (m === null || m[1] !== spec.year || m[2] !== spec.month) return false
    return spec.day === null || `${m[3]}${m[4]}${m[5]}` === `${spec.year}${spec.month}${spec.day}`
  })
  if (wanted.length === 0) throw new Error(`no CC-NEWS WARC files for ${specText} in ${url}`)
  return wanted.sort().map((path) => base + path)
}

/** warc.paths.gz is gzip text, one path a line; accept it uncompressed too (a proxy may have decoded it). */
function decodeListing(body: Uint8Array, url: string): string[] {
  let text: string
  try {
    text = (body[0] === 0x1f && body[1] === 0x8b ? zlib.gunzipSync(body) : Buffer.from(body)).toString('utf8')
  } catch {
    throw new Error(`cannot list ${url}: not a valid gzip file`)
  }
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
}
