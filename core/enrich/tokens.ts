/**
 * Word tokens shared by the enrichment functions. One precompiled pattern: letters, digits and
 * combining marks (Devanagari vowel signs, Arabic harakat), joined by inner apostrophes and hyphens
 * so `don't`, `l'économie` and `sell-off` stay one token. Scripts written without spaces (Han,
 * kana) come out as one long run; the functions that care scan those by substring instead.
 */

const WORD_RE = /[\p{L}\p{N}\p{M}]+(?:['’-][\p{L}\p{N}\p{M}]+)*/gu
// Turkish İ lower-cases to i + U+0307 (combining dot above); the dot only gets in the way of lookups.
const DOT_ABOVE_RE = /\u0307/g
const CURLY_APOSTROPHE_RE = /’/g
// Arabic tatweel and the harakat are decoration; news text rarely carries them but keywords never do.
const ARABIC_MARKS_RE = /[\u0640\u064B-\u065F\u0670]/g
const HAS_ARABIC_RE = /[\u0600-\u06FF]/

/** Lower case, with the quirks above smoothed away; the result is what keyword tables are written in. */
export function foldCase(text: string): string {
  let folded = text.toLowerCase()
  if (folded.includes('\u0307')) folded = folded.replace(DOT_ABOVE_RE, '')
  if (folded.includes('’')) folded = folded.replace(CURLY_APOSTROPHE_RE, "'")
  if (HAS_ARABIC_RE.test(folded)) folded = folded.replace(ARABIC_MARKS_RE, '')
  return folded
}

// Latin letters with accents, precomposed or followed by a combining accent.
const HAS_LATIN_ACCENT_RE = /[\u00c0-\u024f\u1e00-\u1eff\u0300-\u036f]/
const LATIN_ACCENT_RE = /([a-z])[\u0300-\u036f]+/g

/**
 * Folded text without accents on Latin letters (`tecnológico` → `tecnologico`, `économie` →
 * `economie`), so one keyword serves URLs written without them and stems cut before an accent.
 * Only accents on Latin letters go: Cyrillic й and ё, Devanagari, Arabic and kana marks stay.
 */
export function foldAccents(folded: string): string {
  if (!HAS_LATIN_ACCENT_RE.test(folded)) return folded
  return folded.normalize('NFD').replace(LATIN_ACCENT_RE, '$1').normalize('NFC')
}

// French and Italian elided articles and prepositions: l'économie, d'un, dell'anno, qu'il.
const ELISION_RE = /^(?:l|d|j|m|n|s|t|c|qu|jusqu|lorsqu|puisqu|dell|all|dall|nell|sull|quell|un)'(?=\p{L})/u

/** A token without its elided article (`l'intelligence` → `intelligence`); other tokens unchanged. */
export function stripElision(token: string): string {
  return token.includes("'") ? token.replace(ELISION_RE, '') : token
}

/** Tokens of already folded text, at most `limit` of them. */
export function wordTokens(folded: string, limit = Number.POSITIVE_INFINITY): string[] {
  const tokens: string[] = []
  WORD_RE.lastIndex = 0
  for (let m = WORD_RE.exec(folded); m !== null; m = WORD_RE.exec(folded)) {
    tokens.push(m[0])
    if (tokens.length >= limit) break
  }
  return tokens
}

const CLAUSE_BREAK_RE = /[.!?;:,()[\]"«»“”|–—。！？；：，、]/

/**
 * Tokens plus, for each, whether a clause break (punctuation) stands between it and the token
 * before; negation never reaches across one ("No. Stocks rally" is not "no rally").
 */
export function wordTokensWithBreaks(
  folded: string,
  limit = Number.POSITIVE_INFINITY,
): { tokens: string[]; breakBefore: boolean[] } {
  const tokens: string[] = []
  const breakBefore: boolean[] = []
  let end = 0
  WORD_RE.lastIndex = 0
  for (let m = WORD_RE.exec(folded); m !== null; m = WORD_RE.exec(folded)) {
    tokens.push(m[0])
    breakBefore.push(CLAUSE_BREAK_RE.test(folded.slice(end, m.index)))
    end = m.index + m[0].length
    if (tokens.length >= limit) break
  }
  return { tokens, breakBefore }
}

/** The first `maxChars` of `text`, cut back to the last space so no word is split. */
export function leadText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text
  const cut = text.lastIndexOf(' ', maxChars)
  return text.slice(0, cut > maxChars / 2 ? cut : maxChars)
}

/**
 * Variants of a token to try in a lookup table, best first: the token itself, then without a
 * French/Italian elision (`l'économie`), then without Arabic proclitics (`والاقتصاد` → `اقتصاد`).
 */
export function tokenVariants(token: string): string[] {
  const out = [token]
  const apostrophe = token.indexOf("'")
  if (apostrophe > 0 && apostrophe <= 4 && apostrophe < token.length - 1) out.push(token.slice(apostrophe + 1))
  const c = token.charCodeAt(0)
  if (c >= 0x0600 && c <= 0x06ff) {
    for (const prefix of ARABIC_PROCLITICS) {
      if (token.length > prefix.length + 2 && token.startsWith(prefix)) {
        out.push(token.slice(prefix.length))
        break
      }
    }
  }
  return out
}

// Longest first: "and the", "with the", "for the", "the", then "and"/"with"/"for" alone.
const ARABIC_PROCLITICS = ['وال', 'بال', 'فال', 'كال', 'لل', 'ال', 'و', 'ب', 'ل', 'ف']
