/**
 * Decision offsets for the tone model, tuned on the dev share (never on held-out sentences): what
 * to add to the neg and pos logits (neu stays) so that, on every dev source, at most
 * `MAX_NEG_AS_POS` of the negative sentences are read as positive, at the best dev macro-F1 that
 * allows. Reading bad news as good is the error a tone filter must not make, so it is bounded first
 * and the rest is traded for it. The offsets are added to the shipped bias, so inference is unchanged.
 */
import type { SentimentLabel } from '../core/article.ts'
import { type Measured, measureBySource } from './sentiment-scores.ts'

export const MAX_NEG_AS_POS = 0.05
const STEP = 0.1
const REACH = 1.5

export interface DevLogits {
  /** neg, neu, pos logits of each dev sentence. */
  logits: readonly (readonly [number, number, number])[]
  truth: readonly SentimentLabel[]
  source: readonly string[]
}

export interface Offsets {
  neg: number
  pos: number
}

/** The label argmax gives with the offsets added (ties as in core/enrich/sentiment-model.ts). */
export function decide(z: readonly [number, number, number], o: Offsets): SentimentLabel {
  const neg = z[0] + o.neg
  const neu = z[1]
  const pos = z[2] + o.pos
  return pos >= neu && pos > neg ? 'pos' : neg > neu && neg >= pos ? 'neg' : 'neu'
}

export function scoreOffsets(dev: DevLogits, o: Offsets): Measured {
  return measureBySource(
    dev.truth,
    dev.logits.map((z) => decide(z, o)),
    dev.source,
  )
}

/**
 * Offsets on a grid of STEP over ±REACH: the best dev macro-F1 among those that keep neg→pos under
 * MAX_NEG_AS_POS on every source; if none does, the lowest neg→pos. Ties keep the smaller shift.
 */
export function tuneOffsets(dev: DevLogits): { offsets: Offsets; score: Measured } {
  const steps = Math.round(REACH / STEP)
  const grid: Offsets[] = []
  for (let a = -steps; a <= steps; a++)
    for (let b = -steps; b <= steps; b++) grid.push({ neg: round1(a * STEP), pos: round1(b * STEP) })
  grid.sort((x, y) => Math.abs(x.neg) + Math.abs(x.pos) - (Math.abs(y.neg) + Math.abs(y.pos)))
  let best: { offsets: Offsets; score: Measured } | null = null
  let fallback: { offsets: Offsets; score: Measured } | null = null
  for (const offsets of grid) {
    const score = scoreOffsets(dev, offsets)
    if (score.negAsPos < MAX_NEG_AS_POS && (best === null || score.macroF1 > best.score.macroF1 + 1e-9))
      best = { offsets, score }
    if (fallback === null || score.negAsPos < fallback.score.negAsPos - 1e-9) fallback = { offsets, score }
  }
  return best ?? (fallback as { offsets: Offsets; score: Measured })
}

function round1(x: number): number {
  return Math.round(x * 10) / 10
}
