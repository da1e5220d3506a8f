/**
 * One request → one payload: validation from the registry, the handler, and the mapping of the
 * errors a caller can act on (404, 422). The live node and the snapshot writer both go through
 * here, so a snapshot file and a live answer for the same URL and instant are the same bytes.
 */
import { ENDPOINTS, type EndpointSpec } from '../core/endpoints.ts'
import { QuerySyntaxError } from '../core/search/query-syntax.ts'
import { validateRequest } from '../core/validate.ts'
import { unprocessable, valueError } from '../core/validation-error.ts'
import { type DataView, type Handler, NotFound, type Payload } from './context.ts'

export function answerRequest(
  endpoint: EndpointSpec,
  handler: Handler,
  data: DataView,
  nowMs: number,
  url: URL,
  pathValues: Readonly<Record<string, string | null | undefined>>,
): Payload {
  const checked = validateRequest(endpoint, url.searchParams, pathValues, nowMs)
  if (!checked.ok) return unprocessable(checked.detail)
  try {
    return handler(checked.params, { data, nowMs, url })
  } catch (error) {
    if (error instanceof NotFound) return { status: 404, body: { detail: error.message } }
    if (error instanceof QuerySyntaxError) {
      return unprocessable([valueError(['query', 'q'], error.message, url.searchParams.get('q'))])
    }
    throw error
  }
}

const PATTERNS = ENDPOINTS.map((e) => ({
  endpoint: e,
  names: [...e.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string),
  re: new RegExp(`^${e.path.replace(/\./g, '\\.').replace(/\{\w+\}/g, '([^/]+)')}$`),
}))

/** The registry endpoint a concrete path belongs to, with its decoded path values. */
export function matchEndpoint(pathname: string): { endpoint: EndpointSpec; pathValues: Record<string, string> } | null {
  // Fixed paths win over templates (/v1/trends/keywords is not /v1/trends/{cc}/{slug}).
  const ordered = [...PATTERNS].sort((a, b) => a.names.length - b.names.length)
  for (const p of ordered) {
    const m = p.re.exec(pathname)
    if (m === null) continue
    const pathValues: Record<string, string> = {}
    try {
      p.names.forEach((name, i) => {
        pathValues[name] = decodeURIComponent(m[i + 1] as string)
      })
    } catch {
      return null
    }
    return { endpoint: p.endpoint, pathValues }
  }
  return null
}
