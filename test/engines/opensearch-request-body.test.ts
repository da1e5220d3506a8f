/**
 * The OpenSearch request bodies, pinned for a table of queries. Expected bodies are written from
 * the Query DSL and the q syntax's definition (DECISIONS.md), not from running the builders.
 */
import { describe, expect, test } from 'bun:test'
import { parseQuery } from '../../core/search/query-syntax.ts'
import type { SearchFilters, SearchRequest } from '../../core/search/types.ts'
import { MAX_RESULT_WINDOW } from '../../store/opensearch/index-template.ts'
import { articleBody, boolQuery, btcArticlesBody, searchBody, statsBody } from '../../store/opensearch/query-body.ts'

const FROM_S = 1_795_000_000
const TO_S = 1_795_086_400
const range = { range: { published_at: { gte: FROM_S, lt: TO_S, format: 'epoch_second' } } }
const HIDDEN = ['seq', 'is_bitcoin']

function filters(q: string, extra: Partial<SearchFilters> = {}): SearchFilters {
  return { query: parseQuery(q), fromS: FROM_S, toS: TO_S, strictCountry: false, maxSeq: null, ...extra }
}
function request(q: string, extra: Partial<SearchRequest> = {}): SearchRequest {
  return { ...filters(q), sort: 'date', size: 10, offset: 0, dedupe: false, fullText: false, ...extra }
}

/** A word: one token in the title (weight 2) or the description. */
const word = (w: string) => ({
  bool: {
    should: [
      { term: { title_tokens: { value: w, boost: 2 } } },
      { term: { description_tokens: { value: w, boost: 1 } } },
    ],
    minimum_should_match: 1,
  },
})
/** A phrase: its tokens in order within one field. */
const phrase = (p: string) => ({
  bool: {
    should: [
      { match_phrase: { title_tokens: { query: p, boost: 2 } } },
      { match_phrase: { description_tokens: { query: p, boost: 1 } } },
    ],
    minimum_should_match: 1,
  },
})
const anyOf = (...clauses: unknown[]) => ({ bool: { should: clauses, minimum_should_match: 1 } })
const byDate = [{ published_at: 'desc' }, { id: 'desc' }]
const page = { from: 0, size: 10, track_total_hits: 10_001, _source: { excludes: [...HIDDEN, 'text'] } }

describe('searchBody: q syntax → bool query', () => {
  test.each([
    { name: 'one word', q: 'bitcoin', bool: { filter: [range, word('bitcoin')] } },
    { name: 'words are ANDed', q: 'market crash', bool: { filter: [range, word('market'), word('crash')] } },
    { name: 'case and diacritics folded', q: 'Élection', bool: { filter: [range, word('election')] } },
    { name: 'exact phrase', q: '"market crash"', bool: { filter: [range, phrase('market crash')] } },
    { name: 'a hyphenated word is a phrase of its tokens', q: 'e-mail', bool: { filter: [range, phrase('e mail')] } },
    { name: 'exclusion', q: 'bitcoin -rally', bool: { filter: [range, word('bitcoin')], must_not: [word('rally')] } },
    {
      name: 'excluded phrase',
      q: 'bitcoin -"price crash"',
      bool: { filter: [range, word('bitcoin')], must_not: [phrase('price crash')] },
    },
    { name: 'OR group', q: 'crash OR rally', bool: { filter: [range, anyOf(word('crash'), word('rally'))] } },
    {
      name: 'OR group and a word',
      q: 'vaccine OR climate court',
      bool: { filter: [range, anyOf(word('vaccine'), word('climate')), word('court')] },
    },
    { name: 'only an exclusion', q: '-bitcoin', bool: { filter: [range], must_not: [word('bitcoin')] } },
    { name: 'no q', q: '', bool: { filter: [range] } },
    { name: 'punctuation only', q: '!!! ...', bool: { filter: [range] } },
  ])('$name: $q', ({ q, bool }) => {
    expect(searchBody(request(q))).toEqual({ query: { bool }, sort: byDate, ...page })
  })
})

