/**
 * How values are written on the wire: rounding applied once, when a body is serialised
 * (computations keep full precision), and the contract's timestamps.
 */
import { isoSeconds } from '../config.ts'

/** Epoch ms → `2026-11-21T14:00:00Z`. */
export function isoMs(ms: number): string {
  return isoSeconds(new Date(ms))
}

/**
 * `value` to `digits` decimals, from the exact decimal expansion of the double (toFixed), so
 * the result does not depend on how the multiplication `value * 10^digits` happens to round.
 * Negative zero becomes 0.
 */
export function roundTo(value: number, digits: number): number {
  const rounded = Number(value.toFixed(digits))
  return rounded === 0 ? 0 : rounded
}

export function roundOrNull(value: number | null, digits: number): number | null {
  return value === null ? null : roundTo(value, digits)
}

/** return_pct, change_pct, r, its confidence bounds and mean_score. */
export const RATIO_DIGITS = 4
/** Summed volumes: exchanges quote at most 8 decimals; this drops float summation noise only. */
export const VOLUME_DIGITS = 8
/** labelled_by_model_pct. */
export const SHARE_DIGITS = 2
