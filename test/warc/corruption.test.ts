import { afterAll, describe, expect, test } from 'bun:test'
import zlib from 'node:zlib'
import {
  LAYOUTS,
  bytesOf,
  collect,
  concat,
  htmlEvents,
  layOut,
  outcome,
  page,
  responseRecord,
  scratchDir,
  seededRandom,
  skipEvents,
  summarize,
  writeFixture,
  type Bytes,
  type Layout,
} from './warc-fixture.ts'

const scratch = scratchDir()
afterAll(scratch.cleanup)

const NAMES = ['a', 'b', 'c', 'd', 'e', 'f']
const uri = (name: string) => `https://news.example.com/${name}`
// Seeded words, so that even a whole-file gzip of these pages is not tiny (cut points land where intended).
const html = (name: string) => page(`Story ${name}`, words(400, name.charCodeAt(0)))
const record = (name: string, extra = {}) =>
  responseRecord(uri(name), { headers: [['Content-Type', 'text/html; charset=utf-8']], body: html(name) }, extra)
const RECORDS = NAMES.map((name) => record(name))

let fileCount = 0
async function read(bytes: Bytes) {
  return collect(writeFixture(scratch.dir, `c${fileCount++}.warc`, bytes))
}

/** Offsets of each gzip member in a record-gzipped layout. */
function memberOffsets(records: readonly Bytes[]): number[] {
  const offsets: number[] = []
  let at = 0
  for (const r of records) {
    offsets.push(at)
    at += zlib.gzipSync(r).length
  }
  return offsets
}

describe('truncated final record', () => {
  test.each(LAYOUTS)('%s: cut inside the last record', async (layout) => {
    const file = layOut(RECORDS, layout)
    // Cut well inside the last record: past its header, before its end.
    const lastSize =
      layout === 'record-gzip' ? zlib.gzipSync(RECORDS[5] ?? new Uint8Array()).length : (RECORDS[5]?.length ?? 0)
    const cutAt = layout === 'whole-gzip' ? file.length - 30 : file.length - Math.floor(lastSize / 3)
    const events = await read(file.subarray(0, cutAt))
    expect(summarize(events)).toEqual([
      ...NAMES.slice(0, 5).map((n, i) => `${i} html ${uri(n)}`),
      `5 truncated ${uri('f')}`,
    ])
    expect(htmlEvents(events).map((e) => e.html)).toEqual(NAMES.slice(0, 5).map(html))
  })

  test.each(LAYOUTS)('%s: cut inside the last record header', async (layout) => {
    const records = [...RECORDS.slice(0, 5), concat([RECORDS[5] ?? new Uint8Array()])]
    const plain = layOut(records, 'plain')
    const headerCut = plain.length - (RECORDS[5]?.length ?? 0) + 40
    const bytes =
      layout === 'plain'
        ? plain.subarray(0, headerCut)
        : layout === 'whole-gzip'
          ? zlib.gzipSync(plain.subarray(0, headerCut)).subarray(0, -8)
          : concat([
              layOut(records.slice(0, 5), 'record-gzip'),
              zlib.gzipSync(plain.subarray(headerCut - 40, headerCut)).subarray(0, -8),
            ])
    const events = await read(bytes)
    expect(events.map(outcome)).toEqual(['html', 'html', 'html', 'html', 'html', 'truncated'])
  })

  test('record-gzip: file ends cleanly between members → nothing is reported missing', async () => {
    const events = await read(layOut(RECORDS.slice(0, 3), 'record-gzip'))
    expect(events.map(outcome)).toEqual(['html', 'html', 'html'])
  })
})

