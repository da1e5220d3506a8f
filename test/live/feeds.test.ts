/**
 * RSS 2.0, Atom 1.0 and JSON Feed 1.1 read back with an independent parser (fast-xml-parser) and
 * compared value by value with the /v1/search answer for the same query and size. What each field
 * must hold comes from the formats' standards: RSS titles are plain text and descriptions HTML
 * (RSS Best Practices Profile), Atom `type="html"` text is escaped HTML (RFC 4287 §3.1.1.2) and a
 * category needs a `term` (§4.2.2), RSS dates are RFC 822, Atom dates RFC 3339.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { fixtureApp, listenOnLoopback } from './app-support.ts'

/** Headlines that try to end a CDATA section and inject elements or script. */
const HOSTILE = [
  {
    title: 'zanzibar ]]> one ]]> <link>https://evil.example/</link> & two',
    description: 'zanzibar <img src=x onerror=alert(1)> ]]> ]]> &amp; done',
  },
  { title: 'zanzibar <b>bold</b> "quoted" \'single\' ]]>', description: '' },
]

const f = fixtureApp({
  editArticles: (articles) => {
    HOSTILE.forEach((h, i) => {
      const a = articles[10 + i]
      if (a !== undefined) Object.assign(a, h)
    })
  },
})
let base = ''
beforeAll(() => {
  base = listenOnLoopback(f.app)
})
afterAll(async () => {
  await f.app.stop()
  f.cleanup()
})

interface Article {
  id: string
  url: string
  title: string
  description: string
  published_at: string
  crawled_at: string
  image: string
  authors: string[]
  tags: string[]
  category: string
  sentiment: string
  score: number
  labelled_by: string
  entities: { key: string; name: string; type: string; count: number; country: string | null }[]
}

/** The contract's feed size default (Limits: feeds size 1-200, default 50). */
const FEED_DEFAULT_SIZE = 50

const CASES = [
  { q: 'market', size: null },
  { q: 'market rally', size: 7 },
  { q: 'zanzibar', size: 20 },
  { q: 'script', size: 10 },
] as const

async function searchFor(q: string, size: number | null): Promise<Article[]> {
  const r = await fetch(`${base}/v1/search?q=${encodeURIComponent(q)}&size=${size ?? FEED_DEFAULT_SIZE}`)
  const body = (await r.json()) as { results: Article[] }
  expect(body.results.length).toBeGreaterThan(0)
  return body.results
}

async function feedText(path: string, q: string, size: number | null): Promise<{ text: string; type: string }> {
  const r = await fetch(`${base}${path}?q=${encodeURIComponent(q)}${size === null ? '' : `&size=${size}`}`)
  expect(r.status).toBe(200)
  const text = await r.text()
  expect(XMLValidator.validate(text) === true || path === '/v1/feed.json').toBe(true)
  return { text, type: r.headers.get('content-type') ?? '' }
}

const LISTS = new Set([
  'rss.channel.item',
  'rss.channel.item.author',
  'rss.channel.item.category',
  'feed.entry',
  'feed.entry.link',
  'feed.entry.author',
  'feed.entry.category',
])
const parser = new XMLParser({
  ignoreAttributes: false,
  processEntities: true,
  htmlEntities: false,
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (_name, jpath) => LISTS.has(String(jpath)),
})

type Node = string | { '#text'?: string; [key: string]: unknown }
const textOf = (node: unknown): string =>
  typeof node === 'string'
    ? node
    : typeof node === 'object' && node !== null
      ? String((node as { '#text'?: string })['#text'] ?? '')
      : ''
