/**
 * Parameter kinds of the endpoint registry. Each kind knows how to parse a raw query string
 * value, how to report a bad one in the contract's pydantic-style 422 form, and how to describe
 * itself as JSON Schema (for OpenAPI and the MCP tools). Nothing else in the project knows a bound.
 */
import { RANGE_FORMS, type WindowSpec, parseDateTime, parseDay, parseRangeValue, parseWindow } from './time-range.ts'
import { type Fault, fault, valueErrorFault } from './validation-error.ts'

export interface ValidationIssue {
  loc: (string | number)[]
  msg: string
  type: string
  input?: unknown
  ctx?: Record<string, unknown>
}

export type JsonSchema = Record<string, unknown>

interface Base {
  description: string
}

export type ParamSpec =
  | (Base & { kind: 'int'; min: number; max: number; default?: number })
  | (Base & { kind: 'number'; min: number; max: number; default?: number })
  | (Base & { kind: 'bool'; default: boolean })
  | (Base & { kind: 'enum'; values: readonly string[]; default?: string })
  | (Base & { kind: 'string'; maxLength: number; pattern?: RegExp; patternHint?: string })
  | (Base & { kind: 'list'; item: ListItem; maxItems: number })
  | (Base & { kind: 'range' })
  | (Base & { kind: 'day' })
  | (Base & { kind: 'instant' })
  | (Base & { kind: 'window'; window: WindowSpec; default: string; forms: string })

/** How items of a comma list are normalised and checked. */
export type ListItem =
  | { name: 'country' }
  | { name: 'lang' }
  | { name: 'host' }
  | { name: 'tld' }
  | { name: 'word' }
  | { name: 'entity' }
  | { name: 'enum'; values: readonly string[] }

/** Parsed value of a parameter kind. Ranges stay raw text until `now` is known (they need it). */
export type ParamValue = number | boolean | string | string[] | undefined

export interface ParseContext {
  nowMs: number
}

type Parsed = { ok: true; value: ParamValue } | { ok: false; issue: Fault }

const BOOL_TRUE = new Set(['true', '1', 'yes', 'on'])
const BOOL_FALSE = new Set(['false', '0', 'no', 'off'])

