import { afterAll, describe, expect, test } from 'bun:test'
import zlib from 'node:zlib'
import { DEFAULT_MAX_PAYLOAD_BYTES } from '../../batch/warc/reader.ts'
import {
  bytesOf,
  collect,
  layOut,
  outcome,
  page,
  responseRecord,
  scratchDir,
  warcRecord,
  writeFixture,
  type Bytes,
} from './warc-fixture.ts'

const scratch = scratchDir()
afterAll(scratch.cleanup)

const HTML = page('Story', 'Body text.')
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
const URI = 'https://news.example.com/x'

async function eventOf(record: Bytes, opts = {}) {
  const events = await collect(writeFixture(scratch.dir, 'one.warc.gz', layOut([record], 'record-gzip')), opts)
  expect(events).toHaveLength(1)
  return events[0]
}

describe('what becomes HTML and what is skipped', () => {
  const cases: { name: string; record: Bytes; want: string }[] = [
    {
      name: 'text/html 200',
      record: responseRecord(URI, { headers: [['Content-Type', 'text/html']], body: HTML }),
      want: 'html',
    },
    {
      name: 'xhtml 200',
      record: responseRecord(URI, { headers: [['Content-Type', 'application/xhtml+xml; charset=utf-8']], body: HTML }),
      want: 'html',
    },
    {
      name: 'upper-case media type',
      record: responseRecord(URI, { headers: [['Content-Type', 'TEXT/HTML']], body: HTML }),
      want: 'html',
    },
    { name: 'no Content-Type, sniffed <!doctype html', record: responseRecord(URI, { body: HTML }), want: 'html' },
    {
      name: 'no Content-Type, sniffed <html',
      record: responseRecord(URI, { body: '\n  <HTML><body>x</body></HTML>' }),
      want: 'html',
    },
    {
      name: 'no Content-Type, gzip-encoded HTML sniffed after decoding',
      record: responseRecord(URI, { headers: [['Content-Encoding', 'gzip']], body: zlib.gzipSync(HTML) }),
      want: 'html',
    },
    { name: 'no Content-Type, binary', record: responseRecord(URI, { body: PNG }), want: 'not-html' },
    {
      name: 'no Content-Type, plain text',
      record: responseRecord(URI, { body: 'just words, no markup' }),
      want: 'not-html',
    },
    {
      name: 'image/png',
      record: responseRecord(URI, { headers: [['Content-Type', 'image/png']], body: PNG }),
      want: 'not-html',
    },
    {
      name: 'application/json',
      record: responseRecord(URI, { headers: [['Content-Type', 'application/json']], body: '{"a":1}' }),
      want: 'not-html',
    },
    {
      name: 'application/pdf',
      record: responseRecord(URI, { headers: [['Content-Type', 'application/pdf']], body: '%PDF-1.7' }),
      want: 'not-html',
    },
    {
      name: '404 HTML',
      record: responseRecord(URI, { status: 404, headers: [['Content-Type', 'text/html']], body: HTML }),
      want: 'http-status',
    },
    {
      name: '301 redirect',
      record: responseRecord(URI, { status: 301, headers: [['Location', 'https://x/']], body: '' }),
      want: 'http-status',
    },
    {
      name: '500 non-HTML',
      record: responseRecord(URI, { status: 500, headers: [['Content-Type', 'application/json']], body: '{}' }),
      want: 'http-status',
    },
    {
      name: 'request',
      record: warcRecord({
        type: 'request',
        targetUri: URI,
        contentType: 'application/http; msgtype=request',
        block: 'GET / HTTP/1.1\r\n\r\n',
      }),
      want: 'not-response',
    },
    {
      name: 'metadata',
      record: warcRecord({
        type: 'metadata',
        targetUri: URI,
        contentType: 'application/warc-fields',
        block: 'a: b\r\n',
      }),
      want: 'not-response',
    },
    {
      name: 'resource holding HTML',
      record: warcRecord({ type: 'resource', targetUri: URI, contentType: 'text/html', block: HTML }),
      want: 'not-response',
    },
    {
      name: 'revisit',
      record: warcRecord({
        type: 'revisit',
        targetUri: URI,
        contentType: 'application/http; msgtype=response',
        block: 'HTTP/1.1 200 OK\r\n\r\n',
      }),
      want: 'not-response',
    },
    {
      name: 'dns response (not HTTP)',
      record: warcRecord({
        type: 'response',
        targetUri: 'dns:example.com',
        contentType: 'text/dns',
        block: '20240115083000\nexample.com. 300 IN A 93.184.216.34\n',
      }),
      want: 'not-html',
    },
    {
      name: 'HTTP response block that is not HTTP',
      record: warcRecord({
        type: 'response',
        targetUri: URI,
        contentType: 'application/http; msgtype=response',
        block: 'garbage, not a status line\r\n\r\n<html>',
      }),
      want: 'corrupt',
    },
    {
      name: 'HTML with broken gzip content encoding',
      record: responseRecord(URI, {
        headers: [
          ['Content-Type', 'text/html'],
          ['Content-Encoding', 'gzip'],
        ],
        body: concatBytes(zlib.gzipSync(HTML).subarray(0, 10), new Uint8Array(40).fill(0xff)),
      }),
      want: 'corrupt',
    },
    {
      name: 'HTML with an unknown content encoding',
      record: responseRecord(URI, {
        headers: [
          ['Content-Type', 'text/html'],
          ['Content-Encoding', 'compress'],
        ],
        body: new Uint8Array([0x1f, 0x9d, 0x90, 1, 2, 3]),
      }),
      want: 'corrupt',
    },
    {
      name: 'response without WARC-Date',
      record: responseRecord(URI, { headers: [['Content-Type', 'text/html']], body: HTML }, { date: 'not a date' }),
      want: 'corrupt',
    },
  ]
  test.each(cases)('$name → $want', async ({ record, want }) => {
    const event = await eventOf(record)
    expect(outcome(event)).toBe(want)
    expect(event?.targetUri).toBe(/WARC-Target-URI: (\S+)/.exec(Buffer.from(record).toString('latin1'))?.[1])
  })
})

