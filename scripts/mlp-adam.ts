/**
 * A softmax classifier with one hidden layer beside its linear part ("wide and deep"): the logits
 * are the logistic regression's (binary features and dense dimensions straight to the classes)
 * plus V·relu(hidden), where hidden = c + Σ E[feature] + U·dense. So it can learn what the linear
 * model learns and, on top, combinations (a quantity with a direction, a word vector's region
 * with the lexicon's verdict). Fitted by mini-batch Adam with a fixed seed: the initial weights
 * and the order of the batches come from one seeded generator, so the same inputs give the same
 * weights on every run. Objective: Σ docWeight·cross-entropy + l2/2·‖weights‖² (biases free),
 * the objective scripts/softmax-adam.ts minimises for the linear model alone.
 */

import { mulberry32 as seededRandom } from '../core/random.ts'
import { crossEntropyGradient } from './softmax-adam.ts'

export interface MlpFitInput {
  /** Feature ids of each document (ids below `features`), distinct. */
  docs: readonly Int32Array[]
  /** `dims` numbers per document, or undefined (all 0). */
  dense: readonly (Float32Array | undefined)[]
  dims: number
  ys: readonly number[]
  /** What each document's loss is multiplied by (they sum to about 1). */
  docWeight: readonly number[]
  classes: number
  features: number
  hidden: number
  l2: number
  epochs: number
  batchSize: number
  learningRate: number
  seed: number
}

/** Row-major blocks: `wide` features×K, `wideDense` dims×K, `embed` features×H, `denseIn` dims×H, `out` H×K. */
export interface MlpWeights {
  hidden: number
  bias: Float64Array
  wide: Float64Array
  wideDense: Float64Array
  embed: Float64Array
  denseIn: Float64Array
  hiddenBias: Float64Array
  out: Float64Array
}

export { seededRandom }

/** The hidden activations (after relu) and logits of one document. */
export function mlpForward(
  w: MlpWeights,
  classes: number,
  dims: number,
  doc: ArrayLike<number>,
  x: ArrayLike<number> | undefined,
  h: Float64Array,
  z: Float64Array,
): void {
  const H = w.hidden
  const K = classes
  for (let j = 0; j < H; j++) h[j] = w.hiddenBias[j] as number
  for (let k = 0; k < K; k++) z[k] = w.bias[k] as number
  for (let i = 0; i < doc.length; i++) {
    const f = doc[i] as number
    const at = f * H
    for (let j = 0; j < H; j++) h[j] = (h[j] as number) + (w.embed[at + j] as number)
    for (let k = 0; k < K; k++) z[k] = (z[k] as number) + (w.wide[f * K + k] as number)
  }
  if (x !== undefined)
    for (let d = 0; d < dims; d++) {
      const xd = x[d] as number
      if (xd === 0) continue
      for (let j = 0; j < H; j++) h[j] = (h[j] as number) + xd * (w.denseIn[d * H + j] as number)
      for (let k = 0; k < K; k++) z[k] = (z[k] as number) + xd * (w.wideDense[d * K + k] as number)
    }
  for (let j = 0; j < H; j++) {
    const a = h[j] as number
    if (a <= 0) {
      h[j] = 0
      continue
    }
    for (let k = 0; k < K; k++) z[k] = (z[k] as number) + a * (w.out[j * K + k] as number)
  }
}

interface Slot {
  w: Float64Array
  g: Float64Array
  m: Float64Array
  v: Float64Array
  decay: boolean
}

