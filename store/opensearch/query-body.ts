/**
 * Request bodies for the OpenSearch Query DSL, built from the engine-independent requests of
 * core/search/types.ts. Pure functions of their arguments, so tests pin them as data.
 *
 * Matching follows `matchesFields`: a term is a `term` (one token) or `match_phrase` (several)
 * on `title_tokens` or `description_tokens`, never across the two; `all` groups are ANDed, a
 * group's terms ORed, `none` excluded. Sorted by a field, the terms sit in `filter` (no scoring,
 * cacheable); sorted by relevance, in `must`, with the title weighted 2 as the SQLite bm25 does,
 * and the per-language fields add to the score without deciding the match.
 */
import {
  hasPositive,
  positiveTerms,
  type ParsedQuery,
  type QueryNode,
  type Term,
} from '../../core/search/query-syntax.ts'
import { type SearchFilters, type SearchRequest, type SearchSort, TOTAL_EXACT_LIMIT } from '../../core/search/types.ts'
import { BTC_SOURCE_FIELDS } from './document.ts'

export type Clause = Record<string, unknown>

/** Never returned by a search: matching fields, and the body unless asked. */
const HIDDEN = ['seq', 'is_bitcoin']

/** `titleOnly`: the term is matched in the headline alone (`in=title`). */
function termClause(t: Term, titleOnly = false): Clause {
  const text = t.tokens.join(' ')
  const on = (field: string, boost: number): Clause =>
    t.tokens.length === 1
      ? { term: { [field]: { value: text, boost } } }
      : { match_phrase: { [field]: { query: text, boost } } }
  if (titleOnly) return on('title_tokens', 2)
  return { bool: { should: [on('title_tokens', 2), on('description_tokens', 1)], minimum_should_match: 1 } }
}

function groupClause(group: readonly Term[], titleOnly = false): Clause {
  const [only] = group
  return group.length === 1 && only !== undefined
    ? termClause(only, titleOnly)
    : { bool: { should: group.map((t) => termClause(t, titleOnly)), minimum_should_match: 1 } }
}

/** A group in parentheses as a bool query. */
function nodeClause(n: QueryNode, titleOnly: boolean): Clause {
  switch (n.kind) {
    case 'term':
      return termClause(n.term, titleOnly)
    case 'and':
      return { bool: { filter: n.nodes.map((c) => nodeClause(c, titleOnly)) } }
    case 'or':
      return { bool: { should: n.nodes.map((c) => nodeClause(c, titleOnly)), minimum_should_match: 1 } }
    case 'not':
      return { bool: { must_not: [nodeClause(n.node, titleOnly)] } }
  }
}

/** The filters every request shares: time range, lists, strict country, the snapshot watermark. */
export function filterClauses(f: SearchFilters): Clause[] {
  const out: Clause[] = [{ range: { published_at: { gte: f.fromS, lt: f.toS, format: 'epoch_second' } } }]
  const list = (field: string, values: readonly string[] | undefined) => {
    if (values !== undefined && values.length > 0) out.push({ terms: { [field]: [...values] } })
  }
  list('country', f.country)
  list('lang', f.lang)
  list('tld', f.tld)
  list('host', f.host)
  list('category', f.category)
  list('sentiment', f.sentiment)
  // An entity filter whose values name no key matches nothing, as on SQLite (an empty terms list does).
  if (f.entity !== undefined) out.push({ terms: { entity_keys: [...f.entity] } })
  if (f.minScore !== undefined || f.maxScore !== undefined) {
    out.push({
      range: {
        score: {
          ...(f.minScore === undefined ? {} : { gte: f.minScore }),
          ...(f.maxScore === undefined ? {} : { lte: f.maxScore }),
        },
      },
    })
  }
  if (f.maxSeq !== null) out.push({ range: { seq: { lte: f.maxSeq } } })
  return out
}

