/**
 * The contract's range and window forms (DECISIONS.md, Common and Trends/Markets), parsed by pure
 * functions that take `now` as an argument.
 */

const UNIT_SECONDS = { m: 60, h: 3600, d: 86400, w: 604800 } as const

export const RANGE_FORMS =
  'YYYY-MM-DD, an ISO 8601 date-time, unix seconds, now, or now-<N><m|h|d|w>, from 1970 to 9998'

/**
 * Every instant a client gives lies in [1970-01-01, 9999-01-01): unix seconds start at the epoch,
 * and anything derived from it (the end of a `date`, a grid aligned to weeks) still prints as a
 * four-digit ISO 8601 timestamp. Outside it an answer's `from`/`to` would not be a contract
 * timestamp (`now-999999w` is 17,000 years before the epoch, `date=9999-12-31` ends in year 10000).
 */
const MIN_INSTANT_MS = 0
const MAX_INSTANT_MS = Date.UTC(9999, 0, 1)
const inSpan = (ms: number | null): number | null =>
  ms !== null && ms >= MIN_INSTANT_MS && ms < MAX_INSTANT_MS ? ms : null

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?$/i
const RELATIVE = /^now(?:-(\d{1,6})([mhdw]))?$/i
const UNIX = /^\d{1,11}$/

/** A calendar day `YYYY-MM-DD` as epoch ms of its 00:00 UTC, or null when it is no real day. */
export function parseDay(text: string): number | null {
  const m = DATE_ONLY.exec(text)
  if (m === null) return null
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const ms = Date.UTC(y, mo - 1, d)
  const back = new Date(ms)
  return back.getUTCFullYear() === y && back.getUTCMonth() === mo - 1 && back.getUTCDate() === d ? inSpan(ms) : null
}

/** An ISO 8601 date-time; without a zone it is read as UTC. Null when it is not one. */
export function parseDateTime(text: string): number | null {
  if (!DATE_TIME.test(text)) return null
  const day = parseDay(text.slice(0, 10))
  if (day === null) return null
  const zoned = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(text) ? text : `${text}Z`
  const ms = Date.parse(zoned.replace(' ', 'T').replace(/([+-]\d{2})(\d{2})$/, '$1:$2'))
  return Number.isNaN(ms) ? null : inSpan(ms)
}

/** One range bound in any accepted form, as epoch ms, or null when it parses as none of them. */
export function parseRangeValue(text: string, nowMs: number): number | null {
  const value = text.trim()
  const rel = RELATIVE.exec(value)
  if (rel !== null) {
    if (rel[1] === undefined) return nowMs
    const unit = (rel[2] as string).toLowerCase() as keyof typeof UNIT_SECONDS
    return inSpan(nowMs - Number(rel[1]) * UNIT_SECONDS[unit] * 1000)
  }
  if (UNIX.test(value)) return inSpan(Number(value) * 1000)
  return parseDay(value) ?? parseDateTime(value)
}

export interface WindowSpec {
  /** Accepted units, e.g. m/h/d for trends. */
  units: readonly ('m' | 'h' | 'd' | 'w' | 'y')[]
  minMs: number
  maxMs: number
}

const WINDOW_UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000, y: 365 * 86_400_000 } as const

/** `<N><unit>` → milliseconds, or null when the form or the bounds are wrong. */
export function parseWindow(text: string, spec: WindowSpec): number | null {
  const m = /^(\d{1,6})([mhdwy])$/.exec(text.trim())
  if (m === null) return null
  const unit = m[2] as keyof typeof WINDOW_UNIT_MS
  if (!spec.units.includes(unit)) return null
  const ms = Number(m[1]) * WINDOW_UNIT_MS[unit]
  return ms >= spec.minMs && ms <= spec.maxMs ? ms : null
}

/**
 * Most periods a zero-filled timeline may hold (the `/v1/stats` timeline, the BTC grids): about
 * 416 days hourly, 27 years daily. Without it `from=0&to=99999999999` asks for millions of
 * buckets (a 100 MB body per request on `/v1/btc/sentiment`).
 */
export const MAX_GRID_POINTS = 10_000

/** Why a grid of `periodName` periods over [fromMs, toMs) is refused, or null when it is within MAX_GRID_POINTS. */
export function gridTooLong(fromMs: number, toMs: number, periodMs: number, periodName: string): string | null {
  const points = Math.ceil((toMs - fromMs) / periodMs)
  return points > MAX_GRID_POINTS
    ? `the range holds ${points} ${periodName} periods; at most ${MAX_GRID_POINTS} are allowed (narrow from/to or use a longer interval)`
    : null
}

/** Date presets of `/v1/search` (DECISIONS.md): [fromMs, toMs). */
export const DATE_PRESETS = ['today', 'yesterday', '24h', '48h', '7d', '30d'] as const
export type DatePreset = (typeof DATE_PRESETS)[number]

export function presetRange(preset: DatePreset, nowMs: number): [number, number] {
  const midnight = Math.floor(nowMs / 86_400_000) * 86_400_000
  switch (preset) {
    case 'today':
      return [midnight, nowMs]
    case 'yesterday':
      return [midnight - 86_400_000, midnight]
    case '24h':
      return [nowMs - 86_400_000, nowMs]
    case '48h':
      return [nowMs - 2 * 86_400_000, nowMs]
    case '7d':
      return [nowMs - 7 * 86_400_000, nowMs]
    case '30d':
      return [nowMs - 30 * 86_400_000, nowMs]
  }
}
