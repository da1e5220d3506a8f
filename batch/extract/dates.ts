/**
 * Date strings as publishers write them → ISO 8601 UTC, second precision, trailing Z.
 * Handles ISO 8601 (with or without zone, `+0100`/`+01:00`, fractions), RFC 2822, English month
 * names with am/pm and zone abbreviations, `dd.mm.yyyy`, and Unix epoch seconds/milliseconds.
 * A value without a zone is read as UTC and reported as such, so callers can prefer a zoned one.
 */

export interface ParsedDate {
  /** `2019-11-19T13:21:00Z` */
  iso: string
  /** The text carried a zone or offset. */
  hasZone: boolean
  /** The text carried a time of day. */
  hasTime: boolean
}

const MIN_YEAR = 1990
const MAX_YEAR = 2100
/** Longer strings are not a date written by a publisher; also bounds the regex work. */
const MAX_DATE_CHARS = 100

const MONTHS: Record<string, number> = {
  jan: 1,
  january: 1,
  feb: 2,
  february: 2,
  mar: 3,
  march: 3,
  apr: 4,
  april: 4,
  may: 5,
  jun: 6,
  june: 6,
  jul: 7,
  july: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  oct: 10,
  october: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
}

/** Offsets in minutes of the zone abbreviations seen in news pages. */
const ZONES: Record<string, number> = {
  z: 0,
  utc: 0,
  gmt: 0,
  ut: 0,
  wet: 0,
  west: 60,
  bst: 60,
  cet: 60,
  cest: 120,
  met: 60,
  mest: 120,
  eet: 120,
  eest: 180,
  msk: 180,
  ist: 330,
  pkt: 300,
  sgt: 480,
  hkt: 480,
  jst: 540,
  kst: 540,
  aest: 600,
  aedt: 660,
  acst: 570,
  awst: 480,
  nzst: 720,
  nzdt: 780,
  est: -300,
  edt: -240,
  cst: -360,
  cdt: -300,
  mst: -420,
  mdt: -360,
  pst: -480,
  pdt: -420,
  akst: -540,
  akdt: -480,
  hst: -600,
  brt: -180,
  art: -180,
}

const ISO_RE =
  /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:(?:T|\s+|T\s*)(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d{1,9})?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?|(?:UTC|GMT)(?:[+-]\d{1,2}(?::?\d{2})?)?|[A-Za-z]{2,5})?$/
const COMPACT_RE = /^(\d{4})(\d{2})(\d{2})(?:T?(\d{2})(\d{2})(\d{2})?)?(Z|[+-]\d{2}:?\d{2})?$/
const DMY_RE =
  /^(\d{1,2})\.(\d{1,2})\.(\d{4})(?:,?\s+(\d{1,2})[:.](\d{2})(?::(\d{2}))?)?\s*(?:Uhr)?\s*([A-Za-z]{2,5}|[+-]\d{2}:?\d{2})?$/

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

/** `+01:00`, `-0530`, `+01`, `UTC+2`, `EST` → minutes east of UTC; undefined when unknown. */
function parseZone(text: string): number | undefined {
  const zone = text.trim()
  if (zone === '') return undefined
  const offset = /^(?:UTC|GMT)?([+-])(\d{1,2})(?::?(\d{2}))?$/i.exec(zone)
  if (offset !== null) {
    const minutes = Number(offset[2]) * 60 + Number(offset[3] ?? 0)
    if (minutes > 14 * 60) return undefined
    return offset[1] === '-' ? -minutes : minutes
  }
  return ZONES[zone.toLowerCase()]
}

interface Fields {
  year: number
  month: number
  day: number
  hour?: number
  minute?: number
  second?: number
  offsetMinutes?: number
}

function build(fields: Fields): ParsedDate | null {
  const { year, month, day } = fields
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    return null
  }
  const hasTime = fields.hour !== undefined
  const hour = fields.hour ?? 0
  const minute = fields.minute ?? 0
  const second = Math.min(fields.second ?? 0, 59)
  if (hour > 24 || minute > 59 || (hour === 24 && (minute > 0 || second > 0))) return null
  const hasZone = fields.offsetMinutes !== undefined && hasTime
  const ms = Date.UTC(year, month - 1, day, hour, minute, second) - (hasZone ? (fields.offsetMinutes ?? 0) : 0) * 60_000
  return { iso: `${new Date(ms).toISOString().slice(0, 19)}Z`, hasZone, hasTime }
}

function fromIso(m: RegExpExecArray): ParsedDate | null {
  const zoneText = m[7] ?? ''
  const offset = parseZone(zoneText)
  if (zoneText !== '' && offset === undefined) return null
  return build({
    year: Number(m[1]),
    month: Number(m[2]),
    day: Number(m[3]),
    hour: m[4] === undefined ? undefined : Number(m[4]),
    minute: m[5] === undefined ? undefined : Number(m[5]),
    second: m[6] === undefined ? undefined : Number(m[6]),
    offsetMinutes: offset,
  })
}

