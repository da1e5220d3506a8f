/**
 * A record-gzipped WARC of good article records with hostile ones between them (issue 28): a gzip
 * bomb, a record whose Content-Length claims 2 GB, 1 MB of bytes that are not gzip, a 60 MB page on
 * one line, 200,000 nested `<div>`s and a member cut off mid-stream. Written to a file as it is
 * built; the bomb is made without deflating its zeros (a flushed deflate block of zeros repeats
 * byte for byte), so a 2 GiB bomb costs ~2 MB of file and well under a second to write.
 */
import { closeSync, openSync, writeSync } from 'node:fs'
import zlib from 'node:zlib'
import { page, responseRecord, warcRecord } from '../warc/warc-fixture.ts'

export const HOSTILE_KINDS = [
  'gzip-bomb',
  'claims-2gb',
  'not-gzip',
  'one-line-60mb',
  'nested-divs',
  'cut-member',
] as const
export type HostileKind = (typeof HOSTILE_KINDS)[number]

export interface HostileWarcOptions {
  /** Good records before, between and after the hostile ones. */
  goodPerGap: number
  /** What the bomb inflates to (a multiple of 1 MiB). */
  bombBytes: number
}

/** A good article: a title, three paragraphs, a URL of its own. */
export function goodArticle(n: number): Uint8Array {
  const uri = `https://news.example/good/${n}`
  const text = Array.from(
    { length: 3 },
    (_, p) => `<p>Good article ${n} paragraph ${p}: the council met on Tuesday and agreed the budget for the year.</p>`,
  ).join('')
  return responseRecord(
    uri,
    {
      headers: [['Content-Type', 'text/html; charset=utf-8']],
      body: page(`Good article number ${n}`, `<article><h1>Good article number ${n}</h1>${text}</article>`),
    },
    { date: HOSTILE_WARC_DATE },
  )
}

const MIB = 1024 * 1024
/** Every record's WARC-Date: the day before the tests' clock, so the store keeps the articles. */
export const HOSTILE_WARC_DATE = '2026-11-20T10:00:00Z'

/** A gzip member holding a response record whose body is `bytes` zeros (its header tells the truth). */
function writeBomb(fd: number, bytes: number): void {
  const head = Buffer.from(
    'WARC/1.0\r\nWARC-Type: response\r\nWARC-Date: 2026-11-20T10:00:00Z\r\n' +
      'WARC-Record-ID: <urn:uuid:00000000-0000-4000-8000-0000000b0b0b>\r\nWARC-Target-URI: https://bomb.example/\r\n' +
      `Content-Type: application/http; msgtype=response\r\nContent-Length: ${bytes}\r\n\r\n`,
  )
  const tail = Buffer.from('\r\n\r\n')
  // Each 1 MiB of zeros after a full flush (no back-references across it) compresses to the same bytes.
  const deflate = (input: Uint8Array, flush: number): Buffer =>
    zlib.deflateRawSync(input, { finishFlush: flush, level: 1 })
  const zeros = Buffer.alloc(MIB)
  const headPart = deflate(head, zlib.constants.Z_FULL_FLUSH)
  const zeroPart = deflate(zeros, zlib.constants.Z_FULL_FLUSH)
  const tailPart = deflate(tail, zlib.constants.Z_FINISH)
  writeSync(fd, Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]))
  writeSync(fd, headPart)
  let crc = zlib.crc32(head)
  for (let done = 0; done < bytes; done += MIB) {
    writeSync(fd, zeroPart)
    crc = zlib.crc32(zeros, crc)
  }
  writeSync(fd, tailPart)
  crc = zlib.crc32(tail, crc)
  const trailer = Buffer.alloc(8)
  trailer.writeUInt32LE(crc >>> 0, 0)
  trailer.writeUInt32LE((head.length + bytes + tail.length) % 2 ** 32, 4)
  writeSync(fd, trailer)
}

function hostileMember(kind: Exclude<HostileKind, 'gzip-bomb'>): Uint8Array {
  switch (kind) {
    case 'claims-2gb':
      return zlib.gzipSync(
        warcRecord({
          type: 'response',
          targetUri: 'https://liar.example/',
          contentType: 'application/http; msgtype=response',
          block: 'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<p>short</p>',
          contentLength: 2_000_000_000,
        }),
      )
    case 'not-gzip': {
      // Random-looking bytes with no gzip magic in them (a magic would start a false member).
      const junk = Buffer.alloc(MIB)
      let x = 12345
      for (let i = 0; i < junk.length; i++) {
        x = (x * 1103515245 + 12345) >>> 0
        junk[i] = 0x20 + ((x >>> 16) % 0x5f)
      }
      return junk
    }
    case 'one-line-60mb':
      return zlib.gzipSync(
        responseRecord('https://long.example/', {
          headers: [['Content-Type', 'text/html']],
          body: `<html><head><title>long</title></head><body><p>${'word '.repeat(12 * MIB)}</p></body></html>`,
        }),
        { level: 1 },
      )
    case 'nested-divs':
      return zlib.gzipSync(
        responseRecord('https://deep.example/', {
          headers: [['Content-Type', 'text/html']],
          body: `<html><head><title>deep</title></head><body>${'<div>'.repeat(200_000)}deep text${'</div>'.repeat(200_000)}</body></html>`,
        }),
      )
    case 'cut-member': {
      const whole = zlib.gzipSync(
        responseRecord('https://cut.example/', {
          headers: [['Content-Type', 'text/html']],
          body: page('cut', `<p>${'cut short '.repeat(5000)}</p>`),
        }),
      )
      return whole.subarray(0, Math.floor(whole.length / 2))
    }
  }
}

/** Writes the file; returns how many good records it holds. */
export function writeHostileWarc(path: string, opts: HostileWarcOptions): number {
  const fd = openSync(path, 'w')
  let good = 0
  const goods = (): void => {
    for (let i = 0; i < opts.goodPerGap; i++) writeSync(fd, zlib.gzipSync(goodArticle(good++)))
  }
  try {
    goods()
    for (const kind of HOSTILE_KINDS) {
      if (kind === 'gzip-bomb') writeBomb(fd, opts.bombBytes)
      else writeSync(fd, hostileMember(kind))
      goods()
    }
  } finally {
    closeSync(fd)
  }
  return good
}
