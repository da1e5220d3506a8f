/**
 * The pieces of the tone-model comparison in bench/sentiment-model-experiment.ts (issue 25): the
 * sentence's mean word vector (scripts/sentiment-vector.ts) by its definition, and the MLP fitter
 * (scripts/mlp-adam.ts): its forward pass against a hand computation, the same weights on every
 * run, and a problem no linear model can fit (XOR of two features) that it must.
 */
import { describe, expect, test } from 'bun:test'
import { fitMlp, type MlpWeights, mlpForward, seededRandom } from '../../scripts/mlp-adam.ts'
import { sentimentVector } from '../../scripts/sentiment-vector.ts'
import type { WordVectors } from '../../core/enrich/word-vectors.ts'

/** Three words in two dimensions: a vector's mean is easy to compute by hand. */
const TINY: WordVectors = {
  dims: 2,
  rows: new Map([
    ['profit', 0],
    ['rose', 1],
    ['the', 2],
  ]),
  data: Float32Array.from([3, 0, 0, 4, 100, 100]),
  fingerprint: 'test',
}

describe('sentimentVector', () => {
  test.each([
    { name: 'one word: its direction, length √dims', text: 'Profit', want: [Math.SQRT2, 0] },
    // (3, 0) + (0, 4) = (3, 4), length 5, scaled to √2.
    { name: 'two words: the mean, scaled', text: 'profit rose', want: [(3 / 5) * Math.SQRT2, (4 / 5) * Math.SQRT2] },
    { name: 'function words are left out', text: 'the profit', want: [Math.SQRT2, 0] },
    { name: 'figures and unknown words are left out', text: 'profit 13.1 zorbly', want: [Math.SQRT2, 0] },
    { name: 'case-folded', text: 'PROFIT ROSE', want: [(3 / 5) * Math.SQRT2, (4 / 5) * Math.SQRT2] },
    { name: 'only function words: none', text: 'the', want: undefined },
    { name: 'no words: none', text: '', want: undefined },
  ])('$name', ({ text, want }) => {
    const got = sentimentVector(text, TINY)
    if (want === undefined) expect(got).toBeUndefined()
    else {
      expect(got).toBeDefined()
      expect([...(got ?? [])].map((x) => Number(x.toFixed(5)))).toEqual(want.map((x) => Number(x.toFixed(5))))
    }
  })
})

describe('seededRandom', () => {
  test('same seed, same numbers; another seed, others; all in [0, 1)', () => {
    const a = seededRandom(7)
    const b = seededRandom(7)
    const c = seededRandom(8)
    const xs = Array.from({ length: 100 }, () => a())
    expect(Array.from({ length: 100 }, () => b())).toEqual(xs)
    expect(Array.from({ length: 100 }, () => c())).not.toEqual(xs)
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true)
  })
})

describe('mlpForward', () => {
  test('logits = bias + wide + V·relu(c + E + U·x), by hand', () => {
    // 2 features, 1 dense dim, 2 hidden units, 2 classes.
    const w: MlpWeights = {
      hidden: 2,
      bias: Float64Array.from([0.5, -0.5]),
      wide: Float64Array.from([1, 0, 0, 2]),
      wideDense: Float64Array.from([0.1, 0.2]),
      embed: Float64Array.from([1, -1, 2, 3]),
      denseIn: Float64Array.from([1, 1]),
      hiddenBias: Float64Array.from([0, -10]),
      out: Float64Array.from([1, 2, 3, 4]),
    }
    const h = new Float64Array(2)
    const z = new Float64Array(2)
    mlpForward(w, 2, 1, Int32Array.from([0, 1]), Float32Array.from([2]), h, z)
    // hidden: [0 + 1 + 2 + 2, −10 − 1 + 3 + 2] = [5, −6] → relu [5, 0]
    expect([...h]).toEqual([5, 0])
    // logits: bias + wide rows (1+0, 0+2) + 2·(0.1, 0.2) + 5·(1, 2)
    expect(z[0]).toBeCloseTo(0.5 + 1 + 0.2 + 5, 12)
    expect(z[1]).toBeCloseTo(-0.5 + 2 + 0.4 + 10, 12)
  })
})

describe('fitMlp', () => {
  // XOR of features 0 and 1 (feature 2 is always on, a bias of its own): class 1 when exactly one is on.
  const docs = [[2], [0, 2], [1, 2], [0, 1, 2]].map((d) => Int32Array.from(d))
  const ys = [0, 1, 1, 0]
  const input = {
    docs: [...docs, ...docs, ...docs],
    dense: Array.from({ length: 12 }, () => undefined),
    dims: 0,
    ys: [...ys, ...ys, ...ys],
    docWeight: Array.from({ length: 12 }, () => 1 / 12),
    classes: 2,
    features: 3,
    hidden: 8,
    l2: 0,
    epochs: 300,
    batchSize: 4,
    learningRate: 0.02,
    seed: 1,
  }
  const predict = (w: MlpWeights, doc: Int32Array): number => {
    const z = new Float64Array(2)
    mlpForward(w, 2, 0, doc, undefined, new Float64Array(w.hidden), z)
    return (z[1] as number) > (z[0] as number) ? 1 : 0
  }

  test('fits XOR, which the linear part alone cannot', () => {
    const w = fitMlp(input)
    expect(docs.map((d) => predict(w, d))).toEqual(ys)
  })

  test('the same inputs and seed give the same weights', () => {
    const a = fitMlp({ ...input, epochs: 20 })
    const b = fitMlp({ ...input, epochs: 20 })
    expect([...a.embed]).toEqual([...b.embed])
    expect([...a.out]).toEqual([...b.out])
    expect([...fitMlp({ ...input, epochs: 20, seed: 2 }).embed]).not.toEqual([...a.embed])
  })

  test('0 epochs: the linear part starts at zero, the hidden layer at seeded weights', () => {
    const w = fitMlp({ ...input, epochs: 0 })
    expect([...w.wide]).toEqual([0, 0, 0, 0, 0, 0])
    expect([...w.bias]).toEqual([0, 0])
    expect(w.embed.some((x) => x !== 0)).toBe(true)
  })
})
