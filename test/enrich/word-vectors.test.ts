/**
 * The word vectors the category model reads (core/enrich/word-vectors.ts): the builder's principal
 * axes on a matrix whose axes are known, the loader's checks, the shipped file's neighbours, and
 * the model's dense features by their definition. The real GloVe vectors are not in the project.
 */
import { describe, expect, test } from 'bun:test'
import { categoryVector } from '../../core/enrich/category-features.ts'
import { loadCategoryModel, predictCategory } from '../../core/enrich/category-model.ts'
import {
  loadWordVectors,
  SHIPPED_WORD_VECTORS_FILE,
  WORD_VECTORS,
  WORD_VECTORS_FORMAT,
  type WordVectors,
  wordVector,
} from '../../core/enrich/word-vectors.ts'
import { leadingAxes } from '../../scripts/build-word-vectors.ts'

function cosine(a: Float32Array, b: Float32Array): number {
  let s = 0
  let na = 0
  let nb = 0
  for (let i = 0; i < a.length; i++) {
    s += (a[i] as number) * (b[i] as number)
    na += (a[i] as number) ** 2
    nb += (b[i] as number) ** 2
  }
  return s / Math.sqrt(na * nb)
}

describe('building the vectors', () => {
  test('leadingAxes finds the eigenvectors of a diagonal matrix, largest first', () => {
    const n = 4
    const m = new Float64Array(n * n)
    ;[1, 9, 4, 0.5].forEach((x, i) => {
      m[i * n + i] = x
    })
    const axes = leadingAxes(m, n, 2)
    expect(Math.abs(axes[0]?.[1] as number)).toBeCloseTo(1, 6)
    expect(Math.abs(axes[1]?.[2] as number)).toBeCloseTo(1, 6)
  })
})

describe('the shipped vectors', () => {
  test('format and size', () => {
    expect(SHIPPED_WORD_VECTORS_FILE.format).toBe(WORD_VECTORS_FORMAT)
    expect(WORD_VECTORS.rows.size).toBe(SHIPPED_WORD_VECTORS_FILE.params.words)
    expect(WORD_VECTORS.dims).toBe(SHIPPED_WORD_VECTORS_FILE.params.dims)
  })

  // Each word is closer to its partner than to the third word, a different topic.
  test.each([
    ['xbox', 'playstation', 'senate'],
    ['malaria', 'tuberculosis', 'quarterback'],
    ['quarterback', 'touchdown', 'merger'],
    ['merger', 'acquisition', 'vaccine'],
  ])('%s is nearer %s than %s', (a, b, c) => {
    const va = wordVector(WORD_VECTORS, a) as Float32Array
    expect(va).toBeDefined()
    const near = cosine(va, wordVector(WORD_VECTORS, b) as Float32Array)
    const far = cosine(va, wordVector(WORD_VECTORS, c) as Float32Array)
    expect(near).toBeGreaterThan(far + 0.2)
  })

  test('the loader rejects another format and wrong sizes', () => {
    expect(() => loadWordVectors({ ...SHIPPED_WORD_VECTORS_FILE, format: 'x/1' })).toThrow('unknown format')
    expect(() => loadWordVectors({ ...SHIPPED_WORD_VECTORS_FILE, scales: [1] })).toThrow('wrong sizes')
  })
})

describe('the dense features', () => {
  const tiny: WordVectors = {
    dims: 2,
    rows: new Map([
      ['goal', 0],
      ['striker', 1],
      ['shares', 2],
    ]),
    data: Float32Array.from([1, 0, 0.6, 0.8, 0, 1]),
    fingerprint: 'tiny',
  }

  test('the mean vector of the known words, at length √dims', () => {
    const v = categoryVector(
      { title: 'Late goal for striker', description: 'unknown words only' },
      tiny,
    ) as Float32Array
    const norm = Math.hypot(v[0] as number, v[1] as number)
    expect(norm).toBeCloseTo(Math.SQRT2, 5)
    // (1 + 0.6, 0 + 0.8) points the same way as the sum.
    expect((v[1] as number) / (v[0] as number)).toBeCloseTo(0.8 / 1.6, 5)
    expect(categoryVector({ title: 'zzqx', description: '' }, tiny)).toBeUndefined()
  })

  test('a model with dense weights adds vector × weights to the bias', () => {
    const k = 2
    const dense = new Array(WORD_VECTORS.dims * k).fill(0)
    const a = { url: '', host: '', section: '', title: 'malaria vaccine trial', description: '' }
    const v = categoryVector(a) as Float32Array
    // Weights that equal the article's own vector for `health`: its logit is |v|² = dims.
    v.forEach((x, d) => {
      dense[d * k + 1] = x / WORD_VECTORS.dims
    })
    const model = loadCategoryModel({
      format: 'newsdesk-category-logreg/1',
      classes: ['sport', 'health'],
      languages: ['en'],
      bias: [0, 0],
      vocab: [],
      weights: [],
      dense,
      word_vectors: WORD_VECTORS.fingerprint,
    })
    const p = predictCategory(a, 'en', model)
    expect(p.category).toBe('health')
    expect(p.probability).toBeCloseTo(1 / (1 + Math.exp(-1)), 4)
  })

  test('dense weights trained with other vectors are refused, naming the fix', () => {
    const w = {
      format: 'newsdesk-category-logreg/1',
      classes: ['world'],
      languages: ['en'],
      bias: [0],
      vocab: [],
      weights: [],
    }
    const dense = new Array(WORD_VECTORS.dims).fill(0)
    expect(() => loadCategoryModel({ ...w, dense, word_vectors: 'deadbeef' })).toThrow('retrain')
    expect(() => loadCategoryModel({ ...w, dense: [1], word_vectors: WORD_VECTORS.fingerprint })).toThrow(
      'wrong dense size',
    )
    expect(() => loadCategoryModel({ ...w, dense, word_vectors: WORD_VECTORS.fingerprint })).not.toThrow()
  })
})
