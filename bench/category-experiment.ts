/**
 * A quick comparison of category-model variants on sources the fits never saw, without writing
 * weights: `bun run bench/category-experiment.ts [--power 0.5] [--l2 1e-3] [--with fin-tweets,newsmtsc] [--without uci]
 * [--fixed-prior] [--dump out.json]` (defaults: the shipped weights' parameters; --with adds sets
 * tried and not kept, --without leaves training publishers out; --fixed-prior judges with the shipped prior and threshold, not retuned ones).
 *
 * Three fits with the trainer's parameters (optionally changed): without UCI, without
 * MasakhaNEWS English, and on every training row (what would ship). The class prior and threshold
 * are tuned as the trainer tunes them (scripts/category-prior.ts) on the first two held out; the
 * measure-only English sets (BBC News, subreddit headlines) are judged by the third through the
 * service's rule replayed on its verdicts, and the URL-labelled pages through `chooseCategory`
 * itself. Prints 4-class accuracy and recall per source and pooled as bench/category-report.ts
 * pools them (BBC News, subreddits, MasakhaNEWS English, pages). --dump writes every held-out
 * row's probabilities (before the prior) and term-list verdict, for decision rules tried offline.
 */
import { writeFileSync } from 'node:fs'
import type { Category } from '../core/categories.ts'
import { chooseCategory } from '../core/enrich/category-choice.ts'
import type { CategoryInput } from '../core/enrich/category.ts'
import shipped from '../core/enrich/category-weights.json' with { type: 'json' }
import { type LabelledArticle, loadSources } from '../scripts/category-data.ts'
import {
  asServiceModel,
  type HeldOutSet,
  isHeldOutFrench,
  modelVerdicts,
  type SetScores,
  scoreSet,
  serviceVerdict,
  termListVerdict,
} from '../scripts/category-evaluation.ts'
import { cacheFeatures, type FitParams, type Fitted, fit, publisherOf } from '../scripts/category-logreg.ts'
import { applyPrior, choosePrior, type PriorFactors, priorOffsets, scorePrior } from '../scripts/category-prior.ts'
import { loadLabelledPages, pageRow } from './category-pages.ts'

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name)
  return i >= 0 ? process.argv[i + 1] : undefined
}

function line(name: string, s: SetScores): string {
  const r = s.broadRecall
  const f = (x: number | undefined): string => (x === undefined ? '  –  ' : x.toFixed(3))
  const recalls = Object.values(r)
  const mean = recalls.reduce((a, b) => a + b, 0) / Math.max(1, recalls.length)
  return `${name.padEnd(16)} n=${String(s.broad.n).padStart(5)}  acc ${s.broad.accuracy.toFixed(3)}  mean recall ${mean.toFixed(3)}  W ${f(r.World)} S ${f(r.Sports)} B ${f(r.Business)} T ${f(r['Sci/Tech'])}`
}

