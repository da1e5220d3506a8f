/**
 * Tokens for entity tagging (issue 27): one pass of one linear regular expression, no backtracking
 * beyond a token. Words keep inner apostrophes, hyphens and dots (`O'Brien`, `Al-Assad`, `U.S`);
 * a possessive `'s` is split off, as the labelled corpora do; every other character that is not a
 * letter or digit is a token of its own. `start` marks the first token of a sentence or paragraph,
 * where a capital letter says nothing.
 */

export interface EntityToken {
  text: string
  /** First token of a sentence, paragraph or field. */
  start: boolean
}

const TOKEN = /[\p{L}\p{N}]+(?:['’.\-&][\p{L}\p{N}]+)*|[^\s\p{L}\p{N}]/gu
const SENTENCE_END = new Set(['.', '!', '?', '…', ':', ';', '"', '“', '”'])
/** Dots that do not end a sentence: `Mr. Smith`, `U.S. officials`. */
const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'st',
  'jr',
  'sr',
  'prof',
  'gen',
  'gov',
  'sen',
  'rep',
  'lt',
  'col',
])

/** Tokens of `text`; a blank line (paragraph break) starts a sentence. */
export function tokenizeForEntities(text: string, out: EntityToken[] = []): EntityToken[] {
  let start = true
  let lastEnd = 0
  for (const m of text.matchAll(TOKEN)) {
    const index = m.index
    const gap = text.slice(lastEnd, index)
    if (gap.includes('\n')) start = true
    lastEnd = index + m[0].length
    let word = m[0]
    if (word === '.' && out.length > 0) {
      const prev = out[out.length - 1] as EntityToken
      // `U.S.` and `Mr.`: the dot belongs to the word and ends no sentence.
      if (lastEnd - 1 === index && isAbbreviation(prev.text)) {
        const next = text.charCodeAt(lastEnd)
        if (next === 32 || next === 10) continue
      }
    }
    const last = word.length - 2
    if (last > 0 && (word[last] === "'" || word[last] === '’') && (word[last + 1] === 's' || word[last + 1] === 'S')) {
      out.push({ text: word.slice(0, last), start })
      start = false
      word = word.slice(last)
    }
    out.push({ text: word, start })
    start = SENTENCE_END.has(word)
  }
  return out
}

function isAbbreviation(word: string): boolean {
  if (word.length === 1) return isUpper(word.charCodeAt(0))
  if (word.includes('.')) return true
  return ABBREVIATIONS.has(word.toLowerCase())
}

function isUpper(code: number): boolean {
  return code >= 65 && code <= 90
}

/** A token the tagger looks at: one with a capital letter anywhere, or a hashtag or handle. */
export function isCandidate(word: string): boolean {
  const c = word.charCodeAt(0)
  if (c >= 97 && c <= 122) {
    for (let i = 1; i < word.length; i++) {
      const d = word.charCodeAt(i)
      if (d >= 65 && d <= 90) return true
    }
    return false
  }
  if (c >= 65 && c <= 90) return true
  if (c < 128) return false
  const ch = word[0] as string
  return ch !== ch.toLowerCase()
}

/**
 * Word shape: upper → X, lower → x, digit → d, others kept; runs of one class collapsed to two
 * (so `McDonald` → `XxXx`, `U.S` → `X.X`, `2024` → `dd`).
 */
export function wordShape(word: string): string {
  let out = ''
  let prev = ''
  let run = 0
  for (const ch of word) {
    let c: string
    if (ch >= '0' && ch <= '9') c = 'd'
    else if (ch !== ch.toLowerCase()) c = 'X'
    else if (ch !== ch.toUpperCase()) c = 'x'
    else c = ch
    if (c === prev) {
      run++
      if (run >= 2) continue
    } else run = 0
    prev = c
    out += c
    if (out.length >= 8) break
  }
  return out
}
