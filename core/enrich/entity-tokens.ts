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
  /** First token of a line (a paragraph, a field): set by tokenizeForEntities only. */
  lineStart?: boolean
}

const SENTENCE_END = new Set(['.', '!', '?', '…', ':', ';'])
/** Quotes and brackets leave the sentence state as it was: `."` then a capital still starts one. */
const TRANSPARENT = new Set(['"', '“', '”', "'", '‘', '’', '(', ')', '«', '»', '„', '[', ']'])
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
const ABBREVIATION_MAX_LENGTH = Math.max(...[...ABBREVIATIONS].map((a) => a.length))
const NON_ASCII_WORD = /[\p{L}\p{N}\p{M}]/u

/** One-character strings for ASCII punctuation, made once. */
const ASCII_CHARS: readonly string[] = Array.from({ length: 128 }, (_, c) => String.fromCharCode(c))

/** Code points below this have their NON_ASCII_WORD answer kept once asked (Latin to General Punctuation). */
const WORD_CHAR_KEPT = 0x3000
/** NON_ASCII_WORD.test of each code point below WORD_CHAR_KEPT: 1 a word character, 0 not, 255 not asked yet. */
const WORD_CHAR = new Uint8Array(WORD_CHAR_KEPT).fill(255)

export function isWordChar(text: string, i: number): boolean {
  const c = text.charCodeAt(i)
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57)
  if (c >= 0xd800 && c <= 0xdfff) return false
  // The regular expression once per code point (a curly quote or `é` is met in every text), not once per occurrence.
  if (c < WORD_CHAR_KEPT) {
    let known = WORD_CHAR[c] as number
    if (known === 255) {
      known = NON_ASCII_WORD.test(text[i] as string) ? 1 : 0
      WORD_CHAR[c] = known
    }
    return known === 1
  }
  return NON_ASCII_WORD.test(text[i] as string)
}

/** Characters that join two runs of letters or digits into one word: `O'Brien`, `Al-Assad`, `U.S`, `AT&T`. */
function isJoiner(c: number): boolean {
  return c === 39 || c === 0x2019 || c === 46 || c === 45 || c === 38 || c === 95
}

/**
 * Tokens of `text`; a line break (paragraph) starts a sentence. One left-to-right scan, no regular
 * expression over the text. With `candidates`, isCandidate of each token is pushed there too, from
 * the characters the scan reads anyway (a second pass over every token's characters cost more).
 */
