/**
 * Bursty words: a word is bursty at a headline's time when the headlines within
 * BURST_HALF_WINDOW_S either side carry it clearly more often than its baseline rate predicts:
 *   c ≥ 2  and  c ≥ e + BURST_Z·√e + 1,   e = (headlines around) × (baseline rate of the word)
 * (a one-sided Poisson test with a continuity correction, in the spirit of the residual the score
 * uses). The baseline is the background
 * (the days before the window); without enough of it, the window itself when it is long enough
 * to contain quieter days; otherwise there is no rule.
 *
 * Two headlines of one story share a word that is bursty then: a name, a place in the news, the
 * event itself. Two unrelated ones of a fixed format ("X braces for decision on Y", "what we know
 * about …") or about a topic that runs every day at the same rate ("police", a head of state)
 * share only steady words. Requiring that at least half of a similarity comes from shared bursty
 * words (centroids.ts) stops those from chaining into blobs.
 */
import type { KeyCounts } from './score.ts'
import type { Unit, Vocabulary } from './units.ts'

export const BURST_HALF_WINDOW_S = 12 * 3600
export const BURST_Z = 3
/** Background headlines a country needs for the background to be the baseline. */
export const BURST_MIN_BACKGROUND_DOCS = 100
/** Without it, the window must span this many half-windows to be its own baseline. */
const WINDOW_BASELINE_HALF_WINDOWS = 8

/** Sets `bursty` on every unit (time-ordered) and returns true, or returns false when no baseline exists. */
export function markBursts(units: readonly Unit[], vocabulary: Vocabulary, background: KeyCounts | undefined): boolean {
  const rate = baselineRates(units, vocabulary, background)
  if (rate === null) return false
  const n = units.length
  const times = Float64Array.from(units, (u) => u.time)
  const around = new Int32Array(n)
  for (let i = 0, lo = 0, hi = 0; i < n; i++) {
    const t = times[i] ?? 0
    while ((times[lo] ?? 0) < t - BURST_HALF_WINDOW_S) lo++
    while (hi < n && (times[hi] ?? 0) <= t + BURST_HALF_WINDOW_S) hi++
    around[i] = hi - lo
  }
  const occurrences: number[][] = Array.from({ length: vocabulary.terms.length }, () => [])
  units.forEach((u, i) => {
    u.bursty = new Uint8Array(u.ids.length)
    for (const id of u.ids) occurrences[id]?.push(i)
  })
  occurrences.forEach((occ, id) => {
    if (occ.length < 2) return
    const r = rate[id] ?? 0
    for (let k = 0, lo = 0, hi = 0; k < occ.length; k++) {
      const i = occ[k] ?? 0
      const t = times[i] ?? 0
      while ((times[occ[lo] ?? 0] ?? 0) < t - BURST_HALF_WINDOW_S) lo++
      while (hi < occ.length && (times[occ[hi] ?? 0] ?? 0) <= t + BURST_HALF_WINDOW_S) hi++
      const c = hi - lo
      const e = (around[i] ?? 0) * r
      if (c >= 2 && c >= e + BURST_Z * Math.sqrt(e) + 1) {
        const u = units[i] as Unit
        const at = u.ids.indexOf(id)
        if (at >= 0 && u.bursty !== null) u.bursty[at] = 1
      }
    }
  })
  return true
}

function baselineRates(
  units: readonly Unit[],
  vocabulary: Vocabulary,
  background: KeyCounts | undefined,
): Float64Array | null {
  if (background !== undefined && background.docs >= BURST_MIN_BACKGROUND_DOCS) {
    const docs = background.docs
    return Float64Array.from(vocabulary.terms, (t) => (background.keys.get(t.key) ?? 0) / docs)
  }
  const first = units[0]?.time ?? 0
  const last = units.at(-1)?.time ?? 0
  if (last - first < WINDOW_BASELINE_HALF_WINDOWS * BURST_HALF_WINDOW_S) return null
  const df = new Float64Array(vocabulary.terms.length)
  for (const u of units) for (const id of u.ids) df[id] = (df[id] ?? 0) + 1
  return df.map((d) => d / units.length)
}
