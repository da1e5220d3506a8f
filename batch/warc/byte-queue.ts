/**
 * The decompressed bytes between the compression layer and the record framer, addressed relative
 * to the read head. Besides bytes it keeps barriers: positions where a gzip member starting with
 * a WARC record begins, or where bytes were lost. A record must not run across a barrier.
 */
import type { GapReason, Piece } from './piece.ts'

/** `taints`: the bytes just before a gap are suspect (they came from the damaged gzip member). */
/** `sourceOffset` (record starts only): where the record's gzip member starts in the source file. */
export type Barrier = { at: number; kind: 'record-start' | GapReason; taints: boolean; sourceOffset?: number }
/** A barrier and its position relative to the read head. */
export interface BarrierHit {
  barrier: Barrier
  pos: number
}

interface Chunk {
  bytes: Buffer
  /** Absolute offset of bytes[0]. */
  start: number
}

const RECORD_MAGIC = Buffer.from('WARC/1.')

export class ByteQueue {
  private chunks: Chunk[] = []
  private barriers: Barrier[] = []
  private head = 0
  private tail = 0
  private done = false

  constructor(private readonly pieces: AsyncIterator<Piece>) {}

  get length(): number {
    return this.tail - this.head
  }

  /** No more pieces will come. */
  get ended(): boolean {
    return this.done
  }

  /** Pulls one piece; false when the source is exhausted. */
  async pull(): Promise<boolean> {
    if (this.done) return false
    const step = await this.pieces.next()
    if (step.done) {
      this.done = true
      return false
    }
    const piece = step.value
    if (piece.kind === 'gap') {
      this.barriers.push({ at: this.tail, kind: piece.reason, taints: piece.taintsPrevious })
      return true
    }
    if (piece.bytes.length === 0) return true
    const bytes = Buffer.from(piece.bytes.buffer, piece.bytes.byteOffset, piece.bytes.byteLength)
    if (piece.memberStart && bytes.length >= RECORD_MAGIC.length && startsWithAt(bytes, 0, RECORD_MAGIC)) {
      this.barriers.push(
        piece.sourceOffset === undefined
          ? { at: this.tail, kind: 'record-start', taints: false }
          : { at: this.tail, kind: 'record-start', taints: false, sourceOffset: piece.sourceOffset },
      )
    }
    this.chunks.push({ bytes, start: this.tail })
    this.tail += bytes.length
    return true
  }

  /** Pulls until at least `bytes` are buffered or the source ends. */
  async fill(bytes: number): Promise<void> {
    while (this.length < bytes && (await this.pull())) {}
  }

  /** The first barrier strictly between relative positions `from` and `to`. */
  barrierBetween(from: number, to: number): BarrierHit | undefined {
    for (const barrier of this.barriers) {
      const pos = barrier.at - this.head
      if (pos > from && pos < to) return { barrier, pos }
      if (pos >= to) return undefined
    }
    return undefined
  }

  /** A barrier at exactly relative position `pos`; gaps before record starts. */
  barrierAt(pos: number): Barrier | undefined {
    let found: Barrier | undefined
    for (const barrier of this.barriers) {
      const at = barrier.at - this.head
      if (at > pos) break
      if (at === pos && (found === undefined || found.kind === 'record-start')) found = barrier
    }
    return found
  }

  removeBarrier(barrier: Barrier): void {
    this.barriers = this.barriers.filter((b) => b !== barrier)
  }

  byteAt(pos: number): number {
    const { bytes, offset } = this.contiguous(pos + 1)
    return bytes[offset + pos] ?? -1
  }

  startsWith(pattern: Uint8Array, pos: number): boolean {
    if (pos + pattern.length > this.length) return false
    const { bytes, offset } = this.contiguous(pos + pattern.length)
    return startsWithAt(bytes, offset + pos, pattern)
  }

  /** Relative position of `pattern` fully inside [from, to), or -1. */
  indexOf(pattern: Uint8Array, from: number, to: number): number {
    const end = Math.min(to, this.length)
    if (end - from < pattern.length) return -1
    const { bytes, offset } = this.contiguous(end)
    const hit = bytes.subarray(offset + from, offset + end).indexOf(pattern)
    return hit < 0 ? -1 : from + hit
  }

  /** Bytes [from, to) as one array: a view when they sit in one chunk, one copy otherwise. */
  view(from: number, to: number): Uint8Array {
    const { bytes, offset } = this.contiguous(to)
    return bytes.subarray(offset + from, offset + to)
  }

  consume(bytes: number): void {
    this.head = Math.min(this.head + bytes, this.tail)
    while (this.chunks.length > 0) {
      const first = this.chunks[0]
      if (first === undefined || first.start + first.bytes.length > this.head) break
      this.chunks.shift()
    }
    if (this.barriers.length > 0 && (this.barriers[0]?.at ?? this.head) < this.head) {
      this.barriers = this.barriers.filter((b) => b.at >= this.head)
    }
  }

  /** Makes the first chunk cover [head, head + upTo) by merging chunks if needed. */
  private contiguous(upTo: number): { bytes: Buffer; offset: number } {
    const first = this.chunks[0]
    if (first === undefined) return { bytes: Buffer.alloc(0), offset: 0 }
    if (first.start + first.bytes.length >= this.head + upTo || this.chunks.length === 1) {
      return { bytes: first.bytes, offset: this.head - first.start }
    }
    let count = 0
    let end = this.head
    while (count < this.chunks.length && end < this.head + upTo) {
      const chunk = this.chunks[count]
      if (chunk === undefined) break
      end = chunk.start + chunk.bytes.length
      count++
    }
    const parts = this.chunks
      .slice(0, count)
      .map((c) => (c.start < this.head ? c.bytes.subarray(this.head - c.start) : c.bytes))
    const merged = Buffer.concat(parts)
    this.chunks.splice(0, count, { bytes: merged, start: this.head })
    return { bytes: merged, offset: 0 }
  }
}

function startsWithAt(bytes: Uint8Array, at: number, pattern: Uint8Array): boolean {
  for (let i = 0; i < pattern.length; i++) if (bytes[at + i] !== pattern[i]) return false
  return true
}
