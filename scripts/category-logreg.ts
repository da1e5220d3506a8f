/**
 * Fitting and scoring the category model: multinomial logistic regression over binary features
 * (core/enrich/category-features.ts), fitted by scripts/softmax-adam.ts (deterministic). Shared by
 * scripts/train-category.ts and bench/category-report.ts.
 */
import { CATEGORIES, type Category } from '../core/categories.ts'
import { categoryFeatures, categoryVector } from '../core/enrich/category-features.ts'
import { WORD_VECTORS } from '../core/enrich/word-vectors.ts'
import type { LabelledArticle } from './category-data.ts'
import { fitSoftmax } from './softmax-adam.ts'
import { withShortViews } from './category-views.ts'
import { classF1 } from './class-f1.ts'
import { publisherOf } from './category-sources.ts'

export const CLASSES: readonly Category[] = CATEGORIES
const K = CLASSES.length

export interface FitParams {
  l2: number
  minDf: number
  /** Weight each class by total / (classes × its count), so the politics-heavy HuffPost set does not drown the rest. */
  balanced: boolean
  /** Extra weight on UCI rows: headlines from many publishers, the kind the service ingests. */
  uciWeight: number
  /**
   * Each publisher's rows together weigh at most this share of the whole (before class balance), so
   * the 28,000 HuffPost rows, one publisher's habits, do not drown the sets from other newsrooms.
   * 1 turns it off.
   */
  maxSourceShare: number
  iterations: number
  learningRate: number
  /**
   * Train on each row's short views too (scripts/category-views.ts: headline + first sentence,
   * headline alone), each view a share of its row's weight.
   */
  shortViews?: boolean
  /** Learn from each row's mean word vector too (core/enrich/word-vectors.ts), as dense features. */
  embedding?: boolean
  /**
   * Within each class, each publisher's rows weigh their mass to this power (1 or absent: as
   * they are; 0: every publisher holding the class the same share of it), so UCI's 1,225
   * technology headlines from 2014 do not make what technology is for the model alone.
   */
  sourceClassPower?: number
  /** A publisher's cells weigh this many times another's within each class after that power (absent: 1). */
  publisherShare?: Readonly<Record<string, number>>
}

export interface Fitted {
  vocab: string[]
  bias: Float64Array
  /** Row-major: K numbers per vocab entry, in CLASSES order. */
  weights: Float64Array
  /** Row-major: K numbers per word-vector dimension; empty when the fit had no dense features. */
  dense: Float64Array
}

export function featuresOf(r: LabelledArticle): string[] {
  return categoryFeatures({ url: r.url, host: r.host, section: '', title: r.title, description: r.description }, r.lang)
}

const VECTORS = new WeakMap<LabelledArticle, Float32Array | null>()

/** A row's mean word vector (core/enrich/category-features.ts), computed once per row. */
export function vectorOf(r: LabelledArticle): Float32Array | undefined {
  let v = VECTORS.get(r)
  if (v === undefined) {
    v = categoryVector(r) ?? null
    VECTORS.set(r, v)
  }
  return v ?? undefined
}

/** Features are computed once per row and reused by every fit of a grid search. */
export type FeatureCache = Map<LabelledArticle, string[]>

export function cacheFeatures(rows: readonly LabelledArticle[]): FeatureCache {
  return new Map(rows.map((r) => [r, featuresOf(r)]))
}

/** A row's features from the cache, computed and kept there on a miss (short views are made during a fit). */
function cachedFeatures(r: LabelledArticle, cache: FeatureCache): string[] {
  let features = cache.get(r)
  if (features === undefined) {
    features = featuresOf(r)
    cache.set(r, features)
  }
  return features
}

