/**
 * The real WARC files in shared/corpus/warc (see its SOURCES.md). warcio, an independent parser,
 * is the oracle for which records are what; a few facts about the pages are checked by hand.
 */
import { describe, expect, test } from 'bun:test'
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { WARCParser } from 'warcio'
import type { WarcEvent } from '../../batch/warc/types.ts'
import { collect, htmlEvents, outcome } from './warc-fixture.ts'

const CORPUS = path.resolve(import.meta.dir, '../../../shared/corpus/warc')
const hasCorpus = existsSync(CORPUS)
if (!hasCorpus) console.log(`skipping the real-WARC corpus tests: ${CORPUS} is absent`)

const file = (name: string) => path.join(CORPUS, name)
const PORTALS = hasCorpus
  ? readdirSync(file('news-portal-homepages-servo')).map((n) => `news-portal-homepages-servo/${n}`)
  : []
const ORACLE_FILES = [...PORTALS, 'commoncrawl-real/jwarc_cc.warc.gz', 'commoncrawl-real/whirlwind.warc.gz']

interface Expected {
  uri: string
  outcome: string
  payload: Uint8Array | null
}

async function oracle(source: string): Promise<Expected[]> {
  const out: Expected[] = []
  for await (const record of new WARCParser(Bun.file(source).stream())) {
    const uri = record.warcTargetURI ?? ''
    if (record.warcType !== 'response') {
      await record.readFully(false)
      out.push({ uri, outcome: 'not-response', payload: null })
      continue
    }
    const status = record.httpHeaders?.statusCode
    const type = record.httpHeaders?.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase()
    const payload = await record.readFully(true)
    const sniffed = /<html|<!doctype\s+html/i.test(Buffer.from(payload.subarray(0, 1024)).toString('latin1'))
    const isHtml = type ? type === 'text/html' || type === 'application/xhtml+xml' : sniffed
    out.push({ uri, outcome: status !== 200 ? 'http-status' : isHtml ? 'html' : 'not-html', payload })
  }
  return out
}

describe.skipIf(!hasCorpus)('real WARC files agree with warcio', () => {
  test.each(ORACLE_FILES)('%s', async (name) => {
    const events = await collect(file(name))
    const expected = await oracle(file(name))
    expect(events.map((e) => `${e.index} ${outcome(e)} ${e.targetUri}`)).toEqual(
      expected.map((e, i) => `${i} ${e.outcome} ${e.uri}`),
    )
    for (const event of htmlEvents(events)) {
      const payload = expected[event.index]?.payload ?? new Uint8Array()
      expect(event.html).toBe(new TextDecoder(event.charset).decode(payload))
    }
  })
})

