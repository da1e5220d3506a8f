/** The events must not depend on how the source happens to be chunked (file reads, network packets). */
import { describe, expect, test } from 'bun:test'
import zlib from 'node:zlib'
import { decompress } from '../../batch/warc/decompress.ts'
import { frameRecords } from '../../batch/warc/record-framer.ts'
import { recordToEvent } from '../../batch/warc/record-to-event.ts'
import { DEFAULT_MAX_PAYLOAD_BYTES } from '../../batch/warc/reader.ts'
import { MAX_HTTP_HEADER_BYTES } from '../../batch/warc/http-message.ts'
import type { WarcEvent } from '../../batch/warc/types.ts'
import {
  LAYOUTS,
  bytesOf,
  chunked,
  concat,
  layOut,
  page,
  requestRecord,
  responseRecord,
  seededRandom,
  type Bytes,
} from './warc-fixture.ts'

const pages = ['a', 'b', 'c'].map((n) => page(`Story ${n}`, `Paragraph ${n}. `.repeat(30)))
const RECORDS = pages.flatMap((html, i) => [
  requestRecord(`https://news.example.com/${i}`),
  responseRecord(`https://news.example.com/${i}`, {
    headers: [
      ['Content-Type', 'text/html'],
      ['Content-Encoding', 'gzip'],
      ['Transfer-Encoding', 'chunked'],
    ],
    body: chunked(zlib.gzipSync(html), [50]),
  }),
])

async function eventsOf(chunks: readonly Bytes[]): Promise<WarcEvent[]> {
  async function* source() {
    for (const chunk of chunks) yield chunk
  }
  const events: WarcEvent[] = []
  const records = frameRecords(decompress(source()), {
    maxBlockBytes: DEFAULT_MAX_PAYLOAD_BYTES + MAX_HTTP_HEADER_BYTES,
  })
  for await (const record of records) events.push(recordToEvent(record, 'mem', DEFAULT_MAX_PAYLOAD_BYTES))
  return events
}

function damaged(layout: (typeof LAYOUTS)[number]): Bytes {
  const file = new Uint8Array(layOut(RECORDS, layout))
  const middle = Math.floor(file.length / 2)
  file.fill(0x42, middle, middle + 25)
  return concat([file.subarray(0, middle + 100), bytesOf('garbage\r\n'), file.subarray(middle + 100)])
}

const files = LAYOUTS.flatMap((layout) => [
  { name: `${layout}, intact`, bytes: layOut(RECORDS, layout) },
  { name: `${layout}, damaged`, bytes: damaged(layout) },
])

describe('same events whatever the chunking', () => {
  test.each(files)('$name: every two-chunk split', async ({ bytes }) => {
    const whole = await eventsOf([bytes])
    expect(whole.length).toBeGreaterThan(1)
    for (let at = 1; at < bytes.length; at += 13) {
      const split = await eventsOf([bytes.subarray(0, at), bytes.subarray(at)])
      expect({ at, split }).toEqual({ at, split: whole })
    }
  })

  test.each(files)('$name: random small chunks (fixed seed)', async ({ bytes }) => {
    const whole = await eventsOf([bytes])
    const random = seededRandom(99)
    for (let round = 0; round < 5; round++) {
      const chunks: Bytes[] = []
      for (let at = 0; at < bytes.length; ) {
        const size = 1 + Math.floor(random() * 300)
        chunks.push(bytes.subarray(at, at + size))
        at += size
      }
      expect(await eventsOf(chunks)).toEqual(whole)
    }
  })
})

test('a gzip payload stored verbatim inside a member is not taken for a member boundary', async () => {
  // Random bytes gzip to incompressible bytes, which zlib keeps verbatim in stored blocks of the
  // record's own member. With a two-member gzip body, the second member's header lands inside
  // such a block: a complete, CRC-valid gzip member inside another member's data.
  const random = seededRandom(5)
  const noise = (n: number) => Uint8Array.from({ length: n }, () => Math.floor(random() * 256))
  const payload = concat([bytesOf('<html><body>'), noise(60_000), noise(1000), bytesOf('</body></html>')])
  const html = new TextDecoder().decode(payload)
  const secondMember = zlib.gzipSync(payload.subarray(60_012))
  const inner = concat([zlib.gzipSync(payload.subarray(0, 60_012)), secondMember])
  const record = responseRecord('https://news.example.com/stored', {
    headers: [
      ['Content-Type', 'text/html'],
      ['Content-Encoding', 'gzip'],
    ],
    body: inner,
  })
  const file = layOut([record, requestRecord('https://news.example.com/next')], 'record-gzip')
  const embeddedAt = Buffer.from(file).indexOf(secondMember.subarray(0, 64))
  expect(embeddedAt).toBeGreaterThan(0)
  const whole = await eventsOf([file])
  expect(whole.map((e) => (e.kind === 'html' ? e.html : e.reason))).toEqual([html, 'not-response'])
  // The dangerous chunkings: the first chunk holds the embedded member whole but not the outer one.
  const embeddedEnd = embeddedAt + secondMember.length
  const splits = [
    ...Array.from({ length: 40 }, (_, i) => embeddedEnd + i),
    ...Array.from({ length: 20 }, (_, i) => 1 + i * 5003),
  ]
  // Compared by digest: a failure should not print 60 KB of noise.
  const digest = (events: WarcEvent[]) =>
    events.map((e) => (e.kind === 'html' ? `${e.index} html ${Bun.hash(e.html)}` : `${e.index} ${e.reason}`))
  for (const at of splits)
    expect({ at, events: digest(await eventsOf([file.subarray(0, at), file.subarray(at)])) }).toEqual({
      at,
      events: digest(whole),
    })
})
