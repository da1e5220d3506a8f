/**
 * Cuts the decompressed byte stream into WARC records. Never throws on bad input: a record that
 * cannot be framed comes out as a fault and the framer resynchronises at the next record start
 * (the next `WARC/1.` line, or the next gzip member that begins with one).
 */
import { ByteQueue, type BarrierHit } from './byte-queue.ts'
import type { Piece } from './piece.ts'
import { parseWarcHeaders, type WarcHeaders } from './warc-headers.ts'

/**
 * `nextOffset` (on whole records): the source offset where the next record's gzip member starts, a
 * point a later run can resume reading from; null when unknown (plain or whole-file gzip, a gap).
 */
export type FramedRecord =
  | { kind: 'record'; index: number; headers: WarcHeaders; block: Uint8Array; nextOffset: number | null }
  /** Content-Length over the cap: the block was skipped unread except for its first bytes. */
  | { kind: 'oversize'; index: number; headers: WarcHeaders; blockHead: Uint8Array }
  | { kind: 'fault'; index: number; reason: 'corrupt' | 'truncated'; headers: WarcHeaders | null }

export interface FrameOptions {
  /** Largest record block (HTTP headers + payload) buffered; bigger ones become 'oversize'. */
  maxBlockBytes: number
  /** Index of the first record (a read resumed at a committed record). */
  firstIndex?: number
}

/** A header block longer than this is corrupt: bounds what a malformed record can make us buffer. */
export const MAX_WARC_HEADER_BYTES = 64 * 1024
/** How much of an oversize block is kept to classify it (its HTTP status and Content-Type). */
export const OVERSIZE_HEAD_BYTES = 64 * 1024
const RECORD_MAGIC = Buffer.from('WARC/1.')
const CRLF_CRLF = Buffer.from('\r\n\r\n')
const LF_LF = Buffer.from('\n\n')
const MAX_TRAILER_BLANKS = 16
/** Stray bytes tolerated between a block's declared end and the next record (see checkTrailer). */
const CONTENT_LENGTH_SLACK = 16
const SCAN_WINDOW_BYTES = 64 * 1024
/** `WARC/1.` + up to three digits + CRLF. */
const VERSION_LINE_MAX_BYTES = RECORD_MAGIC.length + 5
const LF = 0x0a
const CR = 0x0d

