import { describe, expect, test } from 'bun:test'
import type { SentimentLabel } from '../../core/article.ts'
import { type DevLogits, decide, MAX_NEG_AS_POS, tuneOffsets } from '../../scripts/sentiment-offsets.ts'
import { measure, measureBySource } from '../../scripts/sentiment-scores.ts'

type Z = [number, number, number]
const repeat = <T>(n: number, x: T): T[] => Array.from({ length: n }, () => x)

describe('measure', () => {
  test('accuracy, macro-F1 and neg→pos from the definition', () => {
    // truth neg neg neg neg pos pos neu neu; one neg read pos, one neg read neu, one pos read neu.
    const truth: SentimentLabel[] = ['neg', 'neg', 'neg', 'neg', 'pos', 'pos', 'neu', 'neu']
    const predicted: SentimentLabel[] = ['neg', 'neg', 'pos', 'neu', 'pos', 'neu', 'neu', 'neu']
    const got = measure(truth, predicted)
    expect(got.accuracy).toBeCloseTo(5 / 8, 12)
    // F1 = 2tp / (2tp + fp + fn): neg 4/6, pos 2/4, neu 4/6.
    expect(got.macroF1).toBeCloseTo((4 / 6 + 2 / 4 + 4 / 6) / 3, 12)
    expect(got.negAsPos).toBeCloseTo(1 / 4, 12)
  })

  test('no negatives: neg→pos is 0', () => expect(measure(['pos'], ['pos']).negAsPos).toBe(0))

  test('by source: averages accuracy, keeps the worst neg→pos', () => {
    const got = measureBySource(['neg', 'neg', 'pos', 'neg'], ['pos', 'neg', 'pos', 'neg'], ['a', 'a', 'a', 'b'])
    expect(got.accuracy).toBeCloseTo((2 / 3 + 1) / 2, 12)
    expect(got.negAsPos).toBeCloseTo(1 / 2, 12)
  })
})

describe('decision offsets', () => {
  test.each([
    { z: [2, 0, 0] as Z, neg: 0, pos: 0, want: 'neg' },
    { z: [0, 0, 0] as Z, neg: 0, pos: 0, want: 'neu' },
    { z: [0, 1, 0] as Z, neg: 0, pos: 0, want: 'neu' },
    { z: [0, 0, 0.5] as Z, neg: 0, pos: -0.6, want: 'neu' },
    { z: [0, 0, 0.5] as Z, neg: 0.6, pos: 0, want: 'neg' },
  ])('decide($z, neg $neg, pos $pos) → $want', ({ z, neg, pos, want }) => expect(decide(z, { neg, pos })).toBe(want))

  const dev = (extraNegatives: Z[]): DevLogits => {
    const logits: Z[] = [
      ...repeat(8, [2, 0, 0] as Z),
      ...extraNegatives,
      ...repeat(10, [0, 0, 2] as Z),
      ...repeat(10, [0, 2, 0] as Z),
    ]
    const truth: SentimentLabel[] = [
      ...repeat(8 + extraNegatives.length, 'neg' as const),
      ...repeat(10, 'pos' as const),
      ...repeat(10, 'neu' as const),
    ]
    return { logits, truth, source: repeat(logits.length, 'a') }
  }

  test('two of ten negatives read as positive: offsets bring it under the bound at the best macro-F1', () => {
    const d = dev([
      [0, 0, 0.5],
      [0, 0, 0.5],
    ])
    expect(
      measure(
        d.truth,
        d.logits.map((z) => decide(z, { neg: 0, pos: 0 })),
      ).negAsPos,
    ).toBeCloseTo(0.2, 12)
    const { offsets, score } = tuneOffsets(d)
    expect(score.negAsPos).toBeLessThan(MAX_NEG_AS_POS)
    expect(score.macroF1).toBe(1)
    // The smallest shift that gets there: neg and pos logits of the ambiguous ones meet at 0.5 in total.
    expect(Math.abs(offsets.neg) + Math.abs(offsets.pos)).toBeLessThanOrEqual(0.5 + 1e-9)
  })

  test('already under the bound and perfect: no shift', () => {
    expect(tuneOffsets(dev([])).offsets).toEqual({ neg: 0, pos: 0 })
  })

  test('a margin where no offsets can: negatives that read barely better than bad become neutral', () => {
    // Two of ten negatives have pos 0.5 above neg. Offsets that fix them (neg − pos shift ≥ 0.5)
    // turn all neutrals (neg 0.2 below neu) into neg or all positives (pos 0.2 above neu) into neu.
    const logits: Z[] = [
      ...repeat(8, [2, 0, 0] as Z),
      ...repeat(2, [1, 0, 1.5] as Z),
      ...repeat(10, [0, 1, 1.2] as Z),
      ...repeat(10, [0.8, 1, 0] as Z),
    ]
    const truth: SentimentLabel[] = [
      ...repeat(10, 'neg' as const),
      ...repeat(10, 'pos' as const),
      ...repeat(10, 'neu' as const),
    ]
    const d: DevLogits = { logits, truth, source: repeat(logits.length, 'a') }
    const offsetsOnly = tuneOffsets(d, [0])
    const withMargin = tuneOffsets(d, [0, 0.75])
    expect(withMargin.offsets.margin).toBe(0.75)
    expect(withMargin.score.negAsPos).toBe(0)
    expect(offsetsOnly.score.negAsPos).toBeLessThan(MAX_NEG_AS_POS)
    expect(withMargin.score.macroF1).toBeGreaterThan(offsetsOnly.score.macroF1)
    expect(decide([1, 0, 1.5], withMargin.offsets)).toBe('neu')
    expect(decide([0, 1, 1.2], withMargin.offsets)).toBe('pos')
  })

  test('out of reach: the lowest neg→pos the grid has', () => {
    const { score } = tuneOffsets(dev([[0, 0, 9]]))
    expect(score.negAsPos).toBeCloseTo(1 / 9, 12)
  })
})
