/** The HTTP response a demo page is served with (demo/warc-writer.ts): an article page or a non-article, its headers and transfer encoding. */
import iconv from 'iconv-lite'
import { rfc1123 } from './dates.ts'
import { escapeHtml, renderArticlePage, renderNotFoundPage, renderRedirectPage } from './html.ts'
import { LANG_PACKS } from './lang/index.ts'
import { type ArticleSpec, type PlannedRecord, siteBase } from './plan.ts'
import { hashKey, Rng, TAG } from './prng.ts'
import { makeBody, personName, syndicationNote } from './text.ts'
import { type Bytes, CRLF, ENCODER, type Scratch, concatAll } from './warc-bytes.ts'

export interface HttpResponse {
  /** Status line and headers, ASCII. */
  head: string
  payload: Bytes
  identifiedType: string
  /** Charset of an HTML payload, empty for other types. */
  charset: string
}

export function httpResponse(rec: PlannedRecord, seed: number, page: Scratch): HttpResponse {
  const pub = rec.publisher
  switch (rec.kind) {
    case 'article': {
      const spec = rec.article
      if (spec === null) throw new Error('article record without article')
      const html = renderArticlePage(pageInput(spec, seed))
      const charsetLabel =
        pub.charset === 'shift_jis'
          ? 'Shift_JIS'
          : pub.charset === 'windows-1251'
            ? 'windows-1251'
            : pub.index % 2 === 0
              ? 'utf-8'
              : 'UTF-8'
      const body =
        pub.charset === 'utf-8'
          ? page.reset().text(html).view()
          : new Uint8Array(iconv.encode(html, pub.charset === 'shift_jis' ? 'Shift_JIS' : 'win1251'))
      const contentType = pub.charsetInHeader ? `text/html; charset=${charsetLabel}` : 'text/html'
      const transfer = rec.malformed === 'corrupt_payload' ? 'gzip' : pub.transfer
      return {
        ...encodeResponse(rec, 200, 'OK', contentType, body, transfer, rec.malformed === 'corrupt_payload', [
          `Last-Modified: ${rfc1123(spec.publishedMs)}`,
        ]),
        identifiedType: 'text/html',
        charset: charsetLabel === 'utf-8' ? 'UTF-8' : charsetLabel,
      }
    }
    case 'robots': {
      const body = ENCODER.encode(
        `User-agent: *\nDisallow: /admin/\nDisallow: /search\nCrawl-delay: 1\n\nSitemap: ${siteBase(pub)}/sitemap.xml\nSitemap: ${siteBase(pub)}/news-sitemap.xml\n`,
      )
      return {
        ...encodeResponse(rec, 200, 'OK', 'text/plain; charset=utf-8', body, 'identity', false, []),
        identifiedType: 'text/plain',
        charset: '',
      }
    }
    case 'json': {
      const items = [1, 2, 3].map((i) => ({
        id: rec.key - i * 11,
        url: `${siteBase(pub)}/articles/${rec.key - i * 11}`,
        section: LANG_PACKS[pub.lang].sections.politics[0],
      }))
      const body = ENCODER.encode(JSON.stringify({ page: 1, per_page: 3, articles: items }))
      return {
        ...encodeResponse(rec, 200, 'OK', 'application/json', body, 'identity', false, []),
        identifiedType: 'application/json',
        charset: '',
      }
    }
    case 'image': {
      const rng = new Rng(hashKey(seed, TAG.body, rec.key))
      const size = 800 + rng.int(3200)
      const body = new Uint8Array(size)
      body.set([
        0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01,
        0x00, 0x00,
      ])
      for (let i = 20; i < size - 2; i++) body[i] = rng.int(256)
      body[size - 2] = 0xff
      body[size - 1] = 0xd9
      return {
        ...encodeResponse(rec, 200, 'OK', 'image/jpeg', body, 'identity', false, []),
        identifiedType: 'image/jpeg',
        charset: '',
      }
    }
    case 'redirect': {
      const location = rec.targetUri.replace('http://', `https://${pub.www ? 'www.' : ''}`)
      const body = ENCODER.encode(renderRedirectPage(escapeHtml(location)))
      return {
        ...encodeResponse(rec, 301, 'Moved Permanently', 'text/html', body, 'identity', false, [
          `Location: ${location}`,
        ]),
        identifiedType: 'text/html',
        charset: '',
      }
    }
    case 'not-found': {
      const body = ENCODER.encode(renderNotFoundPage(pub))
      return {
        ...encodeResponse(rec, 404, 'Not Found', 'text/html; charset=utf-8', body, 'identity', false, []),
        identifiedType: 'text/html',
        charset: 'UTF-8',
      }
    }
  }
}

