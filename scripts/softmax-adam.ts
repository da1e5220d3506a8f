/**
 * Multinomial logistic regression over binary features, L2-regularised, fitted by full-batch Adam
 * with no shuffling: the same inputs give the same weights on every run. Shared by the category
 * (scripts/category-logreg.ts) and sentiment (scripts/train-sentiment.ts) trainers, which differ
 * only in their features and in how each document's gradient is weighted.
 */

export interface SoftmaxFitInput {
  /** Feature ids of each document (ids below `features`). */
  docs: readonly Int32Array[]
  /** Class index of each document (below `classes`). */
  ys: readonly number[]
  /** What each document's gradient is multiplied by (class balance, source weight, 1/n…). */
  docWeight: readonly number[]
  classes: number
  features: number
  l2: number
  iterations: number
  learningRate: number
  /**
   * Real-valued features beside the binary ones: `dims` numbers per document (undefined: all 0).
   * Their weights are fitted with the same Adam and L2 and returned as `dense`.
   */
  dense?: { dims: number; vectors: readonly (Float32Array | undefined)[] }
}

export interface SoftmaxWeights {
  bias: Float64Array
  /** Row-major: `classes` numbers per feature. */
  weights: Float64Array
  /** Row-major: `classes` numbers per dense dimension; empty without dense features. */
  dense: Float64Array
}

/**
 * Turns the logits in `z` into the gradient of `weight` × cross-entropy for true class `y`, in
 * place: (softmax(z) − one-hot(y)) × weight. Shared with scripts/mlp-adam.ts.
 */
export function crossEntropyGradient(z: Float64Array, K: number, y: number, weight: number): void {
  let top = Number.NEGATIVE_INFINITY
  for (let k = 0; k < K; k++) top = Math.max(top, z[k] as number)
  let sum = 0
  for (let k = 0; k < K; k++) {
    z[k] = Math.exp((z[k] as number) - top)
    sum += z[k] as number
  }
  for (let k = 0; k < K; k++) z[k] = ((z[k] as number) / sum - (k === y ? 1 : 0)) * weight
}

export function fitSoftmax(input: SoftmaxFitInput): SoftmaxWeights {
  const { docs, ys, docWeight, classes: K, l2, learningRate } = input
  const w = new Float64Array(input.features * K)
  const b = new Float64Array(K)
  const mW = new Float64Array(w.length)
  const vW = new Float64Array(w.length)
  const mB = new Float64Array(K)
  const vB = new Float64Array(K)
  const gW = new Float64Array(w.length)
  const gB = new Float64Array(K)
  const z = new Float64Array(K)
  const D = input.dense?.dims ?? 0
  const vectors = input.dense?.vectors ?? []
  const wD = new Float64Array(D * K)
  const mD = new Float64Array(wD.length)
  const vD = new Float64Array(wD.length)
  const gD = new Float64Array(wD.length)
  const beta1 = 0.9
  const beta2 = 0.999
  for (let t = 1; t <= input.iterations; t++) {
    gW.fill(0)
    gB.fill(0)
    gD.fill(0)
    for (let d = 0; d < docs.length; d++) {
      const doc = docs[d] as Int32Array
      for (let k = 0; k < K; k++) z[k] = b[k] as number
      for (const f of doc) for (let k = 0; k < K; k++) z[k] = (z[k] as number) + (w[f * K + k] as number)
      const x = vectors[d]
      if (x !== undefined)
        for (let j = 0; j < D; j++) {
          const xj = x[j] as number
          for (let k = 0; k < K; k++) z[k] = (z[k] as number) + xj * (wD[j * K + k] as number)
        }
      crossEntropyGradient(z, K, ys[d] as number, docWeight[d] as number)
      for (let k = 0; k < K; k++) gB[k] = (gB[k] as number) + (z[k] as number)
      // Feature-major, so each feature's K gradients are adjacent in memory; every gradient still
      // receives the same additions in the same order (a document's features are distinct).
      for (const f of doc) {
        const at = f * K
        for (let k = 0; k < K; k++) gW[at + k] = (gW[at + k] as number) + (z[k] as number)
      }
      if (x !== undefined)
        for (let j = 0; j < D; j++) {
          const xj = x[j] as number
          for (let k = 0; k < K; k++) gD[j * K + k] = (gD[j * K + k] as number) + xj * (z[k] as number)
        }
    }
    const c1 = 1 - beta1 ** t
    const c2 = 1 - beta2 ** t
    for (let i = 0; i < w.length; i++) {
      const g = (gW[i] as number) + l2 * (w[i] as number)
      mW[i] = beta1 * (mW[i] as number) + (1 - beta1) * g
      vW[i] = beta2 * (vW[i] as number) + (1 - beta2) * g * g
      w[i] = (w[i] as number) - (learningRate * ((mW[i] as number) / c1)) / (Math.sqrt((vW[i] as number) / c2) + 1e-8)
    }
    for (let i = 0; i < wD.length; i++) {
      const g = (gD[i] as number) + l2 * (wD[i] as number)
      mD[i] = beta1 * (mD[i] as number) + (1 - beta1) * g
      vD[i] = beta2 * (vD[i] as number) + (1 - beta2) * g * g
      wD[i] = (wD[i] as number) - (learningRate * ((mD[i] as number) / c1)) / (Math.sqrt((vD[i] as number) / c2) + 1e-8)
    }
    for (let k = 0; k < K; k++) {
      const g = gB[k] as number
      mB[k] = beta1 * (mB[k] as number) + (1 - beta1) * g
      vB[k] = beta2 * (vB[k] as number) + (1 - beta2) * g * g
      b[k] = (b[k] as number) - (learningRate * ((mB[k] as number) / c1)) / (Math.sqrt((vB[k] as number) / c2) + 1e-8)
    }
  }
  return { bias: b, weights: w, dense: wD }
}
