/**
 * Validates a request against its registry entry: defaults applied, every fault collected in the
 * contract's 422 form (DECISIONS.md: pydantic v2 words, `loc` = ["query"|"path", name]).
 * Unknown query parameters are ignored; a repeated parameter takes its last value.
 */
import type { EndpointSpec } from './endpoints.ts'
import { type ParamValue, type ValidationIssue, parseParam } from './params.ts'
import { parseRangeValue } from './time-range.ts'
import { at, missing, valueError } from './validation-error.ts'

export type Params = Record<string, ParamValue>

export type Validated = { ok: true; params: Params } | { ok: false; detail: ValidationIssue[] }

export function validateRequest(
  spec: EndpointSpec,
  query: URLSearchParams,
  /** Decoded path segments; null when the router could not decode one (malformed percent-encoding). */
  pathValues: Readonly<Record<string, string | null | undefined>>,
  nowMs: number,
): Validated {
  const detail: ValidationIssue[] = []
  const params: Params = {}
  const ctx = { nowMs }

  for (const [name, param] of Object.entries(spec.pathParams)) {
    const raw = pathValues[name]
    if (raw === undefined) {
      detail.push(missing(['path', name]))
      continue
    }
    if (raw === null) {
      const reason = 'the path segment is not valid percent-encoded UTF-8'
      detail.push(valueError(['path', name], reason, null))
      continue
    }
    const parsed = parseParam(param, raw, ctx)
    if (parsed.ok) params[name] = parsed.value
    else detail.push(at(['path', name], parsed.issue))
  }

  for (const [name, param] of Object.entries(spec.query)) {
    const all = query.getAll(name)
    const raw = all.at(-1)
    if (raw === undefined) {
      if (spec.required.includes(name)) {
        detail.push(missing(['query', name]))
      } else if ('default' in param) {
        params[name] = param.default
      }
      continue
    }
    const parsed = parseParam(param, raw, ctx)
    if (parsed.ok) params[name] = parsed.value
    else detail.push(at(['query', name], parsed.issue))
  }

  const from = params.from
  const to = params.to
  if (typeof from === 'string' && typeof to === 'string') {
    const fromMs = parseRangeValue(from, nowMs)
    const toMs = parseRangeValue(to, nowMs)
    if (fromMs !== null && toMs !== null && fromMs >= toMs) {
      const reason = 'to must be later than from (to is exclusive)'
      detail.push(valueError(['query', 'to'], reason, to))
    }
  }
  const minScore = params.min_score
  const maxScore = params.max_score
  if (typeof minScore === 'number' && typeof maxScore === 'number' && minScore > maxScore) {
    const reason = 'max_score must be at least min_score'
    detail.push(valueError(['query', 'max_score'], reason, query.getAll('max_score').at(-1) ?? ''))
  }
  return detail.length === 0 ? { ok: true, params } : { ok: false, detail }
}
