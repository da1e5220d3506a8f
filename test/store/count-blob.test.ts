/**
 * The word counts' building blocks (store/count-blob.ts, store/term-counts.ts): the blob format
 * of per-day counts, runs of days, and which queries are one counted word.
 */
import { describe, expect, test } from 'bun:test'
import {
  dayRuns,
  decodeCounts,
  decodePairCounts,
  encodeCounts,
  encodePairCounts,
  type PairCount,
} from '../../store/count-blob.ts'
import { termKey } from '../../store/term-counts.ts'

describe('count blobs', () => {
  test.each<[string, [number, number, number][]]>([
    ['empty', []],
    ['one entry', [[1, 1, 0]]],
    [
      'id 0, large counts, signed sums',
      [
        [0, 127, -127_000],
        [1, 128, 128_000],
        [300, 16_384, -1],
      ],
    ],
    [
      'wide gaps',
      [
        [5, 1, 999],
        [200_000, 3, -3000],
        [2 ** 40, 2 ** 33, -(2 ** 40)],
      ],
    ],
  ])('%s round-trips', (_name, entries) => {
    const back: [number, number, number][] = []
    decodeCounts(encodeCounts(entries), (id, n, s) => back.push([id, n, s]))
    expect(back).toEqual(entries)
  })

  test('one byte per small gap, count and score sum', () => {
    // Zigzag: 0 → 0, -1 → 1, 1 → 2, -2 → 3: one byte each.
    expect(
      encodeCounts([
        [1, 2, -1],
        [2, 3, 1],
        [3, 1, 0],
      ]).length,
    ).toBe(9)
  })

  test('ids out of order and truncated blobs are refused', () => {
    expect(() =>
      encodeCounts([
        [4, 1, 0],
        [3, 1, 0],
      ]),
    ).toThrow(/bad entry/)
    const blob = encodeCounts([[1, 300, 5]])
    expect(() => decodeCounts(blob.slice(0, blob.length - 1), () => {})).toThrow(/truncated/)
  })
})

describe('pair blobs (migration 22)', () => {
  test.each<[string, PairCount[]]>([
    ['empty', []],
    ['one entry', [[1, 7, 1, 0]]],
    [
      'tone ids falling when the host changes, signed sums',
      [
        [3, 900, 2, -1500],
        [3, 901, 1, 250],
        [4, 2, 128, -1],
        [70_000, 1, 16_384, 127_000],
      ],
    ],
    ['the first host id 0 (never written: ids start at 1)', [[0, 5, 1, 3]]],
  ])('%s round-trips', (_name, entries) => {
    const back: PairCount[] = []
    decodePairCounts(encodePairCounts(entries), (h, t, n, s) => back.push([h, t, n, s]))
    expect(back).toEqual(entries)
  })

  test('a small gap, tone gap, count and sum take a byte each', () => {
    // Entry 2: host gap 0, tone gap 1 (same host); entry 3: host gap 1, tone id 2 whole.
    expect(
      encodePairCounts([
        [1, 3, 1, 0],
        [1, 4, 2, -1],
        [2, 2, 1, 1],
      ]).length,
    ).toBe(12)
  })

  test.each<[string, PairCount[]]>([
    [
      'a host id falling',
      [
        [5, 1, 1, 0],
        [4, 2, 1, 0],
      ],
    ],
    [
      'a tone id repeated under one host',
      [
        [5, 2, 1, 0],
        [5, 2, 1, 0],
      ],
    ],
    ['a negative count', [[5, 2, -1, 0]]],
  ])('%s is refused', (_name, entries) => {
    expect(() => encodePairCounts(entries)).toThrow(/bad entry/)
  })

  test('a truncated blob is refused', () => {
    const blob = encodePairCounts([[1, 2, 300, 5]])
    expect(() => decodePairCounts(blob.slice(0, blob.length - 1), () => {})).toThrow(/truncated/)
  })
})

test.each<[number[], { first: number; end: number }[]]>([
  [[], []],
  [[5], [{ first: 5, end: 6 }]],
  [
    [5, 6, 7, 9, 12, 13],
    [
      { first: 5, end: 8 },
      { first: 9, end: 10 },
      { first: 12, end: 14 },
    ],
  ],
])('dayRuns(%j)', (days, runs) => {
  expect(dayRuns(days)).toEqual(runs)
})

describe('termKey', () => {
  test('one plain word is a key, case and diacritics folded as the index folds them', () => {
    expect(termKey('Market')).toBe(termKey('market'))
    expect(termKey('élection')).toBe(termKey('election'))
    expect(termKey('market')).not.toBeNull()
  })
  test.each(['two words', '"a phrase"', '-market', 'crash OR rally', '...'])('%s is not', (q) => {
    expect(termKey(q)).toBeNull()
  })
})
