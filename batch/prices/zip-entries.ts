/**
 * Reads files out of a zip archive held in memory, without a dependency: the central directory
 * (at the end of the archive) lists each entry's method, sizes, CRC and local header offset;
 * stored entries are copied, deflated ones go through `node:zlib` inflateRawSync. Enough for
 * the ECB's `eurofxref-hist.zip`; no zip64, no encryption, no multi-disk archives.
 */
import { crc32, inflateRawSync } from 'node:zlib'
import { PriceDataError } from './errors.ts'

const EOCD_SIGNATURE = 0x06054b50
const CENTRAL_SIGNATURE = 0x02014b50
const LOCAL_SIGNATURE = 0x04034b50
const EOCD_MIN_BYTES = 22
const MAX_COMMENT_BYTES = 0xffff
/** Refuse to inflate more than this per entry (the ECB history is ~2 MB). */
export const MAX_ENTRY_BYTES = 256 * 1024 * 1024

export interface ZipEntry {
  name: string
  method: number
  compressedSize: number
  size: number
  crc: number
  localOffset: number
}

/** True when the bytes start like a zip archive (`PK\x03\x04`, or `PK\x05\x06` for an empty one). */
export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5)
}

function fail(message: string): never {
  throw new PriceDataError('bad-body', `zip: ${message}`)
}

export function listZipEntries(bytes: Uint8Array): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let eocd = -1
  const lowest = Math.max(0, bytes.length - EOCD_MIN_BYTES - MAX_COMMENT_BYTES)
  for (let i = bytes.length - EOCD_MIN_BYTES; i >= lowest; i--) {
    if (view.getUint32(i, true) === EOCD_SIGNATURE) {
      eocd = i
      break
    }
  }
  if (eocd < 0) fail('no end-of-central-directory record (not a zip, or truncated)')
  const count = view.getUint16(eocd + 10, true)
  const directoryOffset = view.getUint32(eocd + 16, true)
  if (count === 0xffff || directoryOffset === 0xffffffff) fail('zip64 archives are not supported')

  const entries: ZipEntry[] = []
  let at = directoryOffset
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL_SIGNATURE) {
      fail(`central directory entry ${n + 1} of ${count} is missing or damaged`)
    }
    const flags = view.getUint16(at + 8, true)
    if ((flags & 1) !== 0) fail('encrypted entries are not supported')
    const nameLength = view.getUint16(at + 28, true)
    const extraLength = view.getUint16(at + 30, true)
    const commentLength = view.getUint16(at + 32, true)
    entries.push({
      name: new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      method: view.getUint16(at + 10, true),
      crc: view.getUint32(at + 16, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      localOffset: view.getUint32(at + 42, true),
    })
    at += 46 + nameLength + extraLength + commentLength
  }
  return entries
}

export function readZipEntry(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const at = entry.localOffset
  if (at + 30 > bytes.length || view.getUint32(at, true) !== LOCAL_SIGNATURE) {
    fail(`local header of ${entry.name} is missing or damaged`)
  }
  if (entry.size > MAX_ENTRY_BYTES) fail(`${entry.name} is ${entry.size} bytes, over the ${MAX_ENTRY_BYTES} limit`)
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true)
  const data = bytes.subarray(start, start + entry.compressedSize)
  if (data.length !== entry.compressedSize) fail(`${entry.name} is truncated`)
  let content: Uint8Array
  if (entry.method === 0) content = data
  else if (entry.method === 8) {
    try {
      content = inflateRawSync(data, { maxOutputLength: MAX_ENTRY_BYTES })
    } catch (error) {
      fail(`${entry.name} does not inflate: ${error instanceof Error ? error.message : String(error)}`)
    }
  } else fail(`${entry.name} uses compression method ${entry.method}; only stored (0) and deflate (8) are supported`)
  if (content.length !== entry.size)
    fail(`${entry.name} inflates to ${content.length} bytes, the directory says ${entry.size}`)
  if (crc32(content) >>> 0 !== entry.crc) fail(`${entry.name} fails its CRC check`)
  return content
}

/** The first entry whose name matches, or a `bad-body` error naming what the archive holds. */
export function extractZipEntry(bytes: Uint8Array, match: (name: string) => boolean): Uint8Array {
  const entries = listZipEntries(bytes)
  const entry = entries.find((e) => match(e.name))
  if (entry === undefined) fail(`no matching entry among ${entries.map((e) => e.name).join(', ') || '(none)'}`)
  return readZipEntry(bytes, entry)
}
