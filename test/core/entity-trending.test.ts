import { describe, expect, test } from 'bun:test'
import { type EntityWindowCount, rankTrendingEntities, topByArticles } from '../../core/entities/trending.ts'
import { mulberry32 } from '../../core/random.ts'

const tone = (articles: number): EntityWindowCount => ({ articles, pos: 0, neu: articles, neg: 0, scoreMilli: 0 })
const DAY = 86_400

describe('rankTrendingEntities', () => {
  test('a steady name needs more than its usual count; a new name rises with its count', () => {
    // Entity 1: 70 articles over 7 background days (10 a day), 12 today. Entity 2: new, 6 today.
    const ranked = rankTrendingEntities({
      window: new Map([
        [1, tone(12)],
        [2, tone(6)],
        [3, tone(40)],
      ]),
      background: new Map([
        [1, 70],
        [3, 70],
      ]),
      windowSeconds: DAY,
      backgroundSeconds: 7 * DAY,
      minArticles: 2,
    })
    expect(ranked.map((r) => r.id)).toEqual([3, 2, 1])
    const steady = ranked.find((r) => r.id === 1)
    expect(steady?.expected).toBe(10)
    // (12 − 10) / √11, by hand
    expect(steady?.burst).toBeCloseTo(2 / Math.sqrt(11), 3)
    expect(ranked.find((r) => r.id === 2)?.burst).toBe(6)
  })

  test.each([
    [1, [1, 2]],
    [3, [2]],
    [10, []],
  ])('minArticles %i keeps %p', (minArticles, ids) => {
    const ranked = rankTrendingEntities({
      window: new Map([
        [1, tone(2)],
        [2, tone(3)],
      ]),
      background: new Map(),
      windowSeconds: DAY,
      backgroundSeconds: 7 * DAY,
      minArticles,
    })
    expect(ranked.map((r) => r.id).sort()).toEqual(ids)
  })

  test('ties: more articles first, then the older id', () => {
    const ranked = rankTrendingEntities({
      window: new Map([
        [9, tone(4)],
        [4, tone(4)],
        [5, tone(4)],
      ]),
      background: new Map(),
      windowSeconds: DAY,
      backgroundSeconds: 0,
      minArticles: 1,
    })
    expect(ranked.map((r) => r.id)).toEqual([4, 5, 9])
  })
})

describe('topByArticles', () => {
  /** The definition: sort by articles (most first), ties by the lower id, keep the first k of those with at least min. */
  const bySort = (w: Map<number, { articles: number }>, min: number, k: number) =>
    [...w]
      .filter(([, c]) => c.articles >= min)
      .sort((a, b) => b[1].articles - a[1].articles || a[0] - b[0])
      .slice(0, k)
      .map(([id]) => id)
      .sort((a, b) => a - b)
  test.each([
    { name: 'many ties at the cut', size: 500, spread: 4, min: 1, k: 50 },
    { name: 'fewer than k', size: 30, spread: 10, min: 3, k: 50 },
    { name: 'exactly k above min', size: 60, spread: 1, min: 1, k: 60 },
    { name: 'wide counts', size: 5000, spread: 1000, min: 3, k: 2000 },
    { name: 'min above every count', size: 100, spread: 5, min: 6, k: 10 },
    { name: 'k of 1', size: 200, spread: 3, min: 1, k: 1 },
  ])('$name: the set a full sort keeps', ({ size, spread, min, k }) => {
    const rnd = mulberry32(size + spread)
    const w = new Map<number, { articles: number }>()
    // Ids out of order, so the tie-break by id is tested, not insertion order.
    for (let i = 0; i < size; i++) w.set((i * 7919) % 100_003, { articles: 1 + Math.floor(rnd() * spread) })
    const got = [...topByArticles(w, min, k).keys()].sort((a, b) => a - b)
    expect(got).toEqual(bySort(w, min, k))
    expect(got.length).toBe(Math.min(k, [...w.values()].filter((c) => c.articles >= min).length))
  })
})
