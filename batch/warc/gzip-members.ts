/**
 * Inflates a gzip file member by member. CC-NEWS ships one member per record, so a member that
 * fails (bad deflate data, CRC mismatch, garbage between members) costs only its own record: the
 * reader reports a gap and carries on at the next member header. A whole-file gzip is one member
 * and goes through the streaming path.
 */
import { findMemberStart, parseGzipHeader } from './gzip-header.ts'
import { inflateMember, inflateTruncatedMember, salvageMember } from './inflate-member.ts'
import { InputWindow } from './input-window.ts'
import { dataPiece, gapPiece, type Piece } from './piece.ts'
import { streamMember } from './stream-member.ts'

/** Members that inflate to more than this are streamed instead of inflated in one call. */
export const SYNC_MEMBER_MAX_BYTES = 8 * 1024 * 1024
/** The last bytes kept when no member header was found, in case one starts across the chunk edge. */
const MAGIC_CARRY_BYTES = 3

/** `baseOffset`: the source offset of the first chunk's first byte (a resumed read), for the members' offsets. */
export async function* gunzipMembers(chunks: AsyncIterator<Uint8Array>, baseOffset = 0): AsyncGenerator<Piece> {
  const window = new InputWindow(chunks, baseOffset)
  // A run of bad bytes (a corrupt member, then garbage until the next good member) is one gap.
  let inFault = false
  let reportedCut = false
  function* emit(piece: Piece): Generator<Piece> {
    if (piece.kind === 'data') inFault = false
    else if (piece.reason === 'truncated') reportedCut = true
    else if (inFault) return
    else inFault = true
    yield piece
  }
  while (true) {
    if (window.length === 0 && !(await window.read())) break
    const bytes = window.bytes
    const header = parseGzipHeader(bytes, 0)
    if (header.kind === 'need-more') {
      if (await window.read()) continue
      window.drop(window.length)
      yield* emit(gapPiece('truncated'))
      break
    }
    if (header.kind === 'invalid') {
      yield* emit(gapPiece('corrupt'))
      const next = findMemberStart(bytes, 1)
      if (next > 0) window.drop(next)
      else {
        window.drop(Math.max(1, bytes.length - MAGIC_CARRY_BYTES))
        if (!(await window.read()) && window.length <= MAGIC_CARRY_BYTES) window.drop(window.length)
      }
      continue
    }
    // Past this size a member that still wants more input is streamed, which keeps memory bounded
    // even when a false header match inside garbage never reaches an end.
    const inflated =
      bytes.length > SYNC_MEMBER_MAX_BYTES
        ? ({ kind: 'too-large' } as const)
        : inflateMember(bytes, header.dataStart, SYNC_MEMBER_MAX_BYTES)
    switch (inflated.kind) {
      case 'ok': {
        const memberOffset = window.consumed
        window.drop(inflated.end)
        yield* emit(dataPiece(inflated.output, true, memberOffset))
        break
      }
      case 'bad-trailer':
        // Pass the output on, followed by a tainting gap: the framer reports the record in it as
        // corrupt while still knowing its target URI. Where the member really ends is unknown
        // (damage can make the deflate stream end elsewhere), so search for the next header.
        if (!inFault) {
          yield* emit(dataPiece(inflated.output, true))
          yield* emit(gapPiece('corrupt', inflated.output.length > 0))
        }
        window.drop(1)
        break
      case 'need-more': {
        // Double the window before retrying, so a member spanning many chunks is retried O(log n) times.
        await window.readAtLeast(bytes.length * 2)
        if (window.length > bytes.length) break
        // The input ended inside this member. If damage made it look unfinished, it may have
        // swallowed good members: a complete, CRC-valid one inside its data is where to resume.
        // (Only now: before the end, a valid member inside a member's data may be a gzip payload
        // stored verbatim in a deflate stored block.)
        const resume = findGoodMember(bytes, header.dataStart)
        if (resume > 0) {
          if (!inFault) {
            const salvaged = salvageMember(bytes.subarray(0, resume), header.dataStart, SYNC_MEMBER_MAX_BYTES)
            if (salvaged.length > 0) yield* emit(dataPiece(salvaged, true))
            yield* emit(gapPiece('corrupt', salvaged.length > 0))
          }
          window.drop(resume)
          break
        }
        const partial = inflateTruncatedMember(bytes, header.dataStart, SYNC_MEMBER_MAX_BYTES)
        window.drop(window.length)
        if (partial.length > 0) yield* emit(dataPiece(partial, true))
        yield* emit(gapPiece('truncated'))
        return
      }
      case 'corrupt': {
        // Pass on what inflates before the damage (in a whole-file gzip, the records before it),
        // marked suspect, unless this is a false header match while already resynchronising.
        if (!inFault) {
          const salvaged = salvageMember(bytes, header.dataStart, SYNC_MEMBER_MAX_BYTES)
          if (salvaged.length > 0) yield* emit(dataPiece(salvaged, true))
          yield* emit(gapPiece('corrupt', salvaged.length > 0))
        }
        window.drop(1)
        break
      }
      case 'too-large': {
        // Inflate incrementally, in bounded memory. After a failure the window sits where
        // inflating failed and the search for the next member header starts past that.
        let failed = false
        for await (const piece of streamMember(window, header.dataStart)) {
          failed ||= piece.kind === 'gap' && piece.reason === 'corrupt'
          yield* emit(piece)
        }
        if (failed) window.drop(1)
        break
      }
    }
  }
  if (window.cut && !reportedCut) yield gapPiece('truncated')
}

/** Offset of the first member header after `from` that starts a complete member with a valid CRC, or -1. */
function findGoodMember(bytes: Uint8Array, from: number): number {
  for (let at = findMemberStart(bytes, from); at > 0; at = findMemberStart(bytes, at + 1)) {
    const header = parseGzipHeader(bytes, at)
    if (header.kind === 'header' && inflateMember(bytes, header.dataStart, SYNC_MEMBER_MAX_BYTES).kind === 'ok')
      return at
  }
  return -1
}
