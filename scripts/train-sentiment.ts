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
 * on it) and read here only at the end: for the summary lines and the ship gate below.
 *
 * Model (scripts/sentiment-fit.ts): multinomial logistic regression over binary unigram, stem,
 * bigram, negation and lexicon features (core/enrich/sentiment-features.ts, drawn as a recorded
 * feature spec says), class-balanced, L2-regularised, fitted by full-batch Adam (no shuffling, so
 * the result is the same on every run). Picked on a dev share of the training sentences (another
 * sentence hash): the feature spec and whether sentences whose targets disagreed may teach, then
 * the L2 strength and the tweets' weight (en) or class balance (de). Every candidate gets decision
 * offsets tuned on the dev share that keep negatives read as positive under 5% on every dev source
 * (scripts/sentiment-offsets.ts), and candidates compete on dev macro-F1 with their offsets, since
 * that is what ships. The chosen one is refitted on all training sentences and its offsets are
 * added to its bias. A language's model ships only if it beats that language's lexicon in both
 * macro-F1 and accuracy on the dev share and on the held-out news sentences of its language; else
 * the lexicon keeps labelling it (the candidate goes to bench/.data for the report).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import type { SentimentLabel } from '../core/article.ts'
import { scoreLexicon } from '../core/enrich/lexicon.ts'
import { lexiconLabel } from '../core/enrich/sentiment.ts'
import { type FeatureSpec, LEGACY_FEATURE_SPEC, lexiconFingerprint } from '../core/enrich/sentiment-features.ts'
import { MODEL_CLASSES, MODEL_FORMAT } from '../core/enrich/sentiment-model.ts'
import { fingerprint, isHeldOutSentence } from '../core/enrich/sentiment-split.ts'
import {
  corpusDir,
  HELD_OUT_SHARE,
  hasSentimentCorpus,
  loadSentimentData,
  SENTENCE_SPLIT_SEED,
  SENTIMENT_SOURCES,
  type SentimentData,
  type SourcedText,
} from './sentiment-data.ts'
import { type DevLogits, MARGINS, MAX_NEG_AS_POS, type Offsets, tuneOffsets } from './sentiment-offsets.ts'
import { type Measured, measure, measureBySource } from './sentiment-scores.ts'
import {
  featureCache,
  fit,
  ITERATIONS,
  LEARNING_RATE,
  labelOf,
  logits,
  MIN_DF,
  type Params,
  evaluate,
} from './sentiment-fit.ts'

const DEV_SEED = 7
const DEV_SHARE = 0.15
/**
 * `--folds K` (K > 1): candidates are scored out of fold instead of on the dev share: each is
 * fitted K times, on all training sentences but one fold (by sentence hash, seed DEV_SEED), its
 * offsets tuned and its macro-F1 read on the logits of every training sentence from the fit that
 * did not see it: K times the training time, on all sentences instead of 15%.
 */
const FOLDS = Number(arg('--folds', '0'))

/** Which of `folds` folds a sentence falls in: the same hash as the dev share, cut in equal slices. */
function foldOf(text: string, folds: number): number {
  let k = 0
  while (k < folds - 1 && !isHeldOutSentence(text, DEV_SEED, (k + 1) / folds)) k++
  return k
}
const CLASSES = MODEL_CLASSES
/** Weights this close to zero change no prediction; dropping them keeps the file small. */
const PRUNE_BELOW = 0.01

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name)
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback
}

/** Four decimals keep the file small. */
function round(x: number): number {
  return Math.round(x * 1e4) / 1e4
}

type DevScore = Pick<Measured, 'macroF1' | 'accuracy'>

/** Dev macro-F1 and accuracy averaged over the sources, so news sentences and tweets count alike. */
function devScore(label: (text: string) => SentimentLabel, dev: readonly SourcedText[]): Measured {
  return measureBySource(
    dev.map((r) => r.label),
    dev.map((r) => label(r.text)),
    dev.map((r) => r.source),
  )
}

const formatScore = (s: DevScore) => `macro-F1 ${s.macroF1.toFixed(4)}, accuracy ${s.accuracy.toFixed(4)}`
const formatParams = (p: Params) =>
  `l2=${p.l2} tweets×${p.tweetWeight} balanced=${p.balanced} negation=${p.spec.negation} lexicon-counts=${p.spec.lexicon_counts} direction=${p.spec.direction === true} neutral-cues=${p.spec.neutral_cues === true} targets=${p.targets}`

interface Candidate {
  params: Params
  plain: DevScore
  offsets: Offsets
  withOffsets: Measured
}

interface Tuned {
  best: Candidate
  lexiconDev: DevScore
}

/** Rows (and their features) the parameters learn from: `unanimous` leaves out sentences whose targets disagreed. */
function learnedFrom<T>(rows: readonly SourcedText[], xs: readonly T[], p: Params): { rows: SourcedText[]; xs: T[] } {
  const keep = rows.map((r) => p.targets === 'polar' || !r.mixedTargets)
  return { rows: rows.filter((_, i) => keep[i]), xs: xs.filter((_, i) => keep[i]) }
}