/** English month-name dates: `Tue, 19 Nov 2019 08:21:00 GMT`, `November 19, 2019 8:21 AM EST`. */
function fromWords(text: string): ParsedDate | null {
  const lower = text.toLowerCase().replace(/(\d)(st|nd|rd|th)\b/g, '$1')
  const monthMatch =
    /\b(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b\.?/.exec(
      lower,
    )
  if (monthMatch === null) return null
  const month = MONTHS[monthMatch[1] as string]
  if (month === undefined) return null
  const before = lower.slice(0, monthMatch.index)
  const after = lower.slice(monthMatch.index + monthMatch[0].length)
  const year = /\b(\d{4})\b/.exec(after) ?? /\b(\d{4})\b/.exec(before)
  if (year === null) return null
  // Day: "19 Nov" (before the month) or "Nov 19" (right after it).
  const dayAfter = /^\s*(\d{1,2})\b(?!:)/.exec(after)
  const dayBefore = /\b(\d{1,2})\s*$/.exec(before.replace(/[.,]\s*$/, ''))
  const day = dayAfter?.[1] ?? dayBefore?.[1]
  if (day === undefined) return null
  const time =
    /\b(\d{1,2})[:.](\d{2})(?::(\d{2}))?\s*(a\.?m\.?|p\.?m\.?)?/.exec(after.replace(year[0], ' ')) ??
    /\b(\d{1,2})\s*(a\.?m\.?|p\.?m\.?)/.exec(after)
  let hour: number | undefined
  let minute: number | undefined
  let second: number | undefined
  if (time !== null) {
    const hasMinutes = time.length > 3 && time[2] !== undefined && /^\d+$/.test(time[2])
    hour = Number(time[1])
    minute = hasMinutes ? Number(time[2]) : 0
    second = hasMinutes && time[3] !== undefined ? Number(time[3]) : 0
    const meridiem = (hasMinutes ? time[4] : time[2]) ?? ''
    if (meridiem.startsWith('p') && hour < 12) hour += 12
    if (meridiem.startsWith('a') && hour === 12) hour = 0
  }
  let offset: number | undefined
  if (time !== null) {
    const rest = after.slice(after.indexOf(time[0]) + time[0].length)
    const zone = /^\s*\(?((?:utc|gmt)?[+-]\d{1,2}(?::?\d{2})?|[a-z]{1,5})\b/.exec(rest)
    if (zone !== null) offset = parseZone((zone[1] as string).toUpperCase())
  }
  return build({ year: Number(year[1]), month, day: Number(day), hour, minute, second, offsetMinutes: offset })
}

export function parseDate(input: string): ParsedDate | null {
  const text = input.trim()
  if (text === '' || text.length > MAX_DATE_CHARS) return null
  if (/^\d{10}(?:\d{3})?$/.test(text)) {
    const ms = text.length === 13 ? Number(text) : Number(text) * 1000
    const date = new Date(ms)
    const year = date.getUTCFullYear()
    if (year < MIN_YEAR || year > MAX_YEAR) return null
    return { iso: `${date.toISOString().slice(0, 19)}Z`, hasZone: true, hasTime: true }
  }
  const iso = ISO_RE.exec(text)
  if (iso !== null) return fromIso(iso)
  const compact = COMPACT_RE.exec(text)
  if (compact !== null) {
    const zone = compact[7]
    return build({
      year: Number(compact[1]),
      month: Number(compact[2]),
      day: Number(compact[3]),
      hour: compact[4] === undefined ? undefined : Number(compact[4]),
      minute: compact[5] === undefined ? undefined : Number(compact[5]),
      second: compact[6] === undefined ? undefined : Number(compact[6]),
      offsetMinutes: zone === undefined ? undefined : parseZone(zone),
    })
  }
  const dmy = DMY_RE.exec(text)
  if (dmy !== null) {
    return build({
      year: Number(dmy[3]),
      month: Number(dmy[2]),
      day: Number(dmy[1]),
      hour: dmy[4] === undefined ? undefined : Number(dmy[4]),
      minute: dmy[5] === undefined ? undefined : Number(dmy[5]),
      second: dmy[6] === undefined ? undefined : Number(dmy[6]),
      offsetMinutes: dmy[7] === undefined ? undefined : parseZone(dmy[7]),
    })
  }
  // An ISO date at the start of a longer string (`2019-11-19T08:21:00-05:00 (updated)`).
  const prefix = /^(\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?)\b/.exec(text)
  if (prefix !== null && prefix[1] !== text) return parseDate(prefix[1] as string)
  return fromWords(text)
}

/** Year, month and day written in a URL path (`/2019/11/19/`, `/2019-11-19-`), as a date-only value. */
export function parseUrlDate(url: string): ParsedDate | null {
  const m = /[/_-]((?:19|20)\d{2})[/_-](0?[1-9]|1[0-2])[/_-](0?[1-9]|[12]\d|3[01])(?=[/_.-]|$)/.exec(url)
  if (m === null) return null
  return build({ year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) })
}