/** The bool query for filters + q; `scored` puts the positive terms in `must` (relevance). */
export function boolQuery(f: SearchFilters, scored: boolean): Clause {
  const q: ParsedQuery | null = f.query
  const titleOnly = f.titleOnly === true
  const positive =
    q === null ? [] : [...q.all.map((g) => groupClause(g, titleOnly)), ...q.nested.map((n) => nodeClause(n, titleOnly))]
  const bool: Record<string, Clause[]> = { filter: [...filterClauses(f), ...(scored ? [] : positive)] }
  if (scored && positive.length > 0) {
    bool.must = positive
    if (q !== null) bool.should = [languageBoost(q)]
  }
  const mustNot: Clause[] = [
    ...(f.strictCountry ? [{ term: { country_source: 'default' } }] : []),
    ...(f.excludeHost !== undefined && f.excludeHost.length > 0 ? [{ terms: { host: [...f.excludeHost] } }] : []),
    ...(q?.none ?? []).map((t) => termClause(t, titleOnly)),
    ...(q?.notNested ?? []).map((n) => nodeClause(n, titleOnly)),
  ]
  if (mustNot.length > 0) bool.must_not = mustNot
  return { bool }
}

/** Stemmed, per-language match of the positive words: raises the score of close forms only. */
function languageBoost(q: ParsedQuery): Clause {
  const words = positiveTerms(q)
    .map((t) => t.raw)
    .join(' ')
  return { multi_match: { query: words, fields: ['lang_text.*'], type: 'most_fields', boost: 0.5 } }
}

export function effectiveSort(req: Pick<SearchRequest, 'sort' | 'query'>): SearchSort {
  return req.sort === 'relevance' && !hasPositive(req.query) ? 'date' : req.sort
}

/**
 * Ties broken by article id (DECISIONS.md): date sorts follow the time key (published_at, id) in
 * the sort's direction, crawled sorts take id ascending, relevance falls back to the date order.
 */
export const SORTS: Readonly<Record<SearchSort, Clause[]>> = {
  date: [{ published_at: 'desc' }, { id: 'desc' }],
  date_asc: [{ published_at: 'asc' }, { id: 'asc' }],
  crawled: [{ crawled_at: 'desc' }, { id: 'asc' }],
  crawled_asc: [{ crawled_at: 'asc' }, { id: 'asc' }],
  relevance: [{ _score: 'desc' }, { published_at: 'desc' }, { id: 'desc' }],
}

/** Lets the total say exactly 10,000 apart from "more than 10,000". */
export const TRACK_TOTAL_HITS = TOTAL_EXACT_LIMIT + 1

/**
 * `<em>` around the matched words of the original title and description, whole fields, html
 * encoded. The API's own `highlight=true` is rendered by core/search/highlight.ts for every
 * engine (the contract fixes its escaping; Lucene's html encoder also escapes `/`); this section
 * serves callers that want the engine's fragments.
 */
export function highlightSection(q: ParsedQuery): Clause {
  const words = positiveTerms(q).map((t) => ({ match_phrase: { title: t.tokens.join(' ') } }))
  const described = positiveTerms(q).map((t) => ({ match_phrase: { description: t.tokens.join(' ') } }))
  return {
    pre_tags: ['<em>'],
    post_tags: ['</em>'],
    encoder: 'html',
    require_field_match: true,
    fields: {
      title: { number_of_fragments: 0, highlight_query: { bool: { should: words } } },
      description: { number_of_fragments: 0, highlight_query: { bool: { should: described } } },
    },
  }
}

/**
 * The body of a `/v1/search` request. from + size stays within max_result_window (offset ≤ 9,900,
 * size ≤ 100). `dedupe` collapses on the syndication group (the first hit of each group in the
 * requested order) and counts groups with a cardinality aggregation.
 */
