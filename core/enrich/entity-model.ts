/**
 * The entity tagger (issue 27): an averaged perceptron over word, shape, context, word-cluster,
 * gazetteer and (English) case-class features, decoded by Viterbi into BIO tags (trained greedily). Weights are trained by
 * scripts/train-entities.ts; this file holds what training and tagging share, so a feature can
 * never mean one thing in training and another at ingest.
 *
 * Only candidate tokens (a capital letter, core/enrich/entity-tokens.ts) and the token after an
 * open entity are scored; every other token is `O` without a look-up. That is what keeps a
 * thousand-word body to a few hundred microseconds, and it is applied in training too.
 */
import { hashRange } from './packed-map.ts'
import type { EntityLexicon } from './entity-lexicon.ts'
import { type EntityToken, NAME_CONNECTORS } from './entity-tokens.ts'

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
  /** 1 for a candidate token (isCandidate: a capital letter, a hashtag or handle), else 0. */
  candidate: Uint8Array
  /** Lower case of each token near a candidate ('' elsewhere: never read). */
  lower: readonly string[]
  /** hashString of each lower-cased token near a candidate (0 elsewhere). */
  hLower: Uint32Array
  /** hashString of each such token's word shape. */
  hShape: Uint32Array
  /** Index in `lexicon` of each candidate token and (English) each token whose cluster is read; -1 when absent and elsewhere. */
  word: Int32Array
  lexicon: EntityLexicon
  gaz: Uint8Array
  /** Word cluster of each lower-cased token, -1 when none (English only). */
  clusters: Int16Array
  /** Last token of the capitalised run (candidates joined by NAME_CONNECTORS) a token is in, -1 outside one. */
  runEnd: Int32Array
  /** First token of that run. */
  runStart: Int32Array
  /** Per candidate token, how unlabelled news writes its word inside a sentence: 0 unknown, CASE_LOWER, CASE_CAPITAL (English only). */
  caseClass: Uint8Array
}

export interface EntityModelFile {
  format: string
  /** Feature hash (base 36) → one weight per tag in TAG order, times WEIGHT_SCALE, rounded. */
  weights: Record<string, number[]>
}

/** Weights ship as integers: value × WEIGHT_SCALE. */
export const WEIGHT_SCALE = 100

/**
 * Feature hash → weights, open addressing over 32-bit hashes. Two features with one hash share
 * weights (the hashing trick); at 50,000 features in 2^32 that is about one pair per model.
 */
export interface WeightTable {
  mask: number
  keys: Uint32Array
  /** Slot → offset into `weights` + 1; 0 = empty. */
  slots: Int32Array
  weights: Float32Array
  size: number
}

export function buildWeightTable(entries: Iterable<[number, ArrayLike<number>]>, scale = 1): WeightTable {
  const list = [...entries]
  let cap = 16
  while (cap < list.length * 2) cap *= 2
  const table: WeightTable = {
    mask: cap - 1,
    keys: new Uint32Array(cap),
    slots: new Int32Array(cap),
    weights: new Float32Array(list.length * TAG_COUNT),
    size: 0,
  }
  for (const [key, w] of list) {
    let slot = mixFinal(key) & table.mask
    while (table.slots[slot] !== 0 && table.keys[slot] !== key) slot = (slot + 1) & table.mask
    let off = (table.slots[slot] as number) - 1
    if (off < 0) {
      off = table.size * TAG_COUNT
      table.size++
      table.keys[slot] = key
      table.slots[slot] = off + 1
    }
    for (let k = 0; k < TAG_COUNT; k++)
      table.weights[off + k] = (table.weights[off + k] as number) + (w[k] as number) / scale
  }
  return table
}

/** Offset of a feature's weights in table.weights, -1 when unknown. */
export function lookupWeights(table: WeightTable, key: number): number {
  let slot = mixFinal(key) & table.mask
  for (;;) {
    const s = table.slots[slot] as number
    if (s === 0) return -1
    if (table.keys[slot] === key) return s - 1
    slot = (slot + 1) & table.mask
  }
}

export function loadWeights(file: EntityModelFile): WeightTable {
  if (file.format !== ENTITY_MODEL_FORMAT) throw new Error(`entity model: unknown format ${file.format}`)
  return buildWeightTable(
    Object.entries(file.weights).map(([k, w]): [number, number[]] => [Number.parseInt(k, 36) >>> 0, w]),
    WEIGHT_SCALE,
  )
}

