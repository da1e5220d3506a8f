/**
 * Trains the category model offline and writes core/enrich/category-weights.json.
 *
 *   bun run scripts/train-category.ts [--out core/enrich/category-weights.json] [--quick] [--with <set ids>]
 *
 * Data: the sets of scripts/category-data.ts marked `use: 'train'` (docs/category-data.md says why
 * each may or may not train), read in place from shared/corpus (NEWSDESK_CORPUS overrides the
 * folder), each checked against its SHA-256 first. Skips with a message when they are absent.
 * Deterministic: no random numbers (splits by FNV hash, full-batch Adam), so the same sets give
 * the same file. --with adds sets tried and not kept (`use: 'tried'` in scripts/category-sources.ts).
 *
 * 1. Parameters are chosen by leaving UCI and MasakhaNEWS English out in turn and scoring the
 *    model fitted on the others (4-class accuracy + macro-F1, the service's threshold tuned on the
 *    same held-out verdicts). --quick skips the search (the shipped file was written with it; the
 *    search now picks l2 1e-3, which the issue's rule turned down on the measure-only sets).
 * 2. A class prior per broad group and the threshold are tuned together on those held-out
 *    verdicts (scripts/category-prior.ts); the prior goes into the shipped bias.
 * 3. The held-out figures of the chosen parameters, on the training sources (HuffPost too) and on
 *    the measure-only sets (BBC News, subreddit headlines), are written into the weights file;
 *    bench/category-report.ts prints them in full with confusion matrices.
 * 4. A language is covered by the model when its held-out figures beat the term lists there.
 * 5. The shipped weights are fitted on every training row with those parameters.
 *
 * Every fit also learns from each row's short views (headline + first sentence, headline alone;
 * scripts/category-views.ts), each a share of its row's weight: AG News' rows and pages whose
 * standfirst is one sentence or missing look like them. Held-out rows are scored as they are.
 */
import { writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { CATEGORY_MODEL_FORMAT } from '../core/enrich/category-model.ts'
import { clustersFingerprint, SHIPPED_WORD_CLUSTERS_FILE } from '../core/enrich/word-clusters.ts'
import { WORD_VECTORS } from '../core/enrich/word-vectors.ts'
import { CATEGORY_SOURCES, corpusDir, fingerprintRows, hasCategoryCorpus, loadSources } from './category-data.ts'
import {
  chooseThreshold,
  formatReport,
  formatThresholds,
  type HeldOutSet,
  heldOutSets,
  type ReportLine,
  reportLine,
  serviceVerdict,
  thresholdTable,
} from './category-evaluation.ts'
import { CLASSES, cacheFeatures, type FitParams, fit, publisherOf } from './category-logreg.ts'
import { applyPrior, choosePrior, priorOffsets } from './category-prior.ts'

export const ITERATIONS = 100
export const LEARNING_RATE = 0.1
/** Learn from the headline and standfirst's mean word vector too (core/enrich/word-vectors.ts). */
export const EMBEDDING = true
/**
 * Within each class, each publisher's rows weigh their mass to this power before class balance
 * (scripts/category-logreg.ts): 0 gives every publisher of a class the same share of it.
 */
export const SOURCE_CLASS_POWER = 0

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name)
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback
}

/** Two decimals keep the file small; a summed score moves by at most a few hundredths. */
function round(x: number): number {
  return Math.round(x * 100) / 100
}

/** A feature whose every weight is below this changes no prediction worth keeping. */
const PRUNE_BELOW = 0.05

function params(l2: number, maxSourceShare: number): FitParams {
  return {
    l2,
    minDf: 2,
    balanced: true,
    uciWeight: 1,
    maxSourceShare,
    iterations: ITERATIONS,
    learningRate: LEARNING_RATE,
    shortViews: true,
    embedding: EMBEDDING,
    sourceClassPower: SOURCE_CLASS_POWER,
  }
}

