/** Bytes for the demo's WARC files: a reusable buffer, stored-block gzip members, SHA-1 digests in base32. */
import { createHash } from 'node:crypto'

export const CRLF = '\r\n'
export const ENCODER = new TextEncoder()

/** Byte arrays backed by a plain ArrayBuffer (what Bun.gzipSync accepts). */
export type Bytes = Uint8Array<ArrayBuffer>

/**
 * Growable byte buffer reused for every record of an hour: strings are encoded straight into it
 * (no intermediate arrays), and a record is gzipped from a view of it.
 */
export class Scratch {
  buf: Bytes = new Uint8Array(1 << 16)
  len = 0

  reset(): this {
    this.len = 0
    return this
  }

  private ensure(extra: number): void {
    if (this.len + extra <= this.buf.length) return
    const grown = new Uint8Array(Math.max(this.buf.length * 2, this.len + extra))
    grown.set(this.buf.subarray(0, this.len))
    this.buf = grown
  }

  text(value: string): this {
    this.ensure(value.length * 3)
    this.len += ENCODER.encodeInto(value, this.buf.subarray(this.len)).written
    return this
  }

  bytes(value: Bytes): this {
    this.ensure(value.length)
    this.buf.set(value, this.len)
    this.len += value.length
    return this
  }

  view(length = this.len): Bytes {
    return this.buf.subarray(0, length)
  }
}

const CRC_TABLE = (() => {
  const table = new Int32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    table[n] = c
  }
  return table
})()

function crc32(data: Bytes): number {
  let crc = -1
  for (let i = 0; i < data.length; i++) crc = (CRC_TABLE[(crc ^ (data[i] ?? 0)) & 0xff] ?? 0) ^ (crc >>> 8)
  return (crc ^ -1) >>> 0
}

/**
 * A gzip member whose deflate data are stored blocks (no compression). Used for the small request
 * and metadata records: still one valid gzip member per record, at a fraction of a zlib call's cost.
 */
export function gzipStored(data: Bytes): Bytes {
  const blocks = Math.max(1, Math.ceil(data.length / 65535))
  const out = new Uint8Array(10 + blocks * 5 + data.length + 8)
  out.set([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])
  let o = 10
  for (let b = 0; b < blocks; b++) {
    const start = b * 65535
    const len = Math.min(65535, data.length - start)
    out[o++] = b === blocks - 1 ? 1 : 0
    out[o++] = len & 0xff
    out[o++] = len >>> 8
    out[o++] = ~len & 0xff
    out[o++] = (~len >>> 8) & 0xff
    out.set(data.subarray(start, start + len), o)
    o += len
  }
  const crc = crc32(data)
  out[o++] = crc & 0xff
  out[o++] = (crc >>> 8) & 0xff
  out[o++] = (crc >>> 16) & 0xff
  out[o++] = crc >>> 24
  const size = data.length >>> 0
  out[o++] = size & 0xff
  out[o++] = (size >>> 8) & 0xff
  out[o++] = (size >>> 16) & 0xff
  out[o] = size >>> 24
  return out
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** `sha1:` + base32 digest of the concatenated pieces (strings are ASCII), as in WARC-Block-Digest. */
export function sha1Base32(...pieces: readonly (Bytes | string)[]): string {
  const hash = createHash('sha1')
  for (const piece of pieces) {
    if (typeof piece === 'string') hash.update(piece, 'latin1')
    else hash.update(piece)
  }
  const digest = hash.digest()
  let out = 'sha1:'
  let buffer = 0
  let bits = 0
  for (const byte of digest) {
    buffer = (buffer << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += BASE32.charAt((buffer >>> (bits - 5)) & 31)
      bits -= 5
    }
    buffer &= (1 << bits) - 1
  }
  if (bits > 0) out += BASE32.charAt((buffer << (5 - bits)) & 31)
  return out
}

export function concatAll(pieces: readonly Bytes[]): Bytes {
  let size = 0
  for (const p of pieces) size += p.length
  const out = new Uint8Array(size)
  let offset = 0
  for (const p of pieces) {
    out.set(p, offset)
    offset += p.length
  }
  return out
}
