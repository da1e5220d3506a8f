/** The few JSON Schema shapes every response schema is built from. */
import type { JsonSchema } from '../params.ts'

export const str: JsonSchema = { type: 'string' }
export const int: JsonSchema = { type: 'integer' }
export const num: JsonSchema = { type: 'number' }
export const bool: JsonSchema = { type: 'boolean' }
export const timestamp: JsonSchema = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$' }
export const nullable = (s: JsonSchema): JsonSchema => ({ anyOf: [s, { type: 'null' }] })
export const arrayOf = (items: JsonSchema): JsonSchema => ({ type: 'array', items })
export const oneOfStrings = (values: readonly string[]): JsonSchema => ({ type: 'string', enum: [...values] })

/** A closed object: every property required unless named in `optional`. */
export function object(properties: Record<string, JsonSchema>, optional: readonly string[] = []): JsonSchema {
  return {
    type: 'object',
    properties,
    required: Object.keys(properties).filter((k) => !optional.includes(k)),
    additionalProperties: false,
  }
}
