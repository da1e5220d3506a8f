/**
 * Research downloads: `GET /snapshots/` lists the versions on disk with their manifests, and
 * `GET /snapshots/<version>/<path>` serves any file the version's SHA256SUMS names (and the list
 * itself), with single byte-range requests (206 + Content-Range, 416 when unsatisfiable, If-Range).
 * A version folder never changes once published, so its files are cacheable for good.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { Elysia } from 'elysia'
import {
  type Manifest,
  SUMS_FILE,
  VERSION_PATTERN,
  contentTypeOf,
  listVersions,
  parseSums,
  readLatest,
  readManifest,
} from '../contract/snapshot-files.ts'
import { baseHeaders, respond } from './respond.ts'

const IMMUTABLE = 'public, max-age=31536000, immutable'

export type ByteRange = { start: number; end: number } | 'unsatisfiable' | null

/**
 * One `bytes=` range against a file of `size` bytes (inclusive end), 'unsatisfiable', or null to
 * send the whole file (no header, several ranges, or a form we do not serve: RFC 9110 lets a server ignore Range).
 */
export function parseRange(header: string | null, size: number): ByteRange {
  if (header === null) return null
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (m === null) return null
  const [, a = '', b = ''] = m
  if (a === '' && b === '') return null
  if (a === '') {
    const suffix = Number(b)
    if (suffix === 0) return 'unsatisfiable'
    return size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(a)
  const end = b === '' ? size - 1 : Math.min(Number(b), size - 1)
  if (start >= size || (b !== '' && Number(b) < start)) return 'unsatisfiable'
  return { start, end }
}

export interface VersionListing {
  latest: string | null
  versions: { version: string; built_at: string; watermark: number; url: string; manifest: Manifest }[]
}

export function listSnapshots(root: string): VersionListing {
  const versions = listVersions(root)
    .reverse()
    .flatMap((v) => {
      const manifest = readManifest(root, v)
      return manifest === null
        ? []
        : [
            {
              version: v,
              built_at: manifest.built_at,
              watermark: manifest.watermark,
              url: `/snapshots/${v}/`,
              manifest,
            },
          ]
    })
  return { latest: readLatest(root)?.version ?? null, versions }
}

function notFound(request: Request): Response {
  return respond(
    request,
    { status: 404, body: { detail: 'Not Found' } },
    { requestId: crypto.randomUUID(), snapshotVersion: null },
  )
}

/** Routes under /snapshots/ for the snapshot folder at `root`. */
export function snapshotDownloads(root: string) {
  // Version folders are immutable: their checksum lists are read once.
  const sumsCache = new Map<string, Map<string, string>>()
  const sumsOf = (version: string): Map<string, string> | null => {
    const cached = sumsCache.get(version)
    if (cached !== undefined) return cached
    try {
      const sums = parseSums(readFileSync(join(root, version, SUMS_FILE), 'utf8'))
      sumsCache.set(version, sums)
      return sums
    } catch {
      return null
    }
  }

  const serveFile = (request: Request): Response => {
    const rest = new URL(request.url).pathname.slice('/snapshots/'.length)
    const slash = rest.indexOf('/')
    const version = rest.slice(0, slash)
    let path: string
    try {
      path = decodeURIComponent(rest.slice(slash + 1))
    } catch {
      return notFound(request)
    }
    if (slash < 0 || !VERSION_PATTERN.test(version)) return notFound(request)
    const sums = sumsOf(version)
    const sha = path === SUMS_FILE ? '' : sums?.get(path)
    const full = join(root, version, path)
    if (sums === null || sha === undefined || !existsSync(full)) return notFound(request)
    const size = statSync(full).size
    const etag = `"${sha === '' ? `sums-${version}` : sha.slice(0, 32)}"`
    const headers: Record<string, string> = {
      ...baseHeaders({ requestId: crypto.randomUUID(), snapshotVersion: version }),
      'content-type': contentTypeOf(path),
      'accept-ranges': 'bytes',
      'cache-control': IMMUTABLE,
      etag,
    }
    if ((request.headers.get('if-none-match') ?? '').split(',').some((t) => t.trim() === etag)) {
      return new Response(null, { status: 304, headers })
    }
    const ifRange = request.headers.get('if-range')
    const range = ifRange === null || ifRange === etag ? parseRange(request.headers.get('range'), size) : null
    const file = Bun.file(full)
    if (range === 'unsatisfiable') {
      return new Response(null, {
        status: 416,
        headers: { ...headers, 'content-range': `bytes */${size}`, 'cache-control': 'no-store' },
      })
    }
    if (range === null) {
      return new Response(request.method === 'HEAD' ? null : file, {
        status: 200,
        headers: { ...headers, 'content-length': String(size) },
      })
    }
    headers['content-range'] = `bytes ${range.start}-${range.end}/${size}`
    headers['content-length'] = String(range.end - range.start + 1)
    return new Response(request.method === 'HEAD' ? null : file.slice(range.start, range.end + 1), {
      status: 206,
      headers,
    })
  }

  const listing = (request: Request): Response =>
    respond(
      request,
      { status: 200, body: listSnapshots(root) },
      { requestId: crypto.randomUUID(), snapshotVersion: readLatest(root)?.version ?? null },
    )

  return new Elysia({ name: 'snapshot-downloads' })
    .get('/snapshots/', ({ request }) => listing(request), {
      detail: {
        summary: 'Snapshot versions on this node, newest first, each with its manifest (files, sizes, sha256)',
        tags: ['downloads'],
      },
    })
    .get('/snapshots/:version/*', ({ request }) => serveFile(request), {
      detail: {
        summary: 'A file of a snapshot version (snapshot JSON, research bundle, SHA256SUMS); supports Range requests',
        tags: ['downloads'],
      },
    })
}
