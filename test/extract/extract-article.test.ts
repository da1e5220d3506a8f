import { describe, expect, test } from 'bun:test'
import { extractArticle, type ExtractInput } from '../../batch/extract/index.ts'

const WARC_DATE = '2026-11-20T10:00:00Z'
const TARGET = 'https://www.example.co.uk/news/2026/11/19/rates-hold#top'

/** Four paragraphs of plain prose: enough for the body extractor to see an article. */
const BODY = [1, 2, 3, 4]
  .map(
    (i) =>
      `<p>Paragraph ${i} of the story, with enough words to read like article prose, a comma, and a full stop.</p>`,
  )
  .join('\n')

function page(head: string, options: { htmlAttrs?: string; body?: string } = {}): string {
  return `<!doctype html><html ${options.htmlAttrs ?? ''}><head><meta charset="utf-8">${head}</head>
<body><header><nav><a href="/">Home</a> <a href="/world">World</a></nav></header>
<main><article><h1>Visible headline</h1>${options.body ?? BODY}</article></main>
<footer><p>© 2026 Example Times. All rights reserved.</p></footer></body></html>`
}

function extract(html: string, overrides: Partial<ExtractInput> = {}) {
  return extractArticle({ html, targetUri: TARGET, warcDate: WARC_DATE, httpHeaders: {}, ...overrides })
}

function jsonLd(value: unknown): string {
  return `<script type="application/ld+json">${JSON.stringify(value)}</script>`
}

describe('url', () => {
  test.each([
    {
      name: 'no canonical: target without fragment',
      head: '',
      want: 'https://www.example.co.uk/news/2026/11/19/rates-hold',
    },
    {
      name: 'relative canonical is resolved',
      head: '<link rel="canonical" href="/news/rates-hold">',
      want: 'https://www.example.co.uk/news/rates-hold',
    },
    {
      name: 'canonical on the bare host (www. ignored)',
      head: '<link rel="canonical" href="https://example.co.uk/a#x">',
      want: 'https://example.co.uk/a',
    },
    {
      name: 'canonical on another host is ignored',
      head: '<link rel="canonical" href="https://syndication.example.com/a">',
      want: 'https://www.example.co.uk/news/2026/11/19/rates-hold',
    },
    {
      name: 'og:url when no canonical',
      head: '<meta property="og:url" content="https://www.example.co.uk/og">',
      want: 'https://www.example.co.uk/og',
    },
    {
      name: 'canonical before og:url',
      head: '<meta property="og:url" content="/og"><link rel="canonical" href="/canon">',
      want: 'https://www.example.co.uk/canon',
    },
    {
      name: 'foreign canonical falls through to og:url',
      head: '<link rel="canonical" href="https://other.example/a"><meta property="og:url" content="/og">',
      want: 'https://www.example.co.uk/og',
    },
  ])('$name', ({ head, want }) => {
    const article = extract(page(head))
    expect(article?.url).toBe(want)
    expect(article?.target_uri).toBe(TARGET)
  })
})

describe('host and tld', () => {
  test.each([
    { uri: 'https://www.Example.co.uk/a', host: 'example.co.uk', tld: 'uk' },
    { uri: 'http://news.example.com:8080/a', host: 'news.example.com', tld: 'com' },
    { uri: 'https://example.de./a', host: 'example.de', tld: 'de' },
    { uri: 'http://192.168.0.1/a', host: '192.168.0.1', tld: '' },
  ])('$uri', ({ uri, host, tld }) => {
    const article = extract(page(''), { targetUri: uri })
    expect(article?.host).toBe(host)
    expect(article?.tld).toBe(tld)
  })
})

