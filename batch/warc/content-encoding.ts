/** Undoes HTTP Content-Encoding: gzip/x-gzip, deflate (zlib-wrapped or raw), br, identity. */
import zlib from 'node:zlib'

export type Decoded = { kind: 'ok'; bytes: Uint8Array } | { kind: 'too-large' } | { kind: 'corrupt' }

/**
 * Decodes `body` per the Content-Encoding header (codings applied in order, so undone in
 * reverse). A payload cut off mid-stream yields what decodes; output over `maxBytes` is 'too-large'.
 */
export function decodeContent(body: Uint8Array, contentEncoding: string | undefined, maxBytes: number): Decoded {
  const codings = (contentEncoding ?? '')
    .toLowerCase()
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c !== '' && c !== 'identity')
  let bytes = body
  for (const coding of codings.reverse()) {
    if (bytes.length === 0) break
    try {
      bytes = decodeOne(bytes, coding, maxBytes)
    } catch (err) {
      const code = err && typeof err === 'object' && 'code' in err ? err.code : undefined
      return code === 'ERR_BUFFER_TOO_LARGE' ? { kind: 'too-large' } : { kind: 'corrupt' }
    }
  }
  return bytes.length > maxBytes ? { kind: 'too-large' } : { kind: 'ok', bytes }
}

function decodeOne(bytes: Uint8Array, coding: string, maxBytes: number): Uint8Array {
  const zlibOptions = { finishFlush: zlib.constants.Z_SYNC_FLUSH, maxOutputLength: maxBytes }
  switch (coding) {
    case 'gzip':
    case 'x-gzip':
      return zlib.gunzipSync(bytes, zlibOptions)
    case 'deflate':
      return isZlibWrapped(bytes) ? zlib.inflateSync(bytes, zlibOptions) : zlib.inflateRawSync(bytes, zlibOptions)
    case 'br':
      return zlib.brotliDecompressSync(bytes, {
        finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH,
        maxOutputLength: maxBytes,
      })
    default:
      throw new Error(`unsupported content coding ${coding}`)
  }
}

/** RFC 1950 header: deflate method, and the header checksum divisible by 31. */
function isZlibWrapped(bytes: Uint8Array): boolean {
  const cmf = bytes[0] ?? 0
  const flg = bytes[1] ?? 0
  return (cmf & 0x0f) === 8 && cmf >> 4 <= 7 && ((cmf << 8) | flg) % 31 === 0
}
