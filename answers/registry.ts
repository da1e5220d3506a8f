/** Which answer serves which registry path: one table for the live node and the snapshot writer. */
import { btcCorrelation, btcNews, btcPrice, btcSentiment, btcSeries, btcSources, btcSummary } from './btc.ts'
import type { Handler } from './context.ts'
import { atom, jsonFeed, rss } from './feeds.ts'
import { entities, entityDetail } from './entities.ts'
import { healthHandler } from './health.ts'
import { market, markets } from './markets.ts'
import { article, search, stats } from './search.ts'
import { trendCountries, trendDetail, trendKeywords, trends } from './trends.ts'

export function answersFor(service: {
  version: string
  uptimeSeconds: () => number
}): Readonly<Record<string, Handler>> {
  return {
    '/v1/search': search,
    '/v1/stats': stats,
    '/v1/article': article,
    '/v1/rss': rss,
    '/v1/atom': atom,
    '/v1/feed.json': jsonFeed,
    '/v1/trends': trends,
    '/v1/trends/keywords': trendKeywords,
    '/v1/trends/countries': trendCountries,
    '/v1/trends/{cc}/{slug}': trendDetail,
    '/v1/entities': entities,
    '/v1/entities/{key}': entityDetail,
    '/v1/btc/summary': btcSummary,
    '/v1/btc/price': btcPrice,
    '/v1/btc/sentiment': btcSentiment,
    '/v1/btc/series': btcSeries,
    '/v1/btc/correlation': btcCorrelation,
    '/v1/btc/news': btcNews,
    '/v1/btc/sources': btcSources,
    '/v1/markets': markets,
    '/v1/markets/{slug}': market,
    '/health': healthHandler(service),
  }
}
