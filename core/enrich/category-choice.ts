/**
 * The article's category: the trained model where it covers the language and is sure enough,
 * else the term lists. A page whose own article:section names exactly one category is the
 * publisher labelling it, and the labelled sets carry no such field for the model to learn how
 * far to trust it, so the term lists, which weigh it first, decide then. `category_by` says which
 * one decided, as `labelled_by` does for sentiment (DECISIONS.md, "Category model").
 *
 * Abstaining: below the model's threshold (`min_probability` in the weights file, tuned on
 * held-out sources by scripts/train-category.ts) the model's guess is dropped, and the term lists
 * answer; when they find no signal either, the answer is their fallback, `world` at confidence 0,
 * `category_by: terms`: "nobody here knows", not a guess dressed as a label.
 */
import type { Category } from '../categories.ts'
import { type CategoryInput, classifyCategory, sectionCategories } from './category.ts'
import {
  type CategoryModel,
  DEFAULT_MIN_PROBABILITY,
  predictCategory,
  SHIPPED_CATEGORY_MODEL,
} from './category-model.ts'

export type CategoryDecider = 'model' | 'terms'

export interface CategoryChoice {
  category: Category
  /** The model's probability for its winner, or the term lists' confidence (0 for their `world` fallback: no labeller was sure). */
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
  if (model.languages.has(lang) && sectionCategories(a.section).length !== 1) {
    const p = predictCategory(a, lang, model)
    if (p.probability >= model.minProbability)
      return { category: p.category, confidence: Math.round(p.probability * 1000) / 1000, category_by: 'model' }
  }
  const guess = classifyCategory(a, lang)
  return { category: guess.category, confidence: guess.confidence, category_by: 'terms' }
}
