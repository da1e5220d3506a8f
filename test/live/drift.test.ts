/**
 * The registry is the one source: registry paths = routes = OpenAPI paths = MCP tools, as sets, and
 * every parameter's bounds, default, allowed values and required flag are the registry's in the
 * OpenAPI document served at /openapi.json and in each MCP tool's input schema. Expected schema
 * facts are read off the registry's ParamSpec fields here, not through the code that renders them.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { ENDPOINTS, type EndpointSpec, toolName } from '../../core/endpoints.ts'
import type { ParamSpec } from '../../core/params.ts'
import { snapshotDownloads } from '../../live/snapshot-downloads.ts'
import { tempDir } from '../support/tmp.ts'
import { fixtureApp, listenOnLoopback } from './app-support.ts'

const snapshots = tempDir('drift-snapshots')
const f = fixtureApp()
/** Configured like live/server.ts: the snapshot downloads are mounted. */
const prod = fixtureApp({ snapshotsRoot: snapshots.dir })
let base = ''
let prodBase = ''
beforeAll(() => {
  base = listenOnLoopback(f.app)
  prodBase = listenOnLoopback(prod.app)
})
afterAll(async () => {
  await f.app.stop()
  await prod.app.stop()
  f.cleanup()
  prod.cleanup()
  snapshots.cleanup()
})

const openApiPath = (elysia: string) => elysia.replace(/:(\w+)/g, '{$1}')
const registry = new Set(ENDPOINTS.map((e) => e.path))
/** Routes that are not API endpoints: the docs, the web page and the MCP transport. */
const SERVICE_ROUTES = [
  'GET /docs',
  'GET /openapi.json',
  'GET /docs/assets/{file}',
  'GET /',
  'GET /assets/{file}',
  'ALL /mcp',
  'OPTIONS /*',
]
const downloadPaths = new Set(snapshotDownloads(snapshots.dir).routes.map((r) => openApiPath(r.path)))
const routesOf = (app: typeof f.app) => new Set(app.routes.map((r) => `${r.method} ${openApiPath(r.path)}`))
const getRoutes = (paths: Iterable<string>) => [...paths].map((p) => `GET ${p}`)

interface OpenApiParameter {
  name: string
  in: string
  required: boolean
  description: string
  schema: Record<string, unknown>
}
interface OpenApiDoc {
  paths: Record<string, { get: { tags?: string[]; parameters?: OpenApiParameter[] } }>
}
const openApi = async (origin: string) => (await (await fetch(`${origin}/openapi.json`)).json()) as OpenApiDoc

describe('the same endpoint set everywhere', () => {
  test('the registry has the 20 contract endpoints and the 2 entity ones, each path and tool name once', () => {
    expect(ENDPOINTS.length).toBe(22)
    expect(registry.size).toBe(22)
    expect(new Set(ENDPOINTS.map((e) => toolName(e.path))).size).toBe(22)
    expect(ENDPOINTS.map((e) => e.path).filter((p) => p.startsWith('/v1/entities'))).toEqual([
      '/v1/entities',
      '/v1/entities/{key}',
    ])
  })

  test('routes = registry + the service routes', () => {
    expect(routesOf(f.app)).toEqual(new Set([...getRoutes(registry), ...SERVICE_ROUTES]))
  })

  test('OpenAPI paths = registry', async () => {
    expect(new Set(Object.keys((await openApi(base)).paths))).toEqual(registry)
  })

  test('MCP tools = registry', async () => {
    const tools = await listTools(base)
    expect(new Set(tools.map((t) => t.name))).toEqual(new Set(ENDPOINTS.map((e) => toolName(e.path))))
  })

  test('production-like app: exactly the 20 contract paths plus the snapshot downloads', async () => {
    expect(downloadPaths.size).toBeGreaterThan(0)
    for (const p of downloadPaths) {
      expect(p).toStartWith('/snapshots/')
      expect(registry.has(p)).toBe(false)
    }
    const doc = await openApi(prodBase)
    expect(new Set(Object.keys(doc.paths))).toEqual(new Set([...registry, ...downloadPaths]))
    for (const p of downloadPaths) expect(doc.paths[p]?.get.tags).toEqual(['downloads'])
    expect(routesOf(prod.app)).toEqual(
      new Set([...getRoutes(registry), ...getRoutes(downloadPaths), ...SERVICE_ROUTES]),
    )
    const tools = await listTools(prodBase)
    expect(new Set(tools.map((t) => t.name))).toEqual(new Set(ENDPOINTS.map((e) => toolName(e.path))))
  })
})

