import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { API_DOC_COMMAND, API_DOC_PATH, renderApiReference } from '../../core/api-reference.ts'
import { ENDPOINTS, toolName } from '../../core/endpoints.ts'
import { RESPONSE_SCHEMAS } from '../../core/response-schemas.ts'

const rendered = renderApiReference()

describe('docs/api.md', () => {
  test('is current with the registry', () => {
    const onDisk = readFileSync(resolve(import.meta.dir, '../..', API_DOC_PATH), 'utf8')
    if (onDisk !== rendered) {
      throw new Error(
        `${API_DOC_PATH} is stale: the endpoint registry changed since it was written. Regenerate it with \`${API_DOC_COMMAND}\` and commit the result.`,
      )
    }
  })

  test('is deterministic', () => {
    expect(renderApiReference()).toBe(rendered)
  })
})

describe('renderApiReference', () => {
  test.each(ENDPOINTS.map((e) => [e.path, e] as const))('%s: heading, MCP tool and every parameter', (path, e) => {
    const section = sectionOf(path)
    expect(section).toContain(`MCP tool: \`${toolName(path)}\``)
    for (const name of Object.keys(e.pathParams)) expect(section).toContain(`| \`${name}\` (path) |`)
    for (const name of Object.keys(e.query)) expect(section).toContain(`| \`${name}\` |`)
    for (const name of e.required) expect(section).toMatch(new RegExp(`\\| \`${name}\` \\| [^|]+ \\| required \\|`))
    const schema = RESPONSE_SCHEMAS[path]
    for (const field of Object.keys((schema?.properties ?? {}) as object)) expect(section).toContain(`| \`${field}\` |`)
  })

  test('names /openapi.json, /mcp and the 422 and 404 forms', () => {
    expect(rendered).toContain('`/openapi.json`')
    expect(rendered).toContain('`/mcp`')
    expect(rendered).toContain('"type": "less_than_equal"')
    expect(rendered).toContain('"loc": [')
    expect(rendered).toContain('{"detail": "<reason>"}')
  })

  test('has no clock-dependent text', () => {
    expect(rendered).not.toMatch(/20\d\d-\d\d-\d\dT/)
  })
})

/** The text from an endpoint's heading to the next heading of the same or a higher level. */
function sectionOf(path: string): string {
  const start = rendered.indexOf(`### \`GET ${path}\`\n`)
  expect(start).toBeGreaterThanOrEqual(0)
  const next = rendered.slice(start + 1).search(/\n##+ /)
  return next < 0 ? rendered.slice(start) : rendered.slice(start, start + 1 + next)
}
