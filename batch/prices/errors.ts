/**
 * The one error type of the price readers and fetchers, for what a caller can act on: a whole
 * file or response that cannot be used. A malformed row is never an error; readers skip and
 * count it (see `ReadReport`).
 */

export type PriceErrorCode =
  | 'no-columns' // no header names we recognise and a layout we cannot guess
  | 'not-hourly' // hourly candles were required and the data has another interval
  | 'bad-body' // a response or file that is not the format it claims (HTML, JSON object, truncated zip)
  | 'http-status' // a non-200 answer
  | 'timeout' // no complete answer within the time limit
  | 'network' // connection refused, reset, DNS
  | 'no-progress' // a paged API returned a page that does not advance

export class PriceDataError extends Error {
  override name = 'PriceDataError'
  readonly code: PriceErrorCode

  constructor(code: PriceErrorCode, message: string) {
    super(message)
    this.code = code
  }
}

/** How many row errors a reader keeps; the count in `skipped` is always complete. */
export const MAX_ROW_ERRORS = 10

/** What every reader reports besides its rows. `rows` = data rows seen (no header, no blank lines). */
export interface ReadReport {
  rows: number
  skipped: number
  /** The first `MAX_ROW_ERRORS` reasons, as `line N: reason`. */
  errors: string[]
}

/** Collects skipped rows for a report: counts all, keeps the first few reasons. */
export function createSkipLog(
  unit: 'line' | 'row' = 'line',
  maxErrors = MAX_ROW_ERRORS,
): {
  skip: (line: number, reason: string) => void
  /** Counts a row that is skipped for an expected reason (a placeholder value), keeping no message. */
  skipQuietly: () => void
  readonly skipped: number
  readonly errors: string[]
} {
  const errors: string[] = []
  let skipped = 0
  return {
    skip(line, reason) {
      skipped += 1
      if (errors.length < maxErrors) errors.push(`${unit} ${line}: ${reason}`)
    },
    skipQuietly() {
      skipped += 1
    },
    get skipped() {
      return skipped
    },
    errors,
  }
}
