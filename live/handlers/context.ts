import type { Database } from 'bun:sqlite'
import type { SearchIndex } from '../../core/search/types.ts'
import type { Params } from '../../core/validate.ts'
import type { Payload } from '../respond.ts'

/** The data a request is answered from: one store, one index, pinned to one version's watermark. */
export interface DataView {
  db: Database
  index: SearchIndex
  /** Snapshot version answering (null before snapshots exist). */
  version: string | null
  /** Highest article seq visible to this version; null: everything in the store. */
  watermark: number | null
}

export interface HandlerContext {
  data: DataView
  nowMs: number
  url: URL
}

export type Handler = (params: Params, ctx: HandlerContext) => Payload

export class NotFound extends Error {
  override name = 'NotFound'
}