export function tokenizeForEntities(text: string, out: EntityToken[] = [], candidates?: number[]): EntityToken[] {
  let start = true
  let line = true
  const n = text.length
  let i = 0
  // Where the last token pushed here lies in `text` (-1: none yet; one already in `out` is read as a string).
  let prevFrom = -1
  let prevTo = -1
  while (i < n) {
    const c = text.charCodeAt(i)
    if (c === 10 || c === 13) {
      start = true
      line = true
      i++
      continue
    }
    if (c === 32 || c === 9 || c === 160 || c === 12 || c === 11) {
      i++
      continue
    }
    if (!isWordChar(text, i)) {
      // A lone surrogate half or symbol: one token per code point.
      const width = c >= 0xd800 && c <= 0xdbff && i + 1 < n ? 2 : 1
      const ch =
        c < 128
          ? (ASCII_CHARS[c] as string)
          : c >= GENERAL_PUNCTUATION && c < GENERAL_PUNCTUATION_END
            ? punctuationChar(c)
            : width === 1
              ? String.fromCharCode(c)
              : text.slice(i, i + width)
      i += width
      if (c === 0x2028 || c === 0x2029 || c === 0x200b || c === 0x3000 || (c >= 0x2000 && c <= 0x200a)) continue
      if (c === 46 && out.length > 0) {
        const prev = out[out.length - 1] as EntityToken
        const next = text.charCodeAt(i)
        // `U.S.` and `Mr.`: the dot belongs to the word and ends no sentence.
        if (
          (prevFrom < 0 ? isAbbreviation(prev.text) : isAbbreviationAt(text, prevFrom, prevTo, prev)) &&
          (next === 32 || next === 10 || Number.isNaN(next))
        )
          continue
      }
      out.push(line ? { text: ch, start, lineStart: true } : { text: ch, start })
      prevFrom = i - width
      prevTo = i
      // No character of General Punctuation (quotes, dashes, `…`) has a case: none is a candidate (tested).
      if (candidates !== undefined)
        candidates.push(
          c < 128 || (c >= GENERAL_PUNCTUATION && c < GENERAL_PUNCTUATION_END) ? 0 : isCandidate(ch) ? 1 : 0,
        )
      line = false
      start = width === 1 ? startsAfterCode(start, c) : false
      continue
    }
    // Capitals after the first character (what isCandidate reads of a word starting in lower case).
    let capitals = 0
    let j = i + 1
    while (j < n) {
      const d = text.charCodeAt(j)
      if ((d >= 97 && d <= 122) || (d >= 48 && d <= 57)) j++
      else if (d >= 65 && d <= 90) {
        capitals++
        j++
      } else if (d >= 128 && isWordChar(text, j)) j++
      else if (isJoiner(d) && j + 1 < n && isWordChar(text, j + 1)) {
        const e = text.charCodeAt(j + 1)
        if (e >= 65 && e <= 90) capitals++
        j += 2
      } else break
    }
    let word = text.slice(i, j)
    const from = i
    i = j
    const last = j - from - 2
    const q = last > 0 ? text.charCodeAt(from + last) : 0
    const sc = q === 39 || q === 0x2019 ? text.charCodeAt(from + last + 1) : 0
    let candidate = 0
    if (sc === 115 || sc === 83) {
      const stem = word.slice(0, last)
      out.push(line ? { text: stem, start, lineStart: true } : { text: stem, start })
      if (candidates !== undefined) candidates.push(wordIsCandidate(c, capitals - (sc === 83 ? 1 : 0), stem))
      line = false
      start = false
      // `'s` or `’s` is no candidate.
      word = word.slice(last)
    } else if (candidates !== undefined) candidate = wordIsCandidate(c, capitals, word)
    out.push(line ? { text: word, start, lineStart: true } : { text: word, start })
    if (candidates !== undefined) candidates.push(candidate)
    prevFrom = j - word.length
    prevTo = j
    line = false
    start = false
  }
  return out
}

/** isCandidate of a word from its first character `c` and the capitals after it. */
function wordIsCandidate(c: number, capitals: number, word: string): number {
  if (c >= 97 && c <= 122) return capitals > 0 ? 1 : 0
  if (c >= 65 && c <= 90) return 1
  if (c < 128) return 0
  return isCandidate(word) ? 1 : 0
}

/** startsAfter of a one-character token by its code: the two sets' characters as codes, no string look-up. */
function startsAfterCode(start: boolean, c: number): boolean {
  switch (c) {
    // TRANSPARENT
    case 34:
    case 0x201c:
    case 0x201d:
    case 39:
    case 0x2018:
    case 0x2019:
    case 40:
    case 41:
    case 0xab:
    case 0xbb:
    case 0x201e:
    case 91:
    case 93:
      return start
    // SENTENCE_END
    case 46:
    case 33:
    case 63:
    case 0x2026:
    case 58:
    case 59:
      return true
    default:
      return false
  }
}

/** Whether the token after a punctuation token starts a sentence. */
export function startsAfter(start: boolean, punctuation: string): boolean {
  return TRANSPARENT.has(punctuation) ? start : SENTENCE_END.has(punctuation)
}

/** Lower-case words that may sit inside a name between capitalised ones: `Bank of England`, `Ludwig van Beethoven`. */
export const NAME_CONNECTORS: ReadonlySet<string> = new Set(
  'of the and for on de del della di da do dos das du des la le van von der den ter y e et und & al bin el'.split(' '),
)

/** Whether a dot after `word` belongs to it and ends no sentence (`U.S.`, `Mr.`). */
export function isAbbreviation(word: string): boolean {
  if (word.length === 1) return isUpper(word.charCodeAt(0))
  if (word.includes('.')) return true
  // No lower-casing of a word longer than every abbreviation.
  return word.length <= ABBREVIATION_MAX_LENGTH && ABBREVIATIONS.has(word.toLowerCase())
}

/**
 * isAbbreviation(token.text) for a token that is `text.slice(from, to)`, read in `text`: the
 * word before a full stop is a slice of the text whose own characters were never read, and the
 * first read of a slice's characters costs more than the test (tokenizer time 14%, cpu-prof).
 */