/**
 * Each candidate is fitted on the fit share, gets its decision offsets on the dev share
 * (scripts/sentiment-offsets.ts), and is scored by dev macro-F1 with them: what would ship (with
 * `folds` > 1: fitted once per fold, offsets and score read out of fold on every sentence). The
 * grid is searched a coordinate at a time: `first`, then `then(best of first)`.
 */
function tune(
  rows: readonly SourcedText[],
  lang: string,
  first: readonly Params[],
  then: (best: Params) => Params[],
  folds: number,
): Tuned {
  const devRows = folds > 1 ? rows : rows.filter((r) => isHeldOutSentence(r.text, DEV_SEED, DEV_SHARE))
  const allFeatures = featureCache(rows, lang)
  const fitRows = rows.filter((r) => !isHeldOutSentence(r.text, DEV_SEED, DEV_SHARE))
  const fitFeatures = featureCache(fitRows, lang)
  const devFeatures = featureCache(devRows, lang)
  const foldOfRow = rows.map((r) => foldOf(r.text, folds))
  /** Dev logits of a candidate: fitted on the fit share and read on the dev share, or out of fold on every training sentence. */
  const devLogits = (p: Params): DevLogits['logits'] => {
    if (folds <= 1) {
      const learned = learnedFrom(fitRows, fitFeatures(p.spec), p)
      const model = fit(learned.rows, learned.xs, lang, p)
      const index = new Map(model.vocab.map((f, i) => [f, i]))
      return devFeatures(p.spec).map((fs) => logits(model, index, fs))
    }
    const xs = allFeatures(p.spec)
    const out: [number, number, number][] = rows.map(() => [0, 0, 0])
    for (let k = 0; k < folds; k++) {
      const inFold = (i: number) => foldOfRow[i] === k
      const learned = learnedFrom(
        rows.filter((_, i) => !inFold(i)),
        xs.filter((_, i) => !inFold(i)),
        p,
      )
      const model = fit(learned.rows, learned.xs, lang, p)
      const index = new Map(model.vocab.map((f, i) => [f, i]))
      xs.forEach((fs, i) => {
        if (inFold(i)) out[i] = logits(model, index, fs)
      })
    }
    return out
  }
  const tried = new Map<string, Candidate>()
  const tryParams = (p: Params): Candidate => {
    const key = JSON.stringify(p)
    const known = tried.get(key)
    if (known !== undefined) return known
    const dev: DevLogits = {
      logits: devLogits(p),
      truth: devRows.map((r) => r.label),
      source: devRows.map((r) => r.source),
    }
    const plain = measureBySource(dev.truth, dev.logits.map(labelOf), dev.source)
    const { offsets, score } = tuneOffsets(dev, MARGINS)
    console.log(
      `${lang} dev  ${formatParams(p)}  plain ${formatScore(plain)} | offsets ${offsets.neg}/${offsets.pos} margin ${offsets.margin ?? 0}: ${formatScore(score)}, worst neg→pos ${(100 * score.negAsPos).toFixed(1)}%`,
    )
    const c = { params: p, plain, offsets, withOffsets: score }
    tried.set(key, c)
    return c
  }
  const bestOf = (ps: readonly Params[]) =>
    ps.map(tryParams).reduce((a, b) => (b.withOffsets.macroF1 > a.withOffsets.macroF1 + 1e-9 ? b : a))
  const best = bestOf([bestOf(first).params, ...then(bestOf(first).params)])
  const lexiconDev = devScore((t) => lexiconLabel(scoreLexicon(t, lang).score), devRows)
  console.log(`${lang} dev  lexicon alone  ${formatScore(lexiconDev)} (the bound on neg→pos: ${100 * MAX_NEG_AS_POS}%)`)
  return { best, lexiconDev }
}

