/**
 * Model kinds for the English tone model, compared on the training sentences only, then measured
 * once (issue 25): the logistic regression that ships, the same plus the mean word vector of the
 * sentence as 48 dense features (scripts/sentiment-vector.ts), and a one-hidden-layer MLP beside
 * the linear part over both (scripts/mlp-adam.ts). Every variant uses the shipped feature spec
 * and target rule, is fitted on the dev-share fit split as scripts/train-sentiment.ts tunes, and
 * gets decision offsets and a margin tuned on the dev share (scripts/sentiment-offsets.ts, the 5%
 * bound on every dev source); dev macro-F1 with them is what chooses.
 *
 *   bun run bench/sentiment-model-experiment.ts [--variants lr,lr-vec,mlp32-vec-e5] [--refit lr,mlp32-vec-e5]
 *
 * A variant's name says what it is: `lr` or `mlp<hidden>`, `-vec` (mean word vector), `-e<epochs>`,
 * `-l<l2>`, `-r<learning rate>`, `-s<seed>`, `-tw<tweets' weight>`. Held-out figures of the fit-split
 * models (pooled real news: NewsMTSC 20%, SemEval-2017, SEntFiN) are printed for the record and
 * choose nothing. `--refit` refits the named variants on all training sentences with their dev
 * offsets, as the training script would ship them, and scores them beside the shipped weights on
 * the held-out sentences in the same run (tables as bench/sentiment-report.ts prints them), with
 * the time to label one sentence.
 */
import type { SentimentLabel } from '../core/article.ts'
import { scoreLexicon } from '../core/enrich/lexicon.ts'
import { type FeatureSpec, sentimentFeatures } from '../core/enrich/sentiment-features.ts'
import { MODEL_CLASSES, predictSentiment, SHIPPED_MODEL } from '../core/enrich/sentiment-model.ts'
import { isHeldOutSentence } from '../core/enrich/sentiment-split.ts'
import { fitMlp, mlpForward } from '../scripts/mlp-adam.ts'
import { corpusDir, hasSentimentCorpus, loadSentimentData, type SourcedText } from '../scripts/sentiment-data.ts'
import { decide, MARGINS, type Offsets, tuneOffsets } from '../scripts/sentiment-offsets.ts'
import { measure, measureBySource } from '../scripts/sentiment-scores.ts'
import { sentimentVector } from '../scripts/sentiment-vector.ts'
import { fitSoftmax } from '../scripts/softmax-adam.ts'

const CLASSES = MODEL_CLASSES
const DIMS = 48
const DEV_SEED = 7
const DEV_SHARE = 0.15
const MIN_DF = 3
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(name)
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback
}
const list = (s: string) => s.split(',').filter((x) => x !== '')
/** `--spec '{"neutral_cues":true}'`: merged into the shipped spec for every variant (the shipped weights keep theirs). */
const spec: FeatureSpec = { ...SHIPPED_MODEL.spec, ...(JSON.parse(arg('--spec', '{}')) as Partial<FeatureSpec>) }

interface Rows {
  rows: readonly { text: string; label: SentimentLabel; source: string }[]
  features: string[][]
  vectors: (Float32Array | undefined)[]
}

function prepare(rows: Rows['rows']): Rows {
  return {
    rows,
    features: rows.map((r) => sentimentFeatures(r.text, 'en', spec, scoreLexicon(r.text, 'en'))),
    vectors: rows.map((r) => sentimentVector(r.text)),
  }
}

type Scorer = (features: readonly string[], vector: Float32Array | undefined) => [number, number, number]

const num = (v: string, re: RegExp, fallback: number) => Number(re.exec(v)?.[1] ?? fallback)

