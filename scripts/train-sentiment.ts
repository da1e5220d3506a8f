/**
 * Trains the tone models offline and writes core/enrich/sentiment-weights.json.
 *
 *   bun run scripts/train-sentiment.ts [--corpus ../shared/corpus] [--out core/enrich/sentiment-weights.json]
 *
 * Data (scripts/sentiment-data.ts, data card docs/sentiment-data.md): English learns from NewsMTSC
 * (political news sentences, MIT) and the twitter-financial-news-sentiment train and validation
 * splits (MIT); German from GerNTSA (news sentences, CC BY 4.0). SemEval-2017 and SEntFiN headlines
 * (licence unknown) are never learned from, only measured on. Each set is one row per sentence and
 * split by sentence: 20% of each trainable source is held out (bench/sentiment-report.ts reports
 * on it) and never read here except for the last line.
 *
 * Model: multinomial logistic regression over binary unigram, stem, bigram, negation and
 * lexicon-verdict features (core/enrich/sentiment-features.ts), class-balanced, L2-regularised,
 * fitted by full-batch Adam (no shuffling, so the result is the same on every run). The L2
 * strength, class balancing and the weight of the tweets (a different register from news) are
 * picked on a dev share of the training sentences (another sentence hash), by macro-F1 averaged
 * over the sources, then the model is refitted on all training sentences. A language's model
 * ships only if it beats that language's lexicon on the dev share in both macro-F1 and accuracy;
 * else the lexicon keeps labelling it (the candidate goes to bench/.data for the report).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import type { SentimentLabel } from '../core/article.ts'
import { scoreLexicon } from '../core/enrich/lexicon.ts'
import { lexiconLabel } from '../core/enrich/sentiment.ts'
import { lexiconFingerprint, sentimentFeatures } from '../core/enrich/sentiment-features.ts'
import { MODEL_CLASSES, MODEL_FORMAT } from '../core/enrich/sentiment-model.ts'
import { fingerprint, isHeldOutSentence, type LabelledText } from '../core/enrich/sentiment-split.ts'
import { classF1 } from './class-f1.ts'
import {
  corpusDir,
  HELD_OUT_SHARE,
  hasSentimentCorpus,
  loadSentimentData,
  SENTENCE_SPLIT_SEED,
  type SentimentData,
  type SourcedText,
} from './sentiment-data.ts'
import { fitSoftmax } from './softmax-adam.ts'

const DEV_SEED = 7
const DEV_SHARE = 0.15
const ITERATIONS = 300
const LEARNING_RATE = 0.05
const MIN_DF = 3
const CLASSES = MODEL_CLASSES
/** Weights this close to zero change no prediction; dropping them keeps the file small. */
const PRUNE_BELOW = 0.01

interface Params {
  l2: number
  /** What a tweet's gradient counts for beside a news sentence's. */
  tweetWeight: number
  /** Each class carries a third of the total weight (else each row counts once). */
  balanced: boolean
}

interface Fitted {
  lang: string
  vocab: string[]
  bias: number[]
  weights: Float64Array
}

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name)
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback
}

function fit(rows: readonly SourcedText[], lang: string, p: Params): Fitted {
  const features = rows.map((r) => sentimentFeatures(r.text, lang))
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
  return { lang, vocab, bias: [...bias], weights }
}

function predict(model: Fitted, index: ReadonlyMap<string, number>, text: string): SentimentLabel {
  const z = [...model.bias]
  for (const f of sentimentFeatures(text, model.lang)) {
    const i = index.get(f)
    if (i === undefined) continue
    for (let k = 0; k < 3; k++) z[k] = (z[k] as number) + (model.weights[i * 3 + k] as number)
  }
  return CLASSES[z.indexOf(Math.max(...z))] as SentimentLabel
}

function evaluate(model: Fitted, rows: readonly LabelledText[]): { accuracy: number; macroF1: number } {
  const index = new Map(model.vocab.map((f, i) => [f, i]))
  const predicted = rows.map((r) => predict(model, index, r.text))
  const truth = rows.map((r) => r.label)
  const correct = predicted.filter((p, i) => p === truth[i]).length
  const macroF1 = CLASSES.reduce((s, c) => s + classF1(truth, predicted, c), 0) / CLASSES.length
  return { accuracy: correct / rows.length, macroF1 }
}