/** Body paragraphs, authors and tags of an article; a syndicated copy reuses its original's. */
export function pageInput(
  spec: ArticleSpec,
  seed: number,
): { spec: ArticleSpec; paragraphs: string[]; authors: string[]; tags: string[] } {
  const source = spec.original ?? spec
  const rng = new Rng(hashKey(seed, TAG.body, source.id))
  const paragraphs = makeBody(
    { lang: source.lang, slots: source.slots, lead: source.lead, bitcoin: source.bitcoin },
    rng,
  )
  if (spec.original !== null) paragraphs.push(syndicationNote(spec.lang, spec.original.publisher.name))
  const pack = LANG_PACKS[source.lang]
  const authors = spec.publisher.hasAuthors
    ? rng.chance(0.25)
      ? [personName(pack, rng), personName(pack, rng)]
      : [personName(pack, rng)]
    : []
  const tags = [pack.sections[source.slots.category][1], source.slots.place.name]
  if (source.bitcoin !== null) tags.push(pack.bitcoin.names[0] ?? 'Bitcoin')
  return { spec, paragraphs, authors, tags }
}

function encodeResponse(
  rec: PlannedRecord,
  status: number,
  reason: string,
  contentType: string,
  body: Bytes,
  transfer: string,
  corrupt: boolean,
  extra: readonly string[],
): { head: string; payload: Bytes } {
  let payload = body
  const lines = [
    `HTTP/1.1 ${status} ${reason}`,
    `Date: ${rfc1123(rec.crawlMs)}`,
    `Server: ${rec.publisher.server}`,
    `Content-Type: ${contentType}`,
  ]
  if (transfer === 'gzip' || transfer === 'gzip-chunked') {
    payload = Bun.gzipSync(payload, { level: 1 })
    if (corrupt) payload = corruptGzip(payload)
    lines.push('Content-Encoding: gzip')
  }
  if (transfer === 'chunked' || transfer === 'gzip-chunked') {
    payload = chunk(payload, rec.publisher.index % 2 === 0 ? 4096 : 1400)
    lines.push('Transfer-Encoding: chunked')
  } else {
    lines.push(`Content-Length: ${payload.length}`)
  }
  lines.push(...extra, 'Cache-Control: public, max-age=300', 'Vary: Accept-Encoding', 'Connection: close', '', '')
  return { head: lines.join(CRLF), payload }
}

/** Keeps the first 55% of a gzip stream and scrambles part of it: no decoder can finish it. */
function corruptGzip(gz: Bytes): Bytes {
  const cut = gz.slice(0, Math.max(24, Math.floor(gz.length * 0.55)))
  for (let i = 12; i < Math.min(cut.length, 28); i++) cut[i] = (cut[i] ?? 0) ^ 0x5a
  return cut
}

function chunk(payload: Bytes, size: number): Bytes {
  const pieces: Bytes[] = []
  for (let offset = 0; offset < payload.length; offset += size) {
    const piece = payload.subarray(offset, Math.min(payload.length, offset + size))
    pieces.push(ENCODER.encode(`${piece.length.toString(16)}${CRLF}`), piece, ENCODER.encode(CRLF))
  }
  pieces.push(ENCODER.encode(`0${CRLF}${CRLF}`))
  return concatAll(pieces)
}
