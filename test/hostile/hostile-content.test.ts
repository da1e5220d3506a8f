/**
 * Hostile content through the live node (issue 9, item 2): highlight output is escaped HTML with
 * only <em> added; RSS and Atom stay well-formed XML (parsed back); JSON Feed is valid JSON
 * against its schema; every answer about hostile articles still validates.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import Ajv from 'ajv'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { RESPONSE_SCHEMAS } from '../../core/response-schemas.ts'
import { createApp } from '../../live/app.ts'
import { SqliteSearchIndex } from '../../store/search-sqlite.ts'
import { FIXTURE_NOW } from '../support/fixture-store.ts'
import { tempDir } from '../support/tmp.ts'
import { HOSTILE_TEXTS, HOSTILE_WORD, buildHostileStore } from './hostile-store.ts'

const tmp = tempDir('hostile')
const { db, hostile } = buildHostileStore(`${tmp.dir}/s.sqlite`)
const app = createApp({
  data: () => ({ db, index: new SqliteSearchIndex(db), version: 'hostile', watermark: null }),
  clock: () => new Date(FIXTURE_NOW.getTime()),
  uptimeSeconds: () => 1,
  version: '0.1.0',
  log: () => {},
})
const get = (path: string) => app.handle(new Request(`http://localhost${path}`))
afterAll(() => {
  db.close()
  tmp.cleanup()
})

const ajv = new Ajv({ allErrors: true, strict: false })
const UNESCAPE: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" }
const size = HOSTILE_TEXTS.length + 5

/** Highlighted text with its <em> marks removed and its escapes undone: must give back the original. */
function unhighlight(html: string): string {
  return html.replace(/<\/?em>/g, '').replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => UNESCAPE[e] ?? e)
}