export function fit(given: readonly LabelledArticle[], p: FitParams, cache: FeatureCache): Fitted {
  const rows = p.shortViews === true ? withShortViews(given) : given
  const df = new Map<string, number>()
  for (const r of rows) for (const f of cachedFeatures(r, cache)) df.set(f, (df.get(f) ?? 0) + 1)
  const vocab = [...df]
    .filter(([, n]) => n >= p.minDf)
    .map(([f]) => f)
    .sort()
  const index = new Map(vocab.map((f, i) => [f, i]))
  const docs = rows.map((r) => Int32Array.from(cachedFeatures(r, cache).flatMap((f) => index.get(f) ?? [])))
  const ys = rows.map((r) => CLASSES.indexOf(r.category))
  const counts = CLASSES.map((_, k) => ys.filter((y) => y === k).length)
  const present = counts.filter((c) => c > 0).length
  const rowWeight = (r: LabelledArticle): number => r.weight ?? 1
  const perSource = new Map<string, number>()
  for (const r of rows) perSource.set(publisherOf(r.source), (perSource.get(publisherOf(r.source)) ?? 0) + rowWeight(r))
  const rowsWeight = rows.reduce((a, r) => a + rowWeight(r), 0)
  const sourceScale = (source: string): number =>
    Math.min(1, (p.maxSourceShare * rowsWeight) / (perSource.get(publisherOf(source)) ?? 1))
  const scaled = rows.map((r) => rowWeight(r) * sourceScale(r.source) * (r.source === 'uci' ? p.uciWeight : 1))
  const raw = balanceSourcesWithinClasses(rows, ys, scaled, p.sourceClassPower ?? 1, p.publisherShare)
  // Class balance over the source-scaled weights: every class carries the same total weight.
  const classMass = CLASSES.map(() => 0)
  ys.forEach((y, d) => {
    classMass[y] = (classMass[y] ?? 0) + (raw[d] as number)
  })
  const massTotal = raw.reduce((a, b) => a + b, 0)
  const sampleWeight = rows.map((_, d) => {
    const y = ys[d] as number
    const classWeight = p.balanced ? massTotal / (present * Math.max(1e-9, classMass[y] ?? 1)) : 1
    return classWeight * (raw[d] as number)
  })
  const totalWeight = sampleWeight.reduce((a, b) => a + b, 0)
  const fitted = fitSoftmax({
    docs,
    ys,
    docWeight: sampleWeight.map((sw) => sw / totalWeight),
    classes: K,
    features: vocab.length,
    l2: p.l2,
    iterations: p.iterations,
    learningRate: p.learningRate,
    dense: p.embedding === true ? { dims: WORD_VECTORS.dims, vectors: rows.map(vectorOf) } : undefined,
  })
  return { vocab, ...fitted }
}

/**
 * Each (class, publisher) cell's mass m becomes m^power, rescaled so the class keeps its mass:
 * power 1 changes nothing, 0 gives every publisher of a class the same share of it.
 */
export function balanceSourcesWithinClasses(
  rows: readonly LabelledArticle[],
  ys: readonly number[],
  weights: readonly number[],
  power: number,
  share: Readonly<Record<string, number>> = {},
): number[] {
  if (power === 1 && Object.keys(share).length === 0) return [...weights]
  const shareOf = (d: number): number => share[publisherOf((rows[d] as LabelledArticle).source)] ?? 1
  const cell = new Map<string, number>()
  const key = (d: number): string => `${ys[d]}|${publisherOf((rows[d] as LabelledArticle).source)}`
  weights.forEach((w, d) => cell.set(key(d), (cell.get(key(d)) ?? 0) + w))
  const classMass = new Map<number, number>()
  const classTarget = new Map<number, number>()
  for (const [k, m] of cell) {
    const [y, pub] = k.split('|')
    classMass.set(Number(y), (classMass.get(Number(y)) ?? 0) + m)
    classTarget.set(Number(y), (classTarget.get(Number(y)) ?? 0) + m ** power * (share[pub ?? ''] ?? 1))
  }
  return weights.map((w, d) => {
    const y = ys[d] as number
    const m = cell.get(key(d)) ?? 1
    return (w / m) * (m ** power * shareOf(d) * ((classMass.get(y) ?? 1) / (classTarget.get(y) ?? 1)))
  })
}

