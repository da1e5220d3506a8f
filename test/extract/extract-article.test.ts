import { describe, expect, test } from 'bun:test'
import { BODY, TARGET, extract, jsonLd, page } from '../support/article-page.ts'

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