/** Fits variant `v` on `train` (each class a third of the weight, tweets ×`-tw`); `-b<k>`: the mean logits of k seeds. */
function fitVariant(v: string, train: Rows): Scorer {
  // `-nobi`: no bigram features (they hold a space); `-nostem`: no stems.
  const drop = (f: string) => (v.includes('-nobi') && f.includes(' ')) || (v.includes('-nostem') && f.startsWith('~'))
  if (v.includes('-nobi') || v.includes('-nostem')) {
    const inner = fitVariant(v.replace('-nobi', '').replace('-nostem', ''), {
      ...train,
      features: train.features.map((fs) => fs.filter((f) => !drop(f))),
    })
    return (fs, x) =>
      inner(
        fs.filter((f) => !drop(f)),
        x,
      )
  }
  const bag = num(v, /-b(\d+)/, 1)
  if (bag > 1) {
    const seed = num(v, /-s(\d+)/, 20261127)
    const base = v.replace(/-b\d+/, '').replace(/-s\d+/, '')
    const scorers = Array.from({ length: bag }, (_, i) => fitVariant(`${base}-s${seed + i}`, train))
    return (fs, x) => {
      const z: [number, number, number] = [0, 0, 0]
      for (const s of scorers) {
        const one = s(fs, x)
        for (let k = 0; k < 3; k++) z[k] = (z[k] as number) + (one[k] as number) / bag
      }
      return z
    }
  }
  const df = new Map<string, number>()
  for (const fs of train.features) for (const f of fs) df.set(f, (df.get(f) ?? 0) + 1)
  const vocab = [...df]
    .filter(([, n]) => n >= MIN_DF)
    .map(([f]) => f)
    .sort()
  const index = new Map(vocab.map((f, i) => [f, i]))
  const ids = (fs: readonly string[]) => Int32Array.from(fs.flatMap((f) => index.get(f) ?? []).sort((a, b) => a - b))
  const docs = train.features.map(ids)
  const ys = train.rows.map((r) => CLASSES.indexOf(r.label))
  const tweetWeight = num(v, /-tw([\d.]+)/, 1)
  const sw = train.rows.map((r) => (r.source === 'tweets' ? tweetWeight : 1))
  const total = CLASSES.map((_, k) => ys.reduce((s, y, i) => s + (y === k ? (sw[i] as number) : 0), 0))
  const docWeight = ys.map((y, i) => (sw[i] as number) / (CLASSES.length * (total[y] as number)))
  const withVector = v.includes('-vec')
  const l2 = num(v, /-l([\d.e-]+)/, 0.001)
  if (v.startsWith('lr')) {
    const w = fitSoftmax({
      docs,
      ys,
      docWeight,
      classes: 3,
      features: vocab.length,
      l2,
      iterations: 300,
      learningRate: 0.05,
      ...(withVector ? { dense: { dims: DIMS, vectors: train.vectors } } : {}),
    })
    return (fs, x) => {
      const z: [number, number, number] = [w.bias[0] ?? 0, w.bias[1] ?? 0, w.bias[2] ?? 0]
      for (const f of fs) {
        const i = index.get(f)
        if (i !== undefined) for (let k = 0; k < 3; k++) z[k] = (z[k] as number) + (w.weights[i * 3 + k] as number)
      }
      if (withVector && x !== undefined)
        for (let d = 0; d < DIMS; d++)
          for (let k = 0; k < 3; k++) z[k] = (z[k] as number) + (x[d] as number) * (w.dense[d * 3 + k] as number)
      return z
    }
  }
  const hidden = num(v, /mlp(\d+)/, 32)
  const w = fitMlp({
    docs,
    dense: withVector ? train.vectors : train.vectors.map(() => undefined),
    dims: DIMS,
    ys,
    docWeight,
    classes: 3,
    features: vocab.length,
    hidden,
    l2,
    epochs: num(v, /-e(\d+)/, 20),
    batchSize: 256,
    learningRate: num(v, /-r([\d.e-]+)/, 0.002),
    seed: num(v, /-s(\d+)/, 20261127),
  })
  const h = new Float64Array(hidden)
  const z = new Float64Array(3)
  return (fs, x) => {
    mlpForward(w, 3, DIMS, ids(fs), withVector ? x : undefined, h, z)
    return [z[0] as number, z[1] as number, z[2] as number]
  }
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`
const fmt = (m: { accuracy: number; macroF1: number; negAsPos: number }) =>
  `${m.accuracy.toFixed(3)} / ${m.macroF1.toFixed(3)} / ${pct(m.negAsPos)}`

function confusion(truth: readonly SentimentLabel[], predicted: readonly SentimentLabel[]): string {
  return CLASSES.map((t) =>
    CLASSES.map((p) => truth.filter((x, i) => x === t && predicted[i] === p).length).join(' / '),
  ).join(' | ')
}

function main(): void {
  const corpus = corpusDir()
  if (!hasSentimentCorpus(corpus)) {
    console.log(`sentiment model experiment skipped: the labelled sets are not all under ${corpus}/sentiment`)
    return
  }
  const data = loadSentimentData(corpus)
  // The shipped target rule (`unanimous`): sentences whose targets disagreed do not teach.
  const teach = (rows: readonly SourcedText[]) => rows.filter((r) => !r.mixedTargets)
  const isDev = (r: SourcedText) => isHeldOutSentence(r.text, DEV_SEED, DEV_SHARE)
  const fit = prepare(teach(data.train.en.filter((r) => !isDev(r))))
  const dev = prepare(data.train.en.filter(isDev))
  const heldSources = ['newsmtsc', 'semeval', 'sentfin', 'tweets'] as const
  const held = prepare(heldSources.flatMap((s) => data.heldOut[s].map((r) => ({ ...r, source: s }))))
  const isRealNews = held.rows.map((r) => r.source !== 'tweets')
  console.log(`fit ${fit.rows.length}, dev ${dev.rows.length}, held out ${held.rows.length}`)

  const label = (score: Scorer, rows: Rows, o: Offsets) =>
    rows.features.map((fs, i) => decide(score(fs, rows.vectors[i]), o))
  const tuned = new Map<string, Offsets>()
  const devTune = (v: string): Offsets => {
    const known = tuned.get(v)
    if (known !== undefined) return known
    const started = performance.now()
    const score = fitVariant(v, fit)
    const logits = dev.features.map((fs, i) => score(fs, dev.vectors[i]))
    const d = { logits, truth: dev.rows.map((r) => r.label), source: dev.rows.map((r) => r.source) }
    const plain = measureBySource(d.truth, label(score, dev, { neg: 0, pos: 0 }), d.source)
    const { offsets, score: withOffsets } = tuneOffsets(d, MARGINS)
    const predicted = label(score, held, offsets)
    const real = (xs: readonly SentimentLabel[]) => xs.filter((_, i) => isRealNews[i] === true)
    const pooled = measure(real(held.rows.map((r) => r.label)), real(predicted))
    console.log(
      `${v.padEnd(22)} dev macro-F1 plain ${plain.macroF1.toFixed(4)}, with offsets ${withOffsets.macroF1.toFixed(4)} (acc ${withOffsets.accuracy.toFixed(4)}; neg ${offsets.neg}, pos ${offsets.pos}, margin ${offsets.margin ?? 0}; worst neg→pos ${pct(withOffsets.negAsPos)}) | held-out real news, fit split: ${fmt(pooled)} | ${((performance.now() - started) / 1000).toFixed(0)} s`,
    )
    tuned.set(v, offsets)
    return offsets
  }
  for (const v of list(arg('--variants', 'lr,lr-vec,mlp32-vec-e5'))) devTune(v)
  // Across sources: fitted on one trainable source's fit split, plain macro-F1 on the other's dev
  // share (mean of both directions): how far a model carries out of its domain, on training data only.
  for (const v of list(arg('--cross', ''))) {
    const one = (from: string, to: string) => {
      const keep = (r: Rows, s: string) => r.rows.flatMap((x, i) => (x.source === s ? [i] : []))
      const pick = (r: Rows, at: number[]): Rows => ({
        rows: at.map((i) => r.rows[i] as Rows['rows'][number]),
        features: at.map((i) => r.features[i] as string[]),
        vectors: at.map((i) => r.vectors[i]),
      })
      const score = fitVariant(v, pick(fit, keep(fit, from)))
      const target = pick(dev, keep(dev, to))
      return measure(
        target.rows.map((r) => r.label),
        label(score, target, { neg: 0, pos: 0 }),
      ).macroF1
    }
    const a = one('newsmtsc', 'tweets')
    const b = one('tweets', 'newsmtsc')
    console.log(
      `${v.padEnd(22)} across sources, plain macro-F1: newsmtsc→tweets ${a.toFixed(4)}, tweets→newsmtsc ${b.toFixed(4)}, mean ${((a + b) / 2).toFixed(4)}`,
    )
  }

  const refit = list(arg('--refit', ''))
  if (refit.length === 0) return
  const all = prepare(teach(data.train.en))
  const labellers: { name: string; predicted: SentimentLabel[]; usPerSentence: number }[] = []
  const timed = (f: () => SentimentLabel[]) => {
    f()
    const started = performance.now()
    const out = f()
    return { predicted: out, usPerSentence: (1000 * (performance.now() - started)) / held.rows.length }
  }
  labellers.push({
    name: 'shipped (logistic regression)',
    ...timed(() => held.rows.map((r) => predictSentiment(r.text, SHIPPED_MODEL, scoreLexicon(r.text, 'en')).label)),
  })
  for (const v of refit) {
    const offsets = devTune(v)
    const score = fitVariant(v, all)
    // Timed end to end, as enrichment would: features, word vector and the model, from the text.
    labellers.push({
      name: v,
      ...timed(() =>
        held.rows.map((r) =>
          decide(
            score(sentimentFeatures(r.text, 'en', spec, scoreLexicon(r.text, 'en')), sentimentVector(r.text)),
            offsets,
          ),
        ),
      ),
    })
  }
  const groups = [
    ...heldSources.map((s) => ({ name: s, keep: (src: string) => src === s })),
    { name: 'real news, pooled', keep: (src: string) => src !== 'tweets' },
    { name: 'all English', keep: () => true },
  ]
  console.log(`\n| held-out set | n | ${labellers.map((l) => l.name).join(' | ')} |`)
  console.log(`|---|---:|${labellers.map(() => '---:').join('|')}|`)
  for (const g of groups) {
    const at = held.rows.flatMap((r, i) => (g.keep(r.source) ? [i] : []))
    const truth = at.map((i) => held.rows[i]?.label as SentimentLabel)
    const cells = labellers.map((l) =>
      fmt(
        measure(
          truth,
          at.map((i) => l.predicted[i] as SentimentLabel),
        ),
      ),
    )
    console.log(`| ${g.name} | ${at.length} | ${cells.join(' | ')} |`)
  }
  console.log('\nPooled real news, confusion (truth neg | neu | pos; predicted neg / neu / pos):')
  const at = held.rows.flatMap((r, i) => (r.source !== 'tweets' ? [i] : []))
  for (const l of labellers)
    console.log(
      `- ${l.name}: ${confusion(
        at.map((i) => held.rows[i]?.label as SentimentLabel),
        at.map((i) => l.predicted[i] as SentimentLabel),
      )}; ${l.usPerSentence.toFixed(1)} µs a sentence`,
    )
}

main()