function trainLanguage(
  data: SentimentData,
  lang: 'en' | 'de',
  first: readonly Params[],
  then: (best: Params) => Params[],
) {
  const { best: chosen, lexiconDev } = tune(data.train[lang], lang, first, then, FOLDS)
  const { params: best, offsets, plain: dev, withOffsets: devWithOffsets } = chosen
  console.log(`${lang} chosen ${formatParams(best)} (dev ${formatScore(devWithOffsets)} with offsets)`)
  const all = data.train[lang]
  const { rows, xs } = learnedFrom(all, featureCache(all, lang)(best.spec), best)
  const model = fit(rows, xs, lang, best)
  // The offsets become part of the bias; the margin (how far pos must beat neg) ships beside it.
  model.bias[0] = (model.bias[0] as number) + offsets.neg
  model.bias[2] = (model.bias[2] as number) + offsets.pos
  const posMargin = offsets.margin ?? 0
  const vocab: string[] = []
  const weights: number[] = []
  model.vocab.forEach((feature, i) => {
    const row = [0, 1, 2].map((k) => round(model.weights[i * 3 + k] as number))
    if (row.every((x) => Math.abs(x) < PRUNE_BELOW)) return
    vocab.push(feature)
    weights.push(...row)
  })
  const sources = [...new Set(rows.map((r) => r.source))].sort()
  // A language's model ships only if it beats that language's lexicon in macro-F1 and accuracy,
  // on the dev share and on every held-out share of a real-news source it learned from.
  let beatsHeldOut = true
  for (const source of sources) {
    const held = evaluate(model, data.heldOut[source], posMargin)
    const lexicon = measure(
      data.heldOut[source].map((r) => r.label),
      data.heldOut[source].map((r) => lexiconLabel(scoreLexicon(r.text, lang).score)),
    )
    const isNews = SENTIMENT_SOURCES.find((s) => s.name === source)?.realNews === true
    if (isNews && !(held.macroF1 > lexicon.macroF1 && held.accuracy > lexicon.accuracy)) beatsHeldOut = false
    console.log(
      `${lang} held out ${source}: accuracy ${held.accuracy.toFixed(4)}, macro-F1 ${held.macroF1.toFixed(4)}, neg→pos ${(100 * held.negAsPos).toFixed(1)}% (lexicon ${lexicon.accuracy.toFixed(4)}, ${lexicon.macroF1.toFixed(4)})`,
    )
  }
  const ships =
    devWithOffsets.macroF1 > lexiconDev.macroF1 && devWithOffsets.accuracy > lexiconDev.accuracy && beatsHeldOut
  return {
    entry: {
      bias: model.bias.map(round),
      ...(posMargin > 0 ? { pos_margin: posMargin } : {}),
      vocab,
      weights,
      features: best.spec,
      lexicon_fingerprint: lexiconFingerprint(lang),
      trained_on: sources,
      train_rows: rows.length,
      train_fingerprint: fingerprint(rows),
      params: {
        l2: best.l2,
        tweet_weight: best.tweetWeight,
        class_balanced: best.balanced,
        targets: best.targets,
        decision_offsets: offsets,
        selected_on: FOLDS > 1 ? `${FOLDS}-fold` : 'dev share',
        min_df: MIN_DF,
        iterations: ITERATIONS,
        learning_rate: LEARNING_RATE,
        prune_below: PRUNE_BELOW,
      },
      dev: { macro_f1: round(dev.macroF1), accuracy: round(dev.accuracy) },
      dev_with_offsets: {
        macro_f1: round(devWithOffsets.macroF1),
        accuracy: round(devWithOffsets.accuracy),
        worst_neg_as_pos: round(devWithOffsets.negAsPos),
      },
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
  // Feature spec and target rule first (the first spec is the format-2 model's), then l2 and the
  // tweets' weight (en) or class balance (de) at the best of those. Direction of change
  // (core/enrich/sentiment-direction.ts) and neutral cues (sentiment-features.ts) are English only.
  const specs = (lang: 'en' | 'de'): FeatureSpec[] => [
    LEGACY_FEATURE_SPEC,
    lang === 'en' ? { ...LEGACY_FEATURE_SPEC, direction: true } : { negation: 'clause', lexicon_counts: true },
    ...(lang === 'en'
      ? ([
          { negation: 'clause', lexicon_counts: true, direction: true },
          { negation: 'clause', lexicon_counts: true, direction: true, neutral_cues: true },
        ] as const)
      : []),
  ]
  const firstGrid = (lang: 'en' | 'de', base: Omit<Params, 'spec' | 'targets'>): Params[] =>
    specs(lang).flatMap((spec) => (['polar', 'unanimous'] as const).map((targets) => ({ ...base, spec, targets })))
  const en = trainLanguage(data, 'en', firstGrid('en', { l2: 1e-3, tweetWeight: 1, balanced: true }), (p) =>
    [0.6, 1, 2].flatMap((tweetWeight) => [1e-3, 3e-3].map((l2) => ({ ...p, l2, tweetWeight }))),
  )
  const de = trainLanguage(data, 'de', firstGrid('de', { l2: 3e-3, tweetWeight: 1, balanced: true }), (p) =>
    [true, false].flatMap((balanced) => [1e-3, 3e-3, 1e-2].map((l2) => ({ ...p, l2, balanced }))),
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
      `${lang}: the model does not beat the lexicon in both macro-F1 and accuracy on the dev share and the held-out news; not shipped (the lexicon labels ${lang}); candidate in ${candidate}`,
    )
  }
  const file = {
    format: MODEL_FORMAT,
    classes: [...CLASSES],
    description:
      'Per-language multinomial logistic regression over binary unigram, stem, bigram, negation, lexicon and (en) direction-of-change and neutral-cue features ' +
      "(core/enrich/sentiment-features.ts, drawn as each model's `features` says), with dev-tuned decision offsets in the bias " +
      'and a margin pos must beat neg by (`pos_margin`, absent = 0), ' +
      'trained by scripts/train-sentiment.ts. en: NewsMTSC (MIT) and ' +
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
            reason:
              'does not beat the lexicon in both macro-F1 and accuracy on the dev share (with its decision offsets) and the held-out news sentences',
            dev: t.entry.dev_with_offsets,
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
