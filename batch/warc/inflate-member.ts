/** One gzip member inflated in a single synchronous call: the fast path for record-sized members. */
import zlib from 'node:zlib'

export type MemberInflate =
  | { kind: 'ok'; output: Uint8Array; end: number }
  /** Inflated, but the CRC-32 or size in the trailer disagrees: the output is not to be trusted. */
  | { kind: 'bad-trailer'; output: Uint8Array; end: number }
  | { kind: 'need-more' }
  | { kind: 'corrupt' }
  | { kind: 'too-large' }

const TRAILER_BYTES = 8
/**
 * Output buffer size of the one-call inflate: a real-page record (~260 KB) fills one or two instead
 * of node:zlib's default sixteen 16 KiB pieces joined at the end (0.51 → 0.45 ms of CPU a record).
 */
const OUTPUT_CHUNK_BYTES = 256 * 1024

/**
 * Inflates the member whose deflate data starts at `dataStart` and checks its CRC-32 and size
 * trailer. `end` is the offset just past the trailer. 'need-more' when `bytes` stops inside the
 * member; 'too-large' when the output would pass `maxOutputBytes` (the caller then streams it).
 */
export function inflateMember(bytes: Uint8Array, dataStart: number, maxOutputBytes: number): MemberInflate {
  let inflated: { output: Uint8Array; consumed: number }
  try {
    inflated = inflateWithInfo(bytes.subarray(dataStart), maxOutputBytes)
  } catch (err) {
    const code = err && typeof err === 'object' && 'code' in err ? err.code : undefined
    if (code === 'Z_BUF_ERROR') return { kind: 'need-more' }
    if (code === 'ERR_BUFFER_TOO_LARGE') return { kind: 'too-large' }
    if (typeof code === 'string' && code.startsWith('Z_')) return { kind: 'corrupt' }
    throw err
  }
  const trailerAt = dataStart + inflated.consumed
  if (trailerAt + TRAILER_BYTES > bytes.length) return { kind: 'need-more' }
  const kind = trailerMatches(bytes, trailerAt, zlib.crc32(inflated.output), inflated.output.length)
    ? 'ok'
    : 'bad-trailer'
  return { kind, output: inflated.output, end: trailerAt + TRAILER_BYTES }
}

/** Bisection stops when the undecided span of input is this small. */
const SALVAGE_PRECISION_BYTES = 64

/**
 * What can be recovered from a member whose deflate data is damaged: the output of the longest
 * input prefix that inflates without an error, found by bisection. It may end in garbage (zlib
 * notices damage only some bytes after it), which is why the caller marks it suspect.
 */
export function salvageMember(bytes: Uint8Array, dataStart: number, maxOutputBytes: number): Uint8Array {
  let good: Uint8Array = new Uint8Array(0)
  let lo = 0
  let hi = bytes.length - dataStart
  while (hi - lo > SALVAGE_PRECISION_BYTES) {
    const mid = lo + Math.floor((hi - lo) / 2)
    const attempt = inflatePrefix(bytes.subarray(dataStart, dataStart + mid), maxOutputBytes)
    if (attempt === null) hi = mid
    else [lo, good] = [mid, attempt]
  }
  return good
}

/** What can be recovered from a member cut off before its end (the source ended inside it). */
export function inflateTruncatedMember(bytes: Uint8Array, dataStart: number, maxOutputBytes: number): Uint8Array {
  return inflatePrefix(bytes.subarray(dataStart), maxOutputBytes) ?? new Uint8Array(0)
}

/** Inflates deflate data that may stop early; null on an error in it. */
function inflatePrefix(data: Uint8Array, maxOutputBytes: number): Uint8Array | null {
  try {
    return zlib.inflateRawSync(data, { finishFlush: zlib.constants.Z_SYNC_FLUSH, maxOutputLength: maxOutputBytes })
  } catch {
    return null
  }
}

export function trailerMatches(bytes: Uint8Array, at: number, crc: number, size: number): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset + at, TRAILER_BYTES)
  return view.getUint32(0, true) === crc >>> 0 && view.getUint32(4, true) === size >>> 0
}

/** node:zlib returns the engine (and so the input bytes consumed) only with `info: true`, which its types do not model. */
function inflateWithInfo(input: Uint8Array, maxOutputBytes: number): { output: Uint8Array; consumed: number } {
  const result: unknown = zlib.inflateRawSync(input, {
    info: true,
    maxOutputLength: maxOutputBytes,
    chunkSize: OUTPUT_CHUNK_BYTES,
  })
  if (
    result &&
    typeof result === 'object' &&
    'buffer' in result &&
    result.buffer instanceof Uint8Array &&
    'engine' in result &&
    result.engine &&
    typeof result.engine === 'object' &&
    'bytesWritten' in result.engine &&
    typeof result.engine.bytesWritten === 'number'
  ) {
    return { output: result.buffer, consumed: result.engine.bytesWritten }
  }
  throw new Error('node:zlib inflateRawSync({ info: true }) returned an unexpected shape')
}