export function isAbbreviationAt(text: string, from: number, to: number, token: EntityToken): boolean {
  if (to - from === 1) return isUpper(text.charCodeAt(from))
  for (let k = from; k < to; k++) if (text.charCodeAt(k) === 46) return true
  return to - from <= ABBREVIATION_MAX_LENGTH && ABBREVIATIONS.has(token.text.toLowerCase())
}

/** The General Punctuation block (U+2000–U+206F): quotes, dashes, `…`; one string per character, made once. */
export const GENERAL_PUNCTUATION = 0x2000
export const GENERAL_PUNCTUATION_END = 0x2070
const PUNCTUATION_CHARS: string[] = []

function punctuationChar(c: number): string {
  const at = c - GENERAL_PUNCTUATION
  let ch = PUNCTUATION_CHARS[at]
  if (ch === undefined) {
    ch = String.fromCharCode(c)
    PUNCTUATION_CHARS[at] = ch
  }
  return ch
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

/** hashString(wordShape(word)) without building the shape (FNV-1a over the same characters). */
export function wordShapeHash(word: string): number {
  let h = 0x811c9dc5
  let len = 0
  let prev = -1
  let run = 0
  for (let i = 0; i < word.length && len < 8; i++) {
    const c = shapeCode(word, i)
    if (c === prev) {
      run++
      if (run >= 2) continue
    } else run = 0
    prev = c
    h = Math.imul(h ^ c, 0x01000193)
    len++
  }
  return h >>> 0
}

/**
 * For an ASCII word, in one pass over its characters: hashString(word.toLowerCase()) into
 * `hLower[at]` and wordShapeHash(word) into `hShape[at]`; returns 1 if the word has a capital
 * letter (toLowerCase would change it), 0 if not, and -1 without writing anything for a word with
 * a character beyond ASCII (the caller computes those the long way).
 */
export function asciiWordHashes(word: string, hLower: Uint32Array, hShape: Uint32Array, at: number): number {
  let h = 0x811c9dc5
  let s = 0x811c9dc5
  let len = 0
  let prev = -1
  let run = 0
  let upper = 0
  for (let i = 0; i < word.length; i++) {
    const code = word.charCodeAt(i)
    if (code >= 128) return -1
    // By table, not by branches on the character's class: X upper, x lower, d digit, else itself; its lower case.
    const shape = ASCII_SHAPE[code] as number
    upper |= ASCII_UPPER[code] as number
    h = Math.imul(h ^ (ASCII_LOWER[code] as number), 0x01000193)
    if (len >= 8) continue
    if (shape === prev) {
      run++
      if (run >= 2) continue
    } else run = 0
    prev = shape
    s = Math.imul(s ^ shape, 0x01000193)
    len++
  }
  hLower[at] = h >>> 0
  hShape[at] = s >>> 0
  return upper
}

/** Per ASCII code: its shape class (shapeCode), its lower case, and 1 for a capital letter. */
const ASCII_SHAPE = Uint8Array.from({ length: 128 }, (_, c) =>
  c >= 97 && c <= 122 ? 120 : c >= 65 && c <= 90 ? 88 : c >= 48 && c <= 57 ? 100 : c,
)
const ASCII_LOWER = Uint8Array.from({ length: 128 }, (_, c) => (c >= 65 && c <= 90 ? c + 32 : c))
const ASCII_UPPER = Uint8Array.from({ length: 128 }, (_, c) => (c >= 65 && c <= 90 ? 1 : 0))

/** The shape class of one character: X (88) upper, x (120) lower, d (100) digit, else itself. */
function shapeCode(word: string, i: number): number {
  const code = word.charCodeAt(i)
  if (code >= 97 && code <= 122) return 120
  if (code >= 65 && code <= 90) return 88
  if (code >= 48 && code <= 57) return 100
  if (code < 128) return code
  const ch = word[i] as string
  return ch !== ch.toLowerCase() ? 88 : ch !== ch.toUpperCase() ? 120 : code
}

/**
 * Word shape: upper → X, lower → x, digit → d, others kept; a run of one class longer than two
 * is cut to two (`McDonald` → `XxXxx`, `U.S` → `X.X`, `2024` → `dd`), at most 8 characters.
 */
export function wordShape(word: string): string {
  let out = ''
  let prev = -1
  let run = 0
  for (let i = 0; i < word.length && out.length < 8; i++) {
    const c = shapeCode(word, i)
    if (c === prev) {
      run++
      if (run >= 2) continue
    } else run = 0
    prev = c
    out += String.fromCharCode(c)
  }
  return out
}
