/**
 * The article's category: the trained model where it covers the language and is sure enough,
 * else the term lists. A page whose own article:section names exactly one category is the
 * publisher labelling it, and the labelled sets carry no such field for the model to learn how
 * far to trust it, so the term lists, which weigh it first, decide then. `category_by` says which
 * one decided, as `labelled_by` does for sentiment (DECISIONS.md, "Category model").
 *
 * Below the model's threshold (`min_probability` in the weights file, tuned on held-out sources
 * by scripts/train-category.ts) the term lists answer when they find a signal. When they find
 * none, the model's own best class is the answer, marked `category_by: model-low-confidence` with
 * its probability as the confidence: on held-out sources that guess is right far more often than
 * the term lists' `world` fallback (docs/benchmarks.md, "Category model"), and the field says it
 * is a guess.
 *
 * A page without a description is shown to the model with its body's first paragraph in that
 * place, as the labelled sets without a standfirst were (docs/category-data.md); the headline
 * alone is a much weaker input (docs/benchmarks.md, "Category model": BBC News 0.77 → 0.47).
 */
import type { Category, CategoryDecider } from '../categories.ts'
import { type CategoryInput, classifyCategory, type MatchedHeadline, sectionCategories } from './category.ts'
import { standfirstFromBody } from './category-features.ts'
import {
  type CategoryModel,
  DEFAULT_MIN_PROBABILITY,
  predictCategory,
  SHIPPED_CATEGORY_MODEL,
} from './category-model.ts'

export type { CategoryDecider }

export interface CategoryChoice {
  category: Category
  /** The model's probability for its winner, or the term lists' confidence (0 for their `world` fallback, in languages the model does not cover). */
  confidence: number
  category_by: CategoryDecider
}

/** The threshold of a model file that names none; the shipped model's own is `SHIPPED_CATEGORY_MODEL.minProbability`. */
export const MODEL_MIN_PROBABILITY = DEFAULT_MIN_PROBABILITY

export function chooseCategory(
  a: CategoryInput,
  lang: string,
  model: CategoryModel = SHIPPED_CATEGORY_MODEL,
): CategoryChoice {
  const guess = (matched?: MatchedHeadline): CategoryChoice => {
    const g = classifyCategory(a, lang, matched)
    return { category: g.category, confidence: g.confidence, category_by: 'terms' }
  }
  if (!model.languages.has(lang) || sectionCategories(a.section).length === 1) return guess()
  // No description (no meta or JSON-LD one): the body's first paragraph stands in, as it did for the labelled sets.
  const seen = a.description === '' ? { ...a, description: standfirstFromBody(a.text) } : a
  const p = predictCategory(seen, lang, model)
  const confidence = Math.round(p.probability * 1000) / 1000
  if (p.probability >= model.minProbability) return { category: p.category, confidence, category_by: 'model' }
  // The model matched the title and description already (`seen`'s: a standfirst from the body
  // stands in for a missing description there, which the term lists do not read).
  const terms = guess(a.description === seen.description ? p.matched : { title: p.matched.title, description: [] })
  if (terms.confidence > 0) return terms
  return { category: p.category, confidence, category_by: 'model-low-confidence' }
}