describe('searchBody: filters', () => {
  test.each([
    { name: 'countries', extra: { country: ['GB', 'DE'] }, clauses: [{ terms: { country: ['GB', 'DE'] } }] },
    { name: 'languages', extra: { lang: ['en'] }, clauses: [{ terms: { lang: ['en'] } }] },
    { name: 'tld', extra: { tld: ['com'] }, clauses: [{ terms: { tld: ['com'] } }] },
    {
      name: 'hosts',
      extra: { host: ['news1.co.uk', 'daily2.com'] },
      clauses: [{ terms: { host: ['news1.co.uk', 'daily2.com'] } }],
    },
    { name: 'empty list is no filter', extra: { country: [] }, clauses: [] },
    { name: 'snapshot watermark', extra: { maxSeq: 4321 }, clauses: [{ range: { seq: { lte: 4321 } } }] },
    {
      name: 'all together, in a fixed order',
      extra: { host: ['a.com'], tld: ['com'], lang: ['en'], country: ['US'], maxSeq: 7 },
      clauses: [
        { terms: { country: ['US'] } },
        { terms: { lang: ['en'] } },
        { terms: { tld: ['com'] } },
        { terms: { host: ['a.com'] } },
        { range: { seq: { lte: 7 } } },
      ],
    },
  ])('$name', ({ extra, clauses }) => {
    expect(searchBody(request('', extra)).query).toEqual({ bool: { filter: [range, ...clauses] } })
  })

  test('strict_country excludes the default country source', () => {
    expect(searchBody(request('crash', { strictCountry: true })).query).toEqual({
      bool: { filter: [range, word('crash')], must_not: [{ term: { country_source: 'default' } }] },
    })
  })
})

describe('searchBody: sorts, paging, options', () => {
  test.each([
    { sort: 'date', want: [{ published_at: 'desc' }, { id: 'desc' }] },
    { sort: 'date_asc', want: [{ published_at: 'asc' }, { id: 'asc' }] },
    { sort: 'crawled', want: [{ crawled_at: 'desc' }, { id: 'asc' }] },
    { sort: 'crawled_asc', want: [{ crawled_at: 'asc' }, { id: 'asc' }] },
  ] as const)('sort=$sort: ties broken by id (date sorts in their own direction)', ({ sort, want }) => {
    expect(searchBody(request('bitcoin', { sort })).sort).toEqual(want)
  })

  test('relevance: terms in must (scored), a per-language boost, score then date then id', () => {
    expect(searchBody(request('bitcoin OR биткоин market', { sort: 'relevance' }))).toEqual({
      query: {
        bool: {
          filter: [range],
          must: [anyOf(word('bitcoin'), word('биткоин')), word('market')],
          should: [
            {
              multi_match: {
                query: 'bitcoin биткоин market',
                fields: ['lang_text.*'],
                type: 'most_fields',
                boost: 0.5,
              },
            },
          ],
        },
      },
      sort: [{ _score: 'desc' }, { published_at: 'desc' }, { id: 'desc' }],
      ...page,
    })
  })

  test.each([{ q: '' }, { q: '-bitcoin' }])('relevance without a positive term sorts by date: "$q"', ({ q }) => {
    const body = searchBody(request(q, { sort: 'relevance' }))
    expect(body.sort).toEqual(byDate)
    expect((body.query as { bool: Record<string, unknown> }).bool.must).toBeUndefined()
  })

  test.each([
    { offset: 0, size: 1 },
    { offset: 0, size: 100 },
    { offset: 9_900, size: 100 },
  ])('offset $offset, size $size: from/size within max_result_window', ({ offset, size }) => {
    const body = searchBody(request('', { offset, size }))
    expect(body.from).toBe(offset)
    expect(body.size).toBe(size)
    expect(offset + size).toBeLessThanOrEqual(MAX_RESULT_WINDOW)
  })

  test('track_total_hits counts one past 10,000, so exactly 10,000 is told apart from more', () => {
    expect(searchBody(request('')).track_total_hits).toBe(10_001)
  })

  test('full_text returns the body; otherwise it is excluded', () => {
    expect(searchBody(request('', { fullText: true }))._source).toEqual({ excludes: HIDDEN })
    expect(searchBody(request(''))._source).toEqual({ excludes: [...HIDDEN, 'text'] })
  })

  test('dedupe collapses on the syndication group and counts groups', () => {
    const body = searchBody(request('storm', { dedupe: true }))
    expect(body.collapse).toEqual({ field: 'dup_group' })
    expect(body.aggs).toEqual({ groups: { cardinality: { field: 'dup_group', precision_threshold: 40_000 } } })
  })

  test('highlight: <em> around matches of the original fields, html-encoded, whole field', () => {
    const body = searchBody(request('bitcoin "market crash" -rally', {}), { highlight: true })
    const inField = (f: string) => ({
      bool: { should: [{ match_phrase: { [f]: 'bitcoin' } }, { match_phrase: { [f]: 'market crash' } }] },
    })
    expect(body.highlight).toEqual({
      pre_tags: ['<em>'],
      post_tags: ['</em>'],
      encoder: 'html',
      require_field_match: true,
      fields: {
        title: { number_of_fragments: 0, highlight_query: inField('title') },
        description: { number_of_fragments: 0, highlight_query: inField('description') },
      },
    })
    expect(searchBody(request('-rally'), { highlight: true }).highlight).toBeUndefined()
    expect(searchBody(request('bitcoin')).highlight).toBeUndefined()
  })
})