describe('garbage between records', () => {
  const garbages: { name: string; bytes: Bytes }[] = [
    { name: 'random bytes', bytes: randomBytes(500, 7) },
    { name: 'text ending without a newline', bytes: bytesOf('this is not a record, nor is WARC/1.0 spec text here') },
    {
      name: 'NUL padding and a fake gzip magic',
      bytes: concat([new Uint8Array(64), new Uint8Array([0x1f, 0x8b, 0x08, 0x00]), new Uint8Array(64)]),
    },
  ]
  const cases = LAYOUTS.filter((l) => l !== 'whole-gzip').flatMap((layout) => garbages.map((g) => ({ ...g, layout })))
  test.each(cases)('$layout: $name', async ({ layout, bytes }) => {
    const file = concat([layOut(RECORDS.slice(0, 3), layout), bytes, layOut(RECORDS.slice(3), layout)])
    const events = await read(file)
    expect(summarize(events)).toEqual([
      `0 html ${uri('a')}`,
      `1 html ${uri('b')}`,
      `2 html ${uri('c')}`,
      '3 corrupt ',
      `4 html ${uri('d')}`,
      `5 html ${uri('e')}`,
      `6 html ${uri('f')}`,
    ])
  })

  test('whole-gzip: garbage inside the one member loses only the records it touches', async () => {
    const plain = concat([
      layOut(RECORDS.slice(0, 3), 'plain'),
      randomBytes(300, 11),
      layOut(RECORDS.slice(3), 'plain'),
    ])
    const events = await read(zlib.gzipSync(plain))
    expect(events.map(outcome)).toEqual(['html', 'html', 'html', 'corrupt', 'html', 'html', 'html'])
  })

  test('blank lines between records are not faults', async () => {
    const file = concat([RECORDS[0] ?? bytesOf(''), bytesOf('\r\n\r\n\n'), RECORDS[1] ?? bytesOf('')])
    expect((await read(file)).map(outcome)).toEqual(['html', 'html'])
  })
})

describe('a corrupt gzip member in the middle', () => {
  const offsets = memberOffsets(RECORDS)
  const damage: { name: string; damage: (bytes: Uint8Array) => void; want: string }[] = [
    {
      name: 'deflate data overwritten',
      damage: (b) => b.fill(0xa5, (offsets[2] ?? 0) + 20, (offsets[2] ?? 0) + 60),
      want: 'corrupt',
    },
    { name: 'one bit flipped (caught by the CRC)', damage: (b) => flip(b, (offsets[2] ?? 0) + 200), want: 'corrupt' },
    { name: 'CRC trailer wrong', damage: (b) => flip(b, (offsets[3] ?? 0) - 6), want: 'corrupt' },
    {
      name: 'member header destroyed',
      damage: (b) => b.fill(0, offsets[2] ?? 0, (offsets[2] ?? 0) + 4),
      want: 'corrupt',
    },
  ]
  test.each(damage)('$name → the other members still come out', async ({ damage, want }) => {
    const file = new Uint8Array(layOut(RECORDS, 'record-gzip'))
    damage(file)
    const events = await read(file)
    expect(events.map(outcome)).toEqual(['html', 'html', want, 'html', 'html', 'html'])
    expect(htmlEvents(events).map((e) => e.targetUri)).toEqual(['a', 'b', 'd', 'e', 'f'].map(uri))
    expect(htmlEvents(events).map((e) => e.index)).toEqual([0, 1, 3, 4, 5])
  })

  test('two adjacent corrupt members count as one fault', async () => {
    const file = new Uint8Array(layOut(RECORDS, 'record-gzip'))
    file.fill(0x5a, (offsets[2] ?? 0) + 12, (offsets[4] ?? 0) - 12)
    expect((await read(file)).map(outcome)).toEqual(['html', 'html', 'corrupt', 'html', 'html'])
  })

  test('whole-gzip: damage mid-file keeps the records inflated before it, then a corrupt skip', async () => {
    const intact = layOut(RECORDS, 'whole-gzip')
    const damageAt = Math.floor(intact.length * 0.6)
    // Ground truth: how much output the bytes before the damage decode to on their own.
    const before = zlib.gunzipSync(intact.subarray(0, damageAt), { finishFlush: zlib.constants.Z_SYNC_FLUSH }).length
    const plainEnds = RECORDS.map((_, i) => RECORDS.slice(0, i + 1).reduce((n, r) => n + r.length, 0))
    const safe = NAMES.filter((_, i) => (plainEnds[i] ?? 0) <= before)
    expect(safe.length).toBeGreaterThanOrEqual(2)
    const file = new Uint8Array(intact)
    file.fill(0xa5, damageAt, damageAt + 40)
    const events = await read(file)
    expect(events.map(outcome).at(-1)).toBe('corrupt')
    expect(
      htmlEvents(events)
        .slice(0, safe.length)
        .map((e) => e.html),
    ).toEqual(safe.map(html))
    expect(events.length).toBeLessThanOrEqual(NAMES.length + 1)
  })
})

