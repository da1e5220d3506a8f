/**
 * The article's category: the trained model where it covers the language, else the term lists.
 * `category_by` says which one decided, as `labelled_by` does for sentiment (DECISIONS.md,
 * "Category model").
 */
import type { Category } from '../categories.ts'
import { type CategoryInput, classifyCategory } from './category.ts'
import { type CategoryModel, predictCategory, SHIPPED_CATEGORY_MODEL } from './category-model.ts'

export type CategoryDecider = 'model' | 'terms'

export interface CategoryChoice {
  category: Category
  /** The model's probability for its winner, or the term lists' confidence (0 for their `world` fallback). */
  confidence: number
  category_by: CategoryDecider
}

export function chooseCategory(a: CategoryInput, lang: string, model: CategoryModel = SHIPPED_CATEGORY_MODEL): CategoryChoice {
  if (model.languages.has(lang)) {
    const p = predictCategory(a, lang, model)
    return { category: p.category, confidence: Math.round(p.probability * 1000) / 1000, category_by: 'model' }
  }
  const guess = classifyCategory(a, lang)
  return { category: guess.category, confidence: guess.confidence, category_by: 'terms' }
}