describe('title', () => {
  test.each([
    {
      name: 'JSON-LD headline first',
      head: `<meta property="og:title" content="OG title">${jsonLd({ '@type': 'NewsArticle', headline: 'LD headline' })}`,
      want: 'LD headline',
    },
    {
      name: 'og:title over <title>',
      head: '<title>Tag title | Example Times</title><meta property="og:title" content="OG title">',
      want: 'OG title',
    },
    {
      name: '<title> with a site suffix',
      head: '<title>Rates hold steady | Example Times</title><meta property="og:site_name" content="Example Times">',
      want: 'Rates hold steady',
    },
    {
      name: '<title> with a host-named dash suffix',
      head: '<title>Rates hold steady - Example</title>',
      want: 'Rates hold steady',
    },
    {
      name: 'og:title with a site suffix',
      head: '<meta property="og:title" content="Rates hold steady — Example Times"><meta property="og:site_name" content="Example Times">',
      want: 'Rates hold steady',
    },
    {
      name: 'entities decoded',
      head: '<title>Tom &amp; Jerry&#39;s &quot;day&quot; &hellip;</title>',
      want: 'Tom & Jerry\'s "day" …',
    },
    {
      name: 'double-encoded entities decoded',
      head: '<meta property="og:title" content="Tom &amp;amp; Jerry&amp;#39;s day">',
      want: "Tom & Jerry's day",
    },
    { name: 'whitespace collapsed', head: '<title>\n  Rates \t hold\n steady  </title>', want: 'Rates hold steady' },
    { name: 'h1 when nothing else', head: '', want: 'Visible headline' },
  ])('$name', ({ head, want }) => expect(extract(page(head))?.title).toBe(want))
})

describe('description', () => {
  test.each([
    {
      name: 'og:description first',
      head: `<meta name="description" content="meta"><meta property="og:description" content="og">${jsonLd({ '@type': 'NewsArticle', headline: 'h', description: 'ld' })}`,
      want: 'og',
    },
    {
      name: 'meta description next',
      head: `<meta name="description" content="meta &amp; more">${jsonLd({ '@type': 'NewsArticle', headline: 'h', description: 'ld' })}`,
      want: 'meta & more',
    },
    {
      name: 'JSON-LD description last',
      head: jsonLd({ '@type': 'NewsArticle', headline: 'h', description: 'ld &amp; <b>bold</b>' }),
      want: 'ld & bold',
    },
    { name: 'none', head: '', want: '' },
  ])('$name', ({ head, want }) => expect(extract(page(head))?.description).toBe(want))
})

describe('published_at', () => {
  test.each([
    {
      name: 'JSON-LD datePublished with offset',
      head: jsonLd({ '@type': 'NewsArticle', headline: 'h', datePublished: '2026-11-19T08:30:00+01:00' }),
      want: '2026-11-19T07:30:00Z',
      source: 'jsonld',
    },
    {
      name: 'JSON-LD before article:published_time',
      head: `<meta property="article:published_time" content="2026-11-19T09:00:00Z">${jsonLd({ '@type': 'NewsArticle', headline: 'h', datePublished: '2026-11-19T08:30:00+01:00' })}`,
      want: '2026-11-19T07:30:00Z',
      source: 'jsonld',
    },
    {
      name: 'article:published_time',
      head: '<meta property="article:published_time" content="2026-11-19T08:30:00-05:00">',
      want: '2026-11-19T13:30:00Z',
      source: 'meta',
    },
    {
      name: 'article:published_time before other meta names',
      head: '<meta name="date" content="2026-11-01"><meta property="article:published_time" content="2026-11-19T08:30:00Z">',
      want: '2026-11-19T08:30:00Z',
      source: 'meta',
    },
    {
      name: '<time datetime>',
      head: '',
      body: `<time datetime="2026-11-19T08:30:00+02:00">19 Nov</time>${BODY}`,
      want: '2026-11-19T06:30:00Z',
      source: 'time',
    },
    {
      name: 'meta date',
      head: '<meta name="date" content="2026-11-19T08:30:00+00:00">',
      want: '2026-11-19T08:30:00Z',
      source: 'meta',
    },
    {
      name: 'meta pubdate',
      head: '<meta name="pubdate" content="20261119T083000Z">',
      want: '2026-11-19T08:30:00Z',
      source: 'meta',
    },
    {
      name: 'dc.date',
      head: '<meta name="DC.date" content="2026-11-19">',
      want: '2026-11-19T00:00:00Z',
      source: 'meta',
    },
    {
      name: 'sailthru.date',
      head: '<meta name="sailthru.date" content="Thu, 19 Nov 2026 08:30:00 -0500">',
      want: '2026-11-19T13:30:00Z',
      source: 'meta',
    },
    {
      name: 'parsely-pub-date',
      head: '<meta name="parsely-pub-date" content="2026-11-19T08:30:00Z">',
      want: '2026-11-19T08:30:00Z',
      source: 'meta',
    },
    {
      name: 'zone-less value yields to a zoned one with the same wall clock',
      head: '<meta property="article:published_time" content="2026-11-19 08:30">',
      body: `<time datetime="2026-11-19T08:30:00+01:00">x</time>${BODY}`,
      want: '2026-11-19T07:30:00Z',
      source: 'time',
    },
    {
      name: 'a date after the crawl is skipped',
      head: '<meta property="article:published_time" content="2027-01-01T00:00:00Z"><meta name="date" content="2026-11-18T12:00:00Z">',
      want: '2026-11-18T12:00:00Z',
      source: 'meta',
    },
    {
      name: 'unparseable values are skipped',
      head: '<meta property="article:published_time" content="yesterday"><meta name="date" content="2026-11-18T12:00:00Z">',
      want: '2026-11-18T12:00:00Z',
      source: 'meta',
    },
    { name: 'date in the URL', head: '', want: '2026-11-19T00:00:00Z', source: 'url' },
  ])('$name', ({ head, body, want, source }) => {
    const article = extract(page(head, { body }))
    expect(article?.published_at).toBe(want)
    expect(article?.date_source).toBe(source)
  })

  test('falls back to the WARC date', () => {
    const article = extract(page(''), { targetUri: 'https://example.com/story', warcDate: '2026-11-20T10:00:00.123Z' })
    expect(article?.published_at).toBe('2026-11-20T10:00:00Z')
    expect(article?.date_source).toBe('warc')
    expect(article?.crawled_at).toBe('2026-11-20T10:00:00Z')
  })
})

