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

export type CategoryDecider = 'model' | 'terms'

export interface CategoryChoice {
  category: Category
  /** The model's probability for its winner, or the term lists' confidence (0 for their `world` fallback). */
  confidence: number
  category_by: CategoryDecider
}

/**
 * Below even odds the model yields to a category the term lists name outright. Measured both
 * ways (docs/DECISIONS.md, "Category model"): on the labelled sets' cross-validation the model
 * alone is about a point better (their labels are the model's own kind: UCI has no politics,
 * crime or sport, so every such answer counts as wrong), while on real publishers' pages (the
 * fundus fixtures, labelled from their topics) this rule gets 14 of 29 English pages right
 * against 10 for the model alone. The service reads whole pages, so the rule stays.
 */
export const MODEL_MIN_PROBABILITY = 0.5

export function chooseCategory(a: CategoryInput, lang: string, model: CategoryModel = SHIPPED_CATEGORY_MODEL): CategoryChoice {
  if (model.languages.has(lang) && sectionCategories(a.section).length !== 1) {
    const p = predictCategory(a, lang, model)
    const byModel: CategoryChoice = { category: p.category, confidence: Math.round(p.probability * 1000) / 1000, category_by: 'model' }
    // The term lists are only asked when the model is unsure.
    if (p.probability >= MODEL_MIN_PROBABILITY) return byModel
    const guess = classifyCategory(a, lang)
    return guess.category === 'world' ? byModel : { category: guess.category, confidence: guess.confidence, category_by: 'terms' }
  }
  const guess = classifyCategory(a, lang)
  return { category: guess.category, confidence: guess.confidence, category_by: 'terms' }
}
