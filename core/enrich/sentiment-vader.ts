/**
 * VADER (Hutto & Gilbert, ICWSM 2014; the vader-sentiment package, Apache-2.0) as features for the
 * English tone model: an independent, hand-rated lexicon of about 7,500 terms with rules for
 * negation, intensifiers, "but" and capitals, written for social media, not finance. The model
 * reads its verdict, not its words (the unigrams already carry those): the compound score in five
 * bands, cut at VADER's own ±0.05 neutral line and at ±0.5, and whether any negative or positive
 * valence was found (`vd:n`, `vd:p`), so the weights learn how far to trust it.
 *
 * `vaderScores` is the package's `polarity_scores` with its word splitting done here: the package
 * builds a table of every word with every punctuation mark on either side for each call (about 900
 * µs a headline, more than the rest of enrichment), to strip one run of punctuation off a word's
 * edge. The scoring steps (valence, negation, boosters, idioms, "but", emphasis) are the package's
 * own; a test checks the result equals `polarity_scores`.
 */
import { type PolarityScores, SentimentIntensityAnalyzer as Vader } from 'vader-sentiment'

/** VADER's documented threshold between neutral and polar compound scores. */
const NEUTRAL_BAND = 0.05
const STRONG = 0.5

/** The runs of punctuation VADER strips off one edge of a word (its PUNC_LIST). */
const EDGE_RUNS = new Set([
  '.',
  '!',
  '?',
  ',',
  ';',
  ':',
  '-',
  "'",
  '"',
  '!!',
  '!!!',
  '??',
  '???',
  '?!?',
  '!?!',
  '?!?!',
  '!?!?',
])
const EDGE_CHARS = new Set(['.', '!', '?', ',', ';', ':', '-', "'", '"'])
/** ASCII punctuation, as VADER removes it before listing a text's words. */
const PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/
const UPPER_WORD = /^[^a-z]*[A-Z]+[^a-z]*$/

/** A token with one run of VADER's punctuation on one edge only, and a bare word inside, is that word. */
function stripEdge(token: string): string {
  let a = 0
  while (a < token.length && EDGE_CHARS.has(token[a] as string)) a++
  let b = token.length
  while (b > a && EDGE_CHARS.has(token[b - 1] as string)) b--
  if (a > 0 === b < token.length) return token
  const core = token.slice(a, b)
  const run = a > 0 ? token.slice(0, a) : token.slice(b)
  return core.length > 1 && EDGE_RUNS.has(run) && !PUNCTUATION.test(core) ? core : token
}

/** VADER's words: whitespace-split tokens longer than one character, edge punctuation stripped. */
function vaderWords(text: string): string[] {
  const out: string[] = []
  for (const token of text.split(/\s/)) if (token.length > 1) out.push(stripEdge(token))
  return out
}

export function vaderScores(text: string): PolarityScores {
  const words = vaderWords(text)
  let upper = 0
  for (const w of words) if (UPPER_WORD.test(w)) upper++
  // Capitals emphasise a word only when some words, not all, are in capitals.
  const sentiText = { words_and_emoticons: words, is_cap_diff: upper > 0 && upper < words.length }
  let sentiments: number[] = []
  for (let i = 0; i < words.length; i++) {
    // "kind of" is a hedge, not kindness. (VADER's boosters are skipped here too, and none is in its lexicon.)
    if (words[i]?.toLowerCase() === 'kind' && words[i + 1]?.toLowerCase() === 'of') {
      sentiments.push(0)
      continue
    }
    sentiments = Vader.sentiment_valence(0, sentiText, words[i] as string, i, sentiments)
  }
  return Vader.score_valence(Vader.but_check(words, sentiments), text)
}

export function vaderFeatures(text: string): string[] {
  const s = vaderScores(text)
  const c = s.compound
  const band =
    c <= -STRONG ? 'vd:--' : c <= -NEUTRAL_BAND ? 'vd:-' : c < NEUTRAL_BAND ? 'vd:0' : c < STRONG ? 'vd:+' : 'vd:++'
  const out = [band]
  if (s.neg > 0) out.push('vd:n')
  if (s.pos > 0) out.push('vd:p')
  return out
}
