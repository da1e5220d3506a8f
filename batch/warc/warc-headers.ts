/** The named fields of a WARC record header block (WARC 1.0 and 1.1). */

export interface WarcHeaders {
  /** Field names lower-cased; a repeated field's values joined with ", ". */
  fields: Map<string, string>
  contentLength: number
}

const VERSION_LINE = /^WARC\/1\.\d+\s*$/
const DIGITS = /^\d{1,15}$/
const utf8 = new TextDecoder('utf-8')

/** Parses the header block (version line through the last field, without the blank line). Null when it is not a usable WARC header. */
export function parseWarcHeaders(block: Uint8Array): WarcHeaders | null {
  const lines = utf8.decode(block).split(/\r?\n/)
  if (!VERSION_LINE.test(lines[0] ?? '')) return null
  const fields = new Map<string, string>()
  let lastName: string | null = null
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i] ?? ''
    if (line === '') continue
    if ((line[0] === ' ' || line[0] === '\t') && lastName !== null) {
      fields.set(lastName, `${fields.get(lastName) ?? ''} ${line.trim()}`.trim())
      continue
    }
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    const name = line.slice(0, colon).trim().toLowerCase()
    const value = line.slice(colon + 1).trim()
    const previous = fields.get(name)
    fields.set(name, previous === undefined ? value : `${previous}, ${value}`)
    lastName = name
  }
  const length = fields.get('content-length') ?? ''
  if (!DIGITS.test(length)) return null
  return { fields, contentLength: Number(length) }
}

/** WARC-Target-URI without the angle brackets WARC 1.0 writers such as wget put around it. */
export function targetUriOf(headers: WarcHeaders | null): string {
  const raw = headers?.fields.get('warc-target-uri') ?? ''
  return raw.startsWith('<') && raw.endsWith('>') ? raw.slice(1, -1).trim() : raw
}

/** WARC-Date as ISO 8601 UTC to the second with a trailing Z (fractions of WARC 1.1 dropped); null when absent or invalid. */
export function warcDateOf(headers: WarcHeaders): string | null {
  const raw = headers.fields.get('warc-date')
  if (raw === undefined || !/^\d{4}-\d{2}/.test(raw)) return null
  const millis = Date.parse(raw)
  if (Number.isNaN(millis)) return null
  return `${new Date(millis).toISOString().slice(0, 19)}Z`
}
