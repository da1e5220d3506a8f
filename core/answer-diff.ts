/**
 * What differs between two sets of answers: two snapshot folders (path → bytes) or two live
 * nodes' replies to the same requests. Pure, so a refactor's "answers are byte-identical" check
 * (scripts/compare-answers.ts) and its test read the same verdict.
 */

export interface AnswerDiff {
  /** Paths only the first set has. */
  missing: string[]
  /** Paths only the second set has. */
  extra: string[]
  /** Paths both have, with other bytes. */
  changed: string[]
  /** Paths both have, byte for byte the same. */
  same: number
}

/** Compares two sets of answers by key; `ignore` names keys left out on both sides (volatile files). */
export function diffAnswers(
  before: ReadonlyMap<string, Uint8Array | string>,
  after: ReadonlyMap<string, Uint8Array | string>,
  ignore: (key: string) => boolean = () => false,
): AnswerDiff {
  const diff: AnswerDiff = { missing: [], extra: [], changed: [], same: 0 }
  for (const [key, bytes] of before) {
    if (ignore(key)) continue
    const other = after.get(key)
    if (other === undefined) diff.missing.push(key)
    else if (sameBytes(bytes, other)) diff.same++
    else diff.changed.push(key)
  }
  for (const key of after.keys()) if (!ignore(key) && !before.has(key)) diff.extra.push(key)
  for (const list of [diff.missing, diff.extra, diff.changed]) list.sort()
  return diff
}

function sameBytes(a: Uint8Array | string, b: Uint8Array | string): boolean {
  const x = typeof a === 'string' ? new TextEncoder().encode(a) : a
  const y = typeof b === 'string' ? new TextEncoder().encode(b) : b
  if (x.length !== y.length) return false
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false
  return true
}

/** Whether nothing differs. */
export function isIdentical(d: AnswerDiff): boolean {
  return d.missing.length === 0 && d.extra.length === 0 && d.changed.length === 0
}

/** A fixed list of live requests: every endpoint with its defaults and with filters users send. */
export const LIVE_REQUESTS: readonly string[] = [
  '/health',
  '/v1/search',
  '/v1/search?q=bitcoin&size=50',
  '/v1/search?q=election&country=US,GB&sort=relevance',
  '/v1/search?q=%22interest%20rates%22&lang=en&sort=date_asc',
  '/v1/search?q=decision%20NOT%20(police%20OR%20coach)',
  '/v1/search?category=sport&sentiment=neg&size=100',
  '/v1/search?min_score=0.3&max_score=1&in=title&q=market',
  '/v1/search?exclude_host=news1.co.uk&dedupe=true&offset=20',
  '/v1/search?q=court&sort=crawled&highlight=true&full_text=true',
  '/v1/search?fields=url,title,sentiment,score&date=7d',
  '/v1/stats',
  '/v1/stats?q=bitcoin&normalize=share',
  '/v1/stats?country=DE&category=politics,business&top=5',
  '/v1/stats?date=24h&sentiment=pos',
  '/v1/article?url=https%3A%2F%2Fnowhere.example%2Fx',
  '/v1/rss?q=market',
  '/v1/atom?country=FR',
  '/v1/feed.json?category=world&size=10',
  '/v1/trends',
  '/v1/trends?country=US&sort=articles',
  '/v1/trends/keywords?window=7d',
  '/v1/entities',
  '/v1/entities?window=7d&type=person,place&country=US',
  '/v1/trends/countries',
  '/v1/btc/summary',
  '/v1/btc/price?interval=day',
  '/v1/btc/sentiment?interval=week',
  '/v1/btc/series',
  '/v1/btc/correlation?max_shift=6',
  '/v1/btc/news?label=neg',
  '/v1/btc/sources?by=country',
  '/v1/markets',
  '/v1/markets/gold?window=30d',
  '/v1/search?size=500',
  '/v1/stats?min_score=2',
]
