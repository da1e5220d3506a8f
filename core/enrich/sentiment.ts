/**
 * The article's sentiment label: the trained model where one covers the language (today en), else the
 * lexicon's label. Both labels are kept (the lexicon's score and terms are stored beside it), and
 * `labelled_by` says which one `sentiment` is.
 */
import type { ExtractedArticle, SentimentLabel } from '../article.ts'
import type { LexiconScore } from './lexicon.ts'
import { predictSentiment, SHIPPED_MODELS, type SentimentModel } from './sentiment-model.ts'
import { leadText } from './tokens.ts'

export interface SentimentResult {
  sentiment: SentimentLabel
  /** In [-1, 1]: the model's P(pos) − P(neg), or the lexicon score squashed by x / √(x² + 15). */
  score: number
  labelled_by: 'model' | 'lexicon'
}

const LEAD_MAX_CHARS = 300

/**
 * What sentiment is read from: the headline and its standfirst, as the models were trained on
 * headlines and single news sentences. The body is used only when a page has neither: its opening paragraphs mix the story's
 * tone with background, bylines and boilerplate.
 */
export function sentimentText(a: Pick<ExtractedArticle, 'title' | 'description' | 'text'>): string {
  const head = [a.title, a.description].filter((s) => s !== '').map((s) => leadText(s, LEAD_MAX_CHARS))
  return head.length > 0 ? head.join('\n') : leadText(a.text, LEAD_MAX_CHARS)
}

export function lexiconLabel(score: number): SentimentLabel {
  return score > 0 ? 'pos' : score < 0 ? 'neg' : 'neu'
}

/** VADER's normalisation: maps an unbounded sum into (-1, 1); 15 is its alpha. */
function squash(x: number): number {
  return x / Math.sqrt(x * x + 15)
}

export function classifySentiment(
  text: string,
  lang: string,
  lexicon: LexiconScore,
  models: ReadonlyMap<string, SentimentModel> = SHIPPED_MODELS,
): SentimentResult {
  const model = models.get(lang)
  if (model !== undefined) {
    // `lexicon` is the same text scored in the same language: the model reuses it as a feature.
    const p = predictSentiment(text, model, lexicon)
    return { sentiment: p.label, score: signedLike(p.label, round3(p.score)), labelled_by: 'model' }
  }
  return { sentiment: lexiconLabel(lexicon.score), score: round3(squash(lexicon.score)), labelled_by: 'lexicon' }
}

/**
 * The score's sign agrees with the label (pos > 0, neg < 0; the BTC endpoints rely on it). A polar
 * label always has P(pos) ≠ P(neg), but the difference can round to 0 at three decimals.
 */
function signedLike(label: SentimentLabel, score: number): number {
  if (label === 'pos' && score <= 0) return 0.001
  if (label === 'neg' && score >= 0) return -0.001
  return score
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000
}
