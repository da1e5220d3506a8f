/** The OpenAPI operation of each registry endpoint: parameters with bounds and defaults, responses. */
import type { EndpointSpec } from '../core/endpoints.ts'
import { type JsonSchema, paramSchema } from '../core/params.ts'
import { RESPONSE_SCHEMAS, VALIDATION_ERROR_SCHEMA, DETAIL_SCHEMA } from '../core/response-schemas.ts'

export function operationDetail(e: EndpointSpec): Record<string, unknown> {
  const parameters = [
    ...Object.entries(e.pathParams).map(([name, spec]) => ({
      name,
      in: 'path',
      required: true,
      description: spec.description,
      schema: paramSchema(spec),
    })),
    ...Object.entries(e.query).map(([name, spec]) => ({
      name,
      in: 'query',
      required: e.required.includes(name),
      description: spec.description,
      schema: paramSchema(spec),
    })),
  ]
  const json = (schema: JsonSchema, description: string) => ({
    description,
    content: { 'application/json': { schema } },
  })
  const responses: Record<string, unknown> = {}
  const schema = RESPONSE_SCHEMAS[e.path]
  if (e.path === '/v1/rss' || e.path === '/v1/atom') {
    const type = e.path === '/v1/rss' ? 'application/rss+xml' : 'application/atom+xml'
    responses['200'] = { description: 'The feed document', content: { [type]: { schema: { type: 'string' } } } }
  } else if (e.path === '/v1/feed.json') {
    responses['200'] = { description: 'JSON Feed 1.1', content: { 'application/feed+json': { schema } } }
  } else {
    responses['200'] = json(schema ?? { type: 'object' }, 'Successful response')
  }
  if (parameters.length > 0) responses['422'] = json(VALIDATION_ERROR_SCHEMA, 'Validation error')
  if (Object.keys(e.pathParams).length > 0 || e.path === '/v1/article')
    responses['404'] = json(DETAIL_SCHEMA, 'Not found')
  responses['503'] = json(DETAIL_SCHEMA, 'No data loaded yet (Retry-After says when to try again)')
  return {
    summary: e.summary,
    description: e.description,
    tags: [e.group],
    operationId: e.path
      .replace(/[{}]/g, '')
      .split(/[/.]+/)
      .filter(Boolean)
      .map((w, i) => (i === 0 ? w : w[0]?.toUpperCase() + w.slice(1)))
      .join(''),
    parameters,
    responses,
  }
}