/** FNV-1a of a string: each token's words and shapes are hashed once, features combine the hashes. */
export function hashString(s: string): number {
  return hashRange(s, 0, s.length)
}

/** hashString(s.slice(from, to)) without building the slice (a word's prefix or suffix): packed-map.ts's. */
export { hashRange }

function mixFinal(h: number): number {
  let x = h ^ (h >>> 16)
  x = Math.imul(x, 0x7feb352d)
  x ^= x >>> 15
  return x
}

/** A feature's hash from its template number and up to three parts. */
function feature(template: number, a = 0, b = 0, c = 0): number {
  let h = Math.imul(template + 0x9e3779b9, 0x85ebca6b)
  h = Math.imul(h ^ a, 0xc2b2ae35)
  h ^= h >>> 13
  h = Math.imul(h ^ b, 0x27d4eb2f)
  h ^= h >>> 15
  h = Math.imul(h ^ c, 0x165667b1)
  h ^= h >>> 16
  return h >>> 0
}

/** Whether token i is scored at all, given the previous tag. */
export function isScored(ctx: FeatureContext, i: number, prev: number): boolean {
  return prev !== 0 || ctx.candidate[i] === 1
}

/** Tags that may follow `prev`: an I-X only after B-X or I-X. */
export function isAllowed(prev: number, tag: number): boolean {
  if (tag === 0 || tag % 2 === 1) return true
  return prev === tag || prev === tag - 1
}

const BOS = hashString('<s>')
const EOS = hashString('</s>')
/** Room for every feature of one token. */
export const MAX_TOKEN_FEATURES = 48

/** Writes the feature hashes of token i (previous tag index `pt`) into `out`; returns how many. */
export function tokenFeatures(ctx: FeatureContext, i: number, pt: number, out: Uint32Array): number {
  const k = staticFeatures(ctx, i, out)
  return k + prevTagFeatures(ctx, i, pt, out, k)
}

/** The features of token i that read the previous tag (5 at most), written into `out` from `at`; returns how many. */
export function prevTagFeatures(ctx: FeatureContext, i: number, pt: number, out: Uint32Array, at: number): number {
  const ptag = pt + 1
  const shape = ctx.hShape[i] as number
  let k = at
  out[k++] = feature(12, ptag)
  out[k++] = feature(13, ptag, shape)
  out[k++] = feature(14, ptag, ctx.hLower[i] as number)
  const lists = (ctx.gaz[i] as number) & (GAZ_PLACE | GAZ_COUNTRY | GAZ_ORG | GAZ_BEGIN)
  if (lists & (GAZ_PLACE | GAZ_COUNTRY | GAZ_ORG)) out[k++] = feature(24, lists, ptag)
  const c = ctx.clusters[i] as number
  if (c >= 0) out[k++] = feature(31, c + 1, ptag)
  return k - at
}

