import { afterAll, describe, expect, test } from 'bun:test'
import zlib from 'node:zlib'
import iconv from 'iconv-lite'
import type { HtmlResponse } from '../../batch/warc/types.ts'
import {
  LAYOUTS,
  bytesOf,
  chunked,
  collect,
  htmlEvents,
  layOut,
  page,
  recordId,
  requestRecord,
  responseRecord,
  scratchDir,
  summarize,
  warcRecord,
  warcinfoRecord,
  writeFixture,
} from './warc-fixture.ts'

const scratch = scratchDir()
afterAll(scratch.cleanup)

const FIRST = page('First story', 'Markets rose on Monday.')
const SECOND = page('Second story', 'Zürich café — naïve résumé ✓')

function triplet(uri: string, html: string, version: '1.0' | '1.1', date: string) {
  return [
    requestRecord(uri, { version, date }),
    responseRecord(
      uri,
      { headers: [['Content-Type', 'text/html; charset=utf-8']], body: html },
      { version, date, id: recordId(uri.length + html.length) },
    ),
    warcRecord({
      type: 'metadata',
      version,
      date,
      targetUri: uri,
      contentType: 'application/warc-fields',
      block: 'fetchTimeMs: 12\r\n',
    }),
  ]
}

describe('round trip by layout and WARC version', () => {
  const cases = LAYOUTS.flatMap((layout) =>
    (['1.0', '1.1'] as const).map((version) => ({ name: `${layout} WARC/${version}`, layout, version })),
  )
  test.each(cases)('$name', async ({ layout, version }) => {
    // WARC 1.1 allows fractional seconds; the event carries whole seconds.
    const date = version === '1.1' ? '2024-01-15T08:30:00.123456Z' : '2024-01-15T08:30:00Z'
    const records = [
      warcinfoRecord({ version }),
      ...triplet('https://news.example.com/a', FIRST, version, date),
      ...triplet('https://news.example.com/b', SECOND, version, date),
    ]
    const file = writeFixture(scratch.dir, `${layout}-${version}.bin`, layOut(records, layout))
    const events = await collect(file)
    expect(summarize(events)).toEqual([
      '0 not-response ',
      '1 not-response https://news.example.com/a',
      '2 html https://news.example.com/a',
      '3 not-response https://news.example.com/a',
      '4 not-response https://news.example.com/b',
      '5 html https://news.example.com/b',
      '6 not-response https://news.example.com/b',
    ])
    const [first, second] = htmlEvents(events)
    expect(first).toEqual({
      kind: 'html',
      source: file,
      index: 2,
      targetUri: 'https://news.example.com/a',
      warcDate: '2024-01-15T08:30:00Z',
      warcRecordId: recordId('https://news.example.com/a'.length + FIRST.length),
      httpStatus: 200,
      httpHeaders: { 'content-type': 'text/html; charset=utf-8' },
      html: FIRST,
      charset: 'utf-8',
      // Record-gzipped: where record 3's gzip member starts, the sum of members 0-2's sizes.
      nextOffset:
        layout === 'record-gzip' ? records.slice(0, 3).reduce((n, r) => n + zlib.gzipSync(r).length, 0) : null,
    } satisfies HtmlResponse)
    expect(second?.html).toBe(SECOND)
    expect(second?.nextOffset).toBe(
      layout === 'record-gzip' ? records.slice(0, 6).reduce((n, r) => n + zlib.gzipSync(r).length, 0) : null,
    )
  })
})

test('format is told by magic bytes, not by the file name', async () => {
  const records = triplet('https://news.example.com/a', FIRST, '1.0', '2024-01-15T08:30:00Z')
  const gzipNamedPlain = writeFixture(scratch.dir, 'really-gzip.warc', layOut(records, 'record-gzip'))
  const plainNamedGzip = writeFixture(scratch.dir, 'really-plain.warc.gz', layOut(records, 'plain'))
  for (const file of [gzipNamedPlain, plainNamedGzip])
    expect(htmlEvents(await collect(file)).map((e) => e.html)).toEqual([FIRST])
})

