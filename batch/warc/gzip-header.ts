/** RFC 1952 member header: where a gzip member's deflate data starts. */

const ID1 = 0x1f
const ID2 = 0x8b
const CM_DEFLATE = 8
const FHCRC = 0x02
const FEXTRA = 0x04
const FNAME = 0x08
const FCOMMENT = 0x10
const FRESERVED = 0xe0
/** A file name or comment longer than this is taken as garbage, not a header. */
const MAX_HEADER_STRING_BYTES = 64 * 1024

export type GzipHeader = { kind: 'header'; dataStart: number } | { kind: 'need-more' } | { kind: 'invalid' }

/** Parses the member header at `at`. 'need-more' when `bytes` ends inside a header that is valid so far. */
export function parseGzipHeader(bytes: Uint8Array, at: number): GzipHeader {
  if (bytes.length - at < 10) return isMemberPrefix(bytes, at) ? { kind: 'need-more' } : { kind: 'invalid' }
  const flags = bytes[at + 3] ?? 0
  if (bytes[at] !== ID1 || bytes[at + 1] !== ID2 || bytes[at + 2] !== CM_DEFLATE || (flags & FRESERVED) !== 0) {
    return { kind: 'invalid' }
  }
  let pos = at + 10
  if (flags & FEXTRA) {
    if (bytes.length < pos + 2) return { kind: 'need-more' }
    pos += 2 + ((bytes[pos] ?? 0) | ((bytes[pos + 1] ?? 0) << 8))
  }
  for (const flag of [FNAME, FCOMMENT]) {
    if (!(flags & flag)) continue
    const end = bytes.indexOf(0, pos)
    const limit = pos + MAX_HEADER_STRING_BYTES
    if (end < 0 || end > limit) return end < 0 && bytes.length < limit ? { kind: 'need-more' } : { kind: 'invalid' }
    pos = end + 1
  }
  if (flags & FHCRC) pos += 2
  return pos <= bytes.length ? { kind: 'header', dataStart: pos } : { kind: 'need-more' }
}

/** Offset of the next plausible member start at or after `from`, or -1. */
export function findMemberStart(bytes: Uint8Array, from: number): number {
  let pos = from
  while (true) {
    const hit = bytes.indexOf(ID1, pos)
    if (hit < 0) return -1
    if (isMemberPrefix(bytes, hit)) return hit
    pos = hit + 1
  }
}

export function isGzipMagic(bytes: Uint8Array): boolean {
  return bytes[0] === ID1 && bytes[1] === ID2
}

/** True when the bytes from `at` (possibly fewer than 4) could begin a gzip member header. */
function isMemberPrefix(bytes: Uint8Array, at: number): boolean {
  const expected = [ID1, ID2, CM_DEFLATE]
  for (let i = 0; i < 3 && at + i < bytes.length; i++) if (bytes[at + i] !== expected[i]) return false
  const flags = bytes[at + 3]
  return flags === undefined || (flags & FRESERVED) === 0
}
