/** The contract's Limits and endpoint tables, transcribed from the spec text. */
export const CONTRACT_INTS: { path: string; name: string; min: number; max: number; def: number }[] = [
  { path: '/v1/btc/correlation', name: 'max_shift', min: 1, max: 24, def: 4 },
  { path: '/v1/btc/news', name: 'size', min: 1, max: 100, def: 20 },
  { path: '/v1/btc/news', name: 'offset', min: 0, max: 9900, def: 0 },
  { path: '/v1/btc/sources', name: 'top', min: 1, max: 200, def: 25 },
  { path: '/v1/search', name: 'size', min: 1, max: 100, def: 20 },
  { path: '/v1/search', name: 'offset', min: 0, max: 9900, def: 0 },
  { path: '/v1/stats', name: 'top', min: 1, max: 100, def: 20 },
  { path: '/v1/rss', name: 'size', min: 1, max: 200, def: 50 },
  { path: '/v1/atom', name: 'size', min: 1, max: 200, def: 50 },
  { path: '/v1/feed.json', name: 'size', min: 1, max: 200, def: 50 },
  { path: '/v1/trends', name: 'size', min: 1, max: 200, def: 50 },
  { path: '/v1/trends', name: 'offset', min: 0, max: 10000, def: 0 },
  { path: '/v1/trends', name: 'headlines', min: 0, max: 10, def: 3 },
  { path: '/v1/trends', name: 'min_publishers', min: 1, max: 100, def: 1 },
  { path: '/v1/trends', name: 'min_articles', min: 1, max: 1000, def: 1 },
  { path: '/v1/trends/keywords', name: 'size', min: 1, max: 500, def: 50 },
  { path: '/v1/trends/keywords', name: 'offset', min: 0, max: 10000, def: 0 },
  { path: '/v1/trends/keywords', name: 'min_trends', min: 1, max: 1000, def: 2 },
  { path: '/v1/trends/countries', name: 'min_trends', min: 0, max: 10000, def: 1 },
  { path: '/v1/trends/{cc}/{slug}', name: 'size', min: 1, max: 500, def: 100 },
]

