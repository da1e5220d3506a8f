/**
 * Random contract cases (test/engines/search-contract.ts): filters combined at random from the
 * fixture's own values (one and several per list, excluded hosts, tone-score ranges with bounds in
 * every tenth, strict country, entities, words, OR, exclusions, titles only, ranges that cut days,
 * a watermark), each with the reference predicate built from the filters alone, so the scan keeps
 * exactly what the filters say. Seeded: the same cases every run.
 */
import { mulberry32 } from '../../core/random.ts'
import type { SentimentLabel } from '../../core/article.ts'
import type { SearchFilters } from '../../core/search/types.ts'
import { type ContractArticle, type ContractQuery, NOW_S, epoch } from './search-contract-queries.ts'

type A = ContractArticle

export function randomContractCases(articles: readonly A[], n: number, seed: number): ContractQuery[] {
  const rnd = mulberry32(seed)
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T
  const distinct = <T>(f: (a: A) => T) => [...new Set(articles.map(f))].sort()
  const values = {
    country: distinct((a) => a.country),
    lang: distinct((a) => a.lang),
    tld: distinct((a) => a.tld),
    host: distinct((a) => a.host),
    category: distinct((a) => a.category),
    sentiment: distinct((a) => a.sentiment as SentimentLabel),
    entity: distinct((a) => a.entities.map((e) => e.key)).flat(),
  }
  const entityKeys = [...new Set(values.entity)].sort()
  const words = [...new Set(articles.flatMap((a) => a.title.toLowerCase().split(/[^\p{L}]+/u)))]
    .filter((w) => w.length > 3)
    .sort()
  const some = <T>(xs: readonly T[]): T[] => [
    ...new Set(Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => pick(xs))),
  ]
  const hundredth = () => Math.round((rnd() * 2 - 1) * 100) / 100
  const cases: ContractQuery[] = []
  for (let i = 0; i < n; i++) {
    const filters: Partial<SearchFilters> = {}
    const keeps: ((a: A) => boolean)[] = []
    for (const kind of ['country', 'lang', 'tld', 'host', 'category', 'sentiment'] as const) {
      if (rnd() >= 0.25) continue
      const chosen = some(values[kind] as readonly string[])
      Object.assign(filters, { [kind]: chosen })
      keeps.push((a) => chosen.includes(a[kind]))
    }
    if (rnd() < 0.15) {
      const out = some(values.host)
      filters.excludeHost = out
      keeps.push((a) => !out.includes(a.host))
    }
    if (rnd() < 0.3) {
      // Bounds anywhere, the first and last tenths included (0.95, -0.97…).
      const lo = rnd() < 0.5 ? hundredth() : undefined
      const hi = rnd() < 0.6 ? hundredth() : undefined
      const min = lo !== undefined && hi !== undefined ? Math.min(lo, hi) : lo
      const max = lo !== undefined && hi !== undefined ? Math.max(lo, hi) : hi
      if (min !== undefined) filters.minScore = min
      if (max !== undefined) filters.maxScore = max
      keeps.push((a) => (min === undefined || a.score >= min) && (max === undefined || a.score <= max))
    }
    if (rnd() < 0.15) {
      filters.strictCountry = true
      keeps.push((a) => a.country_source !== 'default')
    }
    if (rnd() < 0.2 && entityKeys.length > 0) {
      const keys = some(entityKeys)
      filters.entity = keys
      keeps.push((a) => a.entities.some((e) => keys.includes(e.key)))
    }
    if (rnd() < 0.4) {
      // A range that starts and ends at any hour, 1 to 80 days long.
      const toS = NOW_S - Math.floor(rnd() * 10 * 24) * 3600
      const fromS = toS - (1 + Math.floor(rnd() * 80 * 24)) * 3600
      filters.fromS = fromS
      filters.toS = toS
      keeps.push((a) => epoch(a.published_at) >= fromS && epoch(a.published_at) < toS)
    }
    if (rnd() < 0.15) {
      const maxSeq = 1 + Math.floor(rnd() * articles.length)
      filters.maxSeq = maxSeq
      keeps.push((a) => a.seq <= maxSeq)
    }
    const u = rnd()
    const q =
      u < 0.45
        ? ''
        : u < 0.7
          ? pick(words)
          : u < 0.8
            ? `${pick(words)} OR ${pick(words)}`
            : u < 0.9
              ? `${pick(words)} -${pick(words)}`
              : `${pick(words)} ${pick(words)}`
    if (q !== '' && rnd() < 0.2) filters.titleOnly = true
    cases.push({
      name: `#${i} q=${JSON.stringify(q)} ${JSON.stringify(filters)}`,
      q,
      filters,
      keep: (a) => keeps.every((k) => k(a)),
    })
  }
  return cases
}
