/**
 * The API reference as Markdown (docs/api.md), rendered from the endpoint registry
 * (core/endpoints.ts), the parameter kinds (core/params.ts) and the response schemas
 * (core/response-schemas.ts). Pure and deterministic: no clock, no files, so the checked-in
 * document can be compared with it (test/core/api-reference.test.ts).
 * `bun run scripts/build-api-docs.ts` writes the file.
 */
import { ENDPOINTS, type EndpointSpec, toolName } from './endpoints.ts'
import type { JsonSchema, ListItem, ParamSpec } from './params.ts'
import { RESPONSE_SCHEMAS } from './response-schemas.ts'
import { RANGE_FORMS } from './time-range.ts'
import { validateRequest } from './validate.ts'

export const API_DOC_PATH = 'docs/api.md'
export const API_DOC_COMMAND = 'bun run scripts/build-api-docs.ts'

const GROUP_TITLES: Record<EndpointSpec['group'], string> = {
  search: 'Search',
  trends: 'Trends',
  btc: 'BTC',
  markets: 'Markets',
  service: 'Service',
}

/** Bodies that are not JSON (no response schema): the feeds. */
const NON_JSON_BODIES: Readonly<Record<string, string>> = {
  '/v1/rss': 'An RSS 2.0 document (`application/rss+xml`), not JSON.',
  '/v1/atom': 'An Atom 1.0 document (`application/atom+xml`), not JSON.',
}

const LIST_ITEMS: Record<Exclude<ListItem['name'], 'enum'>, string> = {
  country: 'two-letter country codes',
  lang: 'language codes',
  host: 'host names',
  tld: 'top-level domains',
  word: 'words',
  entity: 'entity keys or names',
}

const TIMESTAMP_PATTERN = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$'

export function renderApiReference(): string {
  const out: string[] = []
  out.push(
    '# Newsdesk API reference',
    '',
    `<!-- Generated from core/endpoints.ts, core/params.ts and core/response-schemas.ts by \`${API_DOC_COMMAND}\` (core/api-reference.ts). Do not edit by hand: change the registry and run the command again; test/core/api-reference.test.ts fails while this file is stale. -->`,
    '',
    ...intro(),
  )
  const groups = [...new Set(ENDPOINTS.map((e) => e.group))]
  for (const group of groups) {
    out.push(`## ${GROUP_TITLES[group]}`, '')
    for (const e of ENDPOINTS.filter((x) => x.group === group)) out.push(...endpointSection(e))
  }
  return `${out.join('\n').trimEnd()}\n`
}

function intro(): string[] {
  const example = validateRequest(
    ENDPOINTS.find((e) => e.path === '/v1/search') as EndpointSpec,
    new URLSearchParams('size=500&sentiment=happy'),
    {},
    0,
  )
  const body = example.ok ? {} : { detail: example.detail }
  return [
    'Every endpoint answers `GET` with JSON unless noted, needs no key, and is served by the',
    'live node at `http://localhost:8000` when run locally (`PORT`, default 8000). Some default answers',
    'are also published as snapshot files under the same `/v1/...` paths.',
    '',
    '- `/openapi.json`: the same registry as an OpenAPI document (interactive at `/docs`).',
    '- `/mcp`: every endpoint below as an MCP tool (Streamable HTTP); the tool name is given with each',
    "  endpoint, its input schema is the parameter table and its result the endpoint's JSON.",
    '',
    '### Parameters and errors',
    '',
    'Query parameters not listed are ignored; a repeated parameter takes its last value; lists are',
    'comma-separated. A request whose parameters do not validate gets `422` with every fault, in',
    'pydantic v2 form: `loc` is `["query"|"path", name]`, `msg` and `type` say what is wrong, `input`',
    'is the value received and `ctx` holds the bound or reason. `GET /v1/search?size=500&sentiment=happy`:',
    '',
    '```json',
    JSON.stringify(body, null, 2),
    '```',
    '',
    'A missing required parameter is `{"loc": ["query", name], "msg": "Field required", "type": "missing", "input": null}`.',
    'An unknown article, trend or instrument, or an unknown path, is `404` with `{"detail": "<reason>"}`.',
    'Before the first build has finished, data endpoints answer `503` with `Retry-After`.',
    '',
  ]
}