export function literalList(values: readonly string[]): string {
  const quoted = values.map((v) => `'${v}'`)
  return quoted.length <= 1 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`
}

const ITEM_PATTERNS: Record<
  Exclude<ListItem['name'], 'enum'>,
  { re: RegExp; hint: string; fold: 'upper' | 'lower' | 'none' }
> = {
  country: { re: /^[A-Za-z]{2}$/, hint: 'two-letter ISO 3166-1 country codes', fold: 'upper' },
  lang: { re: /^[A-Za-z]{2,3}$/, hint: 'ISO 639-1 language codes', fold: 'lower' },
  host: { re: /^[A-Za-z0-9.-]{1,253}$/, hint: 'host names', fold: 'lower' },
  tld: { re: /^\.?[A-Za-z0-9-]{1,63}$/, hint: 'top-level domains', fold: 'lower' },
  word: { re: /^[^,]{1,100}$/u, hint: 'words', fold: 'lower' },
  // An entity key (person:vladimir-putin) or a name (Vladimir Putin): a colon only after a type.
  entity: {
    re: /^(?:(?:person|organisation|place):[\p{L}\p{N}][\p{L}\p{N}-]{0,79}|(?=[^,:]{1,100}$)[^,:]*[\p{L}\p{N}][^,:]*)$/iu,
    hint: 'entity keys (person:…, organisation:…, place:…) or names',
    fold: 'none',
  },
}

/** Parses one raw value. `raw` is the last occurrence of the parameter in the query (last wins). */
export function parseParam(spec: ParamSpec, raw: string, ctx: ParseContext): Parsed {
  switch (spec.kind) {
    case 'int': {
      const text = raw.trim()
      if (!/^[+-]?\d{1,15}$/.test(text)) {
        return fail('int_parsing', 'Input should be a valid integer, unable to parse string as an integer', raw)
      }
      const n = Number(text)
      if (n < spec.min)
        return fail('greater_than_equal', `Input should be greater than or equal to ${spec.min}`, raw, { ge: spec.min })
      if (n > spec.max)
        return fail('less_than_equal', `Input should be less than or equal to ${spec.max}`, raw, { le: spec.max })
      return { ok: true, value: n }
    }
    case 'number': {
      const text = raw.trim()
      // Plain decimals only, as a user or a float's shortest form writes them (0.8500000000000001).
      if (!/^[+-]?(\d{1,20}(\.\d{0,20})?|\.\d{1,20})$/.test(text)) {
        return fail('float_parsing', 'Input should be a valid number, unable to parse string as a number', raw)
      }
      const n = Number(text)
      if (n < spec.min)
        return fail('greater_than_equal', `Input should be greater than or equal to ${spec.min}`, raw, { ge: spec.min })
      if (n > spec.max)
        return fail('less_than_equal', `Input should be less than or equal to ${spec.max}`, raw, { le: spec.max })
      return { ok: true, value: n }
    }
    case 'bool': {
      const t = raw.trim().toLowerCase()
      if (BOOL_TRUE.has(t)) return { ok: true, value: true }
      if (BOOL_FALSE.has(t)) return { ok: true, value: false }
      return fail('bool_parsing', 'Input should be a valid boolean, unable to interpret input', raw)
    }
    case 'enum': {
      const t = raw.trim()
      if (spec.values.includes(t)) return { ok: true, value: t }
      const expected = literalList(spec.values)
      return fail('literal_error', `Input should be ${expected}`, raw, { expected })
    }
    case 'string': {
      if (raw.length > spec.maxLength) {
        return fail('string_too_long', `String should have at most ${spec.maxLength} characters`, raw, {
          max_length: spec.maxLength,
        })
      }
      if (spec.pattern !== undefined && !spec.pattern.test(raw)) {
        return valueError(`must be ${spec.patternHint ?? `a string matching ${spec.pattern.source}`}`, raw)
      }
      return { ok: true, value: raw }
    }
    case 'list':
      return parseList(spec, raw)
    case 'range':
      return parseRangeValue(raw, ctx.nowMs) === null
        ? valueError(`expected ${RANGE_FORMS}`, raw)
        : { ok: true, value: raw.trim() }
    case 'day':
      return parseDay(raw.trim()) === null
        ? valueError('expected a calendar day as YYYY-MM-DD', raw)
        : { ok: true, value: raw.trim() }
    case 'instant':
      return parseDay(raw.trim()) === null && parseDateTime(raw.trim()) === null
        ? valueError('expected an ISO 8601 date or date-time', raw)
        : { ok: true, value: raw.trim() }
    case 'window':
      return parseWindow(raw, spec.window) === null
        ? valueError(`expected ${spec.forms}`, raw)
        : { ok: true, value: raw.trim() }
  }
}

function parseList(spec: Extract<ParamSpec, { kind: 'list' }>, raw: string): Parsed {
  const items = raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
  if (items.length > spec.maxItems) {
    return fail(
      'too_long',
      `List should have at most ${spec.maxItems} items after validation, not ${items.length}`,
      raw,
      {
        field_type: 'List',
        max_length: spec.maxItems,
        actual_length: items.length,
      },
    )
  }
  if (spec.item.name === 'enum') {
    const allowed = spec.item.values
    const bad = items.find((i) => !allowed.includes(i.toLowerCase()))
    if (bad !== undefined) {
      const expected = literalList(allowed)
      return fail('literal_error', `Input should be ${expected}`, raw, { expected })
    }
    return { ok: true, value: [...new Set(items.map((i) => i.toLowerCase()))] }
  }
  const rule = ITEM_PATTERNS[spec.item.name]
  const bad = items.find((i) => !rule.re.test(i))
  if (bad !== undefined) return valueError(`expected comma-separated ${rule.hint}; "${bad}" is not one`, raw)
  const folded = items.map((i) => {
    const f = rule.fold === 'upper' ? i.toUpperCase() : rule.fold === 'lower' ? i.toLowerCase() : i
    return spec.item.name === 'tld' ? f.replace(/^\./, '') : f
  })
  return { ok: true, value: [...new Set(folded)] }
}

function fail(type: string, msg: string, input: string, ctx?: Record<string, unknown>): Parsed {
  return { ok: false, issue: fault(type, msg, input, ctx) }
}

function valueError(reason: string, input: string): Parsed {
  return { ok: false, issue: valueErrorFault(reason, input) }
}

/** JSON Schema of a parameter, for OpenAPI and the MCP tools' input schemas. */
export function paramSchema(spec: ParamSpec): JsonSchema {
  const d = { description: spec.description }
  switch (spec.kind) {
    case 'int':
      return {
        type: 'integer',
        minimum: spec.min,
        maximum: spec.max,
        ...(spec.default === undefined ? {} : { default: spec.default }),
        ...d,
      }
    case 'number':
      return {
        type: 'number',
        minimum: spec.min,
        maximum: spec.max,
        ...(spec.default === undefined ? {} : { default: spec.default }),
        ...d,
      }
    case 'bool':
      return { type: 'boolean', default: spec.default, ...d }
    case 'enum':
      return {
        type: 'string',
        enum: [...spec.values],
        ...(spec.default === undefined ? {} : { default: spec.default }),
        ...d,
      }
    case 'string':
      return {
        type: 'string',
        maxLength: spec.maxLength,
        ...(spec.pattern ? { pattern: spec.pattern.source } : {}),
        ...d,
      }
    case 'list':
      return { type: 'string', ...d }
    case 'range':
      return { type: 'string', ...d, examples: ['2026-11-01', '2026-11-01T12:00:00Z', '1793534400', 'now-7d'] }
    case 'day':
      return { type: 'string', format: 'date', ...d }
    case 'instant':
      return { type: 'string', ...d, examples: ['2026-11-21T00:00:00Z'] }
    case 'window':
      return { type: 'string', default: spec.default, pattern: `^\\d+[${spec.window.units.join('')}]$`, ...d }
  }
}
