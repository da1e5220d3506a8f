/** Turns CLI input specs into the ordered list of WARC sources to read. */
import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { isUrl, type FetchLike } from './byte-source.ts'
import { isCcNewsSpec, listCcNews } from './cc-news.ts'
import type { RetryPolicy } from './retry-policy.ts'

export interface ResolveInputsOptions {
  /** Where `cc-news:` listings are fetched from, e.g. https://data.commoncrawl.org/ */
  ccNewsBaseUrl: string
  fetch?: FetchLike
  /** Retries of a `cc-news:` listing that answers 429/5xx or times out (the build passes its NEWSDESK_FETCH_* policy); none when absent. */
  retry?: RetryPolicy
}

const WARC_FILE = /\.warc(?:\.gz)?$/i
const GLOB_CHARS = /[*?[\]{}]/

/**
 * Each spec is, in this order of checks: an http(s) URL (kept as is), `cc-news:YYYY/MM[/DD]`
 * (that month's or day's file URLs), a glob (matching files, sorted), a directory (every
 * `*.warc` / `*.warc.gz` below it, recursively, sorted), or a file. Paths come back absolute.
 * Results keep the order of the specs; a source named twice is kept once, at its first place.
 * Throws an Error with a one-line message for a spec that names nothing.
 */
export async function resolveInputs(specs: string[], opts: ResolveInputsOptions): Promise<string[]> {
  const sources: string[] = []
  for (const spec of specs) sources.push(...(await resolveOne(spec, opts)))
  return [...new Set(sources)]
}

async function resolveOne(spec: string, opts: ResolveInputsOptions): Promise<string[]> {
  if (spec.trim() === '') throw new Error('invalid input "": empty')
  if (isUrl(spec)) {
    if (!URL.canParse(spec)) throw new Error(`invalid input "${spec}": not a valid URL`)
    return [spec]
  }
  if (isCcNewsSpec(spec)) return listCcNews(spec, opts)
  if (/^[a-z][a-z0-9+.-]+:\/\//i.test(spec)) throw new Error(`invalid input "${spec}": only http(s) URLs are supported`)
  const info = await stat(spec).catch(() => null)
  if (info === null && GLOB_CHARS.test(spec)) return expandGlob(spec)
  if (info === null) throw new Error(`invalid input "${spec}": no such file or directory`)
  if (info.isDirectory()) {
    const files = await listWarcFiles(path.resolve(spec))
    if (files.length === 0) throw new Error(`invalid input "${spec}": no .warc or .warc.gz files in this directory`)
    return files
  }
  return [path.resolve(spec)]
}

async function expandGlob(pattern: string): Promise<string[]> {
  const absolute = path.resolve(pattern)
  const parts = absolute.split(path.sep)
  const firstGlob = parts.findIndex((part) => GLOB_CHARS.test(part))
  const cwd = parts.slice(0, firstGlob).join(path.sep) || path.sep
  const glob = new Bun.Glob(parts.slice(firstGlob).join('/'))
  const files: string[] = []
  try {
    for await (const file of glob.scan({ cwd, absolute: true, onlyFiles: true })) files.push(file)
  } catch {
    // A pattern whose fixed prefix is not a directory matches nothing.
  }
  if (files.length === 0) throw new Error(`invalid input "${pattern}": the pattern matches no files`)
  return files.sort()
}

async function listWarcFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile() && WARC_FILE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort()
}