describe('issue 25 filters', () => {
  test('category, tone label, score range and excluded hosts are filters; in=title matches the headline alone', () => {
    const body = boolQuery(
      filters('bitcoin', {
        category: ['sport'],
        sentiment: ['neg', 'neu'],
        minScore: -0.5,
        maxScore: 0.25,
        excludeHost: ['a.example'],
        titleOnly: true,
      }),
      false,
    )
    expect(body).toEqual({
      bool: {
        filter: [
          range,
          { terms: { category: ['sport'] } },
          { terms: { sentiment: ['neg', 'neu'] } },
          { range: { score: { gte: -0.5, lte: 0.25 } } },
          { term: { title_tokens: { value: 'bitcoin', boost: 2 } } },
        ],
        must_not: [{ terms: { host: ['a.example'] } }],
      },
    })
  })

  test('a NOT before a group excludes the whole group', () => {
    const body = boolQuery(filters('decision NOT (police OR coach)'), false) as { bool: { must_not: unknown[] } }
    expect(body.bool.must_not).toEqual([word('police'), word('coach')])
  })
})

describe('statsBody', () => {
  test('six facets (count desc, key asc) and an epoch-aligned histogram with tone per period, exact total, no hits', () => {
    const facet = (field: string, size: number) => ({
      terms: { field, size, shard_size: 1000, order: [{ _count: 'desc' }, { _key: 'asc' }] },
    })
    expect(statsBody(filters('bitcoin', { country: ['GB'] }), 10, 3600)).toEqual({
      query: { bool: { filter: [range, { terms: { country: ['GB'] } }, word('bitcoin')] } },
      size: 0,
      track_total_hits: true,
      aggs: {
        countries: facet('country', 10),
        langs: facet('lang', 10),
        tlds: facet('tld', 10),
        hosts: facet('host', 10),
        categories: facet('category', 10),
        sentiments: facet('sentiment', 10),
        timeline: {
          date_histogram: { field: 'published_at', fixed_interval: '3600s', min_doc_count: 1 },
          aggs: { tones: { terms: { field: 'sentiment', size: 3 } }, score_sum: { sum: { field: 'score' } } },
        },
      },
    })
  })
  test.each([
    { top: 1, shard: 1000 },
    { top: 100, shard: 1000 },
    { top: 500, shard: 2500 },
  ])('top $top asks each shard for $shard terms', ({ top, shard }) => {
    const aggs = statsBody(filters(''), top, 86_400).aggs as Record<string, { terms?: { shard_size: number } }>
    expect(aggs.hosts?.terms?.shard_size).toBe(shard)
  })
})

describe('articleBody', () => {
  const url = 'https://www.news1.co.uk/story/12?utm_source=x'
  const canonical = 'https://news1.co.uk/story/12'
  const exact = { constant_score: { filter: { term: { url } }, boost: 2 } }
  const body = (should: readonly unknown[], maxSeq: number) => ({
    query: { bool: { should, minimum_should_match: 1, filter: [{ range: { seq: { lte: maxSeq } } }] } },
    sort: [{ _score: 'desc' }, { id: 'asc' }],
    size: 1,
    _source: { excludes: [...HIDDEN, 'text'] },
  })
  test.each([
    {
      name: 'a crawled variant: the URL itself first, then its canonical URL',
      variant: canonical,
      should: [exact, { constant_score: { filter: { term: { url: canonical } }, boost: 1 } }],
    },
    { name: 'no alias', variant: null, should: [exact] },
    { name: 'the alias of a canonical URL is itself', variant: url, should: [exact] },
  ])('$name', ({ variant, should }) => {
    expect(articleBody(url, variant, false, 99)).toEqual(body(should, 99))
  })
  test('no watermark: everything; full text keeps the body', () => {
    const b = articleBody(url, null, true, null)
    expect(b._source).toEqual({ excludes: HIDDEN })
    expect(b.query).toEqual(body([exact], Number.MAX_SAFE_INTEGER).query)
  })
})

describe('btcArticlesBody: the BTC news filter, paged with search_after', () => {
  const first = btcArticlesBody(FROM_S, TO_S, 5, null)
  test('first page', () => {
    expect(first).toEqual({
      query: { bool: { filter: [{ term: { is_bitcoin: true } }, range, { range: { seq: { lte: 5 } } }] } },
      sort: [{ published_at: 'asc' }, { url: 'asc' }],
      size: 5000,
      track_total_hits: false,
      _source: {
        includes: [
          'published_at',
          'title',
          'description',
          'url',
          'host',
          'lang',
          'country',
          'sentiment',
          'score',
          'labelled_by',
          'lexicon_score',
          'lexicon_terms',
        ],
      },
    })
  })
  test('next page continues after the last sort values', () => {
    expect(btcArticlesBody(FROM_S, TO_S, 5, [1795266000000, 'https://a/x'])).toEqual({
      ...first,
      search_after: [1795266000000, 'https://a/x'],
    })
  })
})