/** The features of token i that do not read the previous tag; returns how many. */
export function staticFeatures(ctx: FeatureContext, i: number, out: Uint32Array): number {
  const { tokens, hLower, hShape, gaz, clusters } = ctx
  const n = tokens.length
  const t = tokens[i] as EntityToken
  const w = hLower[i] as number
  const shape = hShape[i] as number
  const lw = ctx.lower[i] as string
  // Context stops at a sentence start, as it does in the one-sentence training examples.
  const hasP1 = i > 0 && !t.start
  const hasP2 = hasP1 && i > 1 && !(tokens[i - 1] as EntityToken).start
  const hasN1 = i + 1 < n && !(tokens[i + 1] as EntityToken).start
  const hasN2 = hasN1 && i + 2 < n && !(tokens[i + 2] as EntityToken).start
  const p1 = hasP1 ? (hLower[i - 1] as number) : BOS
  const n1 = hasN1 ? (hLower[i + 1] as number) : EOS
  const p1s = hasP1 ? (hShape[i - 1] as number) : BOS
  const n1s = hasN1 ? (hShape[i + 1] as number) : EOS
  let k = 0
  out[k++] = feature(1)
  out[k++] = feature(2, w)
  out[k++] = feature(3, shape)
  out[k++] = feature(4, t.start ? 1 : 2, shape)
  out[k++] = feature(5, hashRange(lw, Math.max(0, lw.length - 3), lw.length))
  out[k++] = feature(6, p1)
  out[k++] = feature(7, n1)
  out[k++] = feature(8, hasP2 ? (hLower[i - 2] as number) : BOS)
  out[k++] = feature(9, hasN2 ? (hLower[i + 2] as number) : EOS)
  out[k++] = feature(10, p1s, shape)
  out[k++] = feature(11, shape, n1s)
  out[k++] = feature(15, p1, w)
  if (lw.length > 4) out[k++] = feature(16, hashRange(lw, lw.length - 4, lw.length))
  if (lw.length > 3) out[k++] = feature(36, hashRange(lw, 0, 3))
  const end = ctx.runEnd[i] as number
  if (end >= 0) {
    const first = ctx.runStart[i] as number
    const len = Math.min(end - first + 1, 4)
    const pos = i === first ? 1 : i === end ? 2 : 3
    const hd = hLower[end] as number
    out[k++] = feature(17, len, pos)
    out[k++] = feature(37, hShape[first] as number, hShape[end] as number, len)
    out[k++] = feature(18, hd)
    out[k++] = feature(19, hd, pos)
    if (first > 0 && !(tokens[first] as EntityToken).start) out[k++] = feature(20, hLower[first - 1] as number)
    if (end + 1 < n && !(tokens[end + 1] as EntityToken).start) out[k++] = feature(21, hLower[end + 1] as number)
    if (i !== first) out[k++] = feature(22, hLower[first] as number)
  }
  const g = gaz[i] as number
  const lists = g & (GAZ_PLACE | GAZ_COUNTRY | GAZ_ORG | GAZ_BEGIN)
  if (lists & (GAZ_PLACE | GAZ_COUNTRY | GAZ_ORG)) {
    out[k++] = feature(23, lists)
  }
  if (g & GAZ_FIRST_NAME) {
    out[k++] = feature(25)
    out[k++] = feature(26, shape)
  }
  if (hasN1 && ((gaz[i + 1] as number) & GAZ_FIRST_NAME) !== 0) out[k++] = feature(27)
  if (hasP1 && ((gaz[i - 1] as number) & GAZ_FIRST_NAME) !== 0) out[k++] = feature(28, shape)
  const c = clusters[i] as number
  if (c >= 0) {
    out[k++] = feature(29, c + 1)
    out[k++] = feature(30, c + 1, shape)
  }
  if (hasP1 && (clusters[i - 1] as number) >= 0) out[k++] = feature(32, (clusters[i - 1] as number) + 1)
  if (hasN1 && (clusters[i + 1] as number) >= 0) out[k++] = feature(33, (clusters[i + 1] as number) + 1)
  const cc = ctx.caseClass[i] as number
  if (cc !== 0) {
    out[k++] = feature(38, cc, t.start ? 1 : 2)
    out[k++] = feature(39, cc, shape)
    if (end >= 0 && end > (ctx.runStart[i] as number)) out[k++] = feature(40, cc, i === end ? 1 : 2)
  }
  return k
}

/**
 * Whether a token that is not a candidate may continue an open name: in English only a connector
 * or a number (elsewhere any word) with a candidate within the next two tokens (`Bank of England`, `Costa de o Marfim`,
 * `Apollo 11 Mission`); otherwise an open name ends before it. Keeps Viterbi's open paths short.
 */
