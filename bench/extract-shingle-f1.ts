/**
 * The article-extraction-benchmark metric (scrapinghub/article-extraction-benchmark, evaluate.py),
 * re-implemented: tokens are `\w+` runs, shingles are token 4-grams, per-document tp/fp/fn are the
 * multiset overlap normalised by their sum; precision and recall are means over documents, F1 is the
 * harmonic mean of those two means, and ± is a bootstrap standard deviation.
 */
import { mulberry32 as seededRandom } from '../core/random.ts'

/** Per-document shares of true positives, false positives and false negatives (sum 1, or all 0). */
export interface ShingleMatch {
  tp: number
  fp: number
  fn: number
}

export interface ShingleScores {
  precision: number
  recall: number
  f1: number
}

export interface BenchmarkScores extends ShingleScores {
  accuracy: number
  precisionStd: number
  recallStd: number
  f1Std: number
  accuracyStd: number
}

// Python's `\w` on str: letters, numbers and underscore (combining marks are not word characters).
const TOKEN_RE = /[\p{L}\p{N}_]+/gu
const SHINGLE_N = 4

export function tokenize(text: string): string[] {
  return text.match(TOKEN_RE) ?? []
}

function countShingles(text: string): Map<string, number> {
  const tokens = tokenize(text)
  const counts = new Map<string, number>()
  // Texts shorter than n tokens give one shorter shingle; an empty text gives none.
  const last = Math.max(1, tokens.length - SHINGLE_N + 1)
  for (let i = 0; i < last; i++) {
    const shingle = tokens.slice(i, i + SHINGLE_N)
    if (shingle.length === 0) continue
    const key = shingle.join('\u0001')
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  return counts
}

export function matchShingles(truth: string, prediction: string): ShingleMatch {
  const want = countShingles(truth)
  const got = countShingles(prediction)
  let tp = 0
  let fp = 0
  let fn = 0
  for (const [key, wantCount] of want) {
    const gotCount = got.get(key) ?? 0
    tp += Math.min(wantCount, gotCount)
    fn += Math.max(0, wantCount - gotCount)
  }
  for (const [key, gotCount] of got) fp += Math.max(0, gotCount - (want.get(key) ?? 0))
  const sum = tp + fp + fn
  return sum > 0 ? { tp: tp / sum, fp: fp / sum, fn: fn / sum } : { tp, fp, fn }
}

function precisionOf({ tp, fp, fn }: ShingleMatch): number {
  if (fp === 0 && fn === 0) return 1
  if (tp === 0 && fp === 0) return 0
  return tp / (tp + fp)
}

function recallOf({ tp, fp, fn }: ShingleMatch): number {
  if (fp === 0 && fn === 0) return 1
  if (tp === 0 && fn === 0) return 0
  return tp / (tp + fn)
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length
}

/** Precision averages only documents with a prediction (tp+fp>0), recall only those with truth. */
export function scoreMatches(matches: readonly ShingleMatch[]): ShingleScores {
  const precision = mean(matches.filter((m) => m.tp + m.fp > 0).map(precisionOf))
  const recall = mean(matches.filter((m) => m.tp + m.fn > 0).map(recallOf))
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0
  return { precision, recall, f1 }
}

export function isSameTokens(truth: string, prediction: string): boolean {
  const a = tokenize(truth)
  const b = tokenize(prediction)
  return a.length === b.length && a.every((t, i) => t === b[i])
}

function sampleStd(values: readonly number[]): number {
  const m = mean(values)
  return Math.sqrt(values.reduce((s, v) => s + (v - m) ** 2, 0) / Math.max(1, values.length - 1))
}

export function evaluateBodies(
  pairs: readonly { truth: string; prediction: string }[],
  bootstrapRounds = 1000,
  seed = 1,
): BenchmarkScores {
  const matches = pairs.map((p) => matchShingles(p.truth, p.prediction))
  const accuracies = pairs.map((p) => (isSameTokens(p.truth, p.prediction) ? 1 : 0))
  const scores = scoreMatches(matches)
  const random = seededRandom(seed)
  const samples = { precision: [] as number[], recall: [] as number[], f1: [] as number[], accuracy: [] as number[] }
  const n = matches.length
  for (let round = 0; round < bootstrapRounds && n > 0; round++) {
    const picked: ShingleMatch[] = []
    let accuracySum = 0
    for (let i = 0; i < n; i++) {
      const index = Math.floor(random() * n)
      picked.push(matches[index] as ShingleMatch)
      accuracySum += accuracies[index] ?? 0
    }
    const s = scoreMatches(picked)
    samples.precision.push(s.precision)
    samples.recall.push(s.recall)
    samples.f1.push(s.f1)
    samples.accuracy.push(accuracySum / n)
  }
  return {
    ...scores,
    accuracy: mean(accuracies),
    precisionStd: sampleStd(samples.precision),
    recallStd: sampleStd(samples.recall),
    f1Std: sampleStd(samples.f1),
    accuracyStd: sampleStd(samples.accuracy),
  }
}
