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
