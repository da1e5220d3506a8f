/**
 * The contract's 422 body (DECISIONS.md: pydantic v2 words): `{detail: [{loc, msg, type, input, ctx}]}`.
 * Every issue of every 422 is built here: the per-kind faults core/params.ts finds (`fault`, placed
 * by core/validate.ts with `at`), a missing required parameter (`missing`), and the checks that go
 * beyond one parameter's kind (a range that ends before it starts, a query the parser refuses, a
 * grid with too many periods: `valueError`).
 *
 * Key order is part of the bytes of an answer, and it differs by origin today: a per-kind fault
 * is `{loc, type, msg, input, ctx}`, a missing parameter `{loc, msg, type, input}`, a cross-parameter
 * value error `{loc, msg, type, input, ctx}`. Kept as it was (answers are byte-identical across
 * this refactor); making it one order is a contract-visible change for the CHANGELOG.
 */
import type { ValidationIssue } from './params.ts'

/** An issue before its location is known (core/params.ts parses a value without knowing where it came from). */
export type Fault = Omit<ValidationIssue, 'loc'>

/** A per-kind fault: pydantic's `type` and `msg`, the raw input, and `ctx` when the type has one. */
export function fault(type: string, msg: string, input: string, ctx?: Record<string, unknown>): Fault {
  return ctx === undefined ? { type, msg, input } : { type, msg, input, ctx }
}

/** A per-kind `value_error` fault: `msg` is `Value error, <reason>` and `ctx.error` the reason alone. */
export function valueErrorFault(reason: string, input: string): Fault {
  return fault('value_error', `Value error, ${reason}`, input, { error: reason })
}

/** A fault placed at its parameter. */
export function at(loc: ValidationIssue['loc'], f: Fault): ValidationIssue {
  return { loc, ...f }
}

/** A required parameter that is absent. */
export function missing(loc: ValidationIssue['loc']): ValidationIssue {
  return { loc, msg: 'Field required', type: 'missing', input: null }
}

/** A `value_error` issue: `msg` is `Value error, <reason>` and `ctx.error` the reason alone. */
export function valueError(loc: ValidationIssue['loc'], reason: string, input: unknown): ValidationIssue {
  return { loc, msg: `Value error, ${reason}`, type: 'value_error', input, ctx: { error: reason } }
}

/** The 422 answer carrying these issues. */
export function unprocessable(detail: ValidationIssue[]): { status: 422; body: { detail: ValidationIssue[] } } {
  return { status: 422, body: { detail } }
}
