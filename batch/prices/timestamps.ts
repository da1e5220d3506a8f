/**
 * Times as price files write them, to epoch milliseconds UTC. Epoch integers are read by
 * magnitude, per value, because Binance's public spot files switched from milliseconds to
 * microseconds on 2025-01-01 and a concatenation of old and new files mixes both:
 *   up to 11 digits: seconds · 12–14: milliseconds · 15–17: microseconds · 18+: nanoseconds.
 * Date strings without a zone are UTC (every source we read writes UTC).
 */

const EPOCH = /^\d{1,20}$/
const DATE_TIME =
  /^(\d{4})[-./](\d{1,2})[-./](\d{1,2})(?:(?:T|\s+)(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?$/i

/** Epoch milliseconds (possibly fractional, from µs or ns), or null. */
export function parseEpoch(text: string): number | null {
  if (!EPOCH.test(text)) return null
  const value = Number(text)
  const digits = text.replace(/^0+(?=\d)/, '').length
  if (digits <= 11) return value * 1000
  if (digits <= 14) return value
  if (digits <= 17) return value / 1000
  return value / 1_000_000
}

/** An epoch integer or a date/date-time string to epoch milliseconds, or null. */
export function parseTimestamp(text: string): number | null {
  return parseEpoch(text) ?? parseDateTime(text)
}

export function parseDateTime(text: string): number | null {
  const m = DATE_TIME.exec(text)
  if (m === null) return null
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone = 'Z'] = m
  const year = Number(y)
  const month = Number(mo)
  const day = Number(d)
  const hour = Number(h)
  const minute = Number(mi)
  const second = Number(s)
  const base = Date.UTC(year, month - 1, day, hour, minute, second)
  const check = new Date(base)
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    check.getUTCHours() !== hour ||
    check.getUTCMinutes() !== minute ||
    check.getUTCSeconds() !== second
  ) {
    return null
  }
  const fracMs = frac === '' ? 0 : Number(`0.${frac}`) * 1000
  return base + fracMs - zoneOffsetMs(zone)
}

function zoneOffsetMs(zone: string): number {
  if (/^(Z|UTC|GMT)$/i.test(zone)) return 0
  const sign = zone.startsWith('-') ? -1 : 1
  const digits = zone.slice(1).replace(':', '')
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0')) * 60_000
}

const DAY_MS = 86_400_000
const DAY_PREFIX =
  /^(\d{4})[-./](\d{1,2})[-./](\d{1,2})(?:(?:T|\s+)\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d{1,9})?)?\s*(?:Z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?)?$/i

/**
 * The UTC day a daily row belongs to (00:00 UTC, epoch ms). Only the date part counts:
 * MetaTrader daily bars carry a `00:00` in the broker's zone, and the day is what they mean.
 */
export function parseDay(text: string): number | null {
  const m = DAY_PREFIX.exec(text)
  if (m === null) return null
  const dayMs = parseDateTime(`${m[1]}-${m[2]}-${m[3]}`)
  return dayMs === null ? null : Math.floor(dayMs / DAY_MS) * DAY_MS
}
