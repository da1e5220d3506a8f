import { describe, expect, test } from 'bun:test'
import { isSameTokens, matchShingles, scoreMatches, tokenize } from '../../bench/extract-shingle-f1.ts'

describe('tokenize (Python \\w+ with re.UNICODE)', () => {
  test.each([
    { text: "It's 3.5% — ok_go!", want: ['It', 's', '3', '5', 'ok_go'] },
    { text: 'Café naïve Straße', want: ['Café', 'naïve', 'Straße'] },
    { text: '', want: [] },
  ])('$text', ({ text, want }) => expect(tokenize(text)).toEqual([...want]))
})

describe('matchShingles (4-gram multiset overlap, normalised)', () => {
  test.each([
    // a b c d e → shingles abcd, bcde; a b c d → abcd: tp 1, fn 1 → [1/2, 0, 1/2].
    { name: 'prediction shorter', truth: 'a b c d e', pred: 'a b c d', want: { tp: 0.5, fp: 0, fn: 0.5 } },
    { name: 'identical', truth: 'a b c d e', pred: 'a b c d e', want: { tp: 1, fp: 0, fn: 0 } },
    { name: 'disjoint', truth: 'a b c d', pred: 'w x y z', want: { tp: 0, fp: 0.5, fn: 0.5 } },
    // Under 4 tokens the whole text is one shorter shingle.
    { name: 'short texts', truth: 'a b', pred: 'a b', want: { tp: 1, fp: 0, fn: 0 } },
    { name: 'empty prediction', truth: 'a b c d', pred: '', want: { tp: 0, fp: 0, fn: 1 } },
    { name: 'both empty', truth: '', pred: '', want: { tp: 0, fp: 0, fn: 0 } },
    // Multiset: 8 tokens give 5 shingles (abcd twice, bcda, cdab, dabc); the truth has abcd once,
    // so tp 1, fp 1 + 3 → [1/5, 4/5, 0].
    { name: 'repetition', truth: 'a b c d', pred: 'a b c d a b c d', want: { tp: 1 / 5, fp: 4 / 5, fn: 0 } },
  ])('$name', ({ truth, pred, want }) => {
    const got = matchShingles(truth, pred)
    expect(got.tp).toBeCloseTo(want.tp, 12)
    expect(got.fp).toBeCloseTo(want.fp, 12)
    expect(got.fn).toBeCloseTo(want.fn, 12)
  })
})

describe('scoreMatches', () => {
  test('precision skips documents without a prediction; F1 is the harmonic mean of the means', () => {
    const scores = scoreMatches([
      { tp: 1, fp: 0, fn: 0 },
      { tp: 0, fp: 0, fn: 1 },
      { tp: 0.5, fp: 0.5, fn: 0 },
    ])
    expect(scores.precision).toBeCloseTo((1 + 0.5) / 2, 12)
    expect(scores.recall).toBeCloseTo((1 + 0 + 1) / 3, 12)
    expect(scores.f1).toBeCloseTo((2 * 0.75 * (2 / 3)) / (0.75 + 2 / 3), 12)
  })

  test('accuracy compares token lists', () => {
    expect(isSameTokens('Hello,  world!', 'hello world')).toBe(false)
    expect(isSameTokens('Hello,  world!', 'Hello world')).toBe(true)
  })
})