test('repeated HTTP headers are joined and names lower-cased', async () => {
  const record = responseRecord('https://news.example.com/h', {
    headers: [
      ['Content-Type', 'text/html'],
      ['Set-Cookie', 'a=1'],
      ['SET-COOKIE', 'b=2'],
      ['X-Folded', 'one'],
    ],
    body: FIRST,
  })
  const [event] = htmlEvents(await collect(writeFixture(scratch.dir, 'headers.warc', record)))
  expect(event?.httpHeaders).toEqual({ 'content-type': 'text/html', 'set-cookie': 'a=1, b=2', 'x-folded': 'one' })
})

describe('payload transfer and content encodings', () => {
  const html = bytesOf(page('Encoded', 'Le café est fermé. '.repeat(200)))
  const cases: { name: string; headers: [string, string][]; body: Uint8Array }[] = [
    { name: 'identity', headers: [], body: html },
    { name: 'chunked', headers: [['Transfer-Encoding', 'chunked']], body: chunked(html, [100, 7, 1000]) },
    { name: 'gzip', headers: [['Content-Encoding', 'gzip']], body: zlib.gzipSync(html) },
    { name: 'x-gzip', headers: [['Content-Encoding', 'x-gzip']], body: zlib.gzipSync(html) },
    { name: 'br', headers: [['Content-Encoding', 'br']], body: zlib.brotliCompressSync(html) },
    { name: 'deflate, zlib-wrapped', headers: [['Content-Encoding', 'deflate']], body: zlib.deflateSync(html) },
    { name: 'deflate, raw', headers: [['Content-Encoding', 'deflate']], body: zlib.deflateRawSync(html) },
    {
      name: 'chunked + gzip',
      headers: [
        ['Content-Encoding', 'gzip'],
        ['Transfer-Encoding', 'chunked'],
      ],
      body: chunked(zlib.gzipSync(html), [64]),
    },
    {
      name: 'chunked + br',
      headers: [
        ['Content-Encoding', 'br'],
        ['Transfer-Encoding', 'chunked'],
      ],
      body: chunked(zlib.brotliCompressSync(html), [300, 5]),
    },
    {
      name: 'gzip then br',
      headers: [['Content-Encoding', 'gzip, br']],
      body: zlib.brotliCompressSync(zlib.gzipSync(html)),
    },
    {
      name: 'chunked header but stored de-chunked',
      headers: [['Transfer-Encoding', 'chunked']],
      body: html,
    },
    {
      name: 'gzip header but stored decoded',
      headers: [['Content-Encoding', 'gzip']],
      body: html,
    },
  ]
  test.each(cases)('$name', async ({ name, headers, body }) => {
    const record = responseRecord('https://news.example.com/enc', {
      headers: [['Content-Type', 'text/html; charset=utf-8'], ...headers],
      body,
    })
    const file = writeFixture(scratch.dir, `enc-${name.replace(/\W+/g, '-')}.warc.gz`, layOut([record], 'record-gzip'))
    const [event] = htmlEvents(await collect(file))
    expect(event?.html).toBe(new TextDecoder().decode(html))
  })
})