export async function* frameRecords(pieces: AsyncIterator<Piece>, opts: FrameOptions): AsyncGenerator<FramedRecord> {
  const q = new ByteQueue(pieces)
  let index = opts.firstIndex ?? 0
  // Bytes that are not a record, right after a fault, belong to that fault: junk, a gap, or
  // garbage that looks like records (what a damaged deflate stream inflates to) is counted once.
  // A record whose header could be read always counts; so does a source cut short.
  let afterFault = false
  function* fault(reason: 'corrupt' | 'truncated', headers: WarcHeaders | null): Generator<FramedRecord> {
    const merged = afterFault && headers === null && reason === 'corrupt'
    afterFault = true
    if (!merged) yield { kind: 'fault', index: index++, reason, headers }
  }
  while (true) {
    await q.fill(RECORD_MAGIC.length)
    const atHead = q.barrierAt(0)
    if (atHead !== undefined && atHead.kind !== 'record-start') {
      q.removeBarrier(atHead)
      yield* fault(atHead.kind, null)
      continue
    }
    if (q.length === 0 && q.ended) return
    if (!q.startsWith(RECORD_MAGIC, 0)) {
      const hadContent = await skipToRecordStart(q)
      if (hadContent) yield* fault('corrupt', null)
      continue
    }

    const head = await findHeaderEnd(q)
    if (head.kind === 'cut') {
      yield* fault(cutAt(q, head.hit), null)
      continue
    }
    if (head.kind === 'eof') {
      q.consume(q.length)
      yield* fault('truncated', null)
      continue
    }
    const headers = head.kind === 'found' ? parseWarcHeaders(q.view(0, head.headerEnd)) : null
    if (head.kind !== 'found' || headers === null) {
      q.consume(RECORD_MAGIC.length)
      yield* fault('corrupt', headers)
      continue
    }

    const blockStart = head.blockStart
    const blockEnd = blockStart + headers.contentLength
    if (headers.contentLength > opts.maxBlockBytes) {
      const headEnd = Math.min(blockEnd, blockStart + OVERSIZE_HEAD_BYTES)
      await q.fill(headEnd)
      const blockHead = q.view(blockStart, Math.min(headEnd, q.length))
      const skipped = await discard(q, blockEnd)
      if (skipped !== 'ok') {
        yield* fault(skipped, headers)
        continue
      }
      const trailer = await checkTrailer(q, 0)
      if (trailer < 0) {
        yield* fault('corrupt', headers)
        continue
      }
      q.consume(trailer)
      afterFault = false
      yield { kind: 'oversize', index: index++, headers, blockHead }
      continue
    }

    await q.fill(blockEnd + CRLF_CRLF.length)
    const cut = q.barrierBetween(0, Math.min(blockEnd, q.length + 1))
    if (cut !== undefined) {
      yield* fault(cutAt(q, cut), headers)
      continue
    }
    if (q.length < blockEnd) {
      q.consume(q.length)
      yield* fault('truncated', headers)
      continue
    }
    const next = await checkTrailer(q, blockEnd)
    if (next < 0) {
      // Content-Length lies: step past this record's magic only, so a record hidden inside its
      // supposed block is still found by the rescan.
      q.consume(RECORD_MAGIC.length)
      yield* fault('corrupt', headers)
      continue
    }
    // A record that runs up to a tainting gap (its gzip member failed its CRC) is not to be trusted.
    await q.fill(next + 1)
    const gapAfter = q.barrierAt(next)
    if (gapAfter?.taints) {
      q.consume(next)
      q.removeBarrier(gapAfter)
      yield* fault(gapAfter.kind === 'truncated' ? 'truncated' : 'corrupt', headers)
      continue
    }
    const block = q.view(blockStart, blockEnd)
    const nextOffset = gapAfter?.kind === 'record-start' ? (gapAfter.sourceOffset ?? null) : null
    q.consume(next)
    afterFault = false
    yield { kind: 'record', index: index++, headers, block, nextOffset }
  }
}

type HeaderEnd =
  | { kind: 'found'; headerEnd: number; blockStart: number }
  | { kind: 'cut'; hit: BarrierHit }
  | { kind: 'too-long' }
  | { kind: 'eof' }

async function findHeaderEnd(q: ByteQueue): Promise<HeaderEnd> {
  const cap = MAX_WARC_HEADER_BYTES + CRLF_CRLF.length
  let searched = 0
  while (true) {
    const hit = q.barrierBetween(0, q.length + 1)
    const limit = Math.min(q.length, cap, hit === undefined ? Number.POSITIVE_INFINITY : hit.pos)
    const from = Math.max(0, searched - CRLF_CRLF.length)
    const crlf = q.indexOf(CRLF_CRLF, from, limit)
    const lf = q.indexOf(LF_LF, from, crlf < 0 ? limit : crlf)
    if (lf >= 0) return { kind: 'found', headerEnd: lf, blockStart: lf + LF_LF.length }
    if (crlf >= 0) return { kind: 'found', headerEnd: crlf, blockStart: crlf + CRLF_CRLF.length }
    if (hit !== undefined) return { kind: 'cut', hit }
    if (limit >= cap) return { kind: 'too-long' }
    if (q.ended) return { kind: 'eof' }
    searched = limit
    await q.pull()
  }
}

/** Consumes up to a barrier that cut the current record short and says why the record is lost. */
function cutAt(q: ByteQueue, hit: BarrierHit): 'corrupt' | 'truncated' {
  q.consume(hit.pos)
  if (hit.barrier.kind === 'record-start') return 'truncated'
  q.removeBarrier(hit.barrier)
  return hit.barrier.kind
}

/**
 * After a block ending at `pos`: the position where the next record starts, or -1 if what follows
 * is neither the `\r\n\r\n` record trailer nor, within a few bytes, a record start, a barrier or
 * the end of input. -1 means the Content-Length is wrong.
 */
