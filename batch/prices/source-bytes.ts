/**
 * Where a daily series lives: a local path, a `file:` URL or an http(s) URL, possibly zipped.
 * The I/O edge of the daily providers.
 */
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { PriceDataError } from './errors.ts'
import { type FetchLike, getBytes } from './http-get.ts'
import { extractZipEntry, isZip } from './zip-entries.ts'

export interface SourceOptions {
  /** Used for http(s) locations (default `globalThis.fetch`). */
  fetch?: FetchLike
  timeoutMs?: number
  /** Names the source in messages. */
  what: string
}

export function isHttpUrl(location: string): boolean {
  return /^https?:\/\//i.test(location)
}

export async function readSourceBytes(location: string, options: SourceOptions): Promise<Uint8Array> {
  if (isHttpUrl(location)) {
    const fetch = options.fetch ?? ((url, init) => globalThis.fetch(url, init))
    return getBytes(location, { fetch, timeoutMs: options.timeoutMs, what: options.what })
  }
  const path = location.startsWith('file:') ? fileURLToPath(location) : location
  try {
    return new Uint8Array(await readFile(path))
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable'
    throw new PriceDataError('network', `${options.what}: cannot read ${path} (${reason})`)
  }
}

/**
 * CSV text from a source: a zip gives its first `.csv` entry (the ECB ships
 * `eurofxref-hist.zip` holding `eurofxref-hist.csv`). Bytes are UTF-8.
 */
export async function readSourceCsv(location: string, options: SourceOptions): Promise<string> {
  const bytes = await readSourceBytes(location, options)
  const csv = isZip(bytes) ? extractZipEntry(bytes, (name) => /\.csv$/i.test(name)) : bytes
  return new TextDecoder().decode(csv)
}