describe('image', () => {
  test.each([
    {
      name: 'og:image made absolute',
      head: '<meta property="og:image" content="/img/a.jpg">',
      want: 'https://www.example.co.uk/img/a.jpg',
    },
    {
      name: 'protocol-relative og:image',
      head: '<meta property="og:image" content="//cdn.example.net/a.jpg">',
      want: 'https://cdn.example.net/a.jpg',
    },
    {
      name: 'twitter:image',
      head: '<meta name="twitter:image" content="https://cdn.example.net/t.jpg">',
      want: 'https://cdn.example.net/t.jpg',
    },
    {
      name: 'JSON-LD image object',
      head: jsonLd({
        '@type': 'NewsArticle',
        headline: 'h',
        image: { '@type': 'ImageObject', url: 'https://cdn.example.net/ld.jpg' },
      }),
      want: 'https://cdn.example.net/ld.jpg',
    },
    {
      name: 'JSON-LD image array',
      head: jsonLd({
        '@type': 'NewsArticle',
        headline: 'h',
        image: ['https://cdn.example.net/1.jpg', 'https://cdn.example.net/2.jpg'],
      }),
      want: 'https://cdn.example.net/1.jpg',
    },
    {
      name: 'og:image before twitter:image',
      head: '<meta name="twitter:image" content="/t.jpg"><meta property="og:image" content="/o.jpg">',
      want: 'https://www.example.co.uk/o.jpg',
    },
    { name: 'javascript: URL dropped', head: '<meta property="og:image" content="javascript:alert(1)">', want: '' },
  ])('$name', ({ head, want }) => expect(extract(page(head))?.image).toBe(want))
})

describe('authors', () => {
  test.each([
    {
      name: 'JSON-LD people',
      head: jsonLd({
        '@type': 'NewsArticle',
        headline: 'h',
        author: [
          { '@type': 'Person', name: 'Jane Doe' },
          { '@type': 'Person', name: 'John Roe' },
        ],
      }),
      want: ['Jane Doe', 'John Roe'],
    },
    {
      name: 'JSON-LD author as string',
      head: jsonLd({ '@type': 'NewsArticle', headline: 'h', author: 'Jane Doe' }),
      want: ['Jane Doe'],
    },
    { name: 'meta author', head: '<meta name="author" content="Jane Doe">', want: ['Jane Doe'] },
    {
      name: 'meta author list split',
      head: '<meta name="author" content="By Jane Doe and John Roe">',
      want: ['Jane Doe', 'John Roe'],
    },
    {
      name: 'comma list of full names split',
      head: '<meta name="author" content="Jane Doe, John Roe">',
      want: ['Jane Doe', 'John Roe'],
    },
    { name: 'surname-first name kept whole', head: '<meta name="author" content="Doe, Jane">', want: ['Doe, Jane'] },
    { name: 'article:author name', head: '<meta property="article:author" content="Jane Doe">', want: ['Jane Doe'] },
    {
      name: 'article:author URL ignored',
      head: '<meta property="article:author" content="https://www.facebook.com/janedoe">',
      want: [],
    },
    {
      name: 'de-duplicated across case',
      head: jsonLd({ '@type': 'NewsArticle', headline: 'h', author: ['Jane Doe', 'JANE DOE', 'jane  doe'] }),
      want: ['Jane Doe'],
    },
    {
      name: 'JSON-LD people before meta',
      head: `<meta name="author" content="Meta Person">${jsonLd({ '@type': 'NewsArticle', headline: 'h', author: { '@type': 'Person', name: 'Ld Person' } })}`,
      want: ['Ld Person'],
    },
    {
      name: 'organisation author only when nothing else',
      head: jsonLd({ '@type': 'NewsArticle', headline: 'h', author: { '@type': 'Organization', name: 'Wire Agency' } }),
      want: ['Wire Agency'],
    },
    { name: 'none', head: '', want: [] },
  ])('$name', ({ head, want }) => expect(extract(page(head))?.authors).toEqual([...want]))
})