export function searchBody(req: SearchRequest, opts: { highlight?: boolean } = {}): Clause {
  const sort = effectiveSort(req)
  const body: Clause = {
    query: boolQuery(req, sort === 'relevance'),
    sort: SORTS[sort],
    from: req.offset,
    size: req.size,
    track_total_hits: TRACK_TOTAL_HITS,
    _source: { excludes: req.fullText ? HIDDEN : [...HIDDEN, 'text'] },
  }
  if (req.dedupe) {
    body.collapse = { field: 'dup_group' }
    body.aggs = { groups: { cardinality: { field: 'dup_group', precision_threshold: 40_000 } } }
  }
  if (opts.highlight === true && hasPositive(req.query)) body.highlight = highlightSection(req.query)
  return body
}

/**
 * The body of `/v1/stats`: no hits, an exact total, the six facets (count desc, key asc as in
 * SQLite) and a date histogram aligned on the epoch like `floor(t / period) * period`, each period
 * with its tone labels and score sum. `shard_size` keeps the low-cardinality facets exact; hosts are
 * exact up to it.
 */
export function statsBody(f: SearchFilters, top: number, periodSeconds: number): Clause {
  const facet = (field: string): Clause => ({
    terms: { field, size: top, shard_size: Math.max(top * 5, 1000), order: [{ _count: 'desc' }, { _key: 'asc' }] },
  })
  return {
    query: boolQuery(f, false),
    size: 0,
    track_total_hits: true,
    aggs: {
      countries: facet('country'),
      langs: facet('lang'),
      tlds: facet('tld'),
      hosts: facet('host'),
      categories: facet('category'),
      sentiments: facet('sentiment'),
      timeline: {
        date_histogram: { field: 'published_at', fixed_interval: `${periodSeconds}s`, min_doc_count: 1 },
        aggs: { tones: { terms: { field: 'sentiment', size: 3 } }, score_sum: { sum: { field: 'score' } } },
      },
    },
  }
}

/**
 * `/v1/article`: the article whose canonical URL is `url`, else the one `url` was crawled as
 * (`variantOf`, resolved by the caller from the store's alias table), as the SQLite engine does.
 */
export function articleBody(url: string, variantOf: string | null, fullText: boolean, maxSeq: number | null): Clause {
  const should: Clause[] = [{ constant_score: { filter: { term: { url } }, boost: 2 } }]
  if (variantOf !== null && variantOf !== url)
    should.push({ constant_score: { filter: { term: { url: variantOf } }, boost: 1 } })
  return {
    query: {
      bool: {
        should,
        minimum_should_match: 1,
        filter: [{ range: { seq: { lte: maxSeq ?? Number.MAX_SAFE_INTEGER } } }],
      },
    },
    sort: [{ _score: 'desc' }, { id: 'asc' }],
    size: 1,
    _source: { excludes: fullText ? HIDDEN : [...HIDDEN, 'text'] },
  }
}

export const BTC_PAGE_SIZE = 5000

/**
 * One page of the BTC news scan (is_bitcoin, published in [fromS, toS), visible at the
 * watermark), ordered as store/btc-articles.ts orders it. The set can pass 10,000, so pages are
 * chained with `search_after` on the sort values instead of from/size.
 */
export function btcArticlesBody(
  fromS: number,
  toS: number,
  maxSeq: number | null,
  after: readonly unknown[] | null,
): Clause {
  const body: Clause = {
    query: {
      bool: {
        filter: [
          { term: { is_bitcoin: true } },
          { range: { published_at: { gte: fromS, lt: toS, format: 'epoch_second' } } },
          { range: { seq: { lte: maxSeq ?? Number.MAX_SAFE_INTEGER } } },
        ],
      },
    },
    sort: [{ published_at: 'asc' }, { url: 'asc' }],
    size: BTC_PAGE_SIZE,
    track_total_hits: false,
    _source: { includes: [...BTC_SOURCE_FIELDS] },
  }
  if (after !== null) body.search_after = [...after]
  return body
}
