/**
 * Picks the charset of an HTML payload and decodes it. Order as in the HTML standard: a byte
 * order mark, then the Content-Type charset, then `<meta charset>` / `<meta http-equiv>` in the
 * first bytes, then utf-8. Labels go through TextDecoder (WHATWG names: latin1 → windows-1252,
 * gb2312 → gbk); labels it does not know fall back to iconv-lite; unknown ones to utf-8.
 */
import iconv from 'iconv-lite'

export interface DecodedText {
  text: string
  /** Canonical name of the charset used. */
  charset: string
}

/** How far into the payload `<meta>` charset declarations are looked for. */
export const META_PRESCAN_BYTES = 2048
const META_CHARSET = /<meta\s[^>]*?charset\s*=\s*["']?\s*([\w.:()-]+)/i
const CONTENT_TYPE_CHARSET = /;\s*charset\s*=\s*"?\s*([^";,\s]+)/i

interface Charset {
  name: string
  decode: (bytes: Uint8Array) => string
}

const resolved = new Map<string, Charset | null>()
const utf8Decoder = new TextDecoder('utf-8')
const UTF8: Charset = { name: 'utf-8', decode: (bytes) => utf8Decoder.decode(bytes) }

export function decodeHtml(bytes: Uint8Array, contentType: string | undefined): DecodedText {
  const bom = bomCharset(bytes)
  const charset =
    resolveCharset(bom) ??
    resolveCharset(charsetFromContentType(contentType)) ??
    resolveCharset(fromMetaLabel(sniffMetaCharset(bytes))) ??
    UTF8
  return { text: charset.decode(bytes), charset: charset.name }
}

export function charsetFromContentType(contentType: string | undefined): string | null {
  return contentType === undefined ? null : (CONTENT_TYPE_CHARSET.exec(contentType)?.[1] ?? null)
}

export function sniffMetaCharset(bytes: Uint8Array): string | null {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, META_PRESCAN_BYTES))
  return META_CHARSET.exec(head.toString('latin1'))?.[1] ?? null
}

/** A `<meta>` can't truly declare UTF-16 (the bytes it was read from are ASCII-compatible); the HTML standard says utf-8 then. */
function fromMetaLabel(label: string | null): string | null {
  return label !== null && /^utf-?16/i.test(label) ? 'utf-8' : label
}

function bomCharset(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8'
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be'
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le'
  return null
}

/** The decoder for a charset label, or null when neither TextDecoder nor iconv-lite knows it. */
export function resolveCharset(label: string | null): Charset | null {
  if (label === null) return null
  const key = label.trim().toLowerCase()
  const cached = resolved.get(key)
  if (cached !== undefined) return cached
  const charset = fromTextDecoder(key) ?? fromIconv(key)
  resolved.set(key, charset)
  return charset
}

function fromTextDecoder(label: string): Charset | null {
  let decoder: TextDecoder
  try {
    decoder = new TextDecoder(label)
  } catch {
    return null
  }
  // 'replacement' is WHATWG's decoder for labels such as iso-2022-kr that must not be decoded.
  if (decoder.encoding === 'replacement' || decoder.encoding === 'x-user-defined') return null
  return { name: decoder.encoding, decode: (bytes) => decoder.decode(bytes) }
}

function fromIconv(label: string): Charset | null {
  if (!iconv.encodingExists(label)) return null
  return {
    name: label,
    decode: (bytes) => iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), label),
  }
}
