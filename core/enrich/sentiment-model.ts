/**
 * The trained tone models: per language, a multinomial logistic regression over the features of
 * sentiment-features.ts. Only the learned weights ship (sentiment-weights.json, written by
 * scripts/train-sentiment.ts; what they learned from is in docs/sentiment-data.md); this file turns
 * them into a prediction.
 */
import type { SentimentLabel } from '../article.ts'
import shipped from './sentiment-weights.json' with { type: 'json' }
import type { LexiconScore } from './lexicon.ts'
import { type FeatureSpec, LEGACY_FEATURE_SPEC, sentimentFeatures } from './sentiment-features.ts'

/** Format 3 records each model's feature spec; format 2 (no spec) still loads, with the spec it was trained with. */
export const MODEL_FORMAT = 'newsdesk-sentiment-logreg/3'
const LEGACY_FORMAT = 'newsdesk-sentiment-logreg/2'
export const MODEL_CLASSES: readonly SentimentLabel[] = ['neg', 'neu', 'pos']

/** One language's weights. `weights` is row-major: three numbers (neg, neu, pos) per `vocab` entry. */
export interface LanguageWeights {
  bias: number[]
  vocab: string[]
  weights: number[]
  lexicon_fingerprint: string
  /** How features are drawn (format 3; a FeatureSpec, checked on load); absent in format 2. */
  features?: { negation: number | string; lexicon_counts: boolean; direction?: boolean; neutral_cues?: boolean }
  /** How far the pos logit must beat the neg logit for `pos` (decideTone); absent = 0. */
  pos_margin?: number
}

/** The weights file: one model per language, plus how they were trained (not read at inference). */
export interface SentimentWeights {
  format: string
  classes: string[]
  models: Record<string, LanguageWeights>
}

export interface SentimentModel {
  lang: string
  spec: FeatureSpec
  bias: readonly [number, number, number]
  posMargin: number
  rows: ReadonlyMap<string, readonly [number, number, number]>
}

export interface SentimentPrediction {
  label: SentimentLabel
  /** P(pos) − P(neg), in [-1, 1]. */
  score: number
  probabilities: { neg: number; neu: number; pos: number }
}

function featureSpec(lang: string, f: LanguageWeights['features']): FeatureSpec {
  if (f === undefined) throw new Error(`sentiment weights ${lang}: no feature spec`)
  const { negation } = f
  if (negation === 'clause' || (typeof negation === 'number' && Number.isInteger(negation) && negation >= 0))
    return {
      negation,
      lexicon_counts: f.lexicon_counts,
      ...(f.direction === true ? { direction: true } : {}),
      ...(f.neutral_cues === true ? { neutral_cues: true } : {}),
    }
  throw new Error(`sentiment weights ${lang}: bad negation reach ${negation}`)
}

function loadLanguage(lang: string, w: LanguageWeights, format: string): SentimentModel {
  if (w.weights.length !== w.vocab.length * 3 || w.bias.length !== 3)
    throw new Error(`sentiment weights ${lang}: wrong sizes`)
  const spec = format === LEGACY_FORMAT ? LEGACY_FEATURE_SPEC : featureSpec(lang, w.features)
  const rows = new Map<string, readonly [number, number, number]>()
  w.vocab.forEach((feature, i) => {
    rows.set(feature, [w.weights[3 * i] ?? 0, w.weights[3 * i + 1] ?? 0, w.weights[3 * i + 2] ?? 0])
  })
  const posMargin = w.pos_margin ?? 0
  if (!Number.isFinite(posMargin) || posMargin < 0) throw new Error(`sentiment weights ${lang}: bad pos_margin`)
  return { lang, spec, bias: [w.bias[0] ?? 0, w.bias[1] ?? 0, w.bias[2] ?? 0], posMargin, rows }
}

/** Per language code, its model. */
export function loadSentimentModels(w: SentimentWeights): ReadonlyMap<string, SentimentModel> {
  if (w.format !== MODEL_FORMAT && w.format !== LEGACY_FORMAT)
    throw new Error(`sentiment weights: unknown format ${w.format}`)
  if (w.classes.join(',') !== MODEL_CLASSES.join(',')) throw new Error('sentiment weights: classes must be neg,neu,pos')
  return new Map(Object.entries(w.models).map(([lang, lw]) => [lang, loadLanguage(lang, lw, w.format)]))
}

export const SHIPPED_MODELS: ReadonlyMap<string, SentimentModel> = loadSentimentModels(shipped)

function shippedModel(lang: string): SentimentModel {
  const model = SHIPPED_MODELS.get(lang)
  if (model === undefined) throw new Error(`sentiment weights: no ${lang} model`)
  return model
}

export const SHIPPED_MODEL: SentimentModel = shippedModel('en')

/** `lexicon`: the lexicon's score of the same text in the model's language, when the caller has it. */
export function predictSentiment(
  text: string,
  model: SentimentModel = SHIPPED_MODEL,
  lexicon?: LexiconScore,
): SentimentPrediction {
  let neg = model.bias[0]
  let neu = model.bias[1]
  let pos = model.bias[2]
  for (const feature of sentimentFeatures(text, model.lang, model.spec, lexicon)) {
    const row = model.rows.get(feature)
    if (row === undefined) continue
    neg += row[0]
    neu += row[1]
    pos += row[2]
  }
  const top = Math.max(neg, neu, pos)
  const eNeg = Math.exp(neg - top)
  const eNeu = Math.exp(neu - top)
  const ePos = Math.exp(pos - top)
  const sum = eNeg + eNeu + ePos
  const probabilities = { neg: eNeg / sum, neu: eNeu / sum, pos: ePos / sum }
  const label = decideTone(neg, neu, pos, model.posMargin)
  return { label, score: probabilities.pos - probabilities.neg, probabilities }
}

/**
 * The label of three logits: the largest, except that `pos` must also beat `neg` by `posMargin`,
 * else the sentence reads about as bad as good and is called `neu` (when unsure, neutral rather
 * than the wrong polarity). With `posMargin` 0 this is argmax (ties: pos over neu, neu over neg).
 * A `neg` label always has the larger neg logit, so the score's sign agrees with the label.
 */
export function decideTone(neg: number, neu: number, pos: number, posMargin: number): SentimentLabel {
  if (pos >= neu && pos > neg) return pos > neg + posMargin ? 'pos' : 'neu'
  return neg > neu ? 'neg' : 'neu'
}
