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
 * No fallback to the term lists where the model is unsure: on the training half's grouped
 * cross-validation every threshold tried lowered accuracy (UCI 4-class / HuffPost: model alone
 * 0.675 / 0.764; term lists below p 0.3: 0.673 / 0.763; below 0.5, the rule shipped before:
 * 0.666 / 0.752), so English articles are the model's (docs/DECISIONS.md, "Category model").
 */
export function chooseCategory(a: CategoryInput, lang: string, model: CategoryModel = SHIPPED_CATEGORY_MODEL): CategoryChoice {
  if (model.languages.has(lang) && sectionCategories(a.section).length !== 1) {
    const p = predictCategory(a, lang, model)
    return { category: p.category, confidence: Math.round(p.probability * 1000) / 1000, category_by: 'model' }
  }
  const guess = classifyCategory(a, lang)
  return { category: guess.category, confidence: guess.confidence, category_by: 'terms' }
}
