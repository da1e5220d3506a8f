/**
 * Filter values written into the full-text index as tokens of a third column, `facets`, so FTS5
 * intersects a word's posting list with a language's, country's, TLD's or host's instead of SQLite
 * joining every match to its row to test the filter, and so a filter alone is a posting list that
 * can drive a search and be counted without reading a row. Tokens are letters and digits only, as
 * the unicode61 tokenizer keeps them whole:
 *   `len`        lang en                 `cbr`        country BR
 *   `t<hex>`     tld, hex of its UTF-8   `h<hex>`     host, hex of its UTF-8 (injective: no collisions)
 *   `xd`         the country is the language's default guess (strict_country drops it)
 *   `xa`         every article: the positive side of an exclusion-only query (FTS5's NOT is binary)
 *   `k<hour>`    the crawl hour (crawled_at / 3600): crawl-time sorts walk hours, newest or oldest first
 *   `g<name>`    category (letters only)  `spos` `sneu` `sneg`   the tone label
 *   `v<0..19>`   the tone score's tenth: floor((score + 1) * 10), 1 in the top one (migration 16)
 *   `e<hex>`     an entity the article names, hex of its key's UTF-8 (migration 18)
 * User terms are confined to the title and description columns, so a search for `len` never
 * matches a facet.
 */

import { isSentimentLabel } from '../core/article.ts'
import { isEntityKey } from '../core/entity.ts'

export type FacetKind = 'lang' | 'country' | 'tld' | 'host' | 'category' | 'sentiment' | 'entity'

/** What the facets column is made from. */
export interface FacetSource {
  lang: string
  country: string
  tld: string
  host: string
  country_source: string
  category: string
  sentiment: string
  /** Tone score in [-1, 1]. */
  score: number
  /** Crawl time, epoch seconds or an ISO 8601 string (as the writer's row has it). */
  crawled_at: number | string
  /** Keys of the entities the article names (core/entity.ts); absent in rows written before migration 18. */
  entity_keys?: readonly string[]
}

const hex = (s: string): string => Buffer.from(s.toLowerCase(), 'utf8').toString('hex')

/** The token of one filter value, or null when the value can never be a token (it stays a SQL test). */
export function facetToken(kind: FacetKind, value: string): string | null {
  switch (kind) {
    case 'lang':
      return /^[a-z]{2,3}$/i.test(value) ? `l${value.toLowerCase()}` : null
    case 'country':
      return /^[a-z]{2}$/i.test(value) ? `c${value.toLowerCase()}` : null
    case 'tld':
      return value === '' ? null : `t${hex(value)}`
    case 'host':
      return value === '' ? null : `h${hex(value)}`
    case 'category':
      return /^[a-z]{1,40}$/.test(value) ? `g${value}` : null
    case 'sentiment':
      return isSentimentLabel(value) ? `s${value}` : null
    case 'entity':
      return isEntityKey(value) ? `e${hex(value)}` : null
  }
}

/** Score tenths: token `v<i>` holds scores in [-1 + i/10, -1 + (i+1)/10), the last one also 1. */
export const SCORE_BUCKETS = 20

/** The tenth a score falls in (0 … SCORE_BUCKETS − 1). */
export function scoreBucket(score: number): number {
  return Math.min(SCORE_BUCKETS - 1, Math.max(0, Math.floor((score + 1) * 10)))
}

/** The tenths a score range [min, max] touches (a superset of it, made exact by a row test) and the others. */
export function scoreTenths(min: number, max: number): { inside: number[]; outside: number[] } {
  const inside: number[] = []
  const outside: number[] = []
  for (let b = 0; b < SCORE_BUCKETS; b++) (b >= scoreBucket(min) && b <= scoreBucket(max) ? inside : outside).push(b)
  return { inside, outside }
}

/** The next double after x towards +∞ (dir 1) or −∞ (dir −1). */
export function nextDouble(x: number, dir: 1 | -1): number {
  if (x === 0) return dir * Number.MIN_VALUE
  const bits = new BigInt64Array(new Float64Array([x]).buffer)
  bits[0] = (bits[0] as bigint) + (x > 0 === dir > 0 ? 1n : -1n)
  return new Float64Array(bits.buffer)[0] as number
}

/**
 * How a score range [min, max] (inside [-1, 1]) splits into tenths: `whole`, the run of tenths
 * every score of which lies in the range (null when none), and `edges`, the tenths the range
 * covers only part of, whose articles must be tested one by one. scoreBucket is monotone, so a
 * tenth strictly between those of min and max is whole, and the tenth of min is whole when no
 * score below min shares it (min is the smallest double of its tenth), likewise for max.
 */