function logits(
  model: Fitted,
  index: ReadonlyMap<string, number>,
  features: readonly string[],
  vector: Float32Array | undefined,
): number[] {
  const z = Array.from(model.bias)
  for (const f of features) {
    const i = index.get(f)
    if (i === undefined) continue
    for (let k = 0; k < K; k++) z[k] = (z[k] as number) + (model.weights[i * K + k] as number)
  }
  if (vector !== undefined && model.dense.length > 0)
    for (let d = 0; d < vector.length; d++)
      for (let k = 0; k < K; k++) z[k] = (z[k] as number) + (vector[d] as number) * (model.dense[d * K + k] as number)
  return z
}

export function predictWith(
  model: Fitted,
  index: ReadonlyMap<string, number>,
  features: readonly string[],
  vector?: Float32Array,
): Category {
  const z = logits(model, index, features, vector)
  let best = 0
  for (let k = 1; k < K; k++) if ((z[k] as number) > (z[best] as number)) best = k
  return CLASSES[best] as Category
}

/** Every class's probability (softmax over the classes, CLASSES order), as the service's predictCategory computes them. */
export function probabilitiesWith(
  model: Fitted,
  index: ReadonlyMap<string, number>,
  features: readonly string[],
  vector?: Float32Array,
): number[] {
  const z = logits(model, index, features, vector)
  const top = Math.max(...z)
  const e = z.map((x) => Math.exp(x - top))
  const sum = e.reduce((a, b) => a + b, 0)
  return e.map((x) => x / sum)
}

export { publisherOf }

export function predictRows(model: Fitted, rows: readonly LabelledArticle[], cache: FeatureCache): Category[] {
  const index = new Map(model.vocab.map((f, i) => [f, i]))
  return rows.map((r) => predictWith(model, index, cache.get(r) ?? featuresOf(r), vectorOf(r)))
}

export interface Scores {
  n: number
  accuracy: number
  macroF1: number
  /** confusion[truth][predicted], over `labels`. */
  confusion: number[][]
  labels: string[]
}

/** Accuracy, macro-F1 over the labels that occur in the truth, and the confusion matrix. */
export function score(truth: readonly string[], predicted: readonly string[], labels: readonly string[]): Scores {
  const at = new Map(labels.map((l, i) => [l, i]))
  const confusion = labels.map(() => labels.map(() => 0))
  let correct = 0
  truth.forEach((t, i) => {
    const p = predicted[i] ?? ''
    if (p === t) correct++
    const row = confusion[at.get(t) ?? -1]
    const col = at.get(p)
    if (row !== undefined && col !== undefined) row[col] = (row[col] ?? 0) + 1
  })
  const inTruth = labels.filter((l) => truth.includes(l))
  let f1Sum = 0
  for (const c of inTruth) f1Sum += classF1(truth, predicted, c)
  return {
    n: truth.length,
    accuracy: truth.length === 0 ? 0 : correct / truth.length,
    macroF1: inTruth.length === 0 ? 0 : f1Sum / inTruth.length,
    confusion,
    labels: [...labels],
  }
}

export function formatConfusion(s: Scores): string {
  const width = Math.max(6, ...s.labels.map((l) => l.length)) + 1
  const head = `${'truth \\ got'.padEnd(width + 2)}${s.labels.map((l) => l.slice(0, 6).padStart(7)).join('')}`
  const rows = s.labels
    .map((l, i) => ({ l, row: s.confusion[i] ?? [] }))
    .filter(({ row }) => row.some((x) => x > 0))
    .map(({ l, row }) => `${l.padEnd(width + 2)}${row.map((x) => String(x).padStart(7)).join('')}`)
  return [head, ...rows].join('\n')
}
