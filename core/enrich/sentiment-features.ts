/**
 * What the tone model sees of a headline or sentence: folded word tokens without links and
 * cashtags, numbers collapsed to `0`, as unigrams, crude stems (`~surg`), stemmed bigrams, negated
 * stems (`!gain`: up to three words after `not`, `no`, `kein`… are marked, so "no gain" and
 * "gain" do not share a weight), plus the language's lexicon verdict (`lex:+`, `lex:--` …), so the
 * model learns how far to trust the word list and still knows `hacked` or `plunges` when the
 * labelled sets never used them. Training (scripts/train-sentiment.ts) and inference
 * (sentiment-model.ts) both call this.
 */
import { LEXICON } from './lexicon-words.ts'
import { scoreLexicon } from './lexicon.ts'
import { foldCase, wordTokens } from './tokens.ts'

const URL_RE = /\b(?:https?:\/\/|www\.)\S+/g
// `$AAPL`, `$BTC.X`: tickers say which company, not how the news is for it.
const CASHTAG_RE = /\$[a-z][a-z0-9.]{0,9}/g
const NUMBER_RE = /\d+(?:[.,]\d+)*/g
const MAX_TOKENS = 80
const NEGATION_REACH = 3
const SUFFIX_RE: Readonly<Record<string, RegExp>> = { en: /(?:ing|ed|es|s|ly)$/, de: /(?:en|er|es|em|e|n|s)$/ }
const NEGATORS: Readonly<Record<string, ReadonlySet<string>>> = {
  en: new Set(['not', 'no', 'never', 'nor', 'without', 'cannot', 'neither']),
  de: new Set(['nicht', 'kein', 'keine', 'keinen', 'keiner', 'keinem', 'keines', 'nie', 'niemals', 'ohne', 'weder']),
}

export function sentimentTokens(text: string): string[] {
  const cleaned = foldCase(text).replace(URL_RE, ' ').replace(CASHTAG_RE, ' ').replace(NUMBER_RE, ' 0 ')
  return wordTokens(cleaned, MAX_TOKENS)
}

/** A crude stem (`surged`, `surges`, `surging` → `surg`; `steigenden` → `steigend`), so rare inflections share a weight. */
function stem(token: string, suffix: RegExp | undefined): string {
  return suffix !== undefined && token.length > 4 ? token.replace(suffix, '') : token
}

function isNegator(token: string, negators: ReadonlySet<string> | undefined, lang: string): boolean {
  return negators?.has(token) === true || (lang === 'en' && token.endsWith("n't"))
}

/** The lexicon's verdict on the text, as one or two features. */
export function lexiconFeatures(score: number): string[] {
  if (score === 0) return ['lex:0']
  const sign = score > 0 ? '+' : '-'
  return Math.abs(score) >= 3 ? [`lex:${sign}`, `lex:${sign}${sign}`] : [`lex:${sign}`]
}

/**
 * Distinct features of `text` in `lang` (en or de). `lexiconScore` is the lexicon's score of the
 * same text in the same language when the caller already has it (enrichment does), else computed.
 */
export function sentimentFeatures(text: string, lang = 'en', lexiconScore?: number): string[] {
  const tokens = sentimentTokens(text)
  const suffix = SUFFIX_RE[lang]
  const negators = NEGATORS[lang]
  const stems = tokens.map((t) => stem(t, suffix))
  const features = new Set<string>(tokens)
  for (const s of stems) features.add(`~${s}`)
  for (let i = 0; i + 1 < stems.length; i++) features.add(`${stems[i]} ${stems[i + 1]}`)
  let negatedLeft = 0
  for (let i = 0; i < tokens.length; i++) {
    if (isNegator(tokens[i] ?? '', negators, lang)) negatedLeft = NEGATION_REACH
    else if (negatedLeft > 0) {
      features.add(`!${stems[i]}`)
      negatedLeft--
    }
  }
  for (const f of lexiconFeatures(lexiconScore ?? scoreLexicon(text, lang).score)) features.add(f)
  return [...features]
}

/**
 * FNV-1a of a language's word list: the weights file records it, and a test fails when the list
 * changes without the model being retrained on it.
 */
export function lexiconFingerprint(lang: string): string {
  const lists = LEXICON[lang]
  const text = `${lists?.words ?? ''}\n${lists?.negators ?? ''}`
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return (h >>> 0).toString(16).padStart(8, '0')
}

export function englishLexiconFingerprint(): string {
  return lexiconFingerprint('en')
}
