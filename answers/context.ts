import type { Database } from 'bun:sqlite'
import type { SourceFailure } from '../contract/source-failure.ts'
import type { SearchIndex } from '../core/search/types.ts'
import type { Params } from '../core/validate.ts'

/** The data a request is answered from: one store, one index, pinned to one version's watermark. */
export interface DataView {
  db: Database
  index: SearchIndex
  /** Snapshot version answering (null before snapshots exist). */
  version: string | null
  /** Highest article seq visible to this version; null: everything in the store. */
  watermark: number | null
  /** When the version was built (ISO), for /health and cache lifetimes; null without snapshots. */
  builtAt?: string | null
  /** Results computed for this version (trend sets), dropped with it. */
  memo?: Map<string, unknown>
  /** Sources the build of this version could not read (from its manifest), for /health. */
  sourceFailures?: readonly SourceFailure[]
  /** The store's origin and the inputs its build followed (from the manifest), for /health and the page. */
  origin?: DataOrigin
  /** A file of this version's snapshot by its path, or null. */
  file?: (path: string) => Uint8Array | null
}

/**
 * A value kept on the data view for its version (`memo`), made once by `make`; without a memo
 * (the batch job, a benchmark) a fresh one each call.
 */
export function memoised<T>(data: DataView, key: string, make: () => T): T {
  const kept = data.memo?.get(key) as T | undefined
  if (kept !== undefined) return kept
  const value = make()
  data.memo?.set(key, value)
  return value
}

export interface DataOrigin {
  /** `demo` or `real`; null for an empty store built with no inputs. */
  origin: 'demo' | 'real' | null
  /** Input specs by their public names (`demo`, `cc-news:live`, file names, URLs); empty: the store alone. */
  following: string[]
}

export type { SourceFailure }

export interface HandlerContext {
  data: DataView
  nowMs: number
  url: URL
}

export type Handler = (params: Params, ctx: HandlerContext) => Payload

export class NotFound extends Error {
  override name = 'NotFound'
}

/** What an endpoint answers; live/respond.ts turns it into an HTTP response. */
export interface Payload {
  status: number
  /** A JSON value, or already-serialised text (feeds). */
  body: unknown
  contentType?: string
  /** Seconds a cache may keep the answer; 0 = revalidate every time. */
  maxAgeSeconds?: number
  headers?: Record<string, string>
}
