import { describe, expect, test } from 'bun:test'
import { extract, jsonLd, page } from '../support/article-page.ts'

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
