/**
 * Trains the sentiment model offline and writes core/enrich/sentiment-weights.json.
 *
 *   bun run scripts/train-sentiment.ts [--corpus ../shared/corpus] [--out core/enrich/sentiment-weights.json]
 *
 * Data: shared/corpus/sentiment/twitter_financial_news_sentiment_valid.csv, human-labelled finance
 * news tweets (zeroshot/twitter-financial-news-sentiment, MIT). Bearish → neg, Bullish → pos,
 * Neutral → neu. A fixed seed makes a stratified 80/20 split; the 20% is never seen here except in
 * the last line, and bench/sentiment-report.ts reports on exactly that 20%.
 *
 * Model: multinomial logistic regression over binary unigram, stem and bigram features plus the
 * English lexicon's verdict (core/enrich/sentiment-features.ts), L2-regularised,
 * fitted by full-batch Adam (no shuffling, so the result is the same on every run). The L2 strength,
 * minimum document frequency and class weighting are picked by 5-fold cross-validation on the
 * training part, by macro-F1.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import type { SentimentLabel } from '../core/article.ts'
import { englishLexiconFingerprint, sentimentFeatures } from '../core/enrich/sentiment-features.ts'
import {
  fingerprint,
  type LabelledText,
  parseLabelledCsv,
  seededRandom,
  shuffled,
  splitHeldOut,
} from '../core/enrich/sentiment-split.ts'
import { fitSoftmax } from './softmax-adam.ts'
import { classF1 } from './class-f1.ts'

const SPLIT_SEED = 20251121
const HELD_OUT_SHARE = 0.2
const CV_FOLDS = 5
const ITERATIONS = 400
const LEARNING_RATE = 0.05
const CLASSES: readonly SentimentLabel[] = ['neg', 'neu', 'pos']
const CSV_PATH = 'sentiment/twitter_financial_news_sentiment_valid.csv'

interface Params {
  l2: number
  minDf: number
  balanced: boolean
}

interface Fitted {
  vocab: string[]
  bias: number[]
  weights: Float64Array
}

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name)
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback
}

function buildVocab(rows: readonly LabelledText[], minDf: number): string[] {
  const df = new Map<string, number>()
  for (const r of rows) for (const f of sentimentFeatures(r.text)) df.set(f, (df.get(f) ?? 0) + 1)
  return [...df].filter(([, n]) => n >= minDf).map(([f]) => f).sort()
}

function encode(rows: readonly LabelledText[], index: ReadonlyMap<string, number>): Int32Array[] {
  return rows.map((r) => Int32Array.from(sentimentFeatures(r.text).flatMap((f) => index.get(f) ?? []).sort((a, b) => a - b)))
}

function fit(rows: readonly LabelledText[], p: Params): Fitted {
  const vocab = buildVocab(rows, p.minDf)
  const index = new Map(vocab.map((f, i) => [f, i]))
  const docs = encode(rows, index)
  const ys = rows.map((r) => CLASSES.indexOf(r.label))
  const counts = CLASSES.map((_, k) => ys.filter((y) => y === k).length)
  const classWeight = CLASSES.map((_, k) => (p.balanced ? rows.length / (CLASSES.length * (counts[k] ?? 1)) : 1))
  const n = docs.length
  const { bias, weights } = fitSoftmax({ docs, ys, docWeight: ys.map((y) => (classWeight[y] as number) / n), classes: CLASSES.length, features: vocab.length, l2: p.l2, iterations: ITERATIONS, learningRate: LEARNING_RATE })
  return { vocab, bias: [...bias], weights }
}

function predict(model: Fitted, index: ReadonlyMap<string, number>, text: string): SentimentLabel {
  const z = [...model.bias]
  for (const f of sentimentFeatures(text)) {
    const i = index.get(f)
    if (i === undefined) continue
    for (let k = 0; k < 3; k++) z[k] = (z[k] as number) + (model.weights[i * 3 + k] as number)
  }
  const best = z.indexOf(Math.max(...z))
  return CLASSES[best] as SentimentLabel
}

function macroF1(truth: readonly SentimentLabel[], predicted: readonly SentimentLabel[]): number {
  let total = 0
  for (const c of CLASSES) total += classF1(truth, predicted, c)
  return total / CLASSES.length
}

function evaluate(model: Fitted, rows: readonly LabelledText[]): { accuracy: number; macroF1: number } {
  const index = new Map(model.vocab.map((f, i) => [f, i]))
  const predicted = rows.map((r) => predict(model, index, r.text))
  const truth = rows.map((r) => r.label)
  const correct = predicted.filter((p, i) => p === truth[i]).length
  return { accuracy: correct / rows.length, macroF1: macroF1(truth, predicted) }
}

function crossValidate(rows: readonly LabelledText[], p: Params): number {
  const order = shuffled(rows, seededRandom(SPLIT_SEED + 1))
  let total = 0
  for (let fold = 0; fold < CV_FOLDS; fold++) {
    const test = order.filter((_, i) => i % CV_FOLDS === fold)
    const train = order.filter((_, i) => i % CV_FOLDS !== fold)
    total += evaluate(fit(train, p), test).macroF1
  }
  return total / CV_FOLDS
}

/** Four significant decimals keep the file small; weights this close to zero change no prediction. */
function round(x: number): number {
  return Math.round(x * 1e4) / 1e4
}

