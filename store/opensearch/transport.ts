/**
 * How the engine talks to OpenSearch: one request in, the parsed response body out. The live
 * node's SearchIndex is synchronous (handlers answer in one call), so the engine takes a
 * synchronous transport; `asyncTransport` is the official client underneath it (and what the
 * batch job uses directly).
 */
import { Client } from '@opensearch-project/opensearch'

export interface OpenSearchRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD'
  path: string
  body?: unknown
  /** Newline-delimited JSON for `_bulk`. */
  ndjson?: string
  querystring?: Record<string, string>
}

export type SyncTransport = (request: OpenSearchRequest) => unknown
export type AsyncTransport = (request: OpenSearchRequest) => Promise<unknown>

/** A failed request, with what a log line needs and nothing from the response body beyond its error type. */
export class OpenSearchError extends Error {
  override name = 'OpenSearchError'
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message)
  }
}

export const REQUEST_TIMEOUT_MS = 10_000

export function openSearchClient(url: string): Client {
  return new Client({ node: url, requestTimeout: REQUEST_TIMEOUT_MS, maxRetries: 2 })
}

function errorType(body: unknown): string {
  if (typeof body !== 'object' || body === null || !('error' in body)) return 'unknown'
  const e = body.error
  if (typeof e === 'string') return e
  return typeof e === 'object' && e !== null && 'type' in e && typeof e.type === 'string' ? e.type : 'unknown'
}

export function asyncTransport(client: Client): AsyncTransport {
  return async (req) => {
    try {
      const params: {
        method: string
        path: string
        body?: string | Record<string, unknown>
        bulkBody?: string
        querystring?: Record<string, string>
      } = {
        method: req.method,
        path: req.path,
      }
      if (req.ndjson !== undefined) params.bulkBody = req.ndjson
      else if (req.body !== undefined) params.body = req.body as Record<string, unknown>
      if (req.querystring !== undefined) params.querystring = req.querystring
      const response = await client.transport.request(params)
      return response.body
    } catch (error) {
      const meta =
        error instanceof Error && 'meta' in error && typeof error.meta === 'object' && error.meta !== null
          ? (error.meta as { statusCode?: unknown; body?: unknown })
          : null
      if (meta !== null && typeof meta.statusCode === 'number') {
        throw new OpenSearchError(
          meta.statusCode,
          errorType(meta.body),
          `OpenSearch ${req.method} ${req.path}: ${meta.statusCode} ${errorType(meta.body)}`,
        )
      }
      throw new OpenSearchError(
        0,
        error instanceof Error ? error.name : 'unknown',
        `OpenSearch ${req.method} ${req.path}: ${error instanceof Error ? error.message : String(error)}`,
      )
    }
  }
}
