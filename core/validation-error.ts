/**
 * The contract's 422 body (DECISIONS.md: pydantic v2 words): `{detail: [{loc, msg, type, input, ctx}]}`.
 * Checks that go beyond one parameter's kind (a range that ends before it starts, a query the
 * parser refuses, a grid with too many periods) build their issues and bodies here, so every 422
 * has the same keys in the same order. Per-kind faults come from core/params.ts.
 */
import type { ValidationIssue } from './params.ts'

/** A `value_error` issue: `msg` is `Value error, <reason>` and `ctx.error` the reason alone. */
export function valueError(loc: ValidationIssue['loc'], reason: string, input: unknown): ValidationIssue {
  return { loc, msg: `Value error, ${reason}`, type: 'value_error', input, ctx: { error: reason } }
}

/** The 422 answer carrying these issues. */
export function unprocessable(detail: ValidationIssue[]): { status: 422; body: { detail: ValidationIssue[] } } {
  return { status: 422, body: { detail } }
}
