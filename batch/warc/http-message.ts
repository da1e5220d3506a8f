/** The status line and headers at the start of a `response` record's block. */

export interface HttpHead {
  status: number
  /** Names lower-cased; repeated headers joined with ", ". */
  headers: Record<string, string>
  /** Offset of the payload within the block. */
  bodyStart: number
}

/** HTTP headers longer than this make the record corrupt. */
export const MAX_HTTP_HEADER_BYTES = 64 * 1024
const STATUS_LINE = /^HTTP\/\d(?:\.\d)?[ \t]+(\d{3})(?:[ \t]|$)/

/** Null when the block does not start with an HTTP response head. */
export function parseHttpResponseHead(block: Uint8Array): HttpHead | null {
  const bytes = Buffer.from(block.buffer, block.byteOffset, block.byteLength)
  const searchEnd = Math.min(bytes.length, MAX_HTTP_HEADER_BYTES)
  const crlf = bytes.subarray(0, searchEnd).indexOf('\r\n\r\n')
  const lf = bytes.subarray(0, crlf < 0 ? searchEnd : crlf).indexOf('\n\n')
  let headEnd: number
  let bodyStart: number
  if (lf >= 0) [headEnd, bodyStart] = [lf, lf + 2]
  else if (crlf >= 0) [headEnd, bodyStart] = [crlf, crlf + 4]
  else if (bytes.length <= MAX_HTTP_HEADER_BYTES)
    [headEnd, bodyStart] = [bytes.length, bytes.length] // a head with no body and no blank line
  else return null
  const lines = bytes.toString('latin1', 0, headEnd).split(/\r?\n/)
  const status = STATUS_LINE.exec(lines[0] ?? '')
  if (status === null) return null
  return { status: Number(status[1]), headers: parseHeaderLines(lines), bodyStart }
}

function parseHeaderLines(lines: string[]): Record<string, string> {
  const headers: Record<string, string> = {}
  let lastName: string | null = null
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i] ?? ''
    if ((line.startsWith(' ') || line.startsWith('\t')) && lastName !== null) {
      headers[lastName] = `${headers[lastName] ?? ''} ${line.trim()}`.trim()
      continue
    }
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    const name = line.slice(0, colon).trim().toLowerCase()
    if (name === '__proto__') continue
    const value = line.slice(colon + 1).trim()
    const previous = headers[name]
    headers[name] = previous === undefined ? value : `${previous}, ${value}`
    lastName = name
  }
  return headers
}