describe('a Content-Length that lies', () => {
  /** The block length: everything between the header's blank line and the closing CRLF CRLF. */
  const trueLength = (name: string) => record(name).length - Buffer.from(record(name)).indexOf('\r\n\r\n') - 8
  const cases: { name: string; layout: Layout; delta: number; want: string[] }[] = [
    { name: 'too long (plain)', layout: 'plain', delta: +300, want: ['html', 'corrupt', 'html', 'html'] },
    { name: 'too long (record-gzip)', layout: 'record-gzip', delta: +300, want: ['html', 'truncated', 'html', 'html'] },
    { name: 'too short (plain)', layout: 'plain', delta: -200, want: ['html', 'corrupt', 'html', 'html'] },
    { name: 'too short (record-gzip)', layout: 'record-gzip', delta: -200, want: ['html', 'corrupt', 'html', 'html'] },
    { name: 'too long (whole-gzip)', layout: 'whole-gzip', delta: +300, want: ['html', 'corrupt', 'html', 'html'] },
  ]
  test.each(cases)('$name', async ({ layout, delta, want }) => {
    const liar = record('b', { contentLength: trueLength('b') + delta })
    const events = await read(layOut([record('a'), liar, record('c'), record('d')], layout))
    expect(events.map(outcome)).toEqual(want)
    expect(htmlEvents(events).map((e) => e.targetUri)).toEqual(['a', 'c', 'd'].map(uri))
  })

  test('short by a few bytes (a known writer bug): the record is kept, minus those bytes', async () => {
    const liar = record('b', { contentLength: trueLength('b') - 2 })
    const events = await read(layOut([record('a'), liar, record('c')], 'plain'))
    expect(events.map(outcome)).toEqual(['html', 'html', 'html'])
    expect(htmlEvents(events)[1]?.html).toBe(html('b').slice(0, -2))
  })
})

describe('malformed record headers', () => {
  const bad: { name: string; bytes: Bytes }[] = [
    {
      name: 'no Content-Length',
      bytes: bytesOf(
        'WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: https://x/\r\n\r\nHTTP/1.1 200 OK\r\n\r\n<html></html>\r\n\r\n',
      ),
    },
    {
      name: 'Content-Length not a number',
      bytes: bytesOf('WARC/1.0\r\nWARC-Type: response\r\nContent-Length: 12ab\r\n\r\nHTTP/1.1 200\r\n\r\n'),
    },
    {
      name: 'negative Content-Length',
      bytes: bytesOf('WARC/1.0\r\nWARC-Type: response\r\nContent-Length: -5\r\n\r\n\r\n\r\n'),
    },
    {
      name: 'bad version line',
      bytes: bytesOf('WARC/1.x\r\nWARC-Type: response\r\nContent-Length: 0\r\n\r\n\r\n\r\n'),
    },
    {
      name: 'a header that never ends (100 KB, over the cap)',
      bytes: bytesOf(
        `WARC/1.0\r\nWARC-Type: response\r\n${'X-Filler: 0123456789abcdef0123456789abcdef\r\n'.repeat(2500)}`,
      ),
    },
  ]
  const cases = LAYOUTS.flatMap((layout) => bad.map((b) => ({ ...b, layout })))
  test.each(cases)('$layout: $name → corrupt, neighbours intact', async ({ layout, bytes }) => {
    const records = [record('a'), bytes, record('c')]
    const events = await read(layOut(records, layout))
    expect(events.map(outcome)).toEqual(['html', 'corrupt', 'html'])
  })

  test('plain: an endless header without any record after it ends in one corrupt skip', async () => {
    const endless = bytesOf(`WARC/1.0\r\n${'X: y\r\n'.repeat(60_000)}`)
    const events = await read(concat([record('a'), endless]))
    expect(events.map(outcome)).toEqual(['html', 'corrupt'])
  })
})