describe('tags', () => {
  test.each([
    {
      name: 'article:tag values',
      head: '<meta property="article:tag" content="Rates"><meta property="article:tag" content="Banks">',
      want: ['Rates', 'Banks'],
    },
    {
      name: 'meta keywords trimmed and de-duplicated',
      head: '<meta name="keywords" content=" rates, banks ,Rates,, inflation ">',
      want: ['rates', 'banks', 'inflation'],
    },
    {
      name: 'JSON-LD keywords array',
      head: jsonLd({ '@type': 'NewsArticle', headline: 'h', keywords: ['Rates', ' Banks '] }),
      want: ['Rates', 'Banks'],
    },
    {
      name: 'JSON-LD keywords string',
      head: jsonLd({ '@type': 'NewsArticle', headline: 'h', keywords: 'Rates, Banks' }),
      want: ['Rates', 'Banks'],
    },
    {
      name: 'article:tag before keywords',
      head: '<meta name="keywords" content="seo, words"><meta property="article:tag" content="Rates">',
      want: ['Rates'],
    },
    {
      name: 'encoded ampersand is not a separator',
      head: '<meta name="keywords" content="Mergers &amp;amp; Acquisitions, Banks">',
      want: ['Mergers & Acquisitions', 'Banks'],
    },
    { name: 'none', head: '', want: [] },
  ])('$name', ({ head, want }) => expect(extract(page(head))?.tags).toEqual([...want]))
})

describe('declared_lang', () => {
  test.each([
    {
      name: '<html lang> first',
      htmlAttrs: 'lang="de-AT"',
      contentLanguage: 'en',
      head: '<meta property="og:locale" content="fr_FR">',
      want: 'de-AT',
    },
    {
      name: 'Content-Language next',
      htmlAttrs: '',
      contentLanguage: 'en-US',
      head: '<meta property="og:locale" content="fr_FR">',
      want: 'en-US',
    },
    {
      name: 'og:locale last, raw',
      htmlAttrs: '',
      contentLanguage: '',
      head: '<meta property="og:locale" content="fr_FR">',
      want: 'fr_FR',
    },
    { name: 'none', htmlAttrs: '', contentLanguage: '', head: '', want: '' },
  ])('$name', ({ htmlAttrs, contentLanguage, head, want }) => {
    const httpHeaders: Record<string, string> = contentLanguage === '' ? {} : { 'content-language': contentLanguage }
    expect(extract(page(head, { htmlAttrs }), { httpHeaders })?.declared_lang).toBe(want)
  })
})

describe('section and site_country', () => {
  test.each([
    {
      name: 'article:section',
      head: '<meta property="article:section" content="Business">',
      section: 'Business',
      country: '',
    },
    {
      name: 'JSON-LD articleSection',
      head: jsonLd({ '@type': 'NewsArticle', headline: 'h', articleSection: ['World', 'Europe'] }),
      section: 'World',
      country: '',
    },
    {
      name: 'JSON-LD publisher country',
      head: jsonLd({
        '@type': 'NewsArticle',
        headline: 'h',
        publisher: { '@type': 'Organization', name: 'P', address: { '@type': 'PostalAddress', addressCountry: 'IE' } },
      }),
      section: '',
      country: 'IE',
    },
    { name: 'geo.country', head: '<meta name="geo.country" content="BR">', section: '', country: 'BR' },
    {
      name: 'og:country-name',
      head: '<meta property="og:country-name" content="India">',
      section: '',
      country: 'India',
    },
    {
      name: 'geo.region gives its country part',
      head: '<meta name="geo.region" content="US-NY">',
      section: '',
      country: 'US',
    },
    { name: 'nothing stated', head: '', section: '', country: '' },
  ])('$name', ({ head, section, country }) => {
    const article = extract(page(head))
    expect(article?.section).toBe(section)
    expect(article?.site_country).toBe(country)
  })
})

