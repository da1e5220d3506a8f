/**
 * Decision offsets for the tone model, tuned on the dev share (never on held-out sentences): what
 * to add to the neg and pos logits (neu stays), and how far pos must beat neg to be called (the
 * margin), so that, on every dev source, at most `MAX_NEG_AS_POS` of the negative sentences are
 * read as positive, at the best dev macro-F1 that allows. Reading bad news as good is the error a
 * tone filter must not make, so it is bounded first and the rest is traded for it. A pos offset
 * trades good news read as neutral for it; a margin only the sentences that read both good and bad.
 * The offsets are added to the shipped bias and the margin ships beside it (`pos_margin`).
 */
import type { SentimentLabel } from '../core/article.ts'
import { decideTone } from '../core/enrich/sentiment-model.ts'
import { type Measured, measureBySource } from './sentiment-scores.ts'

export const MAX_NEG_AS_POS = 0.05
const STEP = 0.1
const REACH = 1.5
/** Margins the training script tries (pos must beat neg by this much); 0 is plain argmax. */
export const MARGINS: readonly number[] = [0, 0.25, 0.5, 0.75, 1, 1.5]

export interface DevLogits {
  /** neg, neu, pos logits of each dev sentence. */
  logits: readonly (readonly [number, number, number])[]
  truth: readonly SentimentLabel[]
  source: readonly string[]
}

export interface Offsets {
  neg: number
  pos: number
  /** How far the pos logit must beat the neg logit for `pos` (absent: 0); see decideTone. */
  margin?: number
}

/** The label with the offsets added and the margin asked (core/enrich/sentiment-model.ts decides alike). */
export function decide(z: readonly [number, number, number], o: Offsets): SentimentLabel {
  return decideTone(z[0] + o.neg, z[1], z[2] + o.pos, o.margin ?? 0)
}

export function scoreOffsets(dev: DevLogits, o: Offsets): Measured {
  return measureBySource(
    dev.truth,
    dev.logits.map((z) => decide(z, o)),
    dev.source,
  )
}

/**
 * Offsets on a grid of STEP over ±REACH, with each of `margins`: the best dev macro-F1 among those
 * that keep neg→pos under MAX_NEG_AS_POS on every source; if none does, the lowest neg→pos. Ties
 * keep the smaller shift (offsets and margin summed).
 */
export function tuneOffsets(dev: DevLogits, margins: readonly number[] = [0]): { offsets: Offsets; score: Measured } {
  const steps = Math.round(REACH / STEP)
  const grid: Offsets[] = []
  for (const margin of margins)
    for (let a = -steps; a <= steps; a++)
      for (let b = -steps; b <= steps; b++)
        grid.push(
          margin === 0
            ? { neg: round1(a * STEP), pos: round1(b * STEP) }
            : { neg: round1(a * STEP), pos: round1(b * STEP), margin },
        )
  const shift = (o: Offsets) => Math.abs(o.neg) + Math.abs(o.pos) + (o.margin ?? 0)
  grid.sort((x, y) => shift(x) - shift(y))
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