function main(): void {
  if (!hasCategoryCorpus()) {
    console.log(`train-category: skipped, the labelled sets are absent under ${corpusDir()} (set NEWSDESK_CORPUS)`)
    return
  }
  const repo = resolve(dirname(new URL(import.meta.url).pathname), '..')
  const out = resolve(repo, arg('--out', 'core/enrich/category-weights.json'))
  // --with fin-tweets,newsmtsc: sets tried and not kept (`use: 'tried'`) join the training sets, to measure them.
  const added = new Set(
    arg('--with', '')
      .split(',')
      .filter((x) => x !== ''),
  )
  const train = loadSources((s) => s.use === 'train' || (s.use === 'tried' && added.has(publisherOf(s.id))))
  const measure = loadSources((s) => s.use === 'measure' && (s.lang === 'en' || s.lang === 'fr'))
  for (const s of [...train.missing, ...measure.missing])
    console.log(`train-category: ${s.path} is absent; going on without ${s.id}`)
  const rows = train.rows
  const cache = cacheFeatures([...rows, ...measure.rows])
  console.log(`training rows ${rows.length}, measure-only rows ${measure.rows.length}`)

  // --quick fits l2 3e-4, the shipped file's, and fits each held-out source once (the tuning fits
  // are the fits the held-out figures come from). The full grid now picks 1e-3 (tuning score 1.469
  // against 1.453), which the rule turned down on the measure-only sets in the fifth pass
  // (pooled English 0.725 against 0.737, World 0.678): docs/benchmarks.md, "Category model".
  const quick = process.argv.includes('--quick')
  const grid: FitParams[] = (quick ? [3e-4] : [3e-4, 1e-3]).map((l2) => params(l2, 0.5))
  let best = grid[0] as FitParams
  let bestScore = -1
  let sets: HeldOutSet[] = []
  const search: { l2: number; max_source_share: number; threshold: number; score: number }[] = []
  for (const p of grid) {
    sets = quick
      ? heldOutSets(rows, measure.rows, p, cache, console.log)
      : heldOutSets(
          rows,
          [],
          p,
          cache,
          () => {},
          (pub) => pub !== 'huffpost',
        )
    const lines = thresholdTable(sets)
    const threshold = chooseThreshold(lines)
    const at = lines.find((l) => l.threshold === threshold)
    const s = (at?.broadAccuracy ?? 0) + (at?.macroF1 ?? 0)
    search.push({ l2: p.l2, max_source_share: p.maxSourceShare, threshold, score: Math.round(s * 10000) / 10000 })
    console.log(
      `held-out sources  l2=${p.l2}  max_source_share=${p.maxSourceShare}  threshold ${threshold}  score ${s.toFixed(4)}`,
    )
    if (s > bestScore + 1e-9) {
      bestScore = s
      best = p
    }
  }
  console.log(`chosen l2=${best.l2} max_source_share=${best.maxSourceShare}`)

  if (!quick) sets = heldOutSets(rows, measure.rows, best, cache, console.log)
  const prior = choosePrior(sets)
  console.log(
    `class prior, tuned with the threshold on the same held-out sources: ${JSON.stringify(prior.factors)} (score ${prior.plainScore.toFixed(4)} → ${prior.score.toFixed(4)})`,
  )
  sets = applyPrior(sets, prior.factors)
  const thresholds = thresholdTable(sets)
  const threshold = chooseThreshold(thresholds)
  console.log(
    `\nthreshold, tuned on the training sources held out in turn:\n${formatThresholds(thresholds)}\nchosen ${threshold}\n`,
  )
  const report: ReportLine[] = []
  for (const s of sets) {
    report.push(
      reportLine(
        s,
        'model',
        s.model.map((v) => v.category),
      ),
    )
    report.push(
      reportLine(
        s,
        'service',
        s.rows.map(
          (_, i) =>
            serviceVerdict(
              s.model[i] ?? { category: 'world', confidence: 0 },
              s.terms[i] ?? { category: 'world', confidence: 0 },
              threshold,
            ).category,
        ),
      ),
    )
    report.push(
      reportLine(
        s,
        'term lists',
        s.terms.map((v) => v.category),
      ),
    )
  }
  console.log(formatReport(report))

  // A language the model covers must beat the term lists on held-out rows of that language.
  const languages = ['en']
  const fr = report.filter((l) => l.lang === 'fr' && l.set.startsWith('masakhanews-fr'))
  const frModel = fr.find((l) => l.method === 'service')?.scores.fine.macroF1 ?? 0
  const frTerms = fr.find((l) => l.method === 'term lists')?.scores.fine.macroF1 ?? 1
  if (frModel > frTerms) languages.push('fr')
  console.log(
    `languages the model covers: ${languages.join(', ')} (French held out: service macro-F1 ${frModel.toFixed(3)}, term lists ${frTerms.toFixed(3)})`,
  )

  const model = fit(rows, best, cache)
  const k = CLASSES.length
  const vocab: string[] = []
  const weights: number[] = []
  model.vocab.forEach((feature, i) => {
    const row = CLASSES.map((_, c) => round(model.weights[i * k + c] as number))
    if (row.every((x) => Math.abs(x) < PRUNE_BELOW)) return
    vocab.push(feature)
    weights.push(...row)
  })
  const trainSources = CATEGORY_SOURCES.filter(
    (s) => (s.use === 'train' || (s.use === 'tried' && added.has(publisherOf(s.id)))) && !train.missing.includes(s),
  )
  const file = {
    format: CATEGORY_MODEL_FORMAT,
    classes: [...CLASSES],
    languages,
    min_probability: threshold,
    description:
      'Multinomial logistic regression over headline, standfirst, word-cluster, URL-section, host and term-list features ' +
      '(core/enrich/category-features.ts), trained by scripts/train-category.ts on the sets docs/category-data.md marks as training sets.',
    sources: trainSources.map((s) => ({
      id: s.id,
      path: `shared/corpus/${s.path}`,
      sha256: s.sha256,
      rows: rows.filter((r) => r.source === s.id).length,
      licence: s.licence,
    })),
    rows_fingerprint: fingerprintRows(rows),
    params: {
      l2: best.l2,
      min_df: best.minDf,
      balanced: best.balanced,
      max_source_share: best.maxSourceShare,
      iterations: ITERATIONS,
      learning_rate: LEARNING_RATE,
      short_views: best.shortViews === true,
      embedding: best.embedding === true,
      source_class_power: best.sourceClassPower ?? 1,
    },
    search,
    prior: prior.factors,
    trained_on: 'every training row (the held-out figures are of the same method fitted without the held-out set)',
    held_out: report.map((l) => ({
      set: l.set,
      lang: l.lang,
      method: l.method,
      rows: l.n,
      accuracy: Math.round(l.scores.fine.accuracy * 1000) / 1000,
      macro_f1: Math.round(l.scores.fine.macroF1 * 1000) / 1000,
      broad_accuracy: l.scores.broad.n > 0 ? Math.round(l.scores.broad.accuracy * 1000) / 1000 : null,
    })),
    word_clusters: clustersFingerprint(SHIPPED_WORD_CLUSTERS_FILE),
    ...(model.dense.length > 0
      ? { word_vectors: WORD_VECTORS.fingerprint, dense: Array.from(model.dense, (x) => Math.round(x * 1000) / 1000) }
      : {}),
    // The prior is part of the bias: the service needs no code for it.
    bias: Array.from(model.bias, (b, k) => round(b + (priorOffsets(prior.factors)[k] as number))),
    vocab,
    weights,
  }
  writeFileSync(out, `${JSON.stringify(file)}\n`)
  console.log(`wrote ${out}: ${vocab.length} features, ${(JSON.stringify(file).length / 1024).toFixed(0)} KB`)
}

if (import.meta.main) main()