describe('text and words', () => {
  test('keeps article paragraphs, drops navigation, headline, footer and scripts', () => {
    const body = `${BODY}<script>var tracking = "not text";</script><style>p { color: red }</style>`
    const article = extract(page('', { body }))
    const paragraphs = article?.text.split('\n\n') ?? []
    expect(paragraphs).toHaveLength(4)
    expect(paragraphs[0]).toBe(
      'Paragraph 1 of the story, with enough words to read like article prose, a comma, and a full stop.',
    )
    expect(article?.text).not.toContain('Home')
    expect(article?.text).not.toContain('Visible headline')
    expect(article?.text).not.toContain('All rights reserved')
    expect(article?.text).not.toContain('tracking')
    // 19 words per paragraph: Paragraph, N, of, the, story, with, enough, words, to, read, like, article, prose, a, comma, and, a, full, stop.
    expect(article?.words).toBe(4 * 19)
  })

  test('decodes entities and collapses whitespace in the body', () => {
    const body =
      '<p>Caf&eacute; &amp; bar&nbsp;owners   said\n\t the rent rose by 10&#37; this year, again, and again, and again.</p>'.repeat(
        3,
      )
    const article = extract(page('', { body }))
    expect(article?.text.split('\n\n')[0]).toBe(
      'Café & bar owners said the rent rose by 10% this year, again, and again, and again.',
    )
  })

  test('drops related-link lists and share bars inside the article', () => {
    const body = `${BODY}<div class="share-bar"><a href="#">Share on Facebook</a></div>
      <ul class="related-stories"><li><a href="/a">Another story about something else entirely</a></li></ul>`
    const text = extract(page('', { body }))?.text ?? ''
    expect(text).not.toContain('Share on Facebook')
    expect(text).not.toContain('Another story')
  })

  test('CJK body counts segmented words', () => {
    const sentence = '我们今天去北京大学参观，看到了很多新的建筑和美丽的风景。'
    const body = `<p>${sentence.repeat(3)}</p><p>${sentence.repeat(3)}</p>`
    const article = extract(page('<title>北京新闻</title>', { body, htmlAttrs: 'lang="zh-CN"' }))
    let segments = 0
    for (const s of new Intl.Segmenter('und', { granularity: 'word' }).segment(article?.text ?? ''))
      if (s.isWordLike === true) segments++
    expect(article?.words).toBe(segments)
    expect(article?.words).toBeGreaterThan(6 * 10)
  })

  test('uses JSON-LD articleBody when the page body is script-rendered', () => {
    const html = `<html><head><title>T</title>${jsonLd({ '@type': 'NewsArticle', headline: 'T', articleBody: 'First paragraph of the body.\nSecond paragraph of the body. '.repeat(10) })}</head><body><div id="root"></div></body></html>`
    const article = extract(html)
    expect(article?.text.startsWith('First paragraph of the body.\n\nSecond paragraph of the body.')).toBe(true)
  })
})

describe('not an article', () => {
  test.each([
    { name: 'empty document', html: '' },
    { name: 'empty body', html: '<html><head></head><body><div></div></body></html>' },
    {
      name: 'scripts only',
      html: '<html><body><script>document.write("<p>Hello world and more text here</p>")</script></body></html>',
    },
    { name: 'not HTML at all', html: '\u0000\u0001\u0002binary' },
  ])('$name → null', ({ html }) => expect(extract(html)).toBeNull())

  test('a title alone is still an article record', () => {
    const article = extract('<html><head><title>Only a title</title></head><body></body></html>')
    expect(article?.title).toBe('Only a title')
    expect(article?.text).toBe('')
    expect(article?.words).toBe(0)
  })
})
