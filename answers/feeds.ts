/**
 * `/v1/rss`, `/v1/atom`, `/v1/feed.json`: the search as a feed. RSS and Atom are written by the
 * `feed` library; JSON Feed 1.1 is a plain object (the library only writes version 1).
 */
import { Feed } from 'feed'
import { isoSeconds } from '../core/config.ts'
import { escapeHtml } from '../core/search/highlight.ts'
import { toSearchRequest } from '../core/search/request.ts'
import type { ArticleRecord } from '../core/search/types.ts'
import type { HandlerContext, Handler } from './context.ts'
import type { Params } from '../core/validate.ts'

// XML 1.0 forbids C0 controls other than tab/newline/CR, lone surrogates and U+FFFE/U+FFFF.
const XML_INVALID =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g
const clean = (s: string) => s.replace(XML_INVALID, '')

// The library writes item titles as CDATA and splits only the first `]]>` of a value, so a
// headline with two ends its CDATA early and injects markup. RSS titles are plain text (RSS Best
// Practices Profile), so each `]]>` travels as a private-use stand-in and is split after writing.
const CDATA_END_STAND_IN = '\uE000'
const cdataSafe = (s: string) => s.replaceAll(CDATA_END_STAND_IN, '').replaceAll(']]>', CDATA_END_STAND_IN)
const splitCdataEnds = (xml: string) => xml.replaceAll(CDATA_END_STAND_IN, ']]]]><![CDATA[>')

function isUrl(s: string): boolean {
  try {
    const u = new URL(s)
    return u.protocol === 'http:' || u.protocol === 'https:'
  } catch {
    return false
  }
}

/** The category scheme of feed items: which category of core/categories.ts the article is in. */
export const CATEGORY_SCHEME = 'urn:newsdesk:category'
/** The tone scheme of feed items: the article's sentiment label (pos, neu, neg). */
export const SENTIMENT_SCHEME = 'urn:newsdesk:sentiment'
/** Domain (RSS) / scheme (Atom) of an item's entity categories: term the key, label the name. */
export const ENTITY_SCHEME = 'urn:newsdesk:entity'

interface FeedData {
  title: string
  description: string
  home: string
  self: string
  updated: Date
  items: ArticleRecord[]
}

function feedData(params: Params, ctx: HandlerContext): FeedData {
  const req = toSearchRequest(params, ctx.nowMs, ctx.data.watermark)
  const page = ctx.data.index.search(req)
  const q = typeof params.q === 'string' ? params.q.trim() : ''
  const items = page.articles
  const newest = items.reduce((m, a) => Math.max(m, Date.parse(a.published_at)), 0)
  return {
    title: q === '' ? 'Newsdesk: latest news' : `Newsdesk: ${q}`,
    description: q === '' ? 'Latest articles matching the filters' : `Articles matching "${q}"`,
    home: `${ctx.url.origin}/`,
    self: ctx.url.href,
    updated: new Date(newest === 0 ? ctx.nowMs : newest),
    items,
  }
}

/**
 * Item titles: RSS plain text, Atom `type="html"` (the library's fixed choice), so escaped there.
 * Descriptions are HTML in both formats (RSS convention, Atom `type="html"`), so always escaped.
 */
function libraryFeed(d: FeedData, format: 'rss' | 'atom'): Feed {
  const feed = new Feed({
    id: d.self,
    title: clean(d.title),
    description: clean(d.description),
    link: d.home,
    updated: d.updated,
    generator: 'Newsdesk',
    copyright: 'Headlines and summaries belong to their publishers',
    feedLinks: { rss: d.self },
  })
  for (const a of d.items) {
    feed.addItem({
      title: format === 'atom' ? escapeHtml(clean(a.title)) : cdataSafe(clean(a.title)),
      id: a.url,
      guid: a.id,
      link: a.url,
      // RSS pubDate is the publication time. Atom, as news feeds do: <published> the article's
      // published_at, <updated> when it was crawled (never before it was published).
      date:
        format === 'atom'
          ? new Date(Math.max(Date.parse(a.crawled_at), Date.parse(a.published_at)))
          : new Date(a.published_at),
      ...(format === 'atom' ? { published: new Date(a.published_at) } : {}),
      description: escapeHtml(clean(a.description)),
      ...(isUrl(a.image) ? { image: a.image } : {}),
      author: a.authors.map((name) => ({ name: clean(name) })),
      // Atom requires a term on every category (RFC 4287 §4.2.2); RSS writes the name. The
      // article's category and tone label follow the tags, told apart by their domain (RSS) or
      // scheme (Atom) (docs/DECISIONS.md, Signals on every article).
      category: [
        ...a.tags.map((name) => ({ name: clean(name), term: clean(name) })),
        { name: a.category, term: a.category, domain: CATEGORY_SCHEME, scheme: CATEGORY_SCHEME },
        { name: a.sentiment, term: a.sentiment, domain: SENTIMENT_SCHEME, scheme: SENTIMENT_SCHEME },
        // RSS has no label: its category text is the key, which the `entity` filter takes.
        ...a.entities.map((e) => ({
          name: format === 'atom' ? clean(e.name) : e.key,
          term: e.key,
          domain: ENTITY_SCHEME,
          scheme: ENTITY_SCHEME,
        })),
      ],
    })
  }
  return feed
}

export const rss: Handler = (params, ctx) => ({
  status: 200,
  body: splitCdataEnds(libraryFeed(feedData(params, ctx), 'rss').rss2()),
  contentType: 'application/rss+xml; charset=utf-8',
})

export const atom: Handler = (params, ctx) => ({
  status: 200,
  body: libraryFeed(feedData(params, ctx), 'atom').atom1(),
  contentType: 'application/atom+xml; charset=utf-8',
})

export const jsonFeed: Handler = (params, ctx) => {
  const d = feedData(params, ctx)
  return {
    status: 200,
    contentType: 'application/feed+json; charset=utf-8',
    body: {
      version: 'https://jsonfeed.org/version/1.1',
      title: d.title,
      home_page_url: d.home,
      feed_url: d.self,
      description: d.description,
      items: d.items.map((a) => ({
        id: a.id,
        url: a.url,
        title: a.title,
        summary: a.description,
        date_published: isoSeconds(new Date(a.published_at)),
        ...(isUrl(a.image) ? { image: a.image } : {}),
        authors: a.authors.map((name) => ({ name })),
        tags: a.tags,
        external_url: a.url,
        // A JSON Feed extension (its name starts with an underscore): the article's signals.
        _newsdesk: {
          category: a.category,
          sentiment: a.sentiment,
          score: a.score,
          labelled_by: a.labelled_by,
          entities: a.entities,
        },
      })),
    },
  }
}
