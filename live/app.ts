/**
 * The HTTP app: one route per registry endpoint that has a handler, validated from the registry,
 * documented in /openapi.json from the registry, and exposed as MCP tools at /mcp. createApp never
 * listens (live/server.ts does), so tests call `.handle()` directly.
 */
import { openapi } from '@elysiajs/openapi'
import { Elysia } from 'elysia'
import { ENDPOINTS, type EndpointSpec } from '../core/endpoints.ts'
import { answerRequest } from '../answers/answer.ts'
import type { DataView, Handler } from '../answers/context.ts'
import { answersFor } from '../answers/registry.ts'
import { handleMcp } from './mcp.ts'
import { operationDetail } from './openapi-doc.ts'
import { DOCS_ASSET_PREFIX, docsAsset } from './docs-assets.ts'
import { createPage } from './page.ts'
import type { Payload } from '../answers/context.ts'
import { snapshotPathFor } from '../contract/snapshot-files.ts'
import { baseHeaders, respond, respondBytes } from './respond.ts'
import { snapshotDownloads } from './snapshot-downloads.ts'
import type { QueryPool } from './query-pool.ts'
import { validateRequest } from '../core/validate.ts'
import { unprocessable } from '../core/validation-error.ts'

export interface AppDeps {
  /** The data to answer from, or null while nothing has been loaded yet (→ 503). */
  data: () => DataView | null
  clock: () => Date
  /** Seconds since the process started (monotonic, not the configurable clock). */
  uptimeSeconds: () => number
  version: string
  log?: (line: string) => void
  /** The snapshot folder, for the research downloads under /snapshots/ (not mounted when absent). */
  snapshotsRoot?: string
  /**
   * Worker threads that answer the endpoints reading many rows (live/query-pool.ts); without it
   * every answer is computed on the main thread (tests, the OpenSearch engine).
   */
  queries?: Pick<QueryPool, 'run'>
}

export const RETRY_AFTER_SECONDS = 30

type OpenApiPaths = NonNullable<NonNullable<NonNullable<Parameters<typeof openapi>[0]>['documentation']>['paths']>

export function handlersFor(deps: Pick<AppDeps, 'version' | 'uptimeSeconds'>): Readonly<Record<string, Handler>> {
  return answersFor(deps)
}

/** Registry endpoints this build serves (all 20 once every group is implemented). */
export function servedEndpoints(handlers: Readonly<Record<string, Handler>>): EndpointSpec[] {
  return ENDPOINTS.filter((e) => handlers[e.path] !== undefined)
}

const elysiaPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1')

