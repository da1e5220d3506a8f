/**
 * Author names and tags as pages write them → clean lists. Author values lose "By "-style prefixes,
 * URLs, handles and e-mail addresses; a value listing several people ("A and B", "A, B") is split,
 * but "Smith, John" is left whole.
 */
import { cleanValue, decodeEntities, MAX_NAME_CHARS, uniqueValues } from './clean-text.ts'

const BY_PREFIX_RE = /^(?:by|von|par|por|di|da|door|av|af|przez|от|автор|tekst|text|texto|text:)\s*[:\-–]?\s+/i
const LIST_SPLIT_RE = /\s*(?:;|\||\/|\s+(?:and|und|et|y|e|en|og|och|i|и|&)\s+|\s*&\s*)\s*/i

/** Korean/Japanese/Chinese bylines append the job title ("신현주 기자"). */
const JOB_SUFFIX_RE = /\s*(?:기자|특파원|記者|特派員|编辑|記者\s*\S*)$/u
/** A trailing initials tag ("Elena Oberholzer (obe)") or a role in parentheses. */
const PAREN_SUFFIX_RE = /\s*\([^()]{1,40}\)$/

function isUrlLike(value: string): boolean {
  return /^(?:https?:|www\.|\/)|\.(?:com|org|net|html?)(?:\/|$)|@/i.test(value)
}

function isNameLike(value: string): boolean {
  if (value.length < 2 || value.length > 80) return false
  if (isUrlLike(value) || /^\d+$|^\(|\bimage:|getty images/i.test(value)) return false
  return /\p{L}/u.test(value)
}

function splitNames(value: string): string[] {
  const parts = value.split(LIST_SPLIT_RE).filter((p) => p !== '')
  return parts.flatMap((part) => {
    const commaParts = part.split(/\s*,\s*/).filter((p) => p !== '')
    // "Jane Doe, John Roe" and "Jane Doe, dpa" split; "Doe, Jane" (one word first) is one name.
    return commaParts.length > 1 && (commaParts[0] as string).includes(' ') ? commaParts : [part]
  })
}

export function cleanAuthors(values: readonly string[]): string[] {
  const out: string[] = []
  for (const raw of values) {
    const value = cleanValue(raw, MAX_NAME_CHARS).replace(BY_PREFIX_RE, '')
    if (isUrlLike(value) || /^\(|\bimage:|getty images/i.test(value)) continue
    for (const name of splitNames(value)) {
      const trimmed = name
        .replace(BY_PREFIX_RE, '')
        .replace(PAREN_SUFFIX_RE, '')
        .replace(JOB_SUFFIX_RE, '')
        .replace(/^[\s,;:–-]+|[\s,;:–-]+$/g, '')
      if (isNameLike(trimmed)) out.push(trimmed)
    }
  }
  return uniqueValues(out, 20)
}

const UUID_RE = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i

/** Tag values: comma/semicolon lists are split; values are trimmed, de-duplicated, capped. */
export function cleanTags(values: readonly string[]): string[] {
  const out: string[] = []
  for (const raw of values) {
    // Decode first so that an encoded `&amp;` does not split on its semicolon.
    for (const part of decodeEntities(raw).split(/[,;]/)) {
      const tag = cleanValue(part, 100)
      if (tag !== '' && /\p{L}/u.test(tag) && !UUID_RE.test(tag)) out.push(tag)
    }
  }
  return uniqueValues(out)
}
