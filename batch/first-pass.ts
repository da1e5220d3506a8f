/**
 * The first run on an empty store publishes in two passes: the newest FIRST_PASS_DAYS of files
 * first (a snapshot that answers searches within seconds of the first start), then the rest (a
 * second snapshot with the whole archive). Files are dated by the CC-NEWS name they carry
 * (`CC-NEWS-YYYYMMDDhhmmss-NNNNN.warc[.gz]`); a run whose files carry no such name, or that spans
 * no more than the first pass, is one pass as before.
 */

/** Days of the newest files the first pass of a first run ingests. */
export const FIRST_PASS_DAYS = 7

const CC_NEWS_NAME = /CC-NEWS-(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})-\d+\.warc(?:\.gz)?$/i

/** Milliseconds since the epoch of the crawl time in a CC-NEWS file name (path or URL), or null. */
export function ccNewsFileTime(source: string): number | null {
  const m = CC_NEWS_NAME.exec(source)
  if (m === null) return null
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number]
  const ms = Date.UTC(y, mo - 1, d, h, mi, s)
  const date = new Date(ms)
  // Date.UTC rolls 2026-02-31 over into March: a name that is not a real time dates nothing.
  return date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && h < 24 && mi < 60 && s < 60 ? ms : null
}

export interface FirstPass {
  /** Sources of the first pass, in their original order. */
  first: string[]
  /** Every other source (older files, and files whose names carry no time), in their original order. */
  rest: string[]
}

/**
 * Splits a first run's sources into the newest `days` (counted back from the newest dated file)
 * and the rest; null when there is nothing to split (no dated file, or nothing older).
 */
export function splitFirstPass(sources: readonly string[], days: number = FIRST_PASS_DAYS): FirstPass | null {
  const times = sources.map(ccNewsFileTime)
  let newest = Number.NEGATIVE_INFINITY
  for (const t of times) if (t !== null && t > newest) newest = t
  if (newest === Number.NEGATIVE_INFINITY) return null
  const from = newest - days * 86_400_000
  const first: string[] = []
  const rest: string[] = []
  sources.forEach((source, i) => {
    const t = times[i] ?? null
    if (t !== null && t > from) first.push(source)
    else rest.push(source)
  })
  return rest.length === 0 ? null : { first, rest }
}
