/**
 * What the tone model sees of a headline or sentence: folded word tokens without links and
 * cashtags, numbers collapsed to `0`, as unigrams, crude stems (`~surg`), stemmed bigrams, negated
 * stems (`!gain`: words after `not`, `no`, `kein`… are marked, so "no gain" and "gain" do not share
 * a weight), plus the language's lexicon verdict (`lex:+`, `lex:--` …), so the model learns how
 * far to trust the word list and still knows `hacked` or `plunges` when the labelled sets never
 * used them; in English also the direction-of-change verdicts of sentiment-direction.ts (`dir:+`,
 * `dir:-`) when the spec asks for them. Training (scripts/train-sentiment.ts) and inference
 * (sentiment-model.ts) both call this, with the feature spec the weights file records for the model.
 */
import { LEXICON } from './lexicon-words.ts'
import { directionFeatures, directionVerdicts, markFigures } from './sentiment-direction.ts'
import { type LexiconScore, scoreLexicon } from './lexicon.ts'
import { foldCase, wordTokens, wordTokensWithBreaks } from './tokens.ts'

/**
 * How features are drawn. `negation`: how far a negator reaches, in words, or `'clause'` (to the
 * next punctuation mark); `lexicon_counts`: also how many positive and negative lexicon terms the
 * text holds (`lexp:1`, `lexn:2` = two or more, `lexmix` = both), beside the summed verdict.
 */
export interface FeatureSpec {
  negation: number | 'clause'
  lexicon_counts: boolean
  /** English only: the direction-of-change verdicts of sentiment-direction.ts (`dir:+`, `dir:-` …); absent = off. */
  direction?: boolean
  /** English only: what marks a factual or open sentence (neutralCueFeatures); absent = off. */
  neutral_cues?: boolean
}

/** What format-2 weights (before the spec was recorded) were trained with. */
export const LEGACY_FEATURE_SPEC: FeatureSpec = { negation: 3, lexicon_counts: false }

const URL_RE = /\b(?:https?:\/\/|www\.)\S+/g
// `$AAPL`, `$BTC.X`: tickers say which company, not how the news is for it.
const CASHTAG_RE = /\$[a-z][a-z0-9.]{0,9}/g
const NUMBER_RE = /\d+(?:[.,]\d+)*/g
const MAX_TOKENS = 80
const SUFFIX_RE: Readonly<Record<string, RegExp>> = { en: /(?:ing|ed|es|s|ly)$/, de: /(?:en|er|es|em|e|n|s)$/ }
const NEGATORS: Readonly<Record<string, ReadonlySet<string>>> = {
  en: new Set(['not', 'no', 'never', 'nor', 'without', 'cannot', 'neither']),
  de: new Set(['nicht', 'kein', 'keine', 'keinen', 'keiner', 'keinem', 'keines', 'nie', 'niemals', 'ohne', 'weder']),
}

function cleaned(text: string, markMoves = false): string {
  const folded = foldCase(text)
  return (markMoves ? markFigures(folded) : folded)
    .replace(URL_RE, ' ')
    .replace(CASHTAG_RE, ' ')
    .replace(NUMBER_RE, ' 0 ')
}

