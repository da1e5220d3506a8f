/** The reference semantics the contract compares engines with: a brute-force scan of the fixture. */
import { matchesFields, parseQuery } from '../../core/search/query-syntax.ts'
import { indexTokens } from '../../core/search/tokens.ts'
import type { SearchFilters, SearchRequest, SearchSort } from '../../core/search/types.ts'
import { articleId } from '../../core/article-id.ts'
import type { FixtureArticle } from '../support/fixture-store.ts'
import { type ContractArticle, type ContractQuery, DAY_S, NOW_S, epoch } from './search-contract-queries.ts'

type Seqd = ContractArticle

export function filtersFor(c: ContractQuery): SearchFilters {
  return {
    query: parseQuery(c.q),
    fromS: NOW_S - 90 * DAY_S,
    toS: NOW_S,
    strictCountry: false,
    maxSeq: null,
    ...c.filters,
  }
}

export function requestFor(c: ContractQuery, sort: SearchSort, extra: Partial<SearchRequest> = {}): SearchRequest {
  return { ...filtersFor(c), sort, size: 100, offset: 0, dedupe: false, fullText: false, ...extra }
}

/** Brute force over the fixture: the reference semantics, nothing from an engine. */
export function scan(articles: readonly Seqd[], c: ContractQuery, sort: Exclude<SearchSort, 'relevance'>): Seqd[] {
  const f = filtersFor(c)
  const key = sort.startsWith('date') ? 'published_at' : 'crawled_at'
  const dir = sort.endsWith('_asc') ? 1 : -1
  return (
    articles
      .filter((a) => epoch(a.published_at) >= f.fromS && epoch(a.published_at) < f.toS)
      .filter((a) => (c.keep === undefined ? true : c.keep(a)))
      .filter(
        (a) =>
          f.query === null ||
          matchesFields(
            f.query,
            f.titleOnly === true ? [indexTokens(a.title)] : [indexTokens(a.title), indexTokens(a.description)],
          ),
      )
      // DECISIONS.md: date sorts follow (published_at, id) in their direction; crawled sorts break ties by id ascending.
      .sort(
        (x, y) =>
          dir * (epoch(x[key]) - epoch(y[key])) ||
          (key === 'published_at' ? dir : 1) * (x.id < y.id ? -1 : x.id > y.id ? 1 : 0),
      )
  )
}

/** Three articles at the same instant (published and crawled), to pin the tie-breaks. */
export function tiedArticles(base: readonly FixtureArticle[]): FixtureArticle[] {
  const model = base[1]
  if (model === undefined) throw new Error('empty fixture')
  return ['https://tie.example/a', 'https://tie.example/b', 'https://tie.example/c'].map((url, i) => ({
    ...model,
    url,
    target_uri: url,
    id: articleId(url),
    title: `Tiebreak story ${i}`,
    description: 'tiebreak',
    published_at: '2026-11-20T12:00:00Z',
    crawled_at: '2026-11-20T12:30:00Z',
  }))
}
