/**
 * Reading validated parameters (core/validate.ts) of the trends endpoints. Validation has applied
 * the registry's defaults; a missing value falls back to the same registry default, so a bound or
 * a default is never written here.
 */
import { findEndpoint } from '../endpoints.ts'
import type { Params } from '../validate.ts'

export type TrendsPath = '/v1/trends' | '/v1/trends/keywords' | '/v1/trends/countries' | '/v1/trends/{cc}/{slug}'

/** An integer parameter, or its registry default. */
export function intParam(params: Params, path: TrendsPath, name: string): number {
  const v = params[name]
  if (typeof v === 'number') return v
  const spec = findEndpoint(path)?.query[name]
  if (spec?.kind !== 'int' || spec.default === undefined)
    throw new Error(`registry: ${path} has no int parameter ${name} with a default`)
  return spec.default
}

/** An enum parameter, or its registry default. */
export function enumParam<T extends string>(params: Params, path: TrendsPath, name: string): T {
  const v = params[name]
  const spec = findEndpoint(path)?.query[name]
  if (spec?.kind !== 'enum') throw new Error(`registry: ${path} has no enum parameter ${name}`)
  if (typeof v === 'string' && spec.values.includes(v)) return v as T
  if (spec.default === undefined) throw new Error(`registry: ${path} ${name} has no default`)
  return spec.default as T
}

/** A list parameter (already trimmed, deduplicated and case-folded), or undefined when absent or empty. */
export function listParam(params: Params, name: string): string[] | undefined {
  const v = params[name]
  return Array.isArray(v) && v.length > 0 ? v : undefined
}

/** A string parameter, or undefined when absent or blank. */
export function stringParam(params: Params, name: string): string | undefined {
  const v = params[name]
  return typeof v === 'string' && v.trim() !== '' ? v : undefined
}