export function mayContinue(ctx: FeatureContext, i: number, anyWord: boolean): boolean {
  const n = ctx.tokens.length
  // The candidate ahead first: most words after a name have none, and need no look at their text.
  let ahead = false
  for (let j = i + 1; j < n && j <= i + 2; j++) {
    if ((ctx.tokens[j] as EntityToken).start) return false
    if (ctx.candidate[j] === 1) {
      ahead = true
      break
    }
  }
  if (!ahead) return false
  const text = (ctx.tokens[i] as EntityToken).text
  return anyWord || NAME_CONNECTORS.has(text.toLowerCase()) || /^[\d&'’.-]/.test(text)
}

/**
 * Weight offsets of the previous-tag features that do not read the word (the tag alone, the tag with
 * a list kind, the tag with a word cluster): the same few hundred features for every text, looked
 * up once per weight table instead of once per token and previous tag. -2 = not looked up yet.
 */
interface PrevTagOffsets {
  bias: Int32Array
  lists: Int32Array
  clusters: Int32Array
}

const PREV_TAG_OFFSETS = new WeakMap<WeightTable, PrevTagOffsets>()
/** Clusters whose offsets are kept (the shipped clustering has 256; a larger id is looked up each time). */
const CACHED_CLUSTERS = 1024

function prevTagOffsets(table: WeightTable): PrevTagOffsets {
  let o = PREV_TAG_OFFSETS.get(table)
  if (o === undefined) {
    const bias = new Int32Array(TAG_COUNT + 1)
    for (let ptag = 0; ptag <= TAG_COUNT; ptag++) bias[ptag] = lookupWeights(table, feature(12, ptag))
    o = {
      bias,
      lists: new Int32Array(32 * (TAG_COUNT + 1)).fill(-2),
      clusters: new Int32Array((CACHED_CLUSTERS + 1) * (TAG_COUNT + 1)).fill(-2),
    }
    PREV_TAG_OFFSETS.set(table, o)
  }
  return o
}

/** Offset of feature(24, lists, ptag) (lists: GAZ_* bits below 32). */
function listsOffset(o: PrevTagOffsets, table: WeightTable, lists: number, ptag: number): number {
  const at = lists * (TAG_COUNT + 1) + ptag
  let off = o.lists[at] as number
  if (off === -2) {
    off = lookupWeights(table, feature(24, lists, ptag))
    o.lists[at] = off
  }
  return off
}

/** Offset of feature(31, cluster + 1, ptag). */
function clusterOffset(o: PrevTagOffsets, table: WeightTable, cluster: number, ptag: number): number {
  if (cluster >= CACHED_CLUSTERS) return lookupWeights(table, feature(31, cluster + 1, ptag))
  const at = (cluster + 1) * (TAG_COUNT + 1) + ptag
  let off = o.clusters[at] as number
  if (off === -2) {
    off = lookupWeights(table, feature(31, cluster + 1, ptag))
    o.clusters[at] = off
  }
  return off
}

/**
 * Viterbi decoding over the BIO tags: the best tag sequence under the weights, with I-X only after
 * B-X or I-X. A token that is not scored (no capital letter, nothing open) is O at no cost; a
 * scored one adds each tag's score less the O score, so paths that open names and paths that do
 * not are compared on the same footing (raw perceptron scores would reward every scored token).
 * The features that do not read the previous tag are looked up once per token.
 */
let BACK = new Uint8Array(16 * 1024)
const PAIR_OFFSETS = new Int32Array(5)
const FEATS = new Uint32Array(MAX_TOKEN_FEATURES)

export function decodeTags(ctx: FeatureContext, table: WeightTable, group: 'en' | 'xx'): Uint8Array {
  // Names in the other languages hold lower-case words that are not connectors (UD's `de a` for `da`).
  const anyWord = group === 'xx'
  const n = ctx.tokens.length
  const tags = new Uint8Array(n)
  if (n === 0) return tags
  // Back pointers: one buffer kept between calls (decodeTags runs to the end before it is called again, and a
  // pointer is read only where it was written in this call: a token's chosen tag's row, see the trace below).
  if (BACK.length < n * TAG_COUNT) BACK = new Uint8Array(Math.max(n * TAG_COUNT, 2 * BACK.length))
  const back = BACK
  let delta = new Float64Array(TAG_COUNT).fill(Number.NEGATIVE_INFINITY)
  let next = new Float64Array(TAG_COUNT)
  delta[0] = 0
  const pairOffsets = PAIR_OFFSETS
  const feats = FEATS
  const weights = table.weights
  const prevOffsets = prevTagOffsets(table)
  const NEG = Number.NEGATIVE_INFINITY
  // Whether a path is in an open name (delta of a tag other than O is finite).
  let open = false
  for (let i = 0; i < n; i++) {
    const candidate = ctx.candidate[i] === 1
    const row = i * TAG_COUNT
    if (!candidate && !open) {
      // Nothing to score and nothing open: the one path, O, goes on as it was (most tokens).
      back[row] = 0
      continue
    }
    if (!candidate && !mayContinue(ctx, i, anyWord)) {
      // Nothing to score: every path goes to O.
      let best = 0
      if (open) for (let p = 1; p < TAG_COUNT; p++) if ((delta[p] as number) > (delta[best] as number)) best = p
      next[0] = delta[best] as number
      for (let t = 1; t < TAG_COUNT; t++) next[t] = NEG
      back[row] = best
      open = false
    } else {
      for (let t = 0; t < TAG_COUNT; t++) next[t] = NEG
      const count = staticFeatures(ctx, i, feats)
      // The sums in locals, each step rounded to float32 as a Float32Array store rounds it: the same sums, fewer loads and stores.
      let b0 = 0
      let b1 = 0
      let b2 = 0
      let b3 = 0
      let b4 = 0
      let b5 = 0
      let b6 = 0
      for (let f = 0; f < count; f++) {
        const off = lookupWeights(table, feats[f] as number)
        if (off < 0) continue
        b0 = Math.fround(b0 + (weights[off] as number))
        b1 = Math.fround(b1 + (weights[off + 1] as number))
        b2 = Math.fround(b2 + (weights[off + 2] as number))
        b3 = Math.fround(b3 + (weights[off + 3] as number))
        b4 = Math.fround(b4 + (weights[off + 4] as number))
        b5 = Math.fround(b5 + (weights[off + 5] as number))
        b6 = Math.fround(b6 + (weights[off + 6] as number))
      }
      const shape = ctx.hShape[i] as number
      const hWord = ctx.hLower[i] as number
      const lists = (ctx.gaz[i] as number) & (GAZ_PLACE | GAZ_COUNTRY | GAZ_ORG | GAZ_BEGIN)
      const cluster = ctx.clusters[i] as number
      for (let p = 0; p < TAG_COUNT; p++) {
        const d = delta[p] as number
        if (d === Number.NEGATIVE_INFINITY) continue
        if (p === 0 && !candidate) {
          if (d > (next[0] as number)) {
            next[0] = d
            back[row] = 0
          }
          continue
        }
        // prevTagFeatures's features, in its order (the sums are float32, so the order is the result's): their
        // weights' offsets first, then the sums in locals from the static ones, each step rounded to float32.
        const ptag = p + 1
        let m = 0
        let off = prevOffsets.bias[ptag] as number
        if (off >= 0) pairOffsets[m++] = off
        off = lookupWeights(table, feature(13, ptag, shape))
        if (off >= 0) pairOffsets[m++] = off
        off = lookupWeights(table, feature(14, ptag, hWord))
        if (off >= 0) pairOffsets[m++] = off
        if (lists & (GAZ_PLACE | GAZ_COUNTRY | GAZ_ORG)) {
          off = listsOffset(prevOffsets, table, lists, ptag)
          if (off >= 0) pairOffsets[m++] = off
        }
        if (cluster >= 0) {
          off = clusterOffset(prevOffsets, table, cluster, ptag)
          if (off >= 0) pairOffsets[m++] = off
        }
        let s0 = b0
        let s1 = b1
        let s2 = b2
        let s3 = b3
        let s4 = b4
        let s5 = b5
        let s6 = b6
        for (let q = 0; q < m; q++) {
          const w = pairOffsets[q] as number
          s0 = Math.fround(s0 + (weights[w] as number))
          s1 = Math.fround(s1 + (weights[w + 1] as number))
          s2 = Math.fround(s2 + (weights[w + 2] as number))
          s3 = Math.fround(s3 + (weights[w + 3] as number))
          s4 = Math.fround(s4 + (weights[w + 4] as number))
          s5 = Math.fround(s5 + (weights[w + 5] as number))
          s6 = Math.fround(s6 + (weights[w + 6] as number))
        }
        // Each tag the previous one allows (isAllowed: an I-X only after B-X or I-X), scored less the O score.
        let v = d + s0 - s0
        if (v > (next[0] as number)) {
          next[0] = v
          back[row] = p
        }
        v = d + s1 - s0
        if (v > (next[1] as number)) {
          next[1] = v
          back[row + 1] = p
        }
        if (p === 1 || p === 2) {
          v = d + s2 - s0
          if (v > (next[2] as number)) {
            next[2] = v
            back[row + 2] = p
          }
        }
        v = d + s3 - s0
        if (v > (next[3] as number)) {
          next[3] = v
          back[row + 3] = p
        }
        if (p === 3 || p === 4) {
          v = d + s4 - s0
          if (v > (next[4] as number)) {
            next[4] = v
            back[row + 4] = p
          }
        }
        v = d + s5 - s0
        if (v > (next[5] as number)) {
          next[5] = v
          back[row + 5] = p
        }
        if (p === 5 || p === 6) {
          v = d + s6 - s0
          if (v > (next[6] as number)) {
            next[6] = v
            back[row + 6] = p
          }
        }
      }
      open = false
      for (let t = 1; t < TAG_COUNT; t++) if ((next[t] as number) > NEG) open = true
    }
    const swap = delta
    delta = next
    next = swap
  }
  let best = 0
  for (let t = 1; t < TAG_COUNT; t++) if ((delta[t] as number) > (delta[best] as number)) best = t
  for (let i = n - 1; i >= 0; i--) {
    tags[i] = best
    best = back[i * TAG_COUNT + best] as number
  }
  return tags
}
