/** Accuracy, macro-F1 and the share of negatives read as positive: what the tone scripts pick and report by. */
import type { SentimentLabel } from '../core/article.ts'
import { classF1 } from './class-f1.ts'

const CLASSES: readonly SentimentLabel[] = ['neg', 'neu', 'pos']

export interface Measured {
  accuracy: number
  macroF1: number
  /** Share of true negatives labelled pos (0 when there are none). */
  negAsPos: number
}

export function measure(truth: readonly SentimentLabel[], predicted: readonly SentimentLabel[]): Measured {
  const correct = predicted.filter((p, i) => p === truth[i]).length
  const macroF1 = CLASSES.reduce((s, c) => s + classF1(truth, predicted, c), 0) / CLASSES.length
  const negatives = truth.filter((t) => t === 'neg').length
  const negPos = truth.filter((t, i) => t === 'neg' && predicted[i] === 'pos').length
  return { accuracy: correct / truth.length, macroF1, negAsPos: negatives === 0 ? 0 : negPos / negatives }
}

/**
 * Each source measured on its own, then accuracy and macro-F1 averaged (so news sentences and
 * tweets count alike) and the worst source's neg→pos share kept.
 */
export function measureBySource(
  truth: readonly SentimentLabel[],
  predicted: readonly SentimentLabel[],
  source: readonly string[],
): Measured {
  const sources = [...new Set(source)].sort()
  let accuracy = 0
  let macroF1 = 0
  let negAsPos = 0
  for (const s of sources) {
    const at = source.flatMap((x, i) => (x === s ? [i] : []))
    const m = measure(
      at.map((i) => truth[i] as SentimentLabel),
      at.map((i) => predicted[i] as SentimentLabel),
    )
    accuracy += m.accuracy
    macroF1 += m.macroF1
    negAsPos = Math.max(negAsPos, m.negAsPos)
  }
  return { accuracy: accuracy / sources.length, macroF1: macroF1 / sources.length, negAsPos }
}
