/**
 * What every answer of the live node must satisfy, whatever the request: never a 5xx; a 422 in
 * the contract's validation format naming a parameter of the endpoint; a 404 as `{detail}`; a 200
 * valid against the endpoint's response schema (feeds: well-formed XML parsed back, or JSON Feed);
 * never a stack trace or a server path in a body.
 */
import Ajv from 'ajv'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import type { EndpointSpec } from '../../core/endpoints.ts'
import { DETAIL_SCHEMA, RESPONSE_SCHEMAS, VALIDATION_ERROR_SCHEMA } from '../../core/response-schemas.ts'
import { matchEndpoint } from '../../answers/answer.ts'

const ajv = new Ajv({ allErrors: true, strict: false })
const validators = {
  detail: ajv.compile(DETAIL_SCHEMA),
  validation: ajv.compile(VALIDATION_ERROR_SCHEMA),
  bodies: new Map(Object.entries(RESPONSE_SCHEMAS).map(([path, schema]) => [path, ajv.compile(schema)])),
}
const xml = new XMLParser({ ignoreAttributes: false })

/** pydantic v2 error types the registry's kinds produce (core/params.ts, core/validate.ts). */
const ISSUE_TYPES = new Set([
  'missing',
  'int_parsing',
  'float_parsing',
  'greater_than_equal',
  'less_than_equal',
  'bool_parsing',
  'literal_error',
  'value_error',
  'string_too_long',
  'too_long',
])

const LEAKS = [process.cwd(), 'node_modules', /\n\s+at /, /Error: /]

export interface Verdict {
  ok: boolean
  reason?: string
}

const bad = (reason: string): Verdict => ({ ok: false, reason })

function leak(text: string): string | null {
  for (const l of LEAKS) if (typeof l === 'string' ? text.includes(l) : l.test(text)) return String(l)
  return null
}

/** The registry endpoint that answered this path, if any (a trailing slash may be tolerated by the router). */
function servedBy(pathname: string): EndpointSpec | null {
  return (matchEndpoint(pathname) ?? matchEndpoint(pathname.replace(/\/+$/, '')))?.endpoint ?? null
}

function checkValidation(body: unknown, endpoint: EndpointSpec | null): Verdict {
  if (!validators.validation(body))
    return bad(`422 body not in the validation format: ${ajv.errorsText(validators.validation.errors)}`)
  const detail = (body as { detail: { loc: unknown[]; type: string; msg: string; ctx?: Record<string, unknown> }[] })
    .detail
  if (detail.length === 0) return bad('422 with an empty detail list')
  for (const d of detail) {
    const [where, name] = d.loc
    if (d.loc.length !== 2 || (where !== 'query' && where !== 'path')) return bad(`422 loc ${JSON.stringify(d.loc)}`)
    const params = where === 'query' ? endpoint?.query : endpoint?.pathParams
    if (params !== undefined && !(String(name) in params))
      return bad(`422 names ${String(name)}, not a ${where} parameter of ${endpoint?.path}`)
    if (!ISSUE_TYPES.has(d.type)) return bad(`422 type ${d.type}`)
    if (d.msg === '') return bad('422 with an empty msg')
    if (d.type === 'greater_than_equal' && typeof d.ctx?.ge !== 'number')
      return bad('greater_than_equal without ctx.ge')
    if (d.type === 'less_than_equal' && typeof d.ctx?.le !== 'number') return bad('less_than_equal without ctx.le')
  }
  return { ok: true }
}

function checkOk(text: string, contentType: string, endpoint: EndpointSpec): Verdict {
  if (endpoint.path === '/v1/rss' || endpoint.path === '/v1/atom') {
    const valid = XMLValidator.validate(text)
    if (valid !== true) return bad(`${endpoint.path} is not well-formed XML: ${valid.err.msg} (line ${valid.err.line})`)
    const doc = xml.parse(text) as Record<string, unknown>
    const root = endpoint.path === '/v1/rss' ? 'rss' : 'feed'
    if (doc[root] === undefined) return bad(`${endpoint.path} has no <${root}> root`)
    return { ok: true }
  }
  if (!contentType.includes('json')) return bad(`200 with content-type ${contentType}`)
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return bad('200 body is not JSON')
  }
  const validate = validators.bodies.get(endpoint.path)
  if (validate === undefined) return bad(`no response schema for ${endpoint.path}`)
  if (!validate(body)) return bad(`200 body invalid for ${endpoint.path}: ${ajv.errorsText(validate.errors)}`)
  return { ok: true }
}

/** Checks one answer; `pathname` is the path the server saw (after URL normalisation; `/x/..` is the page at `/`). */
export function judge(pathname: string, status: number, contentType: string, text: string): Verdict {
  if (status >= 500) return bad(`status ${status}: ${text.slice(0, 200)}`)
  const leaked = leak(text)
  if (leaked !== null) return bad(`body leaks ${leaked}`)
  const endpoint = servedBy(pathname)
  let body: unknown = null
  if (status === 422 || status === 404) {
    try {
      body = JSON.parse(text)
    } catch {
      return bad(`${status} body is not JSON`)
    }
  }
  switch (status) {
    case 200:
      if (pathname === '/')
        return contentType.startsWith('text/html') ? { ok: true } : bad(`the page answered ${contentType}`)
      return endpoint === null ? bad(`200 for ${pathname}, which is no endpoint`) : checkOk(text, contentType, endpoint)
    case 422:
      return checkValidation(body, endpoint)
    case 404:
      return validators.detail(body) ? { ok: true } : bad(`404 body ${text.slice(0, 200)}`)
    case 304:
    case 400:
    case 405:
    case 414:
    case 431:
      return { ok: true }
    default:
      return bad(`unexpected status ${status}`)
  }
}