/** Four decimals keep the file small. */
function round(x: number): number {
  return Math.round(x * 1e4) / 1e4
}

interface DevScore {
  macroF1: number
  accuracy: number
}

/** Macro-F1 and accuracy on the dev share, averaged over the sources so news sentences and tweets count alike. */
function devScore(label: (text: string) => SentimentLabel, dev: readonly SourcedText[]): DevScore {
  const sources = [...new Set(dev.map((r) => r.source))]
  let macroF1 = 0
  let accuracy = 0
  for (const source of sources) {
    const rows = dev.filter((r) => r.source === source)
    const truth = rows.map((r) => r.label)
    const predicted = rows.map((r) => label(r.text))
    macroF1 += CLASSES.reduce((s, c) => s + classF1(truth, predicted, c), 0) / CLASSES.length
    accuracy += predicted.filter((p, i) => p === truth[i]).length / rows.length
  }
  return { macroF1: macroF1 / sources.length, accuracy: accuracy / sources.length }
}

const formatScore = (s: DevScore) => `macro-F1 ${s.macroF1.toFixed(4)}, accuracy ${s.accuracy.toFixed(4)}`

function tune(
  rows: readonly SourcedText[],
  lang: string,
  grid: readonly Params[],
): { best: Params; dev: DevScore; lexiconDev: DevScore } {
  const devRows = rows.filter((r) => isHeldOutSentence(r.text, DEV_SEED, DEV_SHARE))
  const fitRows = rows.filter((r) => !isHeldOutSentence(r.text, DEV_SEED, DEV_SHARE))
  let best = grid[0] as Params
  let bestScore: DevScore = { macroF1: -1, accuracy: -1 }
  for (const p of grid) {
    const model = fit(fitRows, lang, p)
    const index = new Map(model.vocab.map((f, i) => [f, i]))
    const score = devScore((t) => predict(model, index, t), devRows)
    console.log(`${lang} dev  l2=${p.l2}  tweets×${p.tweetWeight}  balanced=${p.balanced}  ${formatScore(score)}`)
    if (score.macroF1 > bestScore.macroF1 + 1e-9) {
      bestScore = score
      best = p
    }
  }
  const lexiconDev = devScore((t) => lexiconLabel(scoreLexicon(t, lang).score), devRows)
  console.log(`${lang} dev  lexicon alone  ${formatScore(lexiconDev)}`)
  return { best, dev: bestScore, lexiconDev }
}

function trainLanguage(data: SentimentData, lang: 'en' | 'de', grid: readonly Params[]) {
  const rows = data.train[lang]
  const { best, dev, lexiconDev } = tune(rows, lang, grid)
  console.log(
    `${lang} chosen l2=${best.l2} tweets×${best.tweetWeight} balanced=${best.balanced} (dev ${formatScore(dev)})`,
  )
  const ships = dev.macroF1 > lexiconDev.macroF1 && dev.accuracy > lexiconDev.accuracy
  const model = fit(rows, lang, best)
  const vocab: string[] = []
  const weights: number[] = []
  model.vocab.forEach((feature, i) => {
    const row = [0, 1, 2].map((k) => round(model.weights[i * 3 + k] as number))
    if (row.every((x) => Math.abs(x) < PRUNE_BELOW)) return
    vocab.push(feature)
    weights.push(...row)
  })
  const sources = [...new Set(rows.map((r) => r.source))].sort()
  for (const source of sources) {
    const held = evaluate(model, data.heldOut[source])
    console.log(`${lang} held out ${source}: accuracy ${held.accuracy.toFixed(4)}, macro-F1 ${held.macroF1.toFixed(4)}`)
  }
  return {
    entry: {
      bias: model.bias.map(round),
      vocab,
      weights,
      lexicon_fingerprint: lexiconFingerprint(lang),
      trained_on: sources,
      train_rows: rows.length,
      train_fingerprint: fingerprint(rows),
      params: {
        l2: best.l2,
        tweet_weight: best.tweetWeight,
        class_balanced: best.balanced,
        min_df: MIN_DF,
        iterations: ITERATIONS,
        learning_rate: LEARNING_RATE,
        prune_below: PRUNE_BELOW,
      },
      dev: { macro_f1: round(dev.macroF1), accuracy: round(dev.accuracy) },
      lexicon_dev: { macro_f1: round(lexiconDev.macroF1), accuracy: round(lexiconDev.accuracy) },
    },
    ships,
  }
}