function main(): void {
  const sp = (
    shipped as unknown as {
      params: { l2: number; max_source_share: number; iterations: number; source_class_power?: number }
    }
  ).params
  const power = Number(arg('--power') ?? sp.source_class_power ?? 1)
  // Training publishers to leave out of every fit (`--without fin-tweets,newsmtsc`): a set's worth, measured.
  const without = new Set((arg('--without') ?? '').split(',').filter((x) => x !== ''))
  // Sets tried and not kept (`use: 'tried'`) to add to every fit: `--with fin-tweets,newsmtsc`.
  const added = new Set((arg('--with') ?? '').split(',').filter((x) => x !== ''))
  const p: FitParams = {
    l2: Number(arg('--l2') ?? sp.l2),
    minDf: 2,
    balanced: true,
    uciWeight: 1,
    maxSourceShare: Number(arg('--share') ?? sp.max_source_share),
    iterations: Number(arg('--iterations') ?? sp.iterations),
    learningRate: 0.1,
    shortViews: true,
    embedding: true,
    sourceClassPower: power,
    // `--publisher-share fin-tweets=0.5`: that publisher's cells half another's within each class.
    publisherShare: Object.fromEntries(
      (arg('--publisher-share') ?? '')
        .split(',')
        .filter((x) => x.includes('='))
        .map((x) => [x.split('=')[0] ?? '', Number(x.split('=')[1])]),
    ),
  }
  console.log(`params ${JSON.stringify(p)}`)
  const train = loadSources(
    (s) =>
      (s.use === 'train' || (s.use === 'tried' && added.has(publisherOf(s.id)))) && !without.has(publisherOf(s.id)),
  ).rows
  console.log(
    `training rows ${train.length}${added.size > 0 ? `, with ${[...added].join(', ')}` : ''}${without.size > 0 ? `, without ${[...without].join(', ')}` : ''}`,
  )
  const measure = loadSources((s) => s.use === 'measure' && s.lang === 'en').rows
  const cache = cacheFeatures([...train, ...measure])
  const t0 = performance.now()
  const heldOut = (pub: string): HeldOutSet => {
    const held = train.filter((r) => publisherOf(r.source) === pub)
    const m = fit(
      train.filter((r) => publisherOf(r.source) !== pub && !isHeldOutFrench(r)),
      p,
      cache,
    )
    console.log(`fitted without ${pub} (${((performance.now() - t0) / 1000).toFixed(0)} s)`)
    return {
      name: pub,
      lang: 'en',
      rows: held,
      model: modelVerdicts(m, held, cache),
      terms: held.map(termListVerdict),
      tunes: true,
    }
  }
  const tuning = [heldOut('masakhanews-en'), heldOut('uci')]
  const all: Fitted = fit(train, p, cache)
  console.log(`fitted on every training row (${((performance.now() - t0) / 1000).toFixed(0)} s)`)
  const tuned = choosePrior(tuning)
  console.log(`prior ${JSON.stringify(tuned.factors)} threshold ${tuned.threshold} score ${tuned.score.toFixed(4)}`)
  // --fixed-prior: judge with the shipped prior and threshold instead (does the data help, the tuning aside?).
  const fixed = process.argv.includes('--fixed-prior')
  const prior = fixed
    ? {
        factors: (shipped as unknown as { prior: PriorFactors }).prior,
        threshold: (shipped as unknown as { min_probability: number }).min_probability,
      }
    : tuned
  if (fixed)
    console.log(
      `judged with the shipped prior ${JSON.stringify(prior.factors)} threshold ${prior.threshold} (tuning score of that prior here ${scorePrior(tuning, prior.factors).score.toFixed(4)} at its best threshold ${scorePrior(tuning, prior.factors).threshold})`,
    )

  const measured: HeldOutSet[] = ['bbc-news', 'reddit'].map((name) => {
    const rows = measure.filter((r) => r.source === name)
    return {
      name,
      lang: 'en',
      rows,
      model: modelVerdicts(all, rows, cache),
      terms: rows.map(termListVerdict),
      tunes: false,
    }
  })
  const sets = applyPrior([...tuning, ...measured], prior.factors)
  const results: { name: string; rows: LabelledArticle[]; got: Category[] }[] = sets.map((s) => ({
    name: s.name,
    rows: s.rows,
    got: s.rows.map(
      (_, i) =>
        serviceVerdict(
          s.model[i] ?? { category: 'world', confidence: 0 },
          s.terms[i] ?? { category: 'world', confidence: 0 },
          prior.threshold,
        ).category,
    ),
  }))
  // The pages through the service's own path, the shipped way: the prior in the bias.
  const offsets = priorOffsets(prior.factors)
  const service = {
    ...asServiceModel({ ...all, bias: all.bias.map((b, k) => b + (offsets[k] as number)) }, ['en']),
    minProbability: prior.threshold,
  }
  const pages = loadLabelledPages().filter((pg) => pg.lang === 'en')
  const pageRows: LabelledArticle[] = pages.map(pageRow)
  results.push({
    name: 'pages',
    rows: pageRows,
    got: pages.map((pg) => chooseCategory(pg.article as CategoryInput, 'en', service).category),
  })
  for (const r of results) console.log(line(r.name, scoreSet(r.rows, r.got)))
  const pooled = results.filter((r) => r.name !== 'uci')
  console.log(
    line(
      'pooled',
      scoreSet(
        pooled.flatMap((r) => r.rows),
        pooled.flatMap((r) => r.got),
      ),
    ),
  )
  const dump = arg('--dump')
  if (dump !== undefined)
    writeFileSync(
      dump,
      JSON.stringify({
        prior: prior.factors,
        threshold: prior.threshold,
        sets: [...tuning, ...measured].map((s) => ({
          name: s.name,
          truth: s.rows.map((r) => r.category),
          probs: s.model.map((v) => v.probs?.map((x) => Math.round(x * 1e5) / 1e5)),
          terms: s.terms.map((v) => [v.category, Math.round(v.confidence * 1000) / 1000]),
        })),
      }),
    )
}

main()
