/** Response bodies (test/fixtures/opensearch, written from the OpenSearch docs) back to the contract's JSON. */
import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { checkBulkResponse, readMaxSeq } from '../../store/opensearch/bulk.ts'
import { btcFromSource, OpenSearchResponseError } from '../../store/opensearch/document.ts'
import {
  hitsOf,
  nextAfter,
  readArticleResponse,
  readSearchResponse,
  readStatsResponse,
} from '../../store/opensearch/response.ts'
import type { OpenSearchRequest } from '../../store/opensearch/transport.ts'
import { OpenSearchIndex } from '../../store/search-opensearch.ts'

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../fixtures/opensearch/${name}.json`, import.meta.url), 'utf8'))

const RALLY = {
  id: 'a1b2c3d4e5f60718',
  url: 'https://news1.co.uk/story/12',
  title: 'Bitcoin rally & "market" <b>',
  description: 'Prices rose',
  published_at: '2026-11-21T13:00:00Z',
  crawled_at: '2026-11-21T13:10:00Z',
  host: 'news1.co.uk',
  tld: 'uk',
  lang: 'en',
  country: 'GB',
  country_source: 'tld',
  category: 'business',
  category_confidence: 0.91,
  category_by: 'model',
  image: '',
  authors: ['Ann Author'],
  tags: ['bitcoin'],
  words: 412,
  sentiment: 'pos',
  score: 0.62,
  labelled_by: 'model',
  entities: [
    {
      key: 'organisation:bitcoin-foundation',
      name: 'Bitcoin Foundation',
      type: 'organisation',
      count: 2,
      country: null,
    },
  ],
  lexicon_score: 3,
  lexicon_terms: 'rally',
  dup_group: 'a1b2c3d4e5f60718',
}

describe('search responses', () => {
  test('hits become records in the documented field order; times in the contract form', () => {
    const page = readSearchResponse(fixture('search-date'), { fullText: false, dedupe: false })
    expect(page.total).toBe(2)
    expect(page.totalRelation).toBe('eq')
    expect(page.articles[0]).toEqual(RALLY as (typeof page.articles)[0])
    expect(Object.keys(page.articles[0] ?? {})).toEqual(Object.keys(RALLY))
    // A `+00:00` time (re-indexed by another tool) still reads as the contract's `Z` form.
    expect(page.articles[1]?.published_at).toBe('2026-11-20T23:59:59Z')
    expect(page.articles[1]?.authors).toEqual([])
    expect('text' in (page.articles[0] ?? {})).toBe(false)
  })

  test.each([
    { name: 'more than 10,000', file: 'search-gte', total: 10_000, relation: 'gte' },
    { name: 'exactly 10,000', file: 'search-exactly-10000', total: 10_000, relation: 'eq' },
    { name: 'none', file: 'empty', total: 0, relation: 'eq' },
  ])('total: $name', ({ file, total, relation }) => {
    const page = readSearchResponse(fixture(file), { fullText: false, dedupe: false })
    expect({ total: page.total, relation: page.totalRelation }).toEqual({ total, relation })
  })

  test('dedupe: the total is the number of groups', () => {
    const page = readSearchResponse(fixture('search-dedupe'), { fullText: false, dedupe: true })
    expect(page.total).toBe(2)
    expect(page.articles.map((a) => a.dup_group)).toEqual(['1111111111111111'])
  })

  test('article: full text when asked, null when no hit', () => {
    expect(readArticleResponse(fixture('article'), true)).toEqual({
      ...RALLY,
      text: 'Bitcoin rallied on Friday.\n\nMarkets followed.',
    } as never)
    expect(readArticleResponse(fixture('article'), false)).toEqual(RALLY as never)
    expect(readArticleResponse(fixture('empty'), true)).toBeNull()
  })

  test.each([
    { name: 'no hits object', body: { took: 1 } },
    { name: 'a hit without _source', body: { hits: { total: { value: 1, relation: 'eq' }, hits: [{ _id: 'x' }] } } },
    {
      name: 'a wrong field type',
      body: { hits: { total: { value: 1, relation: 'eq' }, hits: [{ _source: { ...RALLY, words: '412' } }] } },
    },
    {
      name: 'an unknown sentiment',
      body: { hits: { total: { value: 1, relation: 'eq' }, hits: [{ _source: { ...RALLY, sentiment: 'great' } }] } },
    },
    { name: 'a negative total', body: { hits: { total: { value: -1, relation: 'eq' }, hits: [] } } },
  ])('refuses $name', ({ body }) => {
    expect(() => readSearchResponse(body, { fullText: false, dedupe: false })).toThrow(OpenSearchResponseError)
  })
})

test('stats: facets as buckets, the histogram keyed by period start in epoch seconds', () => {
  const r = readStatsResponse(fixture('stats'))
  expect(r.total).toBe(5)
  expect(r.countries).toEqual([
    { key: 'GB', articles: 3 },
    { key: 'DE', articles: 2 },
  ])
  expect(r.langs).toEqual([
    { key: 'en', articles: 3 },
    { key: 'de', articles: 2 },
  ])
  expect(r.tlds).toEqual([
    { key: 'uk', articles: 3 },
    { key: 'de', articles: 2 },
  ])
  expect(r.hosts).toEqual([
    { key: 'news1.co.uk', articles: 2 },
    { key: 'zeitung3.de', articles: 2 },
  ])
  expect([...r.timeline].map(([t, p]) => [t, p.articles])).toEqual([
    [Date.parse('2026-11-20T00:00:00Z') / 1000, 2],
    [Date.parse('2026-11-21T00:00:00Z') / 1000, 3],
  ])
})

describe('BTC scan and bulk', () => {
  test('a BTC hit reads as the BTC endpoints read a store row (epoch seconds)', () => {
    const [hit] = hitsOf(fixture('btc-page'))
    expect(btcFromSource(hit?._source)).toEqual({
      published_at: Date.parse('2026-11-21T13:00:00Z') / 1000,
      title: RALLY.title,
      description: 'Prices rose',
      url: RALLY.url,
      host: 'news1.co.uk',
      lang: 'en',
      country: 'GB',
      sentiment: 'pos',
      score: 0.62,
      labelled_by: 'model',
      lexicon_score: 3,
      lexicon_terms: 'rally',
    })
    expect(nextAfter(fixture('btc-page'), 1)).toEqual([1795266000000, 'https://news1.co.uk/story/12'])
    expect(nextAfter(fixture('btc-page'), 5000)).toBeNull()
  })

  test('bulk: item count when clean; the first failures named when not', () => {
    expect(checkBulkResponse(fixture('bulk-ok'))).toBe(2)
    expect(() => checkBulkResponse(fixture('bulk-errors'))).toThrow(
      '0f0e0d0c0b0a0908: strict_dynamic_mapping_exception',
    )
  })

  test.each([
    { body: { aggregations: { max_seq: { value: 4321 } } }, want: 4321 },
    { body: { aggregations: { max_seq: { value: null } } }, want: 0 },
  ])('max seq already indexed: $want', ({ body, want }) => expect(readMaxSeq(body)).toBe(want))
})

test('OpenSearchIndex: one POST per call to the index pattern; BTC pages chained with search_after', () => {
  const sent: OpenSearchRequest[] = []
  const full = fixture('btc-page') as { hits: { hits: unknown[] } }
  const replies = [
    fixture('search-date'),
    fixture('stats'),
    fixture('article'),
    { hits: { hits: Array(5000).fill(full.hits.hits[0]) } },
    fixture('btc-page'),
  ]
  const index = new OpenSearchIndex((req) => {
    sent.push(req)
    return replies.shift()
  })
  const req = {
    query: null,
    fromS: 0,
    toS: 1,
    strictCountry: false,
    maxSeq: null,
    sort: 'date',
    size: 10,
    offset: 0,
    dedupe: false,
    fullText: false,
  } as const
  expect(index.search(req).total).toBe(2)
  expect(index.stats(req, 5, 86_400).total).toBe(5)
  expect(index.article(RALLY.url, false, null)?.url).toBe(RALLY.url)
  expect(index.btcArticles(0, 1, null).length).toBe(5001)
  expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(Array(5).fill('POST /newsdesk-articles-*/_search'))
  expect((sent[3]?.body as Record<string, unknown> | undefined)?.search_after).toBeUndefined()
  expect((sent[4]?.body as Record<string, unknown> | undefined)?.search_after).toEqual([
    1795266000000,
    'https://news1.co.uk/story/12',
  ])
  expect(sent[0]?.querystring).toEqual({ ignore_unavailable: 'true', allow_no_indices: 'true' })
})
