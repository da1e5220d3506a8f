/**
 * Pearson's r and its Fisher-z confidence interval. r is computed in one pass with Welford's
 * co-moment updates (stable for large means such as BTC prices); the tests check it against the
 * textbook two-pass formula.
 */

/** Fewer pairs than this give no r (DECISIONS.md, BTC group). */
export const MIN_PAIRS = 3
/** Two-sided 95%: the standard normal quantile Φ⁻¹(0.975). */
export const Z_95 = 1.959963984540054
/** atanh(±1) is infinite; |r| is clamped just below 1 before the transform. */
const MAX_ABS_R = 1 - 1e-12

/** r of the pairs (xs[i], ys[i]), or null with fewer than 3 pairs or when either side is constant. */
export function pearson(xs: readonly number[], ys: readonly number[]): number | null {
  const n = Math.min(xs.length, ys.length)
  if (n < MIN_PAIRS) return null
  let meanX = 0
  let meanY = 0
  let m2x = 0
  let m2y = 0
  let cxy = 0
  for (let i = 0; i < n; i++) {
    const x = xs[i] as number
    const y = ys[i] as number
    const k = i + 1
    const dx = x - meanX
    const dy = y - meanY
    meanX += dx / k
    meanY += dy / k
    m2x += dx * (x - meanX)
    m2y += dy * (y - meanY)
    cxy += dx * (y - meanY)
  }
  if (m2x <= 0 || m2y <= 0) return null
  return Math.max(-1, Math.min(1, cxy / Math.sqrt(m2x * m2y)))
}

/**
 * 95% interval for r from n pairs: tanh(atanh(r) ± 1.96/√(n−3)). Null for n ≤ 3, where the
 * standard error 1/√(n−3) is undefined.
 */
export function fisherInterval(r: number, n: number): { low: number; high: number } | null {
  if (n <= 3) return null
  const z = Math.atanh(Math.max(-MAX_ABS_R, Math.min(MAX_ABS_R, r)))
  const half = Z_95 / Math.sqrt(n - 3)
  return { low: Math.tanh(z - half), high: Math.tanh(z + half) }
}
