/**
 * SearchIndex over OpenSearch (or Elasticsearch, whose Query DSL this subset shares): the bodies
 * of store/opensearch/query-body.ts sent through a transport, the answers read back by
 * store/opensearch/response.ts. Every search goes to the daily indices' pattern.
 */
import type { Database } from 'bun:sqlite'
import type { BtcArticle } from '../core/btc/btc-article.ts'
import type { SearchFilters, SearchIndex, SearchPage, SearchRequest, StatsResult } from '../core/search/types.ts'
import { type FullArticle, btcFromSource } from './opensearch/document.ts'
import { INDEX_PATTERN } from './opensearch/index-template.ts'
import { BTC_PAGE_SIZE, articleBody, btcArticlesBody, searchBody, statsBody } from './opensearch/query-body.ts'
import { hitsOf, nextAfter, readArticleResponse, readSearchResponse, readStatsResponse } from './opensearch/response.ts'
import type { SyncTransport } from './opensearch/transport.ts'

/** The canonical URL a crawled URL led to (the store's url_aliases), or null. */
export type VariantResolver = (url: string) => string | null

export class OpenSearchIndex implements SearchIndex {
  constructor(
    private readonly send: SyncTransport,
    private readonly index = INDEX_PATTERN,
    private readonly variantOf: VariantResolver = () => null,
  ) {}

  #search(body: unknown): unknown {
    return this.send({
      method: 'POST',
      path: `/${this.index}/_search`,
      body,
      querystring: { ignore_unavailable: 'true', allow_no_indices: 'true' },
    })
  }

  search(req: SearchRequest): SearchPage {
    return readSearchResponse(this.#search(searchBody(req)), { fullText: req.fullText, dedupe: req.dedupe })
  }

  stats(filters: SearchFilters, top: number, periodSeconds: number): StatsResult {
    return readStatsResponse(this.#search(statsBody(filters, top, periodSeconds)))
  }

  volume(fromS: number, toS: number, periodSeconds: number, maxSeq: number | null): Map<number, number> {
    const all = this.stats({ query: null, fromS, toS, strictCountry: false, maxSeq }, 1, periodSeconds)
    return new Map([...all.timeline].map(([t, p]) => [t, p.articles]))
  }

  article(url: string, fullText: boolean, maxSeq: number | null): FullArticle | null {
    return readArticleResponse(this.#search(articleBody(url, this.variantOf(url), fullText, maxSeq)), fullText)
  }

  /** The BTC news filter (store/btc-articles.ts's loadBtcArticles), paged with search_after. */
  btcArticles(fromS: number, toS: number, maxSeq: number | null): BtcArticle[] {
    const out: BtcArticle[] = []
    let after: unknown[] | null = null
    do {
      const body = this.#search(btcArticlesBody(fromS, toS, maxSeq, after))
      for (const h of hitsOf(body)) out.push(btcFromSource(h._source))
      after = nextAfter(body, BTC_PAGE_SIZE)
    } while (after !== null)
    return out
  }
}

/**
 * Resolves crawled URL variants from the store the live node already reads (a primary-key
 * lookup). Aliases stay there rather than in the documents: a later crawl of a known URL adds an
 * alias without touching its article, so a copy in OpenSearch would go stale.
 */
export function storeVariantResolver(db: Database): VariantResolver {
  const q = db.query<{ url: string }, [string]>('SELECT url FROM url_aliases WHERE target_uri = ?')
  return (url) => q.get(url)?.url ?? null
}
