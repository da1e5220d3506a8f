/**
 * The trained category model: multinomial logistic regression over the features of
 * category-features.ts. Only the learned weights ship (category-weights.json, written by
 * scripts/train-category.ts from real labelled news); this file turns them into a prediction.
 */
import type { MatchedHeadline } from './category.ts'
import { CATEGORIES, type Category, isCategory } from '../categories.ts'
import { type CategoryFeatureInput, categoryFeaturesAndWords, vectorOfWords } from './category-features.ts'
import shipped from './category-weights.json' with { type: 'json' }
import { clustersFingerprint, SHIPPED_WORD_CLUSTERS_FILE } from './word-clusters.ts'
import { WORD_VECTORS } from './word-vectors.ts'

export const CATEGORY_MODEL_FORMAT = 'newsdesk-category-logreg/1'

/** The weights file. `weights` is row-major: one number per class (in `classes` order) per `vocab` entry. */
export interface CategoryWeights {
  format: string
  classes: string[]
  languages: string[]
  bias: number[]
  vocab: string[]
  weights: number[]
  /** Fingerprint of the word clusters the model was trained with (its `c:` features mean nothing with others). */
  word_clusters?: string
  /**
   * Row-major: one number per class per dimension of the headline and standfirst's mean word
   * vector (core/enrich/word-vectors.ts); absent or empty in a model without them.
   */
  dense?: number[]
  /** Fingerprint of the word vectors `dense` was trained with. */
  word_vectors?: string
  /** Below this probability the model's answer is not used (tuned on held-out sources by the trainer); 0.5 when absent. */
  min_probability?: number
}

export interface CategoryModel {
  languages: ReadonlySet<string>
  classes: readonly Category[]
  bias: readonly number[]
  rows: ReadonlyMap<string, readonly number[]>
  /** Weights of the mean word vector's dimensions (row-major, one per class); empty when the model has none. */
  dense: readonly number[]
  minProbability: number
}

/** The threshold of a weights file that names none (the rule's value before it was tuned). */
export const DEFAULT_MIN_PROBABILITY = 0.5

export interface CategoryPrediction {
  category: Category
  /** The winner's probability. */
  probability: number
  /** The term lists' matches in the title and description read (for a term-list guess after it). */
  matched: MatchedHeadline
}

export function loadCategoryModel(w: CategoryWeights): CategoryModel {
  if (w.format !== CATEGORY_MODEL_FORMAT) throw new Error(`category weights: unknown format ${w.format}`)
  const classes = w.classes.filter(isCategory)
  if (classes.length !== w.classes.length || new Set(classes).size !== classes.length)
    throw new Error('category weights: unknown or repeated class')
  const k = classes.length
  if (w.bias.length !== k || w.weights.length !== w.vocab.length * k) throw new Error('category weights: wrong sizes')
  // A model with cluster features must name the clusters it was trained with; one without may load.
  const clusters = clustersFingerprint(SHIPPED_WORD_CLUSTERS_FILE)
  const usesClusters = w.vocab.some((f) => f.startsWith('c:'))
  if ((usesClusters || w.word_clusters !== undefined) && w.word_clusters !== clusters) {
    throw new Error(
      `category weights: trained with word clusters ${w.word_clusters ?? '(not recorded)'}, but word-clusters.json is ${clusters}; retrain (scripts/train-category.ts)`,
    )
  }
  const dense = w.dense ?? []
  if (dense.length > 0 && dense.length !== WORD_VECTORS.dims * k) throw new Error('category weights: wrong dense size')
  if (dense.length > 0 && w.word_vectors !== WORD_VECTORS.fingerprint)
    throw new Error(
      `category weights: trained with word vectors ${w.word_vectors ?? '(not recorded)'}, but word-vectors.json is ${WORD_VECTORS.fingerprint}; retrain (scripts/train-category.ts)`,
    )
  const rows = new Map<string, readonly number[]>()
  w.vocab.forEach((feature, i) => rows.set(feature, w.weights.slice(i * k, (i + 1) * k)))
  const minProbability = w.min_probability ?? DEFAULT_MIN_PROBABILITY
  if (!(minProbability >= 0 && minProbability <= 1)) throw new Error('category weights: min_probability outside 0–1')
  return { languages: new Set(w.languages), classes, bias: [...w.bias], rows, dense, minProbability }
}

export const SHIPPED_CATEGORY_MODEL: CategoryModel = loadCategoryModel(shipped)

export function predictCategory(
  a: CategoryFeatureInput,
  lang: string,
  model: CategoryModel = SHIPPED_CATEGORY_MODEL,
): CategoryPrediction {
  const z = [...model.bias]
  const { features, words, matched } = categoryFeaturesAndWords(a, lang)
  for (const feature of features) {
    const row = model.rows.get(feature)
    if (row === undefined) continue
    for (let k = 0; k < z.length; k++) z[k] = (z[k] ?? 0) + (row[k] ?? 0)
  }
  const vector = model.dense.length > 0 ? vectorOfWords(words) : undefined
  if (vector !== undefined)
    for (let d = 0; d < vector.length; d++)
      for (let k = 0; k < z.length; k++) z[k] = (z[k] ?? 0) + (vector[d] ?? 0) * (model.dense[d * z.length + k] ?? 0)
  const top = Math.max(...z)
  let sum = 0
  for (const x of z) sum += Math.exp(x - top)
  // Ties go to the earlier class in CATEGORIES order, so the result never depends on the file's order.
  let best: Category = model.classes[0] ?? 'world'
  let bestZ = Number.NEGATIVE_INFINITY
  for (const c of CATEGORIES) {
    const i = model.classes.indexOf(c)
    if (i >= 0 && (z[i] ?? 0) > bestZ) {
      best = c
      bestZ = z[i] ?? 0
    }
  }
  return { category: best, probability: Math.exp(bestZ - top) / sum, matched }
}
