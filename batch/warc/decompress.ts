/** Chooses the compression layer by magic bytes (never by file name): gzip members or plain bytes. */
import { SourceCutError } from './byte-source.ts'
import { isGzipMagic } from './gzip-header.ts'
import { gunzipMembers } from './gzip-members.ts'
import { dataPiece, gapPiece, type Piece } from './piece.ts'

/** `baseOffset`: the source offset of the first chunk (a read resumed at a member start). */
export async function* decompress(chunks: AsyncIterable<Uint8Array>, baseOffset = 0): AsyncGenerator<Piece> {
  const iterator = chunks[Symbol.asyncIterator]()
  const head: Uint8Array[] = []
  let headBytes = 0
  let cut = false
  try {
    // Two bytes decide; a source may deliver fewer in its first chunk.
    while (headBytes < 2) {
      const step = await iterator.next()
      if (step.done) break
      head.push(step.value)
      headBytes += step.value.length
    }
  } catch (err) {
    if (!(err instanceof SourceCutError)) throw err
    cut = true
  }
  if (cut) {
    // Cut off before two bytes arrived: nothing to read, but the loss is reported.
    yield gapPiece('truncated')
    return
  }
  const first = head.length === 1 && head[0] !== undefined ? head[0] : Buffer.concat(head)
  const rest = withHead(first, iterator)
  try {
    if (isGzipMagic(first)) yield* gunzipMembers(rest, baseOffset)
    else yield* plainPieces(rest)
  } finally {
    await iterator.return?.()
  }
}

async function* plainPieces(chunks: AsyncIterator<Uint8Array>): AsyncGenerator<Piece> {
  while (true) {
    let step: IteratorResult<Uint8Array>
    try {
      step = await chunks.next()
    } catch (err) {
      if (!(err instanceof SourceCutError)) throw err
      yield gapPiece('truncated')
      return
    }
    if (step.done) return
    yield dataPiece(step.value, false)
  }
}

async function* withHead(head: Uint8Array, rest: AsyncIterator<Uint8Array>): AsyncGenerator<Uint8Array> {
  if (head.length > 0) yield head
  while (true) {
    const step = await rest.next()
    if (step.done) return
    yield step.value
  }
}
