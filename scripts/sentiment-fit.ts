/**
 * One tone model fitted: features under a spec, a vocabulary of features seen in at least MIN_DF
 * training sentences, and a class-balanced, source-weighted softmax regression
 * (scripts/softmax-adam.ts). scripts/train-sentiment.ts tunes the parameters and writes the weights.
 */
import type { SentimentLabel } from '../core/article.ts'
import { scoreLexicon } from '../core/enrich/lexicon.ts'
import { type FeatureSpec, sentimentFeatures } from '../core/enrich/sentiment-features.ts'
import { decideTone, MODEL_CLASSES } from '../core/enrich/sentiment-model.ts'
import type { LabelledText } from '../core/enrich/sentiment-split.ts'
import type { SourcedText } from './sentiment-data.ts'
import { type Measured, measure } from './sentiment-scores.ts'
import { fitSoftmax } from './softmax-adam.ts'

export const ITERATIONS = 300
export const LEARNING_RATE = 0.05
export const MIN_DF = 3
const CLASSES = MODEL_CLASSES

export interface Params {
  l2: number
  /** What a tweet's gradient counts for beside a news sentence's. */
  tweetWeight: number
  /** Each class carries a third of the total weight (else each row counts once). */
  balanced: boolean
  spec: FeatureSpec
  /** Which target-dependent sentences teach: all kept by the collapse rule, or only those whose targets agreed. */
  targets: 'polar' | 'unanimous'
}

export interface Fitted {
  lang: string
  spec: FeatureSpec
  vocab: string[]
  bias: number[]
  weights: Float64Array
}

function featuresOf(text: string, lang: string, spec: FeatureSpec): string[] {
  return sentimentFeatures(text, lang, spec, scoreLexicon(text, lang))
}

/** Features of each row under each spec the grid tries, computed once. */
export function featureCache(rows: readonly SourcedText[], lang: string): (spec: FeatureSpec) => string[][] {
  const cache = new Map<string, string[][]>()
  return (spec) => {
    const key = JSON.stringify(spec)
    let features = cache.get(key)
    if (features === undefined) {
      features = rows.map((r) => featuresOf(r.text, lang, spec))
      cache.set(key, features)
    }
    return features
  }
}

export function fit(rows: readonly SourcedText[], features: readonly string[][], lang: string, p: Params): Fitted {
  const df = new Map<string, number>()
  for (const fs of features) for (const f of fs) df.set(f, (df.get(f) ?? 0) + 1)
  const vocab = [...df]
    .filter(([, n]) => n >= MIN_DF)
    .map(([f]) => f)
    .sort()
  const index = new Map(vocab.map((f, i) => [f, i]))
  const docs = features.map((fs) => Int32Array.from(fs.flatMap((f) => index.get(f) ?? []).sort((a, b) => a - b)))
  const ys = rows.map((r) => CLASSES.indexOf(r.label))
  const sourceWeight = rows.map((r) => (r.source === 'tweets' ? p.tweetWeight : 1))
  // Class balance over the source-weighted rows: each class carries a third of the total weight.
  const classTotal = CLASSES.map((_, k) => ys.reduce((s, y, i) => s + (y === k ? (sourceWeight[i] as number) : 0), 0))
  const total = classTotal.reduce((a, b) => a + b, 0)
  const docWeight = ys.map(
    (y, i) => (sourceWeight[i] as number) / (p.balanced ? CLASSES.length * (classTotal[y] as number) : total),
  )
  const { bias, weights } = fitSoftmax({
    docs,
    ys,
    docWeight,
    classes: CLASSES.length,
    features: vocab.length,
    l2: p.l2,
    iterations: ITERATIONS,
    learningRate: LEARNING_RATE,
  })
  return { lang, spec: p.spec, vocab, bias: [...bias], weights }
}

export function logits(
  model: Fitted,
  index: ReadonlyMap<string, number>,
  features: readonly string[],
): [number, number, number] {
  const z: [number, number, number] = [model.bias[0] ?? 0, model.bias[1] ?? 0, model.bias[2] ?? 0]
  for (const f of features) {
    const i = index.get(f)
    if (i === undefined) continue
    z[0] += model.weights[i * 3] as number
    z[1] += model.weights[i * 3 + 1] as number
    z[2] += model.weights[i * 3 + 2] as number
  }
  return z
}

/** Argmax with the ties of core/enrich/sentiment-model.ts. */
export function labelOf(z: readonly [number, number, number]): SentimentLabel {
  const [neg, neu, pos] = z
  return pos >= neu && pos > neg ? 'pos' : neg > neu && neg >= pos ? 'neg' : 'neu'
}

export function predict(
  model: Fitted,
  index: ReadonlyMap<string, number>,
  text: string,
  posMargin = 0,
): SentimentLabel {
  const [neg, neu, pos] = logits(model, index, featuresOf(text, model.lang, model.spec))
  return decideTone(neg, neu, pos, posMargin)
}

/** `posMargin`: how far pos must beat neg (core/enrich/sentiment-model.ts, decideTone); 0 is argmax. */
export function evaluate(model: Fitted, rows: readonly LabelledText[], posMargin = 0): Measured {
  const index = new Map(model.vocab.map((f, i) => [f, i]))
  return measure(
    rows.map((r) => r.label),
    rows.map((r) => predict(model, index, r.text, posMargin)),
  )
}
