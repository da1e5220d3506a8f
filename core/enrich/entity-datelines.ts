/**
 * Datelines (issue 27): wire copy opens a story with the place it was filed from, in capitals,
 * then the agency, a dash, a date or the state (`WASHINGTON (AP) —`, `NEW YORK, Nov 27 (Reuters) -`,
 * `SANTA FE, N.M. (AP) —`, `MADRID — Rafael Nadal…`, `BRUSSELS 2024-05-01`). Capitals say little
 * to the tagger, which took some of them for organisations (`BRUSSELS` before a date) or missed
 * them. A line that opens with a listed place in capitals followed by one of those marks names
 * that place. On the 439 pages of the extraction corpora, 36 lines open with a listed place in
 * capitals and a mark, all datelines; the lines that open with unlisted capitals and a mark (21)
 * were headings, leads and an Italian byline, so only listed places are taken.
 */
import type { EntityToken } from './entity-tokens.ts'

const B_LOC = 5

/** Words of a dateline's place: at most this many (`SALT LAKE CITY`, `RIO DE JANEIRO`). */
const PLACE_WORDS_MAX = 4

const DASHES: ReadonlySet<string> = new Set(['—', '–', '-'])

/**
 * A word in capitals: a letter, and none in lower case (`w !== w.toLowerCase() && w === w.toUpperCase()`).
 * An ASCII word is read by its character codes, without the two case-mapped copies (every line's first word is asked).
 */
export function isShoutedWord(w: string): boolean {
  let capital = false
  for (let i = 0; i < w.length; i++) {
    const c = w.charCodeAt(i)
    if (c >= 128) return w !== w.toLowerCase() && w === w.toUpperCase()
    if (c >= 97 && c <= 122) return false
    if (c >= 65 && c <= 90) capital = true
  }
  return capital
}

/** A date after the place: digits first (`2024-05-01`, `27.11.2026`, `27/11`). */
const isDate = (w: string) => {
  const c = w.charCodeAt(0)
  return c >= 48 && c <= 57
}

/**
 * The story after a dateline starts a sentence: `SAO PAULO, Brazil (AP) — Police said` has
 * `Police` as a sentence's first word, not a name in mid-sentence. Marks the token after the
 * dash of a line that opens with capitals, an optional comma and words, an optional agency in
 * brackets, then a dash, within the line's first 12 tokens.
 */
export function markDatelineStarts(tokens: EntityToken[]): void {
  const n = tokens.length
  for (let i = 0; i < n; i++) {
    const first = tokens[i] as EntityToken
    if (first.lineStart !== true || !isShoutedWord(first.text)) continue
    let j = i + 1
    while (j < n && j < i + 12) {
      const t = tokens[j] as EntityToken
      if (t.lineStart === true) break
      if (DASHES.has(t.text)) {
        const next = tokens[j + 1]
        if (next !== undefined && next.lineStart !== true) next.start = true
        break
      }
      j++
    }
  }
}

/**
 * Tags each dateline's place as a place (B/I of LOC), in place: `isPlace` says whether a
 * lower-case name (words joined by one space) is a listed place.
 */
export function tagDatelines(
  tokens: readonly EntityToken[],
  tags: Uint8Array,
  isPlace: (lowerName: string) => boolean,
): Uint8Array {
  const n = tokens.length
  for (let i = 0; i < n; i++) {
    const first = tokens[i] as EntityToken
    if (first.lineStart !== true || !isShoutedWord(first.text)) continue
    const words: string[] = []
    let j = i
    while (j < n && words.length < PLACE_WORDS_MAX) {
      const w = (tokens[j] as EntityToken).text
      if (isShoutedWord(w)) words.push(w.toLowerCase())
      else if (!(w === '.' && j + 1 < n && isShoutedWord((tokens[j + 1] as EntityToken).text))) break
      j++
    }
    if (j >= n) continue
    const next = (tokens[j] as EntityToken).text
    if (next !== '(' && next !== ',' && !DASHES.has(next) && !isDate(next)) continue
    if (!isPlace(words.join(' '))) continue
    tags[i] = B_LOC
    for (let k = i + 1; k < j; k++) tags[k] = B_LOC + 1
    // A name the tagger ran on past the place starts afresh after it.
    const after = tags[j] as number
    if (after !== 0 && after % 2 === 0) tags[j] = after - 1
  }
  return tags
}
