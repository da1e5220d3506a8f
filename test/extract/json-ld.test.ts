import { describe, expect, test } from 'bun:test'
import { readJsonLd } from '../../batch/extract/json-ld.ts'

const article = {
  '@type': 'NewsArticle',
  headline: 'Rates hold steady',
  datePublished: '2026-11-20T08:00:00+01:00',
  author: [
    { '@type': 'Person', name: 'Jane Doe' },
    { '@type': 'Person', name: 'John Roe' },
  ],
  keywords: 'rates, central banks',
  image: { '@type': 'ImageObject', url: 'https://x.example/a.jpg' },
  articleSection: 'Business',
  publisher: {
    '@type': 'NewsMediaOrganization',
    name: 'Example Times',
    address: { '@type': 'PostalAddress', addressCountry: 'GB' },
  },
}

describe('readJsonLd', () => {
  test.each([
    { name: 'single object', blocks: [JSON.stringify(article)] },
    { name: 'array', blocks: [JSON.stringify([{ '@type': 'BreadcrumbList', itemListElement: [] }, article])] },
    {
      name: '@graph',
      blocks: [
        JSON.stringify({ '@context': 'https://schema.org', '@graph': [{ '@type': 'WebSite', name: 'x' }, article] }),
      ],
    },
    { name: 'second block', blocks: ['{"@type":"Organization","name":"Example Times"}', JSON.stringify(article)] },
    { name: 'after a malformed block', blocks: ['{"@type": "NewsArticle", "headline": ', JSON.stringify(article)] },
  ])('finds the article in $name', ({ blocks }) => {
    const facts = readJsonLd(blocks)
    expect(facts?.headline).toBe('Rates hold steady')
    expect(facts?.datePublished).toBe('2026-11-20T08:00:00+01:00')
    expect(facts?.authors).toEqual(['Jane Doe', 'John Roe'])
    expect(facts?.keywords.map((k) => k.trim())).toEqual(['rates', 'central banks'])
    expect(facts?.image).toBe('https://x.example/a.jpg')
    expect(facts?.section).toBe('Business')
    expect(facts?.country).toBe('GB')
    expect(facts?.publisherName).toBe('Example Times')
  })

  test('resolves @id references in a @graph', () => {
    const graph = {
      '@graph': [
        { '@type': 'Article', '@id': '#a', headline: 'H', author: { '@id': '#p' }, publisher: { '@id': '#o' } },
        { '@type': 'Person', '@id': '#p', name: 'Ann Lee' },
        {
          '@type': 'Organization',
          '@id': '#o',
          name: 'Org',
          address: { addressCountry: { '@type': 'Country', name: 'DE' } },
        },
      ],
    }
    const facts = readJsonLd([JSON.stringify(graph)])
    expect(facts?.authors).toEqual(['Ann Lee'])
    expect(facts?.country).toBe('DE')
  })

  test('separates organisation authors from people', () => {
    const facts = readJsonLd([
      JSON.stringify({ '@type': 'NewsArticle', headline: 'H', author: { '@type': 'Organization', name: 'AFP' } }),
    ])
    expect(facts?.authors).toEqual([])
    expect(facts?.organisationAuthors).toEqual(['AFP'])
  })

  test.each([
    { name: 'trailing comma', raw: '{"@type":"NewsArticle","headline":"Fixed",}' },
    { name: 'raw newline in a string', raw: '{"@type":"NewsArticle","headline":"Fixed\n"}' },
    { name: 'HTML comment wrapper', raw: '<!-- {"@type":"NewsArticle","headline":"Fixed"} -->' },
    { name: 'CDATA wrapper', raw: '//<![CDATA[\n{"@type":"NewsArticle","headline":"Fixed"}\n//]]>' },
  ])('repairs $name', ({ raw }) => expect(readJsonLd([raw])?.headline.trim()).toBe('Fixed'))

  test.each([
    { name: 'no blocks', blocks: [] },
    { name: 'garbage', blocks: ['not json at all {{{'] },
    { name: 'deeply nested arrays', blocks: [`${'['.repeat(100_000)}${']'.repeat(100_000)}`] },
    { name: 'scalar', blocks: ['42'] },
  ])('returns null for $name without throwing', ({ blocks }) => expect(readJsonLd(blocks)).toBeNull())
})