const attr = (node: unknown, name: string): unknown =>
  typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[`@_${name}`] : undefined

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
/** The text an HTML fragment that holds no markup shows; fails on markup or a bare `&`. */
function htmlText(html: string): string {
  expect(html).not.toContain('<')
  expect(html).not.toMatch(/&(?!(?:#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);)/i)
  return html.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_m, e: string) =>
    e.startsWith('#x') || e.startsWith('#X')
      ? String.fromCodePoint(Number.parseInt(e.slice(2), 16))
      : e.startsWith('#')
        ? String.fromCodePoint(Number(e.slice(1)))
        : (ENTITIES[e.toLowerCase()] ?? ''),
  )
}

const imageOf = (a: Article) => (/^https?:\/\//.test(a.image) ? a.image : undefined)
const RFC3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/

describe.each(CASES.map((c) => ({ ...c, label: c.size ?? 'default' })))('q=$q size=$label', ({ q, size }) => {
  test('RSS 2.0 items field by field', async () => {
    const results = await searchFor(q, size)
    const { text, type } = await feedText('/v1/rss', q, size)
    expect(type).toStartWith('application/rss+xml')
    const doc = parser.parse(text)
    expect(attr(doc.rss, 'version')).toBe('2.0')
    expect(textOf(doc.rss.channel.title)).toContain(q)
    const items = (doc.rss.channel.item ?? []) as Record<string, unknown>[]
    expect(items.length).toBe(results.length)
    items.forEach((item, n) => {
      const a = results[n] as Article
      expect({
        title: textOf(item.title as Node),
        link: textOf(item.link as Node),
        guid: textOf(item.guid as Node),
        guidIsPermaLink: attr(item.guid, 'isPermaLink'),
        pubDate: textOf(item.pubDate as Node),
        description: item.description === undefined ? '' : htmlText(textOf(item.description as Node)),
        authors: ((item.author ?? []) as Node[]).map(textOf),
        categories: ((item.category ?? []) as Node[]).map(textOf),
        domains: ((item.category ?? []) as unknown[]).map((c) => attr(c, 'domain') ?? null),
        enclosure: attr(item.enclosure, 'url'),
      }).toEqual({
        title: a.title,
        link: a.url,
        guid: a.id,
        guidIsPermaLink: 'false',
        pubDate: new Date(a.published_at).toUTCString(),
        description: a.description,
        authors: a.authors,
        // The tags, then the article's category, tone label and entities (by key), each named by its domain.
        categories: [...a.tags, a.category, a.sentiment, ...a.entities.map((e) => e.key)],
        domains: [
          ...a.tags.map(() => null),
          'urn:newsdesk:category',
          'urn:newsdesk:sentiment',
          ...a.entities.map(() => 'urn:newsdesk:entity'),
        ],
        enclosure: imageOf(a),
      })
    })
  })

  test('Atom 1.0 entries field by field', async () => {
    const results = await searchFor(q, size)
    const { text, type } = await feedText('/v1/atom', q, size)
    expect(type).toStartWith('application/atom+xml')
    const doc = parser.parse(text)
    expect(attr(doc.feed, 'xmlns')).toBe('http://www.w3.org/2005/Atom')
    expect(textOf(doc.feed.title)).toContain(q)
    const entries = (doc.feed.entry ?? []) as Record<string, unknown>[]
    expect(entries.length).toBe(results.length)
    /** Atom text constructs: `text` as is, `html` is escaped HTML read as the text it shows. */
    const construct = (node: unknown): string => {
      const kind = attr(node, 'type') ?? 'text'
      expect(['text', 'html']).toContain(kind as string)
      return kind === 'html' ? htmlText(textOf(node)) : textOf(node)
    }
    entries.forEach((entry, n) => {
      const a = results[n] as Article
      const links = (entry.link ?? []) as unknown[]
      const rel = (l: unknown) => (attr(l, 'rel') ?? 'alternate') as string
      const updated = textOf(entry.updated as Node)
      expect(updated).toMatch(RFC3339)
      const published = textOf(entry.published as Node)
      expect(published).toMatch(RFC3339)
      for (const c of (entry.category ?? []) as unknown[]) expect(attr(c, 'term')).toBeString()
      expect({
        title: construct(entry.title),
        id: textOf(entry.id as Node),
        alternate: links.filter((l) => rel(l) === 'alternate').map((l) => attr(l, 'href')),
        enclosures: links.filter((l) => rel(l) === 'enclosure').map((l) => attr(l, 'href')),
        updated: Date.parse(updated),
        published: Date.parse(published),
        summary: entry.summary === undefined ? '' : construct(entry.summary),
        authors: ((entry.author ?? []) as Record<string, unknown>[]).map((p) => textOf(p.name as Node)),
        categories: ((entry.category ?? []) as unknown[]).map((c) => attr(c, 'term')),
        schemes: ((entry.category ?? []) as unknown[]).map((c) => attr(c, 'scheme') ?? null),
      }).toEqual({
        title: a.title,
        id: a.url,
        alternate: [a.url],
        enclosures: imageOf(a) === undefined ? [] : [imageOf(a)],
        updated: Math.max(Date.parse(a.crawled_at), Date.parse(a.published_at)),
        published: Date.parse(a.published_at),
        summary: a.description,
        authors: a.authors,
        categories: [...a.tags, a.category, a.sentiment, ...a.entities.map((e) => e.key)],
        schemes: [
          ...a.tags.map(() => null),
          'urn:newsdesk:category',
          'urn:newsdesk:sentiment',
          ...a.entities.map(() => 'urn:newsdesk:entity'),
        ],
      })
    })
  })

  test('JSON Feed 1.1 items field by field', async () => {
    const results = await searchFor(q, size)
    const r = await fetch(`${base}/v1/feed.json?q=${encodeURIComponent(q)}${size === null ? '' : `&size=${size}`}`)
    expect(r.headers.get('content-type')).toStartWith('application/feed+json')
    const feed = (await r.json()) as { version: string; title: string; items: unknown[] }
    expect(feed.version).toBe('https://jsonfeed.org/version/1.1')
    expect(feed.title).toContain(q)
    expect(feed.items).toEqual(
      results.map((a) => ({
        id: a.id,
        url: a.url,
        title: a.title,
        summary: a.description,
        date_published: a.published_at,
        ...(imageOf(a) === undefined ? {} : { image: imageOf(a) }),
        authors: a.authors.map((name) => ({ name })),
        tags: a.tags,
        external_url: a.url,
        _newsdesk: {
          category: a.category,
          sentiment: a.sentiment,
          score: a.score,
          labelled_by: a.labelled_by,
          entities: a.entities,
        },
      })),
    )
  })
})

test('the default size is the contract default, and the hostile headlines are in the feeds', async () => {
  const rss = parser.parse((await feedText('/v1/rss', '', null)).text)
  expect(rss.rss.channel.item.length).toBe(FEED_DEFAULT_SIZE)
  const zanzibar = await searchFor('zanzibar', 20)
  expect(zanzibar.map((a) => a.title).sort()).toEqual(HOSTILE.map((h) => h.title).sort())
})
