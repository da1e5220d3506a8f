/**
 * What one public, unauthenticated node accepts (docs/reliability.md): request bodies, header
 * sizes, requests in flight, and how long a silent client may hold a connection. server.ts passes
 * `serveOptions` to Bun.serve and wraps the app in `capConcurrency`; tests build the same server.
 */
import { MCP_MAX_BODY_BYTES } from './mcp.ts'

export const LIMITS = {
  /** Largest request body (only POST /mcp takes one); Bun answers 413 beyond it, chunked or not. */
  maxRequestBodyBytes: MCP_MAX_BODY_BYTES,
  /**
   * Requests being answered at once, counted until each answer is ready (not while its body is
   * sent). The API's GET answers are synchronous, so in practice this counts MCP calls whose
   * body is still arriving and the page's first bundling; beyond it a 503.
   */
  maxInFlight: 256,
  /** Seconds a 503 from the cap asks the client to wait. */
  busyRetryAfterSeconds: 1,
  /** Seconds a connection may stay silent (no bytes either way) before Bun closes it. */
  idleTimeoutSeconds: 10,
  /**
   * Request line plus headers. Bun's fixed limit (its `--max-http-header-size`, 16 KiB by
   * default): larger gets 431 before the app sees the request.
   */
  maxHeaderBytes: 16 * 1024,
} as const

export type Limits = { -readonly [K in keyof typeof LIMITS]: number }

type Fetch = (request: Request) => Response | Promise<Response>

/**
 * Answers 503 with Retry-After while `max` requests are already in flight; a request counts from
 * its arrival until its response is ready (a streamed body then flows without holding a slot).
 */
export function capConcurrency(fetch: Fetch, max: number, retryAfterSeconds: number): Fetch {
  let inFlight = 0
  const busy = () =>
    new Response(
      JSON.stringify({ detail: `Too many requests in flight (over ${max}): retry in ${retryAfterSeconds} s` }),
      {
        status: 503,
        headers: {
          'content-type': 'application/json',
          'retry-after': String(retryAfterSeconds),
          'cache-control': 'no-store',
          'access-control-allow-origin': '*',
          'access-control-expose-headers': 'Retry-After',
        },
      },
    )
  return (request) => {
    if (inFlight >= max) return busy()
    inFlight++
    let result: Response | Promise<Response>
    try {
      result = fetch(request)
    } catch (error) {
      inFlight--
      throw error
    }
    if (!(result instanceof Promise)) {
      inFlight--
      return result
    }
    return result.finally(() => {
      inFlight--
    })
  }
}

/** Bun.serve options for the limits (the port and the fetch handler come from the caller). */
export function serveOptions(limits: Limits = LIMITS): { maxRequestBodySize: number; idleTimeout: number } {
  return { maxRequestBodySize: limits.maxRequestBodyBytes, idleTimeout: limits.idleTimeoutSeconds }
}

/** A listening server with the limits, as server.ts runs it. */
export function serveWithLimits(
  app: { fetch: Fetch },
  where: { port: number; hostname: string },
  limits: Limits = LIMITS,
): Bun.Server<undefined> {
  return Bun.serve({
    ...where,
    ...serveOptions(limits),
    fetch: capConcurrency((request) => app.fetch(request), limits.maxInFlight, limits.busyRetryAfterSeconds),
  })
}