async function checkTrailer(q: ByteQueue, pos: number): Promise<number> {
  await q.fill(pos + CRLF_CRLF.length)
  if (q.startsWith(CRLF_CRLF, pos) && q.barrierBetween(pos, pos + CRLF_CRLF.length) === undefined) {
    return pos + CRLF_CRLF.length
  }
  await q.fill(pos + MAX_TRAILER_BLANKS + RECORD_MAGIC.length)
  let at = pos
  while (at < q.length && at - pos < MAX_TRAILER_BLANKS && q.barrierAt(at) === undefined) {
    const byte = q.byteAt(at)
    if (byte !== CR && byte !== LF) break
    at++
  }
  if (q.barrierAt(at) !== undefined || (at >= q.length && q.ended) || q.startsWith(RECORD_MAGIC, at)) return at
  // A Content-Length short by a few bytes (a known writer bug): the next record starts just after.
  await q.fill(pos + CONTENT_LENGTH_SLACK + RECORD_MAGIC.length)
  const barrier = q.barrierBetween(pos, pos + CONTENT_LENGTH_SLACK + 1)
  const end = barrier === undefined ? pos + CONTENT_LENGTH_SLACK + RECORD_MAGIC.length : barrier.pos
  for (let from = pos + 1; from < end; ) {
    const hit = q.indexOf(RECORD_MAGIC, from, end)
    if (hit < 0) break
    if (isVersionLineAt(q, hit, q.length)) return hit
    from = hit + 1
  }
  if (barrier !== undefined) return barrier.pos
  return q.ended && q.length <= pos + CONTENT_LENGTH_SLACK ? q.length : -1
}

/** Drops the block of an oversize record without buffering it. */
async function discard(q: ByteQueue, bytes: number): Promise<'ok' | 'corrupt' | 'truncated'> {
  let remaining = bytes
  while (remaining > 0) {
    const cut = q.barrierBetween(0, Math.min(remaining, q.length + 1))
    if (cut !== undefined) return cutAt(q, cut)
    const step = Math.min(remaining, q.length)
    q.consume(step)
    remaining -= step
    if (remaining > 0 && !(await q.pull())) {
      q.consume(q.length)
      return 'truncated'
    }
  }
  return 'ok'
}

/**
 * Skips bytes up to the next record start: a `WARC/1.x` version line or a barrier. Returns whether
 * the skipped bytes held anything but blank space (blank lines between records are normal).
 */
async function skipToRecordStart(q: ByteQueue): Promise<boolean> {
  let hadContent = false
  while (true) {
    await q.fill(SCAN_WINDOW_BYTES)
    const barrier = q.barrierBetween(0, q.length + 1)
    const limit = barrier === undefined ? q.length : barrier.pos
    // Settled: no byte will arrive before `limit`, so a candidate near it can be judged now.
    const settled = barrier !== undefined || q.ended
    const searchEnd = settled ? limit : limit - VERSION_LINE_MAX_BYTES
    let found = -1
    for (let from = 1; from < searchEnd; ) {
      const hit = q.indexOf(RECORD_MAGIC, from, Math.min(searchEnd + RECORD_MAGIC.length - 1, limit))
      if (hit < 0) break
      if (isVersionLineAt(q, hit, limit)) {
        found = hit
        break
      }
      from = hit + 1
    }
    const skip = found >= 0 ? found : settled ? limit : Math.max(1, searchEnd)
    hadContent ||= hasContent(q.view(0, Math.min(skip, q.length)))
    q.consume(skip)
    if (found >= 0 || settled) return hadContent
  }
}

/** `WARC/1.<digits>` then a line end at `pos`, within bytes before `end`. */
function isVersionLineAt(q: ByteQueue, pos: number, end: number): boolean {
  const line = q.view(pos, Math.min(pos + VERSION_LINE_MAX_BYTES, end))
  let at = RECORD_MAGIC.length
  while (at < line.length && (line[at] ?? 0) >= 0x30 && (line[at] ?? 0) <= 0x39) at++
  if (at === RECORD_MAGIC.length) return false
  if (line[at] === CR) at++
  return line[at] === LF
}

function hasContent(bytes: Uint8Array): boolean {
  for (const byte of bytes) if (byte !== CR && byte !== LF && byte !== 0x20 && byte !== 0x09 && byte !== 0) return true
  return false
}
