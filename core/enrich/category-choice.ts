/**
 * The article's category: the trained model where it covers the language, else the term lists.
 * A page whose own article:section names exactly one category is the publisher labelling it
 * (the kind of label the model was trained on), and the labelled sets carry no such field for
 * the model to learn how far to trust it, so the term lists, which weigh it first, decide then.
 * `category_by` says which one decided, as `labelled_by` does for sentiment (DECISIONS.md,
 * "Category model").
 */
import type { Category } from '../categories.ts'
import { type CategoryInput, classifyCategory, sectionCategories } from './category.ts'
import { type CategoryModel, predictCategory, SHIPPED_CATEGORY_MODEL } from './category-model.ts'

/** Not tuned: "more likely than not". */
export const MODEL_MIN_PROBABILITY = 0.5

export type CategoryDecider = 'model' | 'terms'

export interface CategoryChoice {
  category: Category
  /** The model's probability for its winner, or the term lists' confidence (0 for their `world` fallback). */
  confidence: number
  category_by: CategoryDecider
}

export function chooseCategory(a: CategoryInput, lang: string, model: CategoryModel = SHIPPED_CATEGORY_MODEL): CategoryChoice {
  const guess = classifyCategory(a, lang)
  if (model.languages.has(lang) && sectionCategories(a.section).length !== 1) {
    const p = predictCategory(a, lang, model)
    // Below even odds the model is unsure; a category the term lists name outright then wins.
    if (p.probability >= MODEL_MIN_PROBABILITY || guess.category === 'world') {
      return { category: p.category, confidence: Math.round(p.probability * 1000) / 1000, category_by: 'model' }
    }
  }
  return { category: guess.category, confidence: guess.confidence, category_by: 'terms' }
}