describe('charsets', () => {
  // The expected text is the Unicode source; the bytes come from iconv-lite, an encoder independent of the decoder under test.
  const cases = [
    {
      name: 'windows-1251 from the header',
      charset: 'windows-1251',
      header: 'text/html; charset=windows-1251',
      meta: '',
      text: 'Новости: курс рубля вырос на 2%',
    },
    {
      name: 'cp1251 label',
      charset: 'windows-1251',
      header: 'text/html; charset=CP1251',
      meta: '',
      text: 'Москва, 15 января',
    },
    {
      name: 'koi8-r from the header',
      charset: 'koi8-r',
      header: 'text/html; charset="koi8-r"',
      meta: '',
      text: 'Правительство России',
    },
    {
      name: 'shift_jis from meta charset',
      charset: 'shift_jis',
      header: 'text/html',
      meta: '<meta charset="Shift_JIS">',
      text: '東京株式市場は上昇した',
    },
    {
      name: 'euc-jp from meta http-equiv',
      charset: 'euc-jp',
      header: 'text/html',
      meta: '<meta http-equiv="Content-Type" content="text/html; charset=EUC-JP">',
      text: '日本経済新聞の記事',
    },
    {
      name: 'gbk from meta http-equiv',
      charset: 'gbk',
      header: 'text/html',
      meta: '<META HTTP-EQUIV="content-type" CONTENT="text/html; charset=gbk">',
      text: '新浪财经：股市今日上涨',
    },
    {
      name: 'gb2312 label decodes as gbk',
      charset: 'gbk',
      header: 'text/html; charset=gb2312',
      meta: '',
      text: '中国人民银行',
    },
    { name: 'gb18030', charset: 'gb18030', header: 'text/html; charset=gb18030', meta: '', text: '北京时间上午' },
    { name: 'big5', charset: 'big5', header: 'text/html; charset=big5', meta: '', text: '臺灣新聞報導' },
    { name: 'euc-kr', charset: 'euc-kr', header: 'text/html; charset=euc-kr', meta: '', text: '서울 경제 뉴스' },
    {
      name: 'latin1 is windows-1252',
      charset: 'windows-1252',
      header: 'text/html; charset=ISO-8859-1',
      meta: '',
      text: 'Économie: l’euro à 1,09 $ — «hausse»',
    },
    {
      name: 'iso-8859-2',
      charset: 'iso-8859-2',
      header: 'text/html; charset=iso-8859-2',
      meta: '',
      text: 'Zażółć gęślą jaźń',
    },
    {
      name: 'header wins over meta',
      charset: 'windows-1251',
      header: 'text/html; charset=windows-1251',
      meta: '<meta charset="utf-8">',
      text: 'Курс доллара',
    },
  ]
  test.each(cases)('$name', async ({ name, charset, header, meta, text }) => {
    const source = page('T', text, meta)
    const record = responseRecord('https://news.example.com/cs', {
      headers: [['Content-Type', header]],
      body: iconv.encode(source, charset),
    })
    const [event] = htmlEvents(await collect(writeFixture(scratch.dir, `cs-${name.replace(/\W+/g, '-')}.warc`, record)))
    expect(event?.charset).toBe(charset)
    expect(event?.html).toBe(source)
  })

  test('no declaration at all → utf-8', async () => {
    const source = '<html><body>Grüße aus Köln</body></html>'
    const record = responseRecord('https://news.example.com/nodecl', {
      headers: [['Content-Type', 'text/html']],
      body: source,
    })
    const [event] = htmlEvents(await collect(writeFixture(scratch.dir, 'cs-none.warc', record)))
    expect(event).toMatchObject({ charset: 'utf-8', html: source })
  })

  test('unknown charset → utf-8 with replacement characters', async () => {
    const body = concat2(bytesOf('<html><body>caf'), new Uint8Array([0xe9]), bytesOf(' ok</body></html>'))
    const record = responseRecord('https://news.example.com/unknown', {
      headers: [['Content-Type', 'text/html; charset=x-no-such-charset']],
      body,
    })
    const [event] = htmlEvents(await collect(writeFixture(scratch.dir, 'cs-unknown.warc', record)))
    expect(event).toMatchObject({ charset: 'utf-8', html: '<html><body>caf\uFFFD ok</body></html>' })
  })

  test('a utf-8 byte order mark wins over a wrong header', async () => {
    const source = '<html><body>Ελληνικά νέα</body></html>'
    const body = concat2(new Uint8Array([0xef, 0xbb, 0xbf]), bytesOf(source))
    const record = responseRecord('https://news.example.com/bom', {
      headers: [['Content-Type', 'text/html; charset=iso-8859-1']],
      body,
    })
    const [event] = htmlEvents(await collect(writeFixture(scratch.dir, 'cs-bom.warc', record)))
    expect(event).toMatchObject({ charset: 'utf-8', html: source })
  })
})

function concat2(...parts: Uint8Array[]): Uint8Array {
  return Buffer.concat(parts)
}
