/**
 * The seven page layouts. Each writes the same article with its metadata in different places
 * (Open Graph, JSON-LD, JSON-LD @graph, <time>, meta date, URL only, nothing), inside the
 * boilerplate a news site wraps around an article: navigation, cookie banner, related links, footer.
 */
import type { Category } from '../core/categories.ts'
import { isoOffset, isoZ, localDisplay, parts, rfc1123 } from './dates.ts'
import { LANG_PACKS } from './lang/index.ts'
import type { ArticleSpec } from './plan.ts'
import { siteBase } from './plan.ts'
import type { Publisher } from './publishers.ts'

const NAV_SECTIONS: readonly Category[] = ['politics', 'business', 'sport', 'entertainment', 'technology']

export interface PageInput {
  spec: ArticleSpec
  /** Body paragraphs, lead first, without dateline. */
  paragraphs: readonly string[]
  authors: readonly string[]
  tags: readonly string[]
}

export function escapeHtml(text: string): string {
  if (!/[&<>"]/.test(text)) return text
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

function charsetMeta(pub: Publisher): string {
  if (pub.charset === 'shift_jis') return '<meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS">'
  return `<meta charset="${pub.charset}">`
}

function htmlOpen(pub: Publisher): string {
  const dir = pub.lang === 'ar' ? ' dir="rtl"' : ''
  return pub.langTag === '' ? `<!DOCTYPE html>\n<html${dir}>` : `<!DOCTYPE html>\n<html lang="${pub.langTag}"${dir}>`
}

function pageTitle(spec: ArticleSpec): string {
  const pub = spec.publisher
  return pub.titleSep === ''
    ? escapeHtml(spec.title)
    : `${escapeHtml(spec.title)}${pub.titleSep}${escapeHtml(pub.name)}`
}

/** Site chrome is the same on every page of a publisher: built once. */
const HEADER_CACHE = new WeakMap<Publisher, string>()

function header(pub: Publisher): string {
  const cached = HEADER_CACHE.get(pub)
  if (cached !== undefined) return cached
  const built = buildHeader(pub)
  HEADER_CACHE.set(pub, built)
  return built
}

function buildHeader(pub: Publisher): string {
  const pack = LANG_PACKS[pub.lang]
  let nav = `<a href="/">${pack.ui.home}</a>`
  for (const c of NAV_SECTIONS) nav += ` <a href="/${pack.sections[c][0]}/">${pack.sections[c][1]}</a>`
  return `<header class="site-header"><a class="logo" href="/">${escapeHtml(pub.name)}</a><nav>${nav}</nav></header>\n<div id="cookie-banner" class="consent">${pack.ui.cookie} <button type="button">${pack.ui.accept}</button></div>`
}

function footer(spec: ArticleSpec): string {
  const pub = spec.publisher
  const pack = LANG_PACKS[pub.lang]
  const related: string[] = []
  for (let i = 1; i <= 3; i++) {
    const c = NAV_SECTIONS[(spec.id + i) % NAV_SECTIONS.length] ?? 'politics'
    related.push(`<li><a href="/${pack.sections[c][0]}/${spec.id - i * 7}">${pack.sections[c][1]}</a></li>`)
  }
  return `</main>\n<aside class="related"><h2>${pack.ui.related}</h2><ul>${related.join('')}</ul></aside>\n<footer><p>&copy; ${parts(spec.publishedMs).y} ${escapeHtml(pub.name)}. ${pack.ui.rights}</p></footer>\n</body>\n</html>\n`
}

function pushParagraphs(out: string[], input: PageInput): void {
  const pub = input.spec.publisher
  input.paragraphs.forEach((p, i) => {
    out.push(`<p>${escapeHtml(i === 0 && pub.dateline !== '' ? `${pub.dateline} (${pub.name}) — ${p}` : p)}</p>`)
  })
}

function byline(input: PageInput): string {
  if (input.authors.length === 0) return ''
  return `<p class="byline">${LANG_PACKS[input.spec.publisher.lang].ui.by} ${escapeHtml(input.authors.join(', '))}</p>`
}

function imageUrl(spec: ArticleSpec): string {
  return `${siteBase(spec.publisher)}/images/${spec.id}.jpg`
}

function sectionLabel(spec: ArticleSpec): string {
  return LANG_PACKS[spec.publisher.lang].sections[spec.slots.category][1]
}

function jsonScript(value: unknown): string {
  return `<script type="application/ld+json">${JSON.stringify(value).replace(/<\//g, '<\\/')}</script>`
}

/** The canonical link a page carries: its own clean URL, or for some syndicated copies the original's. */
export function canonicalHref(spec: ArticleSpec): string {
  if (spec.original !== null && spec.id % 2 === 0) return spec.original.canonicalUrl
  return spec.canonicalUrl
}

export function renderArticlePage(input: PageInput): string {
  const { spec } = input
  const pub = spec.publisher
  const desc = escapeHtml(spec.lead)
  const head: string[] = [
    htmlOpen(pub),
    '<head>',
    charsetMeta(pub),
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${pageTitle(spec)}</title>`,
  ]
  if (pub.hasDescription) head.push(`<meta name="description" content="${desc}">`)
  if (pub.hasCanonical) head.push(`<link rel="canonical" href="${canonicalHref(spec)}">`)
  let articleTop = ''

  switch (pub.template) {
    case 'og': {
      head.push(
        '<meta property="og:type" content="article">',
        `<meta property="og:site_name" content="${escapeHtml(pub.name)}">`,
        `<meta property="og:title" content="${escapeHtml(spec.title)}">`,
      )
      if (pub.hasDescription) head.push(`<meta property="og:description" content="${desc}">`)
      head.push(`<meta property="og:url" content="${spec.canonicalUrl}">`)
      if (pub.hasImage) head.push(`<meta property="og:image" content="${imageUrl(spec)}">`)
      if (pub.langTag.includes('-')) head.push(`<meta property="og:locale" content="${pub.langTag.replace('-', '_')}">`)
      head.push(
        `<meta property="article:published_time" content="${isoZ(spec.publishedMs)}">`,
        `<meta property="article:section" content="${escapeHtml(sectionLabel(spec))}">`,
      )
      if (pub.hasTags)
        for (const tag of input.tags) head.push(`<meta property="article:tag" content="${escapeHtml(tag)}">`)
      if (pub.hasAuthors) for (const a of input.authors) head.push(`<meta name="author" content="${escapeHtml(a)}">`)
      articleTop = byline(input)
      break
    }
    case 'jsonld': {
      const published = isoOffset(spec.publishedMs, pub.offsetMin)
      head.push(
        jsonScript({
          '@context': 'https://schema.org',
          '@type': 'NewsArticle',
          headline: spec.title,
          ...(pub.hasDescription ? { description: spec.lead } : {}),
          datePublished: published,
          dateModified: published,
          inLanguage: pub.langTag === '' ? pub.lang : pub.langTag,
          articleSection: sectionLabel(spec),
          ...(pub.hasTags ? { keywords: input.tags.join(', ') } : {}),
          ...(pub.hasImage ? { image: [imageUrl(spec)] } : {}),
          ...(input.authors.length > 0 ? { author: input.authors.map((name) => ({ '@type': 'Person', name })) } : {}),
          publisher: {
            '@type': 'NewsMediaOrganization',
            name: pub.name,
            url: `${siteBase(pub)}/`,
            ...(pub.jsonldCountry !== ''
              ? { address: { '@type': 'PostalAddress', addressCountry: pub.jsonldCountry } }
              : {}),
          },
          mainEntityOfPage: { '@type': 'WebPage', '@id': spec.canonicalUrl },
        }),
      )
      articleTop = input.authors.length > 0 ? `<div class="author">${escapeHtml(input.authors.join(', '))}</div>` : ''
      break
    }
    case 'graph': {
      const site = siteBase(pub)
      head.push(
        jsonScript({
          '@context': 'https://schema.org',
          '@graph': [
            {
              '@type': 'Organization',
              '@id': `${site}/#organization`,
              name: pub.name,
              url: `${site}/`,
              ...(pub.jsonldCountry !== ''
                ? { address: { '@type': 'PostalAddress', addressCountry: pub.jsonldCountry } }
                : {}),
            },
            {
              '@type': 'WebSite',
              '@id': `${site}/#website`,
              url: `${site}/`,
              name: pub.name,
              publisher: { '@id': `${site}/#organization` },
            },
            {
              '@type': 'WebPage',
              '@id': spec.canonicalUrl,
              url: spec.canonicalUrl,
              name: spec.title,
              isPartOf: { '@id': `${site}/#website` },
            },
            {
              '@type': 'NewsArticle',
              '@id': `${spec.canonicalUrl}#article`,
              headline: spec.title,
              datePublished: isoZ(spec.publishedMs),
              isPartOf: { '@id': spec.canonicalUrl },
              publisher: { '@id': `${site}/#organization` },
              articleSection: [sectionLabel(spec)],
              ...(input.authors.length > 0 ? { author: { '@type': 'Person', name: input.authors[0] } } : {}),
            },
          ],
        }),
      )
      articleTop = byline(input)
      break
    }
    case 'time': {
      const author =
        input.authors.length > 0 ? `<span class="author">${escapeHtml(input.authors.join(', '))}</span> | ` : ''
      articleTop = `<div class="meta">${author}<time datetime="${isoOffset(spec.publishedMs, pub.offsetMin)}">${localDisplay(spec.publishedMs, pub.offsetMin)}</time></div>`
      break
    }
    case 'metadate': {
      const value =
        pub.metaDateFormat === 'rfc1123'
          ? rfc1123(spec.publishedMs)
          : pub.metaDateFormat === 'iso-z'
            ? isoZ(spec.publishedMs)
            : isoOffset(spec.publishedMs, pub.offsetMin)
      head.push(`<meta name="${pub.metaDateName}" content="${value}">`)
      if (pub.hasTags) head.push(`<meta name="keywords" content="${escapeHtml(input.tags.join(', '))}">`)
      articleTop = byline(input)
      break
    }
    case 'urldate':
    case 'bare':
      break
  }

  const tags =
    pub.hasTags && (pub.template === 'time' || pub.template === 'graph')
      ? `<ul class="tags">${input.tags.map((t) => `<li>${escapeHtml(t)}</li>`).join('')}</ul>`
      : ''
  // The bare layout has no <article> element, as some sites do.
  const open = pub.template === 'bare' ? '<div class="content">' : '<article>'
  const close = pub.template === 'bare' ? '</div>' : '</article>'
  // One array joined once: a flat string, cheap to encode (a rope of += would be flattened later).
  const out = head
  out.push('</head>\n<body>', header(pub), '<main>', open, `<h1>${escapeHtml(spec.title)}</h1>`)
  if (articleTop !== '') out.push(articleTop)
  pushParagraphs(out, input)
  if (tags !== '') out.push(tags)
  out.push(close, footer(spec))
  return out.join('\n')
}

export function renderNotFoundPage(pub: Publisher): string {
  const text = LANG_PACKS[pub.lang].ui.notFound
  return `${htmlOpen(pub)}\n<head>\n<meta charset="utf-8">\n<title>404 – ${text}</title>\n</head>\n<body>\n${header(pub)}\n<main><h1>${text}</h1><p><a href="/">${LANG_PACKS[pub.lang].ui.home}</a></p></main>\n</body>\n</html>\n`
}

export function renderRedirectPage(location: string): string {
  return `<html>\n<head><title>301 Moved Permanently</title></head>\n<body>\n<center><h1>301 Moved Permanently</h1></center>\n<p>The document has moved <a href="${location}">here</a>.</p>\n</body>\n</html>\n`
}
