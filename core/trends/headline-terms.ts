/**
 * A headline as significant terms: the index tokenisation of core/search/tokens.ts (Unicode words,
 * Intl.Segmenter for scripts written without spaces), then the headline language's stop words
 * dropped and a light stem taken. Each term keeps the lower-case word it came from (its surface),
 * so a keyword can be shown as people write it ("eleição", not the key "eleicao").
 */
import { fold, indexForm } from '../search/tokens.ts'
import { stem } from './stem.ts'
import { stopWordsFor } from './stop-words.ts'

export interface HeadlineTerm {
  /** Folded, stemmed form: what headlines are compared by. */
  key: string
  /** The word as written, lower case (NFC). */
  surface: string
  /** Whether the term may be shown as a keyword (numbers are compared but never shown). */
  showable: boolean
}

const WORD = /[\p{L}\p{N}\p{M}\p{Co}]+/gu
// "U.S." and "U.K." are one word; "2,000" and "2.000" are one number.
const DOTTED_ACRONYM = /\b(?:\p{Lu}\.){2,}/gu
const GROUPED_NUMBER = /(\d)[,.](?=\d{3}(?!\d))/g
const SINGLE_CHAR_KEEP = /^\p{Script=Han}$/u
const CJK = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u
const DIGITS = /^\d+$/
// A year places a headline in time, it does not tell stories apart ("… for the first time since 2020").
const YEAR = /^(?:19|20)\d\d$/
const ASCII = /^[\x00-\x7f]*$/

const CJK_STOP = [stopWordsFor('zh'), stopWordsFor('ja')]

function isStop(folded: string, lang: string): boolean {
  if (stopWordsFor(lang).has(folded)) return true
  // A CJK word inside a headline of another language (or of an unknown one) still meets the CJK lists.
  return CJK.test(folded) && CJK_STOP.some((s) => s.has(folded))
}

/**
 * What a word of a language turned into (a term, or null when it is dropped), remembered across
 * headlines: news vocabulary is Zipfian, so most words repeat and folding is the costly part.
 * One memo per computation (never module state); it forgets everything past MEMO_MAX words.
 */
export class TermMemo {
  readonly byLang = new Map<string, Map<string, HeadlineTerm | null>>()
  size = 0
}

const MEMO_MAX = 500_000

/** The distinct significant terms of `title` in headline order; `lang` picks stop words and stemmer. */
export function headlineTerms(title: string, lang: string, memo: TermMemo = new TermMemo()): HeadlineTerm[] {
  let text = title
  if (text.includes('.')) text = text.replace(DOTTED_ACRONYM, (m) => m.replaceAll('.', ''))
  if (text.includes(',') || text.includes('.')) text = text.replace(GROUPED_NUMBER, '$1')
  text = indexForm(text).toLowerCase()
  if (!ASCII.test(text)) text = text.normalize('NFC')
  let words = memo.byLang.get(lang)
  if (words === undefined) {
    words = new Map()
    memo.byLang.set(lang, words)
  }
  const out: HeadlineTerm[] = []
  for (const word of text.match(WORD) ?? []) {
    let term = words.get(word)
    if (term === undefined) {
      term = toTerm(word, lang)
      if (memo.size >= MEMO_MAX) {
        for (const w of memo.byLang.values()) w.clear()
        memo.size = 0
      }
      words.set(word, term)
      memo.size++
    }
    if (term !== null && !out.some((t) => t.key === term.key)) out.push(term)
  }
  return out
}

function toTerm(surface: string, lang: string): HeadlineTerm | null {
  // Most headline words are ASCII: lower case is all their folding needs.
  const folded = ASCII.test(surface) ? surface : fold(surface)
  if (folded === '' || ([...folded].length === 1 && !SINGLE_CHAR_KEEP.test(folded))) return null
  if (isStop(folded, lang) || YEAR.test(folded)) return null
  return { key: stem(folded, lang), surface, showable: !DIGITS.test(folded) }
}

/** Keys a filter word may stand for in a story written in `langs`: its folded form and its stems. */
export function filterKeys(word: string, langs: readonly string[]): Set<string> {
  const folded = fold(word.trim().toLowerCase())
  const keys = new Set([folded])
  for (const lang of langs) keys.add(stem(folded, lang))
  return keys
}
