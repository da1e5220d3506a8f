/** Story categories (DECISIONS.md, Trends). `world` is the fallback when no signal is strong enough. */
export const CATEGORIES = [
  'politics',
  'business',
  'technology',
  'science',
  'health',
  'sport',
  'entertainment',
  'society',
  'crime',
  'environment',
  'world',
] as const

export type Category = (typeof CATEGORIES)[number]

export function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value)
}

/**
 * Which labeller decided an article's category (`category_by`): the trained model sure enough
 * (`model`), the term lists (`terms`; `world` at confidence 0 when they found nothing either), or
 * the model's own best class when it was below its threshold and the term lists had nothing
 * (`model-low-confidence`: a guess, and labelled as one; `category_confidence` is its probability).
 */
export const CATEGORY_DECIDERS = ['model', 'model-low-confidence', 'terms'] as const

export type CategoryDecider = (typeof CATEGORY_DECIDERS)[number]
