/**
 * The entity tagger (issue 27): an averaged perceptron over word, shape, context, word-cluster and
 * gazetteer features, decoded greedily left to right into BIO tags. Weights are trained by
 * scripts/train-entities.ts; this file holds what training and tagging share, so a feature can
 * never mean one thing in training and another at ingest.
 *
 * Only candidate tokens (a capital letter, core/enrich/entity-tokens.ts) and the token after an
 * open entity are scored; every other token is `O` without a look-up. That is what keeps a
 * thousand-word body to a few hundred microseconds, and it is applied in training too.
 */
import { type EntityToken, isCandidate, wordShape } from './entity-tokens.ts'

export const ENTITY_MODEL_FORMAT = 'newsdesk-entity-model/1'
/** BIO tags over the three types; index = position in a weight vector. */
export const TAGS = ['O', 'B-PER', 'I-PER', 'B-ORG', 'I-ORG', 'B-LOC', 'I-LOC'] as const
export type Tag = (typeof TAGS)[number]
export const TAG_COUNT = TAGS.length

/** Gazetteer marks per token: which list a longest match covering it came from. */
export const GAZ_PLACE = 1
export const GAZ_COUNTRY = 2
export const GAZ_ORG = 4
export const GAZ_FIRST_NAME = 8
/** Set on the first token of a gazetteer match. */
export const GAZ_BEGIN = 16

/** What the features read beside the tokens; built once per text. */
export interface FeatureContext {
  tokens: readonly EntityToken[]
  lower: readonly string[]
  gaz: Uint8Array
  /** Word cluster of each lower-cased token, -1 when none (English only). */
  clusters: Int16Array
}

export interface EntityModelFile {
  format: string
  /** Feature → one weight per tag, TAG order. */
  weights: Record<string, number[]>
}

export type WeightTable = ReadonlyMap<string, Float32Array>

export function loadWeights(file: EntityModelFile): WeightTable {
  if (file.format !== ENTITY_MODEL_FORMAT) throw new Error(`entity model: unknown format ${file.format}`)
  const map = new Map<string, Float32Array>()
  for (const [feature, w] of Object.entries(file.weights)) map.set(feature, Float32Array.from(w))
  return map
}

/** Whether token i is scored at all, given the previous tag. */
export function isScored(ctx: FeatureContext, i: number, prev: number): boolean {
  if (prev !== 0) return true
  const t = ctx.tokens[i] as EntityToken
  return isCandidate(t.text)
}

/** Tags that may follow `prev`: an I-X only after B-X or I-X. */
export function isAllowed(prev: number, tag: number): boolean {
  if (tag === 0 || tag % 2 === 1) return true
  return prev === tag || prev === tag - 1
}

const gazName = (g: number): string =>
  `${g & GAZ_BEGIN ? 'B' : 'I'}${g & GAZ_PLACE ? 'p' : ''}${g & GAZ_COUNTRY ? 'c' : ''}${g & GAZ_ORG ? 'o' : ''}`

/** The features of token i given the previous tag's name. */
export function tokenFeatures(ctx: FeatureContext, i: number, prevTag: string): string[] {
  const { tokens, lower, gaz, clusters } = ctx
  const t = tokens[i] as EntityToken
  const w = lower[i] as string
  const shape = wordShape(t.text)
  const p1 = i > 0 ? (lower[i - 1] as string) : '<s>'
  const n1 = i + 1 < lower.length ? (lower[i + 1] as string) : '</s>'
  const p1s = i > 0 && !t.start ? wordShape((tokens[i - 1] as EntityToken).text) : '<s>'
  const n1t = tokens[i + 1]
  const n1s = n1t !== undefined && !n1t.start ? wordShape(n1t.text) : '</s>'
  const f = [
    'b',
    `w=${w}`,
    `s=${shape}`,
    `st=${t.start ? 1 : 0}|${shape}`,
    `x3=${w.slice(-3)}`,
    `p1=${p1}`,
    `n1=${n1}`,
    `p1s=${p1s}|${shape}`,
    `n1s=${shape}|${n1s}`,
    `pt=${prevTag}`,
    `pt=${prevTag}|${shape}`,
    `pt=${prevTag}|w=${w}`,
    `p1w=${p1}|${w}`,
  ]
  if (w.length > 4) f.push(`x4=${w.slice(-4)}`)
  const g = gaz[i] as number
  if (g & (GAZ_PLACE | GAZ_COUNTRY | GAZ_ORG)) {
    const name = gazName(g)
    f.push(`g=${name}`, `g=${name}|${prevTag}`)
  }
  if (g & GAZ_FIRST_NAME) f.push('fn', `fn|${shape}`)
  if (i + 1 < gaz.length && ((gaz[i + 1] as number) & GAZ_FIRST_NAME) !== 0) f.push('fn+1')
  if (i > 0 && ((gaz[i - 1] as number) & GAZ_FIRST_NAME) !== 0) f.push(`fn-1|${shape}`)
  const c = clusters[i] as number
  if (c >= 0) f.push(`c=${c}`, `c=${c}|${shape}`)
  if (i > 0) {
    const pc = clusters[i - 1] as number
    if (pc >= 0) f.push(`pc=${pc}`)
  }
  if (i + 1 < clusters.length) {
    const nc = clusters[i + 1] as number
    if (nc >= 0) f.push(`nc=${nc}`)
  }
  return f
}

/** Greedy BIO decoding: tag indices per token. */
export function decodeTags(ctx: FeatureContext, weights: WeightTable): Uint8Array {
  const n = ctx.tokens.length
  const tags = new Uint8Array(n)
  const scores = new Float32Array(TAG_COUNT)
  let prev = 0
  for (let i = 0; i < n; i++) {
    if (!isScored(ctx, i, prev)) {
      prev = 0
      continue
    }
    scores.fill(0)
    for (const feature of tokenFeatures(ctx, i, TAGS[prev] as string)) {
      const w = weights.get(feature)
      if (w === undefined) continue
      for (let k = 0; k < TAG_COUNT; k++) scores[k] = (scores[k] as number) + (w[k] as number)
    }
    let best = 0
    let bestScore = Number.NEGATIVE_INFINITY
    for (let k = 0; k < TAG_COUNT; k++) {
      if (!isAllowed(prev, k)) continue
      const s = scores[k] as number
      if (s > bestScore) {
        bestScore = s
        best = k
      }
    }
    tags[i] = best
    prev = best
  }
  return tags
}