export function fitMlp(input: MlpFitInput): MlpWeights {
  const { docs, dense, dims: D, ys, docWeight, classes: K, hidden: H, l2 } = input
  const F = input.features
  const random = seededRandom(input.seed)
  const gaussian = () => {
    const u = Math.max(random(), 1e-12)
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random())
  }
  const w: MlpWeights = {
    hidden: H,
    bias: new Float64Array(K),
    wide: new Float64Array(F * K),
    wideDense: new Float64Array(D * K),
    embed: new Float64Array(F * H),
    denseIn: new Float64Array(D * H),
    hiddenBias: new Float64Array(H),
    out: new Float64Array(H * K),
  }
  for (let i = 0; i < w.embed.length; i++) w.embed[i] = 0.05 * gaussian()
  for (let i = 0; i < w.denseIn.length; i++) w.denseIn[i] = (0.5 / Math.sqrt(Math.max(D, 1))) * gaussian()
  for (let i = 0; i < w.out.length; i++) w.out[i] = gaussian() / Math.sqrt(H)
  const slot = (a: Float64Array, decay: boolean): Slot => ({
    w: a,
    g: new Float64Array(a.length),
    m: new Float64Array(a.length),
    v: new Float64Array(a.length),
    decay,
  })
  const slots = {
    bias: slot(w.bias, false),
    wide: slot(w.wide, true),
    wideDense: slot(w.wideDense, true),
    embed: slot(w.embed, true),
    denseIn: slot(w.denseIn, true),
    hiddenBias: slot(w.hiddenBias, false),
    out: slot(w.out, true),
  }
  const all = Object.values(slots)
  const n = docs.length
  const order = Array.from({ length: n }, (_, i) => i)
  const h = new Float64Array(H)
  const z = new Float64Array(K)
  const dh = new Float64Array(H)
  const beta1 = 0.9
  const beta2 = 0.999
  let t = 0
  for (let epoch = 0; epoch < input.epochs; epoch++) {
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1))
      const tmp = order[i] as number
      order[i] = order[j] as number
      order[j] = tmp
    }
    for (let start = 0; start < n; start += input.batchSize) {
      const end = Math.min(n, start + input.batchSize)
      // The batch stands for the whole set: its loss is scaled by n / batch size.
      const scale = n / (end - start)
      for (const s of all) s.g.fill(0)
      for (let b = start; b < end; b++) {
        const d = order[b] as number
        const doc = docs[d] as Int32Array
        const x = dense[d]
        mlpForward(w, K, D, doc, x, h, z)
        crossEntropyGradient(z, K, ys[d] as number, (docWeight[d] as number) * scale)
        for (let k = 0; k < K; k++) slots.bias.g[k] = (slots.bias.g[k] as number) + (z[k] as number)
        for (let j = 0; j < H; j++) {
          const a = h[j] as number
          let back = 0
          if (a > 0)
            for (let k = 0; k < K; k++) {
              slots.out.g[j * K + k] = (slots.out.g[j * K + k] as number) + a * (z[k] as number)
              back += (w.out[j * K + k] as number) * (z[k] as number)
            }
          dh[j] = back
          slots.hiddenBias.g[j] = (slots.hiddenBias.g[j] as number) + back
        }
        for (const f of doc) {
          for (let k = 0; k < K; k++) slots.wide.g[f * K + k] = (slots.wide.g[f * K + k] as number) + (z[k] as number)
          const at = f * H
          for (let j = 0; j < H; j++) slots.embed.g[at + j] = (slots.embed.g[at + j] as number) + (dh[j] as number)
        }
        if (x !== undefined)
          for (let dd = 0; dd < D; dd++) {
            const xd = x[dd] as number
            if (xd === 0) continue
            for (let k = 0; k < K; k++)
              slots.wideDense.g[dd * K + k] = (slots.wideDense.g[dd * K + k] as number) + xd * (z[k] as number)
            for (let j = 0; j < H; j++)
              slots.denseIn.g[dd * H + j] = (slots.denseIn.g[dd * H + j] as number) + xd * (dh[j] as number)
          }
      }
      t++
      const c1 = 1 - beta1 ** t
      const c2 = 1 - beta2 ** t
      const lr = input.learningRate
      for (const s of all) {
        const { w: ws, g: gs, m, v } = s
        for (let i = 0; i < ws.length; i++) {
          const g = (gs[i] as number) + (s.decay ? l2 * (ws[i] as number) : 0)
          m[i] = beta1 * (m[i] as number) + (1 - beta1) * g
          v[i] = beta2 * (v[i] as number) + (1 - beta2) * g * g
          ws[i] = (ws[i] as number) - (lr * ((m[i] as number) / c1)) / (Math.sqrt((v[i] as number) / c2) + 1e-8)
        }
      }
    }
  }
  return w
}