export function scoreRangeTenths(
  min: number,
  max: number,
): { whole: { first: number; last: number } | null; edges: number[] } {
  const lo = scoreBucket(min)
  const hi = scoreBucket(max)
  const loWhole = min <= -1 || scoreBucket(nextDouble(min, -1)) < lo
  const hiWhole = max >= 1 || scoreBucket(nextDouble(max, 1)) > hi
  if (lo === hi)
    return loWhole && hiWhole ? { whole: { first: lo, last: hi }, edges: [] } : { whole: null, edges: [lo] }
  const first = loWhole ? lo : lo + 1
  const last = hiWhole ? hi : hi - 1
  const edges = [...(loWhole ? [] : [lo]), ...(hiWhole ? [] : [hi])]
  return { whole: first <= last ? { first, last } : null, edges }
}

/**
 * The smallest and largest score (doubles in [-1, 1]) whose tenth is `tenth`, found from
 * scoreBucket itself by bisection around -1 + tenth / 10 (scoreBucket is monotone), so that a
 * score range [min, max] of a tenth holds exactly the scores the counts put in it. Bisection, not
 * a double at a time: tenth 10 starts about 5.6e-17 below 0, past countless tiny doubles.
 */
export function tenthScores(tenth: number): { min: number; max: number } {
  const lowest = (t: number): number => {
    if (t <= 0) return -1
    // scoreBucket(below) < t <= scoreBucket(atOrAbove), narrowed until no double lies between.
    let below = -1 + t / 10 - 1e-9
    let atOrAbove = -1 + t / 10 + 1e-9
    for (;;) {
      const mid = below / 2 + atOrAbove / 2
      if (mid <= below || mid >= atOrAbove) return atOrAbove
      if (scoreBucket(mid) >= t) atOrAbove = mid
      else below = mid
    }
  }
  return { min: lowest(tenth), max: tenth >= SCORE_BUCKETS - 1 ? 1 : nextDouble(lowest(tenth + 1), -1) }
}

/** FTS5 expression for "the score is in one of these tenths". */
export function tenthsMatch(tenths: readonly number[]): string {
  if (tenths.length === 0) throw new Error('tenthsMatch: no tenths (an empty list is no FTS5 expression)')
  return `facets : (${tenths.map((b) => `"v${b}"`).join(' OR ')})`
}

/** The token every article whose country is the default guess carries. */
export const DEFAULT_COUNTRY_TOKEN = 'xd'

/** The facets column's text for one article. */
export function facetText(a: FacetSource): string {
  const tokens: string[] = []
  for (const kind of ['lang', 'country', 'tld', 'host', 'category', 'sentiment'] as const) {
    const t = facetToken(kind, a[kind])
    if (t !== null) tokens.push(t)
  }
  if (a.country_source === 'default') tokens.push(DEFAULT_COUNTRY_TOKEN)
  tokens.push(EVERY_ARTICLE_TOKEN)
  const crawledS = typeof a.crawled_at === 'number' ? a.crawled_at : Date.parse(a.crawled_at) / 1000
  if (Number.isFinite(crawledS)) tokens.push(crawlHourToken(Math.floor(crawledS / 3600)))
  if (Number.isFinite(a.score)) tokens.push(`v${scoreBucket(a.score)}`)
  for (const key of a.entity_keys ?? []) {
    const t = facetToken('entity', key)
    if (t !== null) tokens.push(t)
  }
  return tokens.join(' ')
}

/** Whether a filter value can be matched through the facets column (else it stays a SQL test). */
export function isFacetValue(kind: FacetKind, value: string): boolean {
  return facetToken(kind, value) !== null
}

/** FTS5 expression for "one of these values" of a facet (every value must be a facet value). */
export function facetMatch(kind: FacetKind, values: readonly string[]): string {
  return `facets : (${values.map((v) => `"${facetToken(kind, v) ?? ''}"`).join(' OR ')})`
}

/**
 * The key of an entity's per-day counts (store/term-counts.ts): its filter's MATCH expression,
 * so a stats request with that one entity finds them as a word's request finds the word's.
 */
export function entityTermKey(key: string): string {
  return facetMatch('entity', [key])
}

/** The entity key of a facets-column token `e<hex>`, or null when the token is not an entity's. */
export function entityOfToken(token: string): string | null {
  if (!/^e(?:[0-9a-f]{2})+$/.test(token)) return null
  const key = Buffer.from(token.slice(1), 'hex').toString('utf8')
  return facetToken('entity', key) === token ? key : null
}

/** The token every article carries. */
export const EVERY_ARTICLE_TOKEN = 'xa'

/** The token of a crawl hour (hours since the epoch). */
export function crawlHourToken(hour: number): string {
  return `k${hour}`
}

/** FTS5 expression for every article. */
export const EVERY_ARTICLE_MATCH = `facets : "${EVERY_ARTICLE_TOKEN}"`

/** FTS5 expression for the articles strict_country drops. */
export const DEFAULT_COUNTRY_MATCH = `facets : "${DEFAULT_COUNTRY_TOKEN}"`