describe('fuzzing with a fixed seed: never throws, untouched records come out exactly', () => {
  type Mutation = { kind: 'delete' | 'insert' | 'flip' | 'truncate'; at: number; span: number }
  const apply = (bytes: Bytes, m: Mutation, seed: number): Bytes => {
    if (m.kind === 'delete') return concat([bytes.subarray(0, m.at), bytes.subarray(m.at + m.span)])
    if (m.kind === 'insert') return concat([bytes.subarray(0, m.at), randomBytes(m.span, seed), bytes.subarray(m.at)])
    if (m.kind === 'truncate') return bytes.subarray(0, m.at)
    const out = new Uint8Array(bytes)
    flip(out, m.at)
    return out
  }
  /** Whether the byte range [start, end) of a record is affected by the mutation. */
  const touches = (m: Mutation, start: number, end: number): boolean => {
    if (m.kind === 'insert') return start < m.at && m.at < end
    if (m.kind === 'truncate') return end > m.at
    const to = m.kind === 'flip' ? m.at + 1 : m.at + m.span
    return start < to && m.at < end
  }
  test.each(['record-gzip', 'plain'] as const)('%s', async (layout) => {
    const random = seededRandom(20240115)
    const sizes = RECORDS.map((r) => (layout === 'plain' ? r.length : zlib.gzipSync(r).length))
    const starts = sizes.map((_, i) => sizes.slice(0, i).reduce((a, b) => a + b, 0))
    const original = layOut(RECORDS, layout)
    const kinds = ['delete', 'insert', 'flip', 'truncate'] as const
    for (let round = 0; round < 200; round++) {
      const m: Mutation = {
        kind: kinds[Math.floor(random() * kinds.length)] ?? 'flip',
        at: Math.floor(random() * original.length),
        span: 1 + Math.floor(random() * 120),
      }
      const events = await read(apply(original, m, round))
      expect(events.map((e) => e.index)).toEqual(events.map((_, i) => i))
      const got = new Map(htmlEvents(events).map((e) => [e.targetUri, e.html]))
      const untouched = NAMES.filter((_, i) => !touches(m, starts[i] ?? 0, (starts[i] ?? 0) + (sizes[i] ?? 0)))
      for (const name of untouched)
        expect({ round, name, html: got.get(uri(name)) }).toEqual({ round, name, html: html(name) })
      // Nothing is invented or counted twice: at most one extra event (inserted junk), and a lost record is counted.
      expect(events.length).toBeLessThanOrEqual(NAMES.length + 1)
      if (got.size < NAMES.length) expect(skipEvents(events).length).toBeGreaterThan(0)
      // Gzip members carry a CRC: nothing altered gets through from a record-gzipped file.
      if (layout === 'record-gzip') for (const [u, text] of got) expect(text).toBe(html(u.slice(-1)))
    }
  })
})

function randomBytes(count: number, seed: number): Uint8Array {
  const random = seededRandom(seed)
  return Uint8Array.from({ length: count }, () => Math.floor(random() * 256))
}

function flip(bytes: Uint8Array, at: number): void {
  bytes[at] = (bytes[at] ?? 0) ^ 0x10
}

function words(count: number, seed: number): string {
  const random = seededRandom(seed)
  const vocabulary = [
    'market',
    'police',
    'minister',
    'rain',
    'vote',
    'city',
    'court',
    'river',
    'school',
    'price',
    'energy',
    'league',
  ]
  return Array.from({ length: count }, () => vocabulary[Math.floor(random() * vocabulary.length)]).join(' ')
}