/** The schema facts a client relies on, straight from the registry's parameter spec. */
function expectedFacts(spec: ParamSpec): Record<string, unknown> {
  switch (spec.kind) {
    case 'int':
      return { type: 'integer', minimum: spec.min, maximum: spec.max, default: spec.default }
    case 'number':
      return { type: 'number', minimum: spec.min, maximum: spec.max, default: spec.default }
    case 'bool':
      return { type: 'boolean', default: spec.default }
    case 'enum':
      return { type: 'string', enum: [...spec.values], default: spec.default }
    case 'string':
      return { type: 'string', maxLength: spec.maxLength, pattern: spec.pattern?.source }
    case 'window':
      return { type: 'string', default: spec.default }
    case 'list':
    case 'range':
    case 'day':
    case 'instant':
      return { type: 'string' }
  }
}

const FACT_KEYS = ['type', 'minimum', 'maximum', 'default', 'enum', 'maxLength', 'pattern'] as const
/** A window's pattern is checked by what it accepts (windowPatternAgrees), not by its text. */
const factsOf = (schema: Record<string, unknown>, spec: ParamSpec) =>
  Object.fromEntries(
    FACT_KEYS.filter((k) => schema[k] !== undefined && !(spec.kind === 'window' && k === 'pattern')).map((k) => [
      k,
      schema[k],
    ]),
  )

const ALL_WINDOW_UNITS = ['m', 'h', 'd', 'w', 'y']
/** A window schema's pattern admits <N><unit> for exactly the registry's units. */
function windowPatternAgrees(schema: Record<string, unknown>, spec: ParamSpec): boolean {
  if (spec.kind !== 'window') return true
  if (typeof schema.pattern !== 'string') return false
  const re = new RegExp(schema.pattern)
  const units: readonly string[] = spec.window.units
  return ALL_WINDOW_UNITS.every((u) => re.test(`15${u}`) === units.includes(u)) && !re.test('h') && !re.test('1.5h')
}
const withoutUndefined = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined))

const paramsOf = (e: EndpointSpec) => [
  ...Object.entries(e.pathParams).map(([name, spec]) => ({ name, in: 'path', spec, required: true })),
  ...Object.entries(e.query).map(([name, spec]) => ({ name, in: 'query', spec, required: e.required.includes(name) })),
]

async function listTools(origin: string) {
  const client = new Client({ name: 'drift', version: '1.0.0' })
  await client.connect(new StreamableHTTPClientTransport(new URL(`${origin}/mcp`)))
  const { tools } = await client.listTools()
  await client.close()
  return tools
}

describe('every parameter has the registry bounds, default, values and required flag', () => {
  test.each(ENDPOINTS.map((e) => [e.path, e] as const))('OpenAPI %s', async (_path, e) => {
    const op = (await openApi(base)).paths[e.path]?.get
    const params = op?.parameters ?? []
    expect(params.map((p) => `${p.in}:${p.name}`).sort()).toEqual(
      paramsOf(e)
        .map((p) => `${p.in}:${p.name}`)
        .sort(),
    )
    for (const want of paramsOf(e)) {
      const got = params.find((p) => p.name === want.name && p.in === want.in)
      expect({
        name: want.name,
        required: got?.required,
        facts: factsOf(got?.schema ?? {}, want.spec),
        window: windowPatternAgrees(got?.schema ?? {}, want.spec),
      }).toEqual({
        name: want.name,
        required: want.required,
        facts: withoutUndefined(expectedFacts(want.spec)),
        window: true,
      })
      expect(got?.description).toBe(want.spec.description)
    }
  })

  test('MCP input schemas', async () => {
    const tools = await listTools(base)
    for (const e of ENDPOINTS) {
      const tool = tools.find((t) => t.name === toolName(e.path))
      const properties = (tool?.inputSchema.properties ?? {}) as Record<string, Record<string, unknown>>
      expect(Object.keys(properties).sort()).toEqual(
        paramsOf(e)
          .map((p) => p.name)
          .sort(),
      )
      expect([...(tool?.inputSchema.required ?? [])].sort()).toEqual(
        paramsOf(e)
          .filter((p) => p.required)
          .map((p) => p.name)
          .sort(),
      )
      for (const want of paramsOf(e)) {
        const schema = properties[want.name] ?? {}
        expect({
          tool: tool?.name,
          name: want.name,
          facts: factsOf(schema, want.spec),
          window: windowPatternAgrees(schema, want.spec),
        }).toEqual({
          tool: toolName(e.path),
          name: want.name,
          facts: withoutUndefined(expectedFacts(want.spec)),
          window: true,
        })
      }
    }
  })

  test('the contract tool names are among the tools', async () => {
    const names = (await listTools(base)).map((t) => t.name)
    for (const name of [
      'news_get_btc_summary',
      'news_get_trends_cc_slug',
      'news_get_feed_json',
      'news_get_health',
      'news_get_markets_slug',
    ])
      expect(names).toContain(name)
  })
})