/** Answers one request for one endpoint: 503 / 422 / handler / 404 / 500, with the shared headers. */
export function answer(
  deps: AppDeps,
  endpoint: EndpointSpec,
  handler: Handler,
  request: Request,
  pathValues: Record<string, string>,
): Response | Promise<Response> {
  const requestId = crypto.randomUUID()
  const data = deps.data()
  const meta = { requestId, snapshotVersion: data?.version ?? null }
  if (data === null) {
    return respond(
      request,
      {
        status: 503,
        body: { detail: 'No data loaded yet: the first build is running' },
        headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
      },
      meta,
    )
  }
  const url = new URL(request.url)
  const snapshotBytes = snapshotAnswer(data, url)
  if (snapshotBytes !== null) {
    return respondBytes(request, snapshotBytes, snapshotMaxAge(data, deps.clock().getTime()), meta)
  }
  const nowMs = deps.clock().getTime()
  if (deps.queries !== undefined && endpoint.readsStore === true) {
    // A bad request is answered here at once; only valid ones wait for a worker.
    const checked = validateRequest(endpoint, url.searchParams, pathValues, nowMs)
    if (!checked.ok) return respond(request, unprocessable(checked.detail), meta)
    const job = {
      path: endpoint.path,
      url: url.href,
      pathValues,
      nowMs,
      version: data.version,
      watermark: data.watermark,
      builtAt: data.builtAt ?? null,
    }
    return deps.queries.run(job).then((payload) => {
      if (payload.status === 500)
        (deps.log ?? console.error)(`request ${requestId} ${endpoint.path} failed in a query worker`)
      return respond(request, payload, meta)
    })
  }
  let payload: Payload
  try {
    payload = answerRequest(endpoint, handler, data, nowMs, url, pathValues)
  } catch (error) {
    ;(deps.log ?? console.error)(
      `request ${requestId} ${endpoint.path} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    )
    payload = { status: 500, body: { detail: 'Internal error' } }
  }
  return respond(request, payload, meta)
}

/** The snapshot file answering this URL, when it is a default-parameter URL of the current version. */
function snapshotAnswer(data: DataView, url: URL): Uint8Array | null {
  if (data.file === undefined) return null
  const path = snapshotPathFor(url.pathname, url.searchParams)
  return path === null ? null : data.file(path)
}

/** Snapshot data may be cached until the next hourly build is due (plus a little slack). */
function snapshotMaxAge(data: DataView, nowMs: number): number {
  const built = data.builtAt ? Date.parse(data.builtAt) : nowMs
  return Math.max(60, Math.round((built + 3_600_000 + 300_000 - nowMs) / 1000))
}

export function createApp(deps: AppDeps) {
  const handlers = handlersFor(deps)
  const endpoints = servedEndpoints(handlers)
  const app = new Elysia()
    .use(
      openapi({
        path: '/docs',
        specPath: '/openapi.json',
        // Swagger UI from our own dependency (live/docs-assets.ts), never from a CDN.
        provider: 'swagger-ui',
        swagger: {
          cdn: `${DOCS_ASSET_PREFIX}swagger-ui-bundle.js`,
          theme: `${DOCS_ASSET_PREFIX}swagger-ui.css`,
          autoDarkMode: false,
        },
        documentation: {
          info: {
            title: 'Newsdesk',
            version: '1.0',
            description: 'Read-only news search and market context over the CC-NEWS stream. No key needed.',
          },
          // The plugin replaces the parameters of routes with path parameters by its own guess;
          // these operations are restated whole from the registry (merged over the generated ones).
          paths: Object.fromEntries(
            endpoints
              .filter((e) => Object.keys(e.pathParams).length > 0)
              .map((e) => [e.path, { get: operationDetail(e) }]),
          ) as OpenApiPaths,
        },
        exclude: { paths: ['/mcp'], staticFile: false },
      }),
    )
    .onError(({ code, request }) => {
      const meta = { requestId: crypto.randomUUID(), snapshotVersion: deps.data()?.version ?? null }
      if (code === 'NOT_FOUND') return respond(request, { status: 404, body: { detail: 'Not Found' } }, meta)
      return respond(request, { status: 500, body: { detail: 'Internal error' } }, meta)
    })
    .options(
      '/*',
      () =>
        new Response(null, {
          status: 204,
          headers: {
            ...baseHeaders({ requestId: crypto.randomUUID(), snapshotVersion: null }),
            'access-control-allow-methods': 'GET, HEAD, POST, OPTIONS',
            'access-control-allow-headers': '*',
            'access-control-max-age': '86400',
          },
        }),
      { detail: { hide: true } },
    )
  if (deps.snapshotsRoot !== undefined) app.use(snapshotDownloads(deps.snapshotsRoot))
  // The web page (public/), kept out of the OpenAPI document like /mcp.
  const page = createPage(deps.log)
  app.get(`${DOCS_ASSET_PREFIX}:file`, ({ params }) => docsAsset(params.file), { detail: { hide: true } })
  app
    .get('/', () => page.index(), { detail: { hide: true } })
    .get('/assets/:file', ({ params }) => page.asset(params.file), { detail: { hide: true } })
  for (const endpoint of endpoints) {
    const handler = handlers[endpoint.path] as Handler
    app.get(
      elysiaPath(endpoint.path),
      ({ request, params }) => answer(deps, endpoint, handler, request, params as Record<string, string>),
      {
        detail: operationDetail(endpoint),
      },
    )
  }
  return app.all(
    '/mcp',
    ({ request }) =>
      handleMcp(request, { app: { handle: (r: Request) => app.handle(r) }, endpoints, version: deps.version }),
    {
      parse: 'none',
      detail: { hide: true },
    },
  )
}
