/**
 * Turns a handler's result into the HTTP response every endpoint shares (DECISIONS.md, Common):
 * ETag and If-None-Match → 304, Cache-Control, X-Snapshot-Version, X-Request-Id, open CORS,
 * gzip/br when the client asks, and the right Content-Type.
 */
import { brotliCompressSync, constants } from 'node:zlib'
import type { Payload } from '../answers/context.ts'

export interface ResponseMeta {
  requestId: string
  snapshotVersion: string | null
}

const COMPRESS_MIN_BYTES = 1024
const encoder = new TextEncoder()

export function etagOf(bytes: Uint8Array): string {
  return `"${Bun.hash(bytes).toString(36)}-${bytes.byteLength.toString(36)}"`
}

function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (ifNoneMatch === null) return false
  return ifNoneMatch
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === '*' || t === etag)
}

export function baseHeaders(meta: ResponseMeta): Record<string, string> {
  const h: Record<string, string> = {
    'access-control-allow-origin': '*',
    'access-control-expose-headers': 'ETag, X-Snapshot-Version, X-Request-Id, Retry-After',
    'x-request-id': meta.requestId,
  }
  if (meta.snapshotVersion !== null) h['x-snapshot-version'] = meta.snapshotVersion
  return h
}

export function respond(request: Request, payload: Payload, meta: ResponseMeta): Response {
  const text = typeof payload.body === 'string' ? payload.body : JSON.stringify(payload.body)
  return send(request, payload, encoder.encode(text), meta)
}

/** A snapshot file's bytes, served as they are on disk (the CDN serves the same bytes). */
export function respondBytes(request: Request, bytes: Uint8Array, maxAgeSeconds: number, meta: ResponseMeta): Response {
  return send(request, { status: 200, body: null, maxAgeSeconds }, bytes, meta)
}

function send(request: Request, payload: Payload, raw: Uint8Array, meta: ResponseMeta): Response {
  const bytes = raw as Uint8Array<ArrayBuffer>
  const etag = etagOf(bytes)
  const maxAge = payload.maxAgeSeconds ?? 0
  const headers: Record<string, string> = {
    ...baseHeaders(meta),
    'content-type': payload.contentType ?? 'application/json',
    etag,
    'cache-control': payload.status >= 400 ? 'no-store' : maxAge > 0 ? `public, max-age=${maxAge}` : 'no-cache',
    vary: 'Accept-Encoding',
    ...payload.headers,
  }
  if (payload.status === 200 && matches(request.headers.get('if-none-match'), etag)) {
    const { 'content-type': _omit, ...rest } = headers
    return new Response(null, { status: 304, headers: rest })
  }
  if (request.method === 'HEAD') return new Response(null, { status: payload.status, headers })
  const accept = request.headers.get('accept-encoding') ?? ''
  if (bytes.byteLength >= COMPRESS_MIN_BYTES) {
    if (/\bbr\b/.test(accept)) {
      headers['content-encoding'] = 'br'
      return new Response(brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }), {
        status: payload.status,
        headers,
      })
    }
    if (/\bgzip\b/.test(accept)) {
      headers['content-encoding'] = 'gzip'
      return new Response(Bun.gzipSync(bytes, { level: 6 }), { status: payload.status, headers })
    }
  }
  return new Response(bytes, { status: payload.status, headers })
}
