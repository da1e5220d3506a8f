/**
 * The snapshot folder's format, shared by the writer (build) and the readers (live, verify):
 * `<root>/<version>/…json` + `manifest.json`, and `<root>/latest.json` pointing at the served one.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { TREND_SLUG_PATTERN } from '../core/endpoints.ts'
import { isEntityKey } from '../core/entity.ts'

export const LATEST_FILE = 'latest.json'
export const MANIFEST_FILE = 'manifest.json'
/** A symlink `<root>/current -> <version>`, swapped with the pointer, for static servers that cannot read JSON (nginx). */
export const CURRENT_LINK = 'current'
/** `sha256  path` lines over every file of a version folder (the research bundle's checksums). */
export const SUMS_FILE = 'SHA256SUMS'
/**
 * `20261121T1400Z`: the UTC build time to the minute, with `-02`…`-99` for a second build of the
 * same minute (a published version is never replaced: a reader may be answering from it). Doubles
 * as the allow-list pattern for version names; names sort in build order.
 */
export const VERSION_PATTERN = /^\d{8}T\d{4}Z(?:-\d{2})?$/

export interface SnapshotFile {
  /** Relative path inside the version folder, e.g. `v1/trends.json`. */
  path: string
  body: string
}

export interface ManifestFile {
  path: string
  bytes: number
  sha256: string
}

export interface Manifest {
  schema: 1
  version: string
  built_at: string
  /** Highest article seq the version's answers see. */
  watermark: number
  counts: Record<string, number>
  /** What each input source did in this run (ingest summary, price loads, failures). */
  sources: Record<string, unknown>
  files: ManifestFile[]
  /** The research bundle written beside the snapshot files (absent in versions built before it existed). */
  export?: ExportSummary
}

export interface ExportSummary {
  /** Articles in the bundle: every article of the window with seq <= watermark. */
  articles: number
  with_text: boolean
  files: ManifestFile[]
}

export interface LatestPointer {
  version: string
  built_at: string
  watermark: number
}

export function readLatest(root: string): LatestPointer | null {
  try {
    const p = JSON.parse(readFileSync(join(root, LATEST_FILE), 'utf8')) as LatestPointer
    return VERSION_PATTERN.test(p.version) && existsSync(join(root, p.version, MANIFEST_FILE)) ? p : null
  } catch {
    return null
  }
}

export function readManifest(root: string, version: string): Manifest | null {
  if (!VERSION_PATTERN.test(version)) return null
  try {
    return JSON.parse(readFileSync(join(root, version, MANIFEST_FILE), 'utf8')) as Manifest
  } catch {
    return null
  }
}

/** Versions present under `root`, oldest first. */
export function listVersions(root: string): string[] {
  try {
    return readdirSync(root)
      .filter((n) => VERSION_PATTERN.test(n) && existsSync(join(root, n, MANIFEST_FILE)))
      .sort()
  } catch {
    return []
  }
}

/** Parses a SHA256SUMS text (`<64 hex>  <path>` per line) into path → sha256. */
export function parseSums(text: string): Map<string, string> {
  const sums = new Map<string, string>()
  for (const line of text.split('\n')) {
    if (line === '') continue
    const m = /^([0-9a-f]{64}) [ *](.+)$/.exec(line)
    if (m === null) throw new Error(`bad ${SUMS_FILE} line: ${line.slice(0, 80)}`)
    sums.set(m[2] as string, m[1] as string)
  }
  return sums
}

/**
 * Where the default-parameter answer of a URL lives inside a version folder (the documented
 * CDN mapping), or null when the URL is not snapshot-served. `query` must hold no parameter
 * other than the ones listed here.
 */
export function snapshotPathFor(pathname: string, query: URLSearchParams): string | null {
  const keys = [...new Set(query.keys())]
  if (pathname === '/v1/trends' && keys.length === 1 && keys[0] === 'country') {
    const cc = query.get('country') ?? ''
    return /^[A-Za-z]{2}$/.test(cc) ? `v1/trends/by-country/${cc.toUpperCase()}.json` : null
  }
  if (keys.length > 0) return null
  const entity = /^\/v1\/entities\/([^/]+)$/.exec(pathname)
  if (entity !== null) {
    // Canonical keys only (lower case), as the answers spell them; the file holds the decoded key.
    let key: string
    try {
      key = decodeURIComponent(entity[1] as string)
    } catch {
      return null
    }
    return isEntityKey(key) ? `v1/entities/${key}.json` : null
  }
  const m = /^\/v1\/trends\/([A-Za-z]{2})\/([^/]+)$/.exec(pathname)
  if (m !== null && pathname !== '/v1/trends/keywords' && pathname !== '/v1/trends/countries') {
    // File names hold the decoded (UTF-8) slug, as a static server sees the decoded URI.
    let slug: string
    try {
      slug = decodeURIComponent(m[2] as string)
    } catch {
      return null
    }
    return TREND_SLUG_PATTERN.test(slug) && slug.length <= 200
      ? `v1/trends/${(m[1] as string).toUpperCase()}/${slug}.json`
      : null
  }
  const fixed: Record<string, string> = {
    '/v1/trends': 'v1/trends.json',
    '/v1/trends/keywords': 'v1/trends/keywords.json',
    '/v1/trends/countries': 'v1/trends/countries.json',
    '/v1/entities': 'v1/entities.json',
    '/v1/btc/summary': 'v1/btc/summary.json',
    '/v1/btc/price': 'v1/btc/price.json',
    '/v1/btc/sentiment': 'v1/btc/sentiment.json',
    '/v1/btc/series': 'v1/btc/series.json',
    '/v1/btc/correlation': 'v1/btc/correlation.json',
    '/v1/btc/news': 'v1/btc/news.json',
    '/v1/btc/sources': 'v1/btc/sources.json',
    '/v1/markets': 'v1/markets.json',
  }
  if (fixed[pathname] !== undefined) return fixed[pathname] as string
  const market = /^\/v1\/markets\/([a-z0-9-]{1,40})$/.exec(pathname)
  return market === null ? null : `v1/markets/${market[1]}.json`
}

const CONTENT_TYPES: [RegExp, string][] = [
  [/\.json$/, 'application/json'],
  [/\.csv$/, 'text/csv; charset=utf-8'],
  [/\.gz$/, 'application/gzip'],
  [/\.parquet$/, 'application/vnd.apache.parquet'],
  [/\.md$/, 'text/markdown; charset=utf-8'],
  [/(^|\/)SHA256SUMS$/, 'text/plain; charset=utf-8'],
  // The page beside the snapshots (batch/page.ts): the strings the live node sends at `/` and
  // `/assets/` (contract/page-bundle.ts) and nginx sends for the same files (deploy/), space after `;` included.
  [/\.html$/, 'text/html; charset=utf-8'],
  [/\.js$/, 'text/javascript; charset=utf-8'],
  [/\.css$/, 'text/css; charset=utf-8'],
]

/** Content-Type of a file of a snapshot folder or of the page beside it, the same for the live node, nginx docs and S3 uploads. */
export function contentTypeOf(path: string): string {
  return CONTENT_TYPES.find(([re]) => re.test(path))?.[1] ?? 'application/octet-stream'
}
