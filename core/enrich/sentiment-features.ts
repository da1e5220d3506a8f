/**
 * What the sentiment model sees of a headline: folded word tokens without links and cashtags,
 * numbers collapsed to `0`, as unigrams, crude stems and stemmed bigrams, plus the English
 * lexicon's verdict as a feature (`lex:+`, `lex:--` …), so the model learns how far to trust the
 * word list and still knows `hacked` or `plunges` when the labelled set never used them.
 * Training (scripts/train-sentiment.ts) and inference (sentiment-model.ts) both call this.
 */
import { LEXICON } from './lexicon-words.ts'
import { scoreLexicon } from './lexicon.ts'
import { foldCase, wordTokens } from './tokens.ts'

const URL_RE = /\b(?:https?:\/\/|www\.)\S+/g
// `$AAPL`, `$BTC.X`: tickers say which company, not how the news is for it.
const CASHTAG_RE = /\$[a-z][a-z0-9.]{0,9}/g
const NUMBER_RE = /\d+(?:[.,]\d+)*/g
const MAX_TOKENS = 80
const SUFFIX_RE = /(?:ing|ed|es|s|ly)$/

export function sentimentTokens(text: string): string[] {
  const cleaned = foldCase(text).replace(URL_RE, ' ').replace(CASHTAG_RE, ' ').replace(NUMBER_RE, ' 0 ')
  return wordTokens(cleaned, MAX_TOKENS)
}

/** A crude English stem (`surged`, `surges`, `surging` → `surg`), so rare inflections share a weight. */
function stem(token: string): string {
  return token.length > 4 ? token.replace(SUFFIX_RE, '') : token
}

/** The lexicon's verdict on the text, as one or two features. */
export function lexiconFeatures(text: string): string[] {
  const score = scoreLexicon(text, 'en').score
  if (score === 0) return ['lex:0']
  const sign = score > 0 ? '+' : '-'
  return Math.abs(score) >= 3 ? [`lex:${sign}`, `lex:${sign}${sign}`] : [`lex:${sign}`]
}

/** Distinct features: unigrams, stems (`~surg`), bigrams of stems (`not gain`) and the lexicon's verdict. */
export function sentimentFeatures(text: string): string[] {
  const tokens = sentimentTokens(text)
  const stems = tokens.map(stem)
  const features = new Set<string>(tokens)
  for (const s of stems) features.add(`~${s}`)
  for (let i = 0; i + 1 < stems.length; i++) features.add(`${stems[i]} ${stems[i + 1]}`)
  for (const f of lexiconFeatures(text)) features.add(f)
  return [...features]
}

/**
 * FNV-1a of the English word list: the weights file records it, and a test fails when the list
 * changes without the model being retrained on it.
 */
export function englishLexiconFingerprint(): string {
  const en = LEXICON.en
  const text = `${en?.words ?? ''}\n${en?.negators ?? ''}`
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return (h >>> 0).toString(16).padStart(8, '0')
}