function main(): void {
  const repo = resolve(dirname(new URL(import.meta.url).pathname), '..')
  const corpus = resolve(repo, corpusDir())
  const out = resolve(repo, arg('--out', 'core/enrich/sentiment-weights.json'))
  if (!hasSentimentCorpus(corpus)) {
    console.log(
      `train-sentiment skipped: the labelled sets are not all under ${corpus}/sentiment (see docs/sentiment-data.md)`,
    )
    return
  }
  const data = loadSentimentData(corpus)
  for (const s of data.sources) {
    console.log(
      `${s.source.name}: ${s.rawRows} rows → ${s.rows.length} sentences (${s.dropped} dropped, targets disagree); ${s.source.trainable ? `held out ${data.heldOut[s.source.name].length}` : 'measure only'}`,
    )
  }
  const en = trainLanguage(
    data,
    'en',
    [0.3, 0.6, 1].flatMap((tweetWeight) => [5e-4, 1e-3].map((l2) => ({ l2, tweetWeight, balanced: true }))),
  )
  const de = trainLanguage(
    data,
    'de',
    [true, false].flatMap((balanced) => [1e-3, 3e-3].map((l2) => ({ l2, tweetWeight: 1, balanced }))),
  )
  if (!en.ships) throw new Error('the English model does not beat the lexicon on the dev share: not writing weights')
  const models: Record<string, typeof en.entry> = {}
  for (const [lang, trained] of Object.entries({ en, de })) {
    if (trained.ships) {
      models[lang] = trained.entry
      continue
    }
    // Kept for the report (bench/.data is git-ignored), never shipped: the lexicon keeps labelling this language.
    const candidate = resolve(repo, `bench/.data/sentiment-${lang}-not-shipped.json`)
    mkdirSync(dirname(candidate), { recursive: true })
    writeFileSync(
      candidate,
      `${JSON.stringify({ format: MODEL_FORMAT, classes: [...CLASSES], models: { [lang]: trained.entry } })}\n`,
    )
    console.log(
      `${lang}: the model does not beat the lexicon on the dev share in both macro-F1 and accuracy; not shipped (the lexicon labels ${lang}); candidate in ${candidate}`,
    )
  }
  const file = {
    format: MODEL_FORMAT,
    classes: [...CLASSES],
    description:
      'Per-language multinomial logistic regression over binary unigram, stem, bigram, negation and lexicon-verdict features ' +
      '(core/enrich/sentiment-features.ts), trained by scripts/train-sentiment.ts. en: NewsMTSC (MIT) and ' +
      `zeroshot/twitter-financial-news-sentiment (MIT)${models.de === undefined ? '' : '; de: derived from GerNTSA by Christian Goer (CC BY 4.0, https://github.com/cgoer/GerNTSA)'}. ` +
      'See docs/sentiment-data.md.',
    data: {
      split_seed: SENTENCE_SPLIT_SEED,
      held_out_share: HELD_OUT_SHARE,
      sources: data.sources.map((s) => ({
        name: s.source.name,
        licence: s.source.licence,
        use: s.source.trainable ? 'train (held-out share measured)' : 'measure only',
        rows: s.rawRows,
        sentences: s.rows.length,
        dropped_sentences: s.dropped,
        sha256: s.checksums,
      })),
    },
    not_shipped: Object.fromEntries(
      Object.entries({ en, de })
        .filter(([, t]) => !t.ships)
        .map(([lang, t]) => [
          lang,
          {
            reason: 'does not beat the lexicon on the dev share in both macro-F1 and accuracy',
            dev: t.entry.dev,
            lexicon_dev: t.entry.lexicon_dev,
          },
        ]),
    ),
    models,
  }
  const json = `${JSON.stringify(file)}\n`
  writeFileSync(out, json)
  const sizes = Object.entries(models)
    .map(([lang, m]) => `${lang} ${m.vocab.length} features`)
    .join(', ')
  console.log(`wrote ${out}: ${sizes}, ${(json.length / 1024).toFixed(0)} KB`)
  console.log('full report: bun run bench/sentiment-report.ts')
}

main()
