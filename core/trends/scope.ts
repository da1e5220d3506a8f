/**
 * Which span a trends request covers (DECISIONS.md, Trends): `since`/`until` take precedence over
 * `date`, which takes precedence over `window` (ending now). Pure: `now` is an argument.
 *
 * Decisions beyond DECISIONS.md:
 * - `now` is taken to the whole second, so a window's `until` is exactly what the body reports.
 * - `since` alone ends now; `until` alone starts `window` (default 24h) before it.
 * - `since` must be before `until` (422 on `until`, or on `since` when `until` is absent) and the
 *   span may not exceed the longest window (30d, from the registry): 422 on the same parameter.
 * - `date` covers the whole UTC day, [00:00, 24:00), also when the day is today.
 * - The reported `window` is the `window` parameter as given when it decided the span; otherwise
 *   the span in whole hours (`24h` for a date), or in minutes when it is not whole hours.
 */
import { findEndpoint } from '../endpoints.ts'
import type { ValidationIssue } from '../params.ts'
import { parseDateTime, parseDay, parseWindow } from '../time-range.ts'
import type { Params } from '../validate.ts'
import { valueError } from '../validation-error.ts'
import type { TrendScope } from './types.ts'

const HOUR_MS = 3_600_000
const MINUTE_MS = 60_000
const DAY_MS = 86_400_000

function windowParam() {
  const spec = findEndpoint('/v1/trends')?.query.window
  if (spec?.kind !== 'window') throw new Error('registry: /v1/trends window is not a window parameter')
  return spec
}

const WINDOW = windowParam()

export type ScopeResult = { ok: true; scope: TrendScope } | { ok: false; detail: ValidationIssue[] }

export function resolveTrendScope(params: Params, nowMs: number): ScopeResult {
  const now = Math.floor(nowMs / 1000) * 1000
  const windowText = typeof params.window === 'string' ? params.window : WINDOW.default
  const windowMs = parseWindow(windowText, WINDOW.window) ?? (parseWindow(WINDOW.default, WINDOW.window) as number)
  const since = typeof params.since === 'string' ? instant(params.since) : null
  const until = typeof params.until === 'string' ? instant(params.until) : null

  if (since !== null || until !== null) {
    const untilMs = until ?? now
    const sinceMs = since ?? untilMs - windowMs
    const blame = until !== null ? 'until' : 'since'
    const raw = String(params[blame])
    if (sinceMs >= untilMs) {
      return invalid(
        blame,
        raw,
        until !== null ? 'until must be later than since (until is exclusive)' : 'since must be earlier than now',
      )
    }
    if (untilMs - sinceMs > WINDOW.window.maxMs) {
      return invalid(blame, raw, `since and until may be at most ${WINDOW.window.maxMs / DAY_MS} days apart`)
    }
    return { ok: true, scope: { sinceMs, untilMs, window: formatSpan(untilMs - sinceMs) } }
  }
  if (typeof params.date === 'string') {
    const day = parseDay(params.date)
    if (day !== null) return { ok: true, scope: { sinceMs: day, untilMs: day + DAY_MS, window: formatSpan(DAY_MS) } }
  }
  return { ok: true, scope: { sinceMs: now - windowMs, untilMs: now, window: windowText.trim() } }
}

/** The default scope: the registry's default window ending now. */
export function defaultTrendScope(nowMs: number): TrendScope {
  const result = resolveTrendScope({}, nowMs)
  if (!result.ok) throw new Error('the default trend scope cannot be invalid')
  return result.scope
}

/** A span as `<N>h`, or `<N>m` when it is not a whole number of hours. */
export function formatSpan(ms: number): string {
  return ms % HOUR_MS === 0 ? `${ms / HOUR_MS}h` : `${Math.max(1, Math.round(ms / MINUTE_MS))}m`
}

function instant(text: string): number | null {
  return parseDay(text.trim()) ?? parseDateTime(text.trim())
}

function invalid(name: string, input: string, reason: string): ScopeResult {
  return { ok: false, detail: [valueError(['query', name], reason, input)] }
}
