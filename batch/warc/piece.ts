/**
 * The decompressed byte stream handed from the compression layer to the record framer.
 *
 * `memberStart` marks bytes that begin a gzip member: in a record-gzipped file that is where a
 * record starts, which lets the framer cut a record whose member ended short. A `gap` says bytes
 * were lost there (a corrupt gzip member, a source cut off mid-file).
 */
export type Piece =
  /** `sourceOffset`: where the member starts in the source (compressed bytes), when it was inflated whole. */
  | { kind: 'data'; bytes: Uint8Array; memberStart: boolean; sourceOffset?: number }
  /** `taintsPrevious`: the bytes just before the gap came from the damaged member and may be wrong. */
  | { kind: 'gap'; reason: GapReason; taintsPrevious: boolean }

export type GapReason = 'corrupt' | 'truncated'

export function dataPiece(bytes: Uint8Array, memberStart: boolean, sourceOffset?: number): Piece {
  return sourceOffset === undefined
    ? { kind: 'data', bytes, memberStart }
    : { kind: 'data', bytes, memberStart, sourceOffset }
}

export function gapPiece(reason: GapReason, taintsPrevious = false): Piece {
  return { kind: 'gap', reason, taintsPrevious }
}
