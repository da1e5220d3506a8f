/**
 * Text clean-up shared by the metadata fields: entity decoding for values that come from JSON-LD
 * or double-encoded attributes, whitespace collapsing, and length caps so one hostile field cannot
 * grow the record without bound.
 */
import { decodeHTML } from 'entities/decode'

/** Caps in characters, applied after collapsing. */
export const MAX_TITLE_CHARS = 1_000
export const MAX_DESCRIPTION_CHARS = 5_000
export const MAX_NAME_CHARS = 200
export const MAX_LIST_ITEMS = 50

const ENTITY_RE = /&(?:#\d{1,7}|#x[\da-f]{1,6}|[a-z][a-z\d]{1,31});/i

/** Decodes entities left in a value (JSON-LD strings, `&amp;#39;` double encoding); at most twice. */
export function decodeEntities(text: string): string {
  let out = text
  for (let round = 0; round < 2 && ENTITY_RE.test(out); round++) out = decodeHTML(out)
  return out
}

/** Strips tags some publishers leave inside JSON-LD or meta values (`<p>`, `<br/>`). */
function stripTags(text: string): string {
  return text.includes('<') ? text.replace(/<\/?[a-z][^<>]{0,500}>/gi, ' ') : text
}

export function collapseWhitespace(text: string): string {
  return text.replace(/[\s\u200b\u2028\u2029\ufeff]+/g, ' ').trim()
}

/** One clean single-line value: entities decoded, tags stripped, whitespace collapsed, capped. */
export function cleanValue(text: string, maxChars: number): string {
  const clean = collapseWhitespace(
    stripTags(decodeEntities(text.length > maxChars * 4 ? text.slice(0, maxChars * 4) : text)),
  )
  return clean.length > maxChars ? clean.slice(0, maxChars).trimEnd() : clean
}

/** Case- and space-insensitive de-duplication, keeping the first spelling and the order. */
export function uniqueValues(values: readonly string[], maxItems = MAX_LIST_ITEMS): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const value of values) {
    if (value === '') continue
    const key = value.toLowerCase().replace(/\s+/g, ' ')
    if (seen.has(key)) continue
    seen.add(key)
    out.push(value)
    if (out.length >= maxItems) break
  }
  return out
}
