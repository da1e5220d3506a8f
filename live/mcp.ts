/**
 * `/mcp`: the endpoints as MCP tools over Streamable HTTP (stateless: one server and transport
 * per request). One tool per registry endpoint, named `news_get_` plus the path words, whose input
 * schema is the endpoint's parameters as JSON Schema (the same as in /openapi.json). A call is
 * answered by the HTTP route itself, so a tool result is byte-for-byte the endpoint's JSON.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { type EndpointSpec, toolName } from '../core/endpoints.ts'
import { paramSchema } from '../core/params.ts'
import { RESPONSE_SCHEMAS } from '../core/response-schemas.ts'

export const MCP_MAX_BODY_BYTES = 1024 * 1024

export interface McpDeps {
  app: { handle: (request: Request) => Response | Promise<Response> }
  endpoints: readonly EndpointSpec[]
  version: string
}

export interface ToolDescription {
  name: string
  description: string
  inputSchema: { type: 'object'; properties: Record<string, unknown>; required: string[] }
  outputSchema?: Record<string, unknown>
}

export function describeTool(e: EndpointSpec): ToolDescription {
  const properties: Record<string, unknown> = {}
  for (const [name, spec] of [...Object.entries(e.pathParams), ...Object.entries(e.query)])
    properties[name] = paramSchema(spec)
  const output = RESPONSE_SCHEMAS[e.path]
  return {
    name: toolName(e.path),
    description: `${e.summary}. ${e.description} (GET ${e.path})`,
    inputSchema: { type: 'object', properties, required: [...Object.keys(e.pathParams), ...e.required] },
    ...(output === undefined ? {} : { outputSchema: output }),
  }
}

/**
 * The request URL a tool call stands for, on the origin the MCP request came to, so answers that
 * name their own URL (the feeds' self and home links) are the ones the HTTP endpoint gives.
 */
export function toolRequestUrl(e: EndpointSpec, args: Record<string, unknown>, origin = 'http://localhost'): string {
  const text = (v: unknown) => (Array.isArray(v) ? v.map(String).join(',') : String(v))
  let path = e.path
  for (const name of Object.keys(e.pathParams)) {
    path = path.replace(`{${name}}`, encodeURIComponent(args[name] === undefined ? '' : text(args[name])))
  }
  const query = new URLSearchParams()
  for (const name of Object.keys(e.query)) {
    const v = args[name]
    if (v !== undefined && v !== null) query.set(name, text(v))
  }
  const qs = query.toString()
  return `${origin}${path}${qs === '' ? '' : `?${qs}`}`
}

function buildServer(deps: McpDeps, origin: string): Server {
  const server = new Server({ name: 'newsdesk', version: deps.version }, { capabilities: { tools: {} } })
  const byName = new Map(deps.endpoints.map((e) => [toolName(e.path), e]))
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: deps.endpoints.map(describeTool) }))
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const endpoint = byName.get(request.params.name)
    if (endpoint === undefined) {
      return { isError: true, content: [{ type: 'text' as const, text: `Unknown tool ${request.params.name}` }] }
    }
    const response = await deps.app.handle(
      new Request(toolRequestUrl(endpoint, request.params.arguments ?? {}, origin)),
    )
    const text = await response.text()
    const isJson = (response.headers.get('content-type') ?? '').includes('json')
    if (response.status !== 200) return { isError: true, content: [{ type: 'text' as const, text }] }
    if (!isJson) return { content: [{ type: 'text' as const, text }] }
    return {
      content: [{ type: 'text' as const, text }],
      structuredContent: JSON.parse(text) as Record<string, unknown>,
    }
  })
  return server
}

export async function handleMcp(request: Request, deps: McpDeps): Promise<Response> {
  if (request.method === 'GET' || request.method === 'DELETE') {
    return new Response(
      JSON.stringify({ detail: 'Use POST: this MCP endpoint is stateless and opens no event stream' }),
      {
        status: 405,
        headers: { allow: 'POST', 'content-type': 'application/json', 'access-control-allow-origin': '*' },
      },
    )
  }
  const length = Number(request.headers.get('content-length') ?? '0')
  if (length > MCP_MAX_BODY_BYTES) {
    return new Response(JSON.stringify({ detail: `Request body over ${MCP_MAX_BODY_BYTES} bytes` }), {
      status: 413,
      headers: { 'content-type': 'application/json' },
    })
  }
  const server = buildServer(deps, new URL(request.url).origin)
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  })
  await server.connect(transport)
  const response = await transport.handleRequest(request)
  const headers = new Headers(response.headers)
  headers.set('access-control-allow-origin', '*')
  return new Response(response.body, { status: response.status, headers })
}