function main(): void {
  const repo = resolve(dirname(new URL(import.meta.url).pathname), '..')
  const corpus = resolve(repo, arg('--corpus', '../shared/corpus'))
  const out = resolve(repo, arg('--out', 'core/enrich/sentiment-weights.json'))
  const rows = parseLabelledCsv(readFileSync(resolve(corpus, CSV_PATH), 'utf8'))
  const { train, heldOut } = splitHeldOut(rows, SPLIT_SEED, HELD_OUT_SHARE)
  console.log(`rows ${rows.length}: train ${train.length}, held out ${heldOut.length}`)

  const grid: Params[] = []
  for (const l2 of [1e-4, 3e-4, 1e-3, 3e-3]) for (const minDf of [1, 2]) for (const balanced of [false, true]) grid.push({ l2, minDf, balanced })
  let best: Params = grid[0] as Params
  let bestF1 = -1
  for (const p of grid) {
    const f1 = crossValidate(train, p)
    console.log(`cv  l2=${p.l2}  min_df=${p.minDf}  balanced=${p.balanced}  macro-F1 ${f1.toFixed(4)}`)
    if (f1 > bestF1 + 1e-9) {
      bestF1 = f1
      best = p
    }
  }
  console.log(`chosen l2=${best.l2} min_df=${best.minDf} balanced=${best.balanced} (cv macro-F1 ${bestF1.toFixed(4)})`)

  const model = fit(train, best)
  const vocab: string[] = []
  const weights: number[] = []
  model.vocab.forEach((feature, i) => {
    const row = [0, 1, 2].map((k) => round(model.weights[i * 3 + k] as number))
    if (row.every((x) => Math.abs(x) < 1e-3)) return
    vocab.push(feature)
    weights.push(...row)
  })
  const file = {
    format: 'newsdesk-sentiment-logreg/1',
    classes: [...CLASSES],
    languages: ['en'],
    description:
      'Multinomial logistic regression over binary unigram, stem, bigram and lexicon-verdict features ' +
      '(core/enrich/sentiment-features.ts), ' +
      'trained by scripts/train-sentiment.ts on zeroshot/twitter-financial-news-sentiment (validation split, MIT).',
    source: { path: `shared/corpus/${CSV_PATH}`, rows: rows.length, licence: 'MIT' },
    split: {
      seed: SPLIT_SEED,
      held_out_share: HELD_OUT_SHARE,
      train_rows: train.length,
      held_out_rows: heldOut.length,
      train_fingerprint: fingerprint(train),
      held_out_fingerprint: fingerprint(heldOut),
    },
    params: { l2: best.l2, min_df: best.minDf, balanced: best.balanced, iterations: ITERATIONS, learning_rate: LEARNING_RATE },
    cv_macro_f1: round(bestF1),
    lexicon_fingerprint: englishLexiconFingerprint(),
    bias: model.bias.map(round),
    vocab,
    weights,
  }
  writeFileSync(out, `${JSON.stringify(file)}\n`)
  const held = evaluate(model, heldOut)
  console.log(`wrote ${out}: ${vocab.length} features, ${(JSON.stringify(file).length / 1024).toFixed(0)} KB`)
  console.log(`held out: accuracy ${held.accuracy.toFixed(4)}, macro-F1 ${held.macroF1.toFixed(4)} (full report: bun run bench/sentiment-report.ts)`)
}

main()
