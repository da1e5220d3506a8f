import { describe, expect, test } from 'bun:test'
import { type EntityWindowCount, rankTrendingEntities } from '../../core/entities/trending.ts'

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
