/** How much of what the demo publishes: story and bitcoin shares, volume by hour and weekday, category weights, weighted draws. */
import type { Category } from '../core/categories.ts'
import { at, type Rng } from './prng.ts'

/** Share of articles that belong to a multi-publisher story. */
export const STORY_SHARE = 0.4
export const MEAN_STORY_SIZE = 7.5
/** Share of all articles that are about bitcoin (all of them singletons). */
const BTC_SHARE = 0.04
export const BTC_SINGLETON_SHARE = BTC_SHARE / (1 - STORY_SHARE)

/** Relative article volume by local hour of day (0–23), a newsroom's day. */
export const DIURNAL = normalise([
  0.25, 0.15, 0.1, 0.1, 0.15, 0.35, 0.7, 1.1, 1.5, 1.7, 1.7, 1.6, 1.5, 1.5, 1.5, 1.4, 1.3, 1.2, 1.1, 1.0, 0.9, 0.8, 0.6,
  0.4,
])
/** Relative volume by UTC weekday, Sunday first. */
export const WEEKDAY = normalise([0.7, 1.1, 1.1, 1.1, 1.1, 1.05, 0.75])

export const CATEGORY_WEIGHTS: readonly (readonly [Category, number])[] = [
  ['politics', 15],
  ['business', 13],
  ['sport', 14],
  ['entertainment', 9],
  ['technology', 8],
  ['society', 9],
  ['crime', 8],
  ['health', 7],
  ['science', 4],
  ['environment', 5],
  ['world', 8],
]
export const CATEGORY_W = CATEGORY_WEIGHTS.map(([, w]) => w)

export function pickWeighted<T extends { weight: number }>(items: readonly T[], rng: Rng): T {
  return at(items, rng.weighted(items.map((i) => i.weight)))
}

export function sampleWeighted<T extends { weight: number }>(items: readonly T[], count: number, rng: Rng): T[] {
  const pool = items.slice()
  const out: T[] = []
  while (out.length < count && pool.length > 0) {
    const i = rng.weighted(pool.map((p) => p.weight))
    out.push(at(pool, i))
    pool.splice(i, 1)
  }
  return out
}

function normalise(values: readonly number[]): number[] {
  const mean = values.reduce((s, v) => s + v, 0) / values.length
  return values.map((v) => v / mean)
}
