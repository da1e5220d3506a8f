/** Date formats the demo pages use, written by hand: fast, and identical on every platform. */

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

function two(n: number): string {
  return n < 10 ? `0${n}` : String(n)
}

/** Calendar fields of an instant shifted by `offsetMin` minutes. */
export function parts(
  ms: number,
  offsetMin = 0,
): { y: string; m: string; d: string; hh: string; mm: string; ss: string; weekday: number; month: number } {
  const date = new Date(ms + offsetMin * 60_000)
  return {
    y: String(date.getUTCFullYear()),
    m: two(date.getUTCMonth() + 1),
    d: two(date.getUTCDate()),
    hh: two(date.getUTCHours()),
    mm: two(date.getUTCMinutes()),
    ss: two(date.getUTCSeconds()),
    weekday: date.getUTCDay(),
    month: date.getUTCMonth(),
  }
}

/** `2026-11-21T14:05:00Z` */
export function isoZ(ms: number): string {
  const p = parts(ms)
  return `${p.y}-${p.m}-${p.d}T${p.hh}:${p.mm}:${p.ss}Z`
}

/** `2026-11-21T15:05:00+01:00`: the same instant in a fixed-offset local time. */
export function isoOffset(ms: number, offsetMin: number): string {
  if (offsetMin === 0) return isoZ(ms).replace('Z', '+00:00')
  const p = parts(ms, offsetMin)
  const sign = offsetMin < 0 ? '-' : '+'
  const abs = Math.abs(offsetMin)
  return `${p.y}-${p.m}-${p.d}T${p.hh}:${p.mm}:${p.ss}${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`
}

/** `Sat, 21 Nov 2026 14:05:00 GMT` (RFC 1123, as in HTTP headers). */
export function rfc1123(ms: number): string {
  const p = parts(ms)
  return `${DAYS[p.weekday]}, ${p.d} ${MONTHS[p.month]} ${p.y} ${p.hh}:${p.mm}:${p.ss} GMT`
}

/** `2026-11-21 15:05` in local time, for visible page text. */
export function localDisplay(ms: number, offsetMin: number): string {
  const p = parts(ms, offsetMin)
  return `${p.y}-${p.m}-${p.d} ${p.hh}:${p.mm}`
}

/** `20261121` of the UTC day. */
export function ymd(ms: number): string {
  const p = parts(ms)
  return `${p.y}${p.m}${p.d}`
}