function endpointSection(e: EndpointSpec): string[] {
  const out = [
    `### \`GET ${e.path}\``,
    '',
    `**${text(e.summary)}.** ${text(e.description)}`,
    '',
    `MCP tool: \`${toolName(e.path)}\``,
    '',
  ]
  const rows: string[] = []
  for (const [name, spec] of Object.entries(e.pathParams)) rows.push(paramRow(`\`${name}\` (path)`, spec, 'required'))
  for (const [name, spec] of Object.entries(e.query)) rows.push(paramRow(`\`${name}\``, spec, defaultOf(e, name, spec)))
  if (rows.length === 0) out.push('No parameters.', '')
  else out.push('| Parameter | Type | Default | Allowed | Description |', '|---|---|---|---|---|', ...rows, '')
  out.push(...responseSection(e.path))
  return out
}

function defaultOf(e: EndpointSpec, name: string, spec: ParamSpec): string {
  if (e.required.includes(name)) return 'required'
  if ('default' in spec && spec.default !== undefined) return `\`${String(spec.default)}\``
  if (e.defaultRangeDays !== undefined && name === 'to') return 'now'
  if (e.defaultRangeDays !== undefined && name === 'from') {
    // The gridded BTC answers align `from` down to the start of its interval (core/btc/ranges.ts).
    return `\`to\` − ${e.defaultRangeDays} days${'interval' in e.query ? ', aligned down to the interval' : ''}`
  }
  return ''
}

function paramRow(name: string, spec: ParamSpec, def: string): string {
  const [type, allowed] = describeKind(spec)
  return `| ${name} | ${type} | ${def} | ${allowed} | ${text(spec.description)} |`
}

/** The type column and the allowed-values column of one parameter. */
function describeKind(spec: ParamSpec): [string, string] {
  switch (spec.kind) {
    case 'int':
      return ['integer', `${spec.min} to ${spec.max}`]
    case 'number':
      return ['number', `${spec.min} to ${spec.max}`]
    case 'bool':
      return ['boolean', '`true`/`false` (also `1`/`0`, `yes`/`no`, `on`/`off`)']
    case 'enum':
      return ['string', values(spec.values)]
    case 'string': {
      const pattern =
        spec.pattern === undefined ? '' : `, ${text(spec.patternHint ?? `matching ${spec.pattern.source}`)}`
      return ['string', `at most ${spec.maxLength} characters${pattern}`]
    }
    case 'list': {
      const items = spec.item.name === 'enum' ? values(spec.item.values) : LIST_ITEMS[spec.item.name]
      return ['list', `at most ${spec.maxItems} of: ${items}`]
    }
    case 'range':
      return ['time', text(RANGE_FORMS)]
    case 'day':
      return ['date', 'YYYY-MM-DD']
    case 'instant':
      return ['time', 'an ISO 8601 date or date-time']
    case 'window':
      return ['window', text(spec.forms)]
  }
}

function responseSection(path: string): string[] {
  const schema = RESPONSE_SCHEMAS[path]
  if (schema === undefined) return [`Response: ${NON_JSON_BODIES[path] ?? 'not JSON.'}`, '']
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>
  const required = new Set((schema.required ?? []) as string[])
  const rows = Object.entries(properties).map(
    ([name, s]) => `| \`${name}\` | ${schemaType(s)} | ${required.has(name) ? 'yes' : 'no'} |`,
  )
  return ['Response fields (top level):', '', '| Field | Type | Required |', '|---|---|---|', ...rows, '']
}

/** A short type name for a JSON Schema (top-level fields only, so nested objects are just "object"). */
function schemaType(s: JsonSchema): string {
  if (Array.isArray(s.anyOf)) {
    const parts = (s.anyOf as JsonSchema[]).map(schemaType)
    return parts.join(' or ')
  }
  if (Array.isArray(s.oneOf)) return (s.oneOf as JsonSchema[]).map(schemaType).join(' or ')
  if (s.const !== undefined) return `\`${JSON.stringify(s.const)}\``
  if (Array.isArray(s.enum)) return `string: ${values(s.enum as string[])}`
  switch (s.type) {
    case 'array':
      return `array of ${schemaType((s.items ?? {}) as JsonSchema)}`
    case 'string':
      return s.pattern === TIMESTAMP_PATTERN ? 'timestamp (UTC, `YYYY-MM-DDTHH:MM:SSZ`)' : 'string'
    case 'integer':
    case 'number':
    case 'boolean':
    case 'object':
    case 'null':
      return s.type
    default:
      return 'any'
  }
}

function values(list: readonly string[]): string {
  return list.map((v) => `\`${v}\``).join(', ')
}

/** Text for a Markdown table cell or paragraph: no raw HTML, no cell breaks. */
function text(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\|/g, '\\|')
}