test('WARC-Target-URI in angle brackets (wget 1.x) is unwrapped', async () => {
  const event = await eventOf(
    responseRecord('<https://news.example.com/wrapped>', { headers: [['Content-Type', 'text/html']], body: HTML }),
  )
  expect(event?.targetUri).toBe('https://news.example.com/wrapped')
})

describe('maxPayloadBytes', () => {
  const body = bytesOf(page('Sized', 'x'.repeat(5000)))
  const record = responseRecord(URI, { headers: [['Content-Type', 'text/html']], body })
  const cases = [
    { name: 'default', max: undefined, want: 'html' },
    { name: 'exactly the payload size', max: body.length, want: 'html' },
    { name: 'one byte under', max: body.length - 1, want: 'too-large' },
    { name: 'minimum (1)', max: 1, want: 'too-large' },
  ]
  test.each(cases)('$name → $want', async ({ max, want }) => {
    const event = await eventOf(record, max === undefined ? {} : { maxPayloadBytes: max })
    expect(outcome(event)).toBe(want)
  })

  test.each([0, -1, 1.5, Number.NaN])('invalid value %p is refused', async (max) => {
    await expect(collect(writeFixture(scratch.dir, 'inv.warc', record), { maxPayloadBytes: max })).rejects.toThrow(
      /maxPayloadBytes/,
    )
  })

  test('default is 8 MiB', () => expect(DEFAULT_MAX_PAYLOAD_BYTES).toBe(8 * 1024 * 1024))

  test('payload that only inflates past the cap (gzip content encoding) → too-large', async () => {
    const bomb = zlib.gzipSync(Buffer.alloc(3_000_000, 0x20))
    const event = await eventOf(
      responseRecord(URI, {
        headers: [
          ['Content-Type', 'text/html'],
          ['Content-Encoding', 'gzip'],
        ],
        body: bomb,
      }),
      { maxPayloadBytes: 1_000_000 },
    )
    expect(event).toMatchObject({ kind: 'skip', reason: 'too-large' })
  })

  const big = (contentType: string, status = 200) =>
    responseRecord(URI, { status, headers: [['Content-Type', contentType]], body: Buffer.alloc(300_000, 0x61) })
  const oversize = [
    { name: 'HTML', record: big('text/html'), want: 'too-large' },
    { name: 'a PDF', record: big('application/pdf'), want: 'not-html' },
    { name: 'a 404', record: big('text/html', 404), want: 'http-status' },
    {
      name: 'a resource record',
      record: warcRecord({ type: 'resource', targetUri: URI, contentType: 'video/mp4', block: Buffer.alloc(300_000) }),
      want: 'not-response',
    },
  ]
  test.each(oversize)('a block far over the cap is skipped unread: $name → $want', async ({ record, want }) => {
    const next = responseRecord('https://news.example.com/after', {
      headers: [['Content-Type', 'text/html']],
      body: HTML,
    })
    for (const layout of ['record-gzip', 'plain'] as const) {
      const events = await collect(writeFixture(scratch.dir, `over-${layout}.warc`, layOut([record, next], layout)), {
        maxPayloadBytes: 1000,
      })
      expect(events.map(outcome)).toEqual([want, 'html'])
    }
  })
})

function concatBytes(...parts: Uint8Array[]): Uint8Array {
  return Buffer.concat(parts)
}
