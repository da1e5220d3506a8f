/**
 * How text becomes index tokens, the same at index and at query time: Unicode letters and digits
 * (with their combining marks) form words, case and diacritics are folded, and scripts written
 * without spaces (Han, Kana, Thai, Lao, Khmer, Myanmar) are cut into words by Intl.Segmenter.
 *
 * `indexForm` produces the text handed to SQLite FTS5 (unicode61, remove_diacritics 2): the same
 * text with spaces between segmented words. `indexTokens` tokenizes that text exactly as FTS5 does
 * (core/search/fts-tokens.ts), so the tokens a query sends are the tokens the index holds.
 */

import { ftsTokens } from './fts-tokens.ts'

const NO_SPACE_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u
const NO_SPACE_RUN =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}ー々〆]+/gu

const segmenters = new Map<string, Intl.Segmenter>()
function segmenterFor(run: string): Intl.Segmenter {
  const locale = /\p{Script=Thai}/u.test(run)
    ? 'th'
    : /[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(run)
      ? 'ja'
      : 'zh'
  let s = segmenters.get(locale)
  if (s === undefined) {
    s = new Intl.Segmenter(locale, { granularity: 'word' })
    segmenters.set(locale, s)
  }
  return s
}

/** Text with spaces inserted between the words of no-space scripts; other text is unchanged. */
export function indexForm(text: string): string {
  if (!NO_SPACE_SCRIPT.test(text)) return text
  return text.replace(NO_SPACE_RUN, (run) => {
    const words: string[] = []
    for (const part of segmenterFor(run).segment(run)) words.push(part.segment)
    return ` ${words.join(' ')} `
  })
}

/** The tokens FTS5 indexes `text` under, in order: lower-case, Latin diacritics removed (core/search/fts-tokens.ts). */
export function indexTokens(text: string): string[] {
  return ftsTokens(indexForm(text))
}

/**
 * Case and diacritic folding for trend words and keywords: lower case, then every combining mark
 * of U+0300–U+036F removed, in Greek and Cyrillic too. Not FTS5's folding (which keeps й, ё and
 * Greek accents): search and highlighting use `ftsTokens` (core/search/fts-tokens.ts).
 */
export function fold(word: string): string {
  return word
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
}