export function sentimentTokens(text: string): string[] {
  return wordTokens(cleaned(text), MAX_TOKENS)
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

// A headline that asks ("Should the recent earnings drop worry you?", "Why Grocery Outlet could have
// investment appeal") reports no outcome yet: the labelled sets call most of them neutral.
const OPEN_FIRST_WORDS = new Set([
  'how',
  'why',
  'what',
  'when',
  'where',
  'which',
  'who',
  'should',
  'is',
  'are',
  'can',
  'will',
  'does',
  'do',
])

/**
 * Cues of a sentence that states or asks rather than judges: `q:?` a question mark, `q:wh` an
 * opening question word, `q:plain` no lexicon term and no direction of change, `q:num0`…`q:num3`
 * how many figures it holds (0, 1, 2, 3 or more: figures mark reports of facts, but also of moves,
 * so their weight is learned). `tokens` are the text's folded word tokens (numbers already `0`).
 */
export function neutralCueFeatures(text: string, tokens: readonly string[], hasCue: boolean): string[] {
  const out: string[] = []
  if (text.includes('?')) out.push('q:?')
  if (OPEN_FIRST_WORDS.has(tokens[0] ?? '')) out.push('q:wh')
  if (!hasCue) out.push('q:plain')
  let figures = 0
  for (const t of tokens) if (t === '0') figures++
  out.push(`q:num${Math.min(figures, 3)}`)
  return out
}

/** How many positive and negative terms the lexicon found (`terms` is "+surge,-not good"), capped at two. */
export function lexiconCountFeatures(terms: string): string[] {
  if (terms === '') return []
  let positive = 0
  let negative = 0
  for (const term of terms.split(',')) {
    if (term.startsWith('+')) positive++
    else if (term.startsWith('-')) negative++
  }
  const out: string[] = []
  if (positive > 0) out.push(`lexp:${Math.min(positive, 2)}`)
  if (negative > 0) out.push(`lexn:${Math.min(negative, 2)}`)
  if (positive > 0 && negative > 0) out.push('lexmix')
  return out
}

/**
 * Distinct features of `text` in `lang` (en or de) under `spec`. `lexicon` is the lexicon's score of
 * the same text in the same language when the caller already has it (enrichment does), else computed.
 */
export function sentimentFeatures(text: string, lang: string, spec: FeatureSpec, lexicon?: LexiconScore): string[] {
  const direction = spec.direction === true && lang === 'en'
  const clean = cleaned(text, direction)
  // Where the clauses break matters only to clause-wide negation; finding them costs a scan per token.
  const { tokens, breakBefore } =
    spec.negation === 'clause'
      ? wordTokensWithBreaks(clean, MAX_TOKENS)
      : { tokens: wordTokens(clean, MAX_TOKENS), breakBefore: [] }
  // A direction word paired with a bad quantity ("unemployment rises") means the opposite of what
  // it means alone ("shares rise"): it gets a word of its own (`^rises`), so its usual weight stays out.
  // The lexicon's verdict flips for it too (`rises` +1 there becomes −1).
  const flipped: number[] = []
  const verdicts = direction ? directionVerdicts(tokens, flipped, breakBefore) : []
  let lexiconFlip = 0
  for (const i of flipped) {
    lexiconFlip -= 2 * scoreLexicon(tokens[i] ?? '', lang).score
    tokens[i] = `^${tokens[i]}`
  }
  const suffix = SUFFIX_RE[lang]
  const negators = NEGATORS[lang]
  const stems = tokens.map((t) => stem(t, suffix))
  const features = new Set<string>(tokens)
  for (const s of stems) features.add(`~${s}`)
  for (let i = 0; i + 1 < stems.length; i++) features.add(`${stems[i]} ${stems[i + 1]}`)
  const reach = spec.negation === 'clause' ? MAX_TOKENS : spec.negation
  let negatedLeft = 0
  for (let i = 0; i < tokens.length; i++) {
    if (spec.negation === 'clause' && breakBefore[i] === true) negatedLeft = 0
    if (isNegator(tokens[i] ?? '', negators, lang)) negatedLeft = reach
    else if (negatedLeft > 0) {
      features.add(`!${stems[i]}`)
      negatedLeft--
    }
  }
  const lex = lexicon ?? scoreLexicon(text, lang)
  for (const f of lexiconFeatures(lex.score + lexiconFlip)) features.add(f)
  if (spec.lexicon_counts) for (const f of lexiconCountFeatures(lex.terms)) features.add(f)
  if (direction) for (const f of directionFeatures(verdicts)) features.add(f)
  if (spec.neutral_cues === true && lang === 'en') {
    const hasCue = lex.score + lexiconFlip !== 0 || verdicts.length > 0
    for (const f of neutralCueFeatures(text, tokens, hasCue)) features.add(f)
  }
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