describe.skipIf(!hasCorpus)('facts about the real pages', () => {
  const titleOf = (events: WarcEvent[], uri: string) => {
    const page = htmlEvents(events).find((e) => e.targetUri === uri)
    return /<title[^>]*>([^<]*)/i.exec(page?.html ?? '')?.[1]?.trim()
  }
  test('Sina front page, Chinese, decoded', async () => {
    const events = await collect(file(PORTALS.find((p) => p.includes('Sina')) ?? ''))
    expect(titleOf(events, 'https://www.sina.com.cn/')).toBe('新浪首页')
    expect(events.filter((e) => outcome(e) === 'not-response')).toHaveLength(196)
  })
  test('Sohu front page', async () => {
    const events = await collect(file(PORTALS.find((p) => p.includes('Sohu')) ?? ''))
    expect(titleOf(events, 'http://www.sohu.com/')).toBe('搜狐')
  })
  test('Yahoo front page', async () => {
    const events = await collect(file(PORTALS.find((p) => p.includes('Yahoo')) ?? ''))
    const yahoo = htmlEvents(events).find((e) => e.targetUri === 'https://www.yahoo.com/')
    expect(yahoo).toMatchObject({ warcDate: '2018-03-06T01:56:17Z', httpStatus: 200, charset: 'utf-8' })
    expect(titleOf(events, 'https://www.yahoo.com/')).toBe('Yahoo')
  })
  test('Common Crawl record (jwarc): per-record gzip, X-Crawler- headers left alone', async () => {
    const [event] = await collect(file('commoncrawl-real/jwarc_cc.warc.gz'))
    expect(event).toMatchObject({
      kind: 'html',
      index: 0,
      targetUri: 'http://commoncrawl.org/',
      warcDate: '2019-12-10T10:00:01Z',
      charset: 'utf-8',
    })
    expect(event?.kind === 'html' && event.httpHeaders['x-crawler-content-encoding']).toBe('gzip')
    expect(titleOf([event as WarcEvent], 'http://commoncrawl.org/')).toContain('Common Crawl')
  })
  test('whirlwind: warcinfo, request, response, metadata', async () => {
    const events = await collect(file('commoncrawl-real/whirlwind.warc.gz'))
    expect(events.map(outcome)).toEqual(['not-response', 'not-response', 'html', 'not-response'])
    expect(htmlEvents(events)[0]).toMatchObject({
      targetUri: 'https://an.wikipedia.org/wiki/Escopete',
      warcDate: '2024-05-18T01:58:10Z',
      warcRecordId: '<urn:uuid:2aabeff2-67f5-4608-8466-e87c6296e2b6>',
    })
    expect(titleOf(events, 'https://an.wikipedia.org/wiki/Escopete')).toStartWith('Escopete')
  })
  test.each(['commoncrawl-real/whirlwind.warc.wet.gz', 'commoncrawl-real/whirlwind.warc.wat.gz'])(
    '%s has no responses',
    async (name) => {
      expect((await collect(file(name))).map(outcome)).toEqual(['not-response', 'not-response'])
    },
  )
})

describe.skipIf(!hasCorpus)('warcio edge cases', () => {
  const EXAMPLE = 'http://example.com/'
  const cases = [
    {
      name: 'example.warc.gz',
      want: ['not-response', 'not-response', 'html', 'not-response', 'not-response', 'not-response'],
    },
    {
      name: 'example-bad-non-chunked.warc.gz',
      want: ['not-response', 'not-response', 'html', 'not-response', 'not-response', 'not-response'],
    },
    { name: 'example-wrong-chunks.warc.gz', want: ['html', 'not-response'] },
    { name: 'example-iana.org-chunked.warc', want: ['not-response', 'html', 'not-response'] },
    // Its response's Content-Length is 2 bytes short (973 for 975): the record is kept.
    { name: 'example-trunc.warc', want: ['not-response', 'not-response', 'html', 'not-response'] },
    {
      name: 'example-wget-bad-target-uri.warc.gz',
      want: ['not-response', 'not-response', 'html', 'not-response', 'not-response', 'not-response'],
    },
    { name: 'example-resource.warc.gz', want: ['not-response', 'not-response', 'not-response'] },
    { name: 'example-space-in-target-uri.warc.gz', want: ['not-response', 'not-response'] },
    { name: 'example-digest.warc', want: ['not-response', 'not-response', 'not-response', 'not-response'] },
    {
      name: 'post-test.warc.gz',
      want: ['not-html', 'not-response', 'not-html', 'not-response', 'not-html', 'not-response'],
    },
  ]
  test.each(cases)('$name', async ({ name, want }) => {
    const events = await collect(file(`edge-cases-warcio/${name}`))
    expect(events.map(outcome)).toEqual(want)
    for (const event of htmlEvents(events)) {
      expect(event.targetUri).toBe(name.includes('iana') ? 'http://www.iana.org/' : EXAMPLE)
      expect(event.html).toContain(
        name.includes('iana') ? '<title>Internet Assigned Numbers Authority</title>' : '<title>Example Domain</title>',
      )
      expect(event.html.trimEnd()).toEndWith('</html>')
    }
  })
})