describe('highlight: escaped HTML with only <em> added', () => {
  type Hit = { url: string; title: string; description: string }
  test.each(['hostile', 'bitcoin script', 'cdata OR alert', 'amp lt', 'lol2', '"fake emphasis"', 'e', 'word'])(
    'q=%s',
    async (q) => {
      const query = `/v1/search?q=${encodeURIComponent(`${HOSTILE_WORD} ${q}`)}&size=${size}`
      const r = await get(`${query}&highlight=true`)
      expect(r.status).toBe(200)
      const body = (await r.json()) as { results: Hit[] }
      expect(ajv.validate(RESPONSE_SCHEMAS['/v1/search'] ?? false, body)).toBe(true)
      // The same search without highlighting is the text as stored (lone surrogates are U+FFFD by then).
      const plain = ((await (await get(query)).json()) as { results: Hit[] }).results
      for (const hit of body.results) {
        const original = plain.find((a) => a.url === hit.url)
        expect(original).toBeDefined()
        if (original === undefined) continue
        for (const [marked, raw] of [
          [hit.title, original.title],
          [hit.description, original.description],
        ] as const) {
          // The only tags are <em> and </em>, balanced; every other < > " ' & is escaped.
          expect(marked.replace(/<\/?em>/g, '')).not.toMatch(/[<>"']/)
          expect(marked.replace(/<\/?em>/g, '')).not.toMatch(/&(?!amp;|lt;|gt;|quot;|#39;)/)
          expect(marked.match(/<em>/g)?.length ?? 0).toBe(marked.match(/<\/em>/g)?.length ?? 0)
          expect(marked).not.toMatch(/<em>[^<]*<em>/)
          expect(unhighlight(marked)).toBe(raw)
        }
        expect(hit.title).toContain(`<em>${HOSTILE_WORD}</em>`)
      }
      expect(body.results.filter((h) => h.url.includes('hostile')).length).toBeGreaterThan(0)
    },
  )
})

describe('feeds of hostile articles', () => {
  const xml = new XMLParser({ ignoreAttributes: false, processEntities: true, htmlEntities: false })
  test.each([
    ['/v1/rss', 'rss'],
    ['/v1/atom', 'feed'],
  ])('%s is well-formed XML and parses back', async (path, root) => {
    for (const q of [HOSTILE_WORD, `${HOSTILE_WORD} cdata`, `${HOSTILE_WORD} lol2`, '']) {
      const r = await get(`${path}?q=${encodeURIComponent(q)}&size=200`)
      expect(r.status).toBe(200)
      const text = await r.text()
      expect(XMLValidator.validate(text)).toBe(true)
      // No entity declaration reaches the prolog: a title's DOCTYPE stays text inside an element.
      expect(text.slice(0, text.indexOf(`<${root}`))).not.toContain('<!')
      expect(text).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/)
      const doc = xml.parse(text) as Record<string, unknown>
      expect(doc[root]).toBeDefined()
    }
  })

  test('RSS titles read back equal the stored titles minus the characters XML forbids', async () => {
    const text = await (await get(`/v1/rss?q=${HOSTILE_WORD}&size=200`)).text()
    const doc = new XMLParser({
      ignoreAttributes: false,
      processEntities: true,
      htmlEntities: false,
      trimValues: false,
      parseTagValue: false,
    }).parse(text)
    const items = [doc.rss.channel.item].flat() as { title: string; guid: { '#text': string } }[]
    expect(items.length).toBe(hostile.length)
    const stored = new Map(
      (
        (await (await get(`/v1/search?q=${HOSTILE_WORD}&size=100`)).json()) as {
          results: { id: string; title: string }[]
        }
      ).results.map((a) => [a.id, a.title]),
    )
    const forbidden =
      /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g
    for (const item of items) {
      const title = stored.get(item.guid['#text'])
      expect(title).toBeDefined()
      expect(String(item.title)).toBe((title ?? '').replace(forbidden, ''))
    }
  })

  test('JSON Feed is valid JSON against its schema and keeps titles as text', async () => {
    const r = await get(`/v1/feed.json?q=${HOSTILE_WORD}&size=200`)
    const text = await r.text()
    const body = JSON.parse(text) as { items: { url: string; title: string; image?: string }[] }
    expect(ajv.validate(RESPONSE_SCHEMAS['/v1/feed.json'] ?? false, body)).toBe(true)
    expect(body.items.length).toBe(hostile.length)
    const stored = new Map(
      (
        (await (await get(`/v1/search?q=${HOSTILE_WORD}&size=100`)).json()) as {
          results: { url: string; title: string }[]
        }
      ).results.map((a) => [a.url, a.title]),
    )
    for (const item of body.items) {
      expect(item.title).toBe(stored.get(item.url) ?? '')
      // A javascript: image never reaches a feed.
      if (item.image !== undefined) expect(item.image).toStartWith('https://')
    }
  })
})

describe('every JSON answer about hostile articles validates', () => {
  test.each([
    `/v1/search?q=${HOSTILE_WORD}&full_text=true&size=50`,
    `/v1/search?q=${HOSTILE_WORD}&sort=relevance&dedupe=true&fields=title,text,authors,tags&full_text=true`,
    `/v1/stats?q=${HOSTILE_WORD}`,
    '/v1/btc/news?q=hostile&size=50',
    '/v1/btc/sources?by=host',
    '/v1/trends?window=7d',
    '/v1/trends/keywords?window=7d',
  ])('%s', async (path) => {
    const r = await get(path)
    expect(r.status).toBe(200)
    const schema = RESPONSE_SCHEMAS[new URL(`http://localhost${path}`).pathname]
    const ok = ajv.validate(schema ?? false, await r.json())
    if (!ok) console.error(ajv.errorsText())
    expect(ok).toBe(true)
  })

  test('/v1/article returns the hostile body as JSON text, unchanged', async () => {
    for (const a of hostile) {
      const r = await get(`/v1/article?url=${encodeURIComponent(a.url)}`)
      expect(r.status).toBe(200)
      const body = (await r.json()) as { text: string; title: string }
      // Stored as UTF-8: a lone surrogate comes back as U+FFFD, nothing else changes.
      const asStored = (s: string) => new TextDecoder().decode(new TextEncoder().encode(s))
      expect(body.title).toBe(asStored(a.title))
      expect(body.text).toBe(asStored(a.text))
    }
  })
})
