/**
 * The slow path for a gzip member too big to inflate in one call (a whole-file gzip, a huge
 * record): inflate it incrementally so memory stays bounded whatever its size.
 */
import zlib from 'node:zlib'
import { GC_EVERY_INFLATED_BYTES, HeapBudget } from '../heap-budget.ts'
import type { InputWindow } from './input-window.ts'
import { trailerMatches } from './inflate-member.ts'
import { dataPiece, gapPiece, type Piece } from './piece.ts'

/** Compressed bytes fed per write at most. */
const SLICE_BYTES = 64 * 1024
/** Fewest compressed bytes fed per write (a slice of a bomb this small still inflates to ~1 MiB). */
const MIN_SLICE_BYTES = 1024
/**
 * Output one write may make before the next slice shrinks: a 64 KiB slice of a gzip bomb inflates
 * to ~64 MiB, which held at once (and the garbage of a 2 GiB bomb made of such) took the reader
 * past 450 MB RSS; slices sized to this budget keep it near the record path's own use.
 */
const OUTPUT_BUDGET_BYTES = 4 * 1024 * 1024
/** Output chunk size: larger than the default 16 KiB so a typical record arrives in one or two pieces. */
const OUTPUT_CHUNK_BYTES = 256 * 1024
const TRAILER_BYTES = 8

/**
 * Inflates the member whose deflate data starts at `dataStart` in `window`, yielding its output.
 * On return the window starts just past the member, or (after a 'corrupt' gap) at the slice where
 * inflating failed, so the caller can look for the next member from there.
 */
export async function* streamMember(window: InputWindow, dataStart: number): AsyncGenerator<Piece> {
  const inflater = zlib.createInflateRaw({ chunkSize: OUTPUT_CHUNK_BYTES })
  const outputs: Uint8Array[] = []
  let failed = false
  let ended = false
  inflater.on('data', (chunk: Uint8Array) => outputs.push(chunk))
  inflater.on('error', () => {
    failed = true
  })
  inflater.on('end', () => {
    ended = true
  })
  let fed = 0
  let crc = 0
  let size = 0
  let first = true
  let sliceBytes = SLICE_BYTES
  const heap = new HeapBudget(GC_EVERY_INFLATED_BYTES)
  function* drain(): Generator<Piece> {
    let produced = 0
    for (const out of outputs.splice(0)) {
      crc = zlib.crc32(out, crc)
      size += out.length
      produced += out.length
      yield dataPiece(out, first)
      first = false
    }
    heap.spend(produced)
    // Next slice: as much input as inflates to about the budget at the ratio just seen.
    if (produced > OUTPUT_BUDGET_BYTES)
      sliceBytes = Math.max(MIN_SLICE_BYTES, Math.floor((sliceBytes * OUTPUT_BUDGET_BYTES) / produced))
    else if (produced < OUTPUT_BUDGET_BYTES / 4) sliceBytes = Math.min(SLICE_BYTES, sliceBytes * 2)
  }
  try {
    window.drop(dataStart)
    while (true) {
      if (window.length === 0 && !(await window.read())) {
        await settle(inflater, () => inflater.end())
        yield* drain()
        yield gapPiece('truncated')
        return
      }
      const slice = window.bytes.subarray(0, sliceBytes)
      await settle(inflater, (done) => inflater.write(slice, () => done()))
      yield* drain()
      if (failed) {
        yield gapPiece('corrupt', !first)
        return
      }
      const consumedInSlice = inflater.bytesWritten - fed
      if (ended || consumedInSlice < slice.length) {
        window.drop(consumedInSlice)
        break
      }
      fed += slice.length
      window.drop(slice.length)
    }
    await window.readAtLeast(TRAILER_BYTES)
    if (window.length < TRAILER_BYTES) {
      window.drop(window.length)
      yield gapPiece('truncated')
    } else if (!trailerMatches(window.bytes, 0, crc, size)) {
      yield gapPiece('corrupt', !first)
    } else {
      window.drop(TRAILER_BYTES)
    }
  } finally {
    inflater.destroy()
  }
}

/** Resolves once `act` has completed or the inflater has failed or ended, whichever comes first. */
function settle(inflater: zlib.InflateRaw, act: (done: () => void) => void): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = (): void => {
      inflater.off('error', done)
      inflater.off('end', done)
      inflater.off('close', done)
      resolve()
    }
    inflater.once('error', done)
    inflater.once('end', done)
    inflater.once('close', done)
    act(done)
  })
}
