/** HTTP/1.1 chunked transfer coding, as stored verbatim by many WARC writers. */

const MAX_SIZE_LINE_BYTES = 1024
const CR = 0x0d
const LF = 0x0a

/**
 * The payload with chunk framing removed, or null when `body` does not start as a chunked body
 * (writers sometimes keep `Transfer-Encoding: chunked` for a body they stored de-chunked). A body
 * cut off mid-chunk yields what arrived; a malformed chunk later on ends the payload there.
 */
export function dechunk(body: Uint8Array): Uint8Array | null {
  const parts: Uint8Array[] = []
  let total = 0
  let pos = 0
  while (pos < body.length) {
    const lineEnd = body.subarray(pos, pos + MAX_SIZE_LINE_BYTES).indexOf(LF)
    if (lineEnd < 0) break
    const size = parseChunkSize(body.subarray(pos, pos + lineEnd))
    if (size === null) {
      if (parts.length === 0) return null
      break
    }
    pos += lineEnd + 1
    if (size === 0) break
    const data = body.subarray(pos, pos + size)
    parts.push(data)
    total += data.length
    pos += size
    if (body[pos] === CR) pos++
    if (body[pos] === LF) pos++
  }
  if (parts.length === 0) return pos > 0 ? new Uint8Array(0) : null
  if (parts.length === 1 && parts[0] !== undefined) return parts[0]
  const out = new Uint8Array(total)
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

/** Hex size, optionally followed by `;extensions`, with optional trailing CR. */
function parseChunkSize(line: Uint8Array): number | null {
  const text = String.fromCharCode(...line)
  const match = /^[ \t]*([0-9a-fA-F]{1,8})[ \t]*(?:;[^\r]*)?\r?$/.exec(text)
  return match?.[1] === undefined ? null : Number.parseInt(match[1], 16)
}
