/** Is a response payload HTML? By its Content-Type, or by sniffing when there is none. */

const HTML_MEDIA_TYPES = new Set(['text/html', 'application/xhtml+xml'])
const SNIFF_BYTES = 1024
const HTML_MARKERS = /<html|<!doctype\s+html/i

/** The media type of a Content-Type value, lower-cased; null when the header is absent or blank. */
export function mediaTypeOf(contentType: string | undefined): string | null {
  const type = contentType?.split(';')[0]?.trim().toLowerCase()
  return type ? type : null
}

export function isHtmlMediaType(mediaType: string): boolean {
  return HTML_MEDIA_TYPES.has(mediaType)
}

/** `<html` or `<!doctype html` in the first KiB, any case. */
export function looksLikeHtml(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, SNIFF_BYTES))
  return HTML_MARKERS.test(head.toString('latin1'))
}
