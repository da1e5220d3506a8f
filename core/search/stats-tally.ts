/**
 * The stats answer (facets and timeline) added up from weighted rows: one row per article, or one
 * per group of articles that share every facet value and a period (a per-day count), with a
 * negative weight for articles to take off again. Pure, so every engine that can list such rows
 * gets the same ordering and tie-breaks.
 */
import type { Bucket, PeriodTone, StatsResult } from './types.ts'

export interface StatsRow {
  country: string
  lang: string
  tld: string
  host: string
  category: string
  /** pos, neu or neg ('' where a reader counts only totals). */
  sentiment: string
  /** Epoch seconds inside the row's period (published_at, or the start of its day). */
  t: number
  /** How many articles the row stands for; negative to take them off. */
  n: number
  /** The sum of those articles' scores in thousandths (exact integers), with n's sign. */
  s: number
}

/** A period's tone with nothing in it. */
export const emptyTone = (): PeriodTone => ({ articles: 0, pos: 0, neu: 0, neg: 0, scoreMilli: 0 })

/** Adds `n` articles of one tone label and score sum into a period's tone. */
export function addTone(into: PeriodTone, sentiment: string, n: number, scoreMilli: number): void {
  into.articles += n
  if (sentiment === 'pos') into.pos += n
  else if (sentiment === 'neg') into.neg += n
  else if (sentiment === 'neu') into.neu += n
  into.scoreMilli += scoreMilli
}

/**
 * Orders strings by Unicode code point, as SQLite's BINARY collation orders their UTF-8 bytes
 * (JavaScript's `<` compares UTF-16 units, which puts astral characters before U+E000–U+FFFF).
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length)
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i)
    const y = b.charCodeAt(i)
    if (x === y) continue
    const xs = x >= 0xd800 && x <= 0xdfff
    const ys = y >= 0xd800 && y <= 0xdfff
    if (xs === ys) return x - y
    // A surrogate (an astral code point) sorts above every BMP unit from U+E000 on, below the rest.
    if (xs) return y >= 0xe000 ? 1 : x - y
    return x >= 0xe000 ? -1 : x - y
  }
  return a.length - b.length
}

/** The `top` keys by articles (descending), ties by key (code point order); keys that sum to zero or less are dropped. */
export function topBuckets(counts: ReadonlyMap<string, number>, top: number): Bucket[] {
  const buckets: Bucket[] = []
  for (const [key, articles] of counts) if (articles > 0) buckets.push({ key, articles })
  buckets.sort((x, y) => y.articles - x.articles || compareCodePoints(x.key, y.key))
  return buckets.slice(0, top)
}

/** What a reader of counted rows adds them into: the whole stats answer, or only its total. */
export interface Tally {
  /** Whether host buckets are wanted: a reader may skip the queries that only feed them. */
  readonly hosts: boolean
  add(row: StatsRow): void
  addFacets(row: Omit<StatsRow, 'host'>): void
  addBuckets(row: Omit<StatsRow, 't' | 'n' | 's'>, n: number): void
  /** The country, language, TLD, category and tone buckets alone (no host, no timeline). */
  addFacetCounts(row: Omit<StatsRow, 'host' | 't' | 'n' | 's'>, n: number): void
  addTimeline(t: number, tone: PeriodTone): void
  addHost(host: string, n: number): void
  /** Adds counts another tally added up (a memo of whole days, store/sqlite-search/day-counts.ts). */
  addCounts(c: TallyCounts): void
}

/** What a StatsTally holds: per facet value and per timeline period, the net articles. */
export interface TallyCounts {
  readonly country: ReadonlyMap<string, number>
  readonly lang: ReadonlyMap<string, number>
  readonly tld: ReadonlyMap<string, number>
  readonly host: ReadonlyMap<string, number>
  readonly category: ReadonlyMap<string, number>
  readonly sentiment: ReadonlyMap<string, number>
  /** Period start (epoch seconds, a multiple of the tally's period) → net articles and tone. */
  readonly timeline: ReadonlyMap<number, Readonly<PeriodTone>>
}

/** The same counts with every number's sign turned: added, they take those articles off. */
export function negatedCounts(c: TallyCounts): TallyCounts {
  const neg = (m: ReadonlyMap<string, number>) => new Map([...m].map(([k, n]) => [k, -n]))
  return {
    country: neg(c.country),
    lang: neg(c.lang),
    tld: neg(c.tld),
    host: neg(c.host),
    category: neg(c.category),
    sentiment: neg(c.sentiment),
    timeline: new Map(
      [...c.timeline].map(([t, p]) => [
        t,
        { articles: -p.articles, pos: -p.pos, neu: -p.neu, neg: -p.neg, scoreMilli: -p.scoreMilli },
      ]),
    ),
  }
}

function addInto<K>(into: Map<K, number>, from: ReadonlyMap<K, number>): void {
  for (const [k, n] of from) into.set(k, (into.get(k) ?? 0) + n)
}

function addTones(into: Map<number, PeriodTone>, from: ReadonlyMap<number, Readonly<PeriodTone>>): void {
  for (const [t, tone] of from) {
    let p = into.get(t)
    if (p === undefined) into.set(t, (p = emptyTone()))
    p.articles += tone.articles
    p.pos += tone.pos
    p.neu += tone.neu
    p.neg += tone.neg
    p.scoreMilli += tone.scoreMilli
  }
}

const FACETS = ['country', 'lang', 'tld', 'host', 'category', 'sentiment'] as const
type Facets = Record<(typeof FACETS)[number], Map<string, number>>
const emptyFacets = (): Facets => ({
  country: new Map(),
  lang: new Map(),
  tld: new Map(),
  host: new Map(),
  category: new Map(),
  sentiment: new Map(),
})

/** Adds rows up as they come (an iterator over a query's rows need never be held in memory). */
export class StatsTally implements Tally {
  readonly hosts = true
  readonly #facets = emptyFacets()
  readonly #timeline = new Map<number, PeriodTone>()

  constructor(private readonly periodSeconds: number) {}

  add(row: StatsRow): void {
    this.addFacets(row)
    this.addHost(row.host, row.n)
  }

  #bump(facet: Map<string, number>, key: string, n: number): void {
    facet.set(key, (facet.get(key) ?? 0) + n)
  }

  #period(t: number): PeriodTone {
    const p = Math.floor(t / this.periodSeconds) * this.periodSeconds
    let tone = this.#timeline.get(p)
    if (tone === undefined) this.#timeline.set(p, (tone = emptyTone()))
    return tone
  }

  /** Everything but the host: the timeline and the country, language, TLD, category and tone buckets. */
  addFacets(row: Omit<StatsRow, 'host'>): void {
    const f = this.#facets
    this.#bump(f.country, row.country, row.n)
    this.#bump(f.lang, row.lang, row.n)
    this.#bump(f.tld, row.tld, row.n)
    this.#bump(f.category, row.category, row.n)
    this.#bump(f.sentiment, row.sentiment, row.n)
    addTone(this.#period(row.t), row.sentiment, row.n, row.s)
  }

  /** The buckets without the timeline (counts kept per combination). */
  addBuckets(row: Omit<StatsRow, 't' | 'n' | 's'>, n: number): void {
    this.addFacetCounts(row, n)
    this.addHost(row.host, n)
  }

  addFacetCounts(row: Omit<StatsRow, 'host' | 't' | 'n' | 's'>, n: number): void {
    const f = this.#facets
    this.#bump(f.country, row.country, n)
    this.#bump(f.lang, row.lang, n)
    this.#bump(f.tld, row.tld, n)
    this.#bump(f.category, row.category, n)
    this.#bump(f.sentiment, row.sentiment, n)
  }

  /** The timeline only: a period's articles and tone, in the period holding epoch second `t`. */
  addTimeline(t: number, tone: PeriodTone): void {
    addTones(this.#timeline, new Map([[Math.floor(t / this.periodSeconds) * this.periodSeconds, tone]]))
  }

  /** The host bucket only (counts kept over spans of days, where the timeline is not needed). */
  addHost(host: string, n: number): void {
    this.#bump(this.#facets.host, host, n)
  }

  /** Counts added up by another tally of the same period (its timeline keys are this tally's periods). */
  addCounts(c: TallyCounts): void {
    for (const k of FACETS) addInto(this.#facets[k], c[k])
    addTones(this.#timeline, c.timeline)
  }

  /** A copy of what this tally holds, to be added into another later (addCounts). */
  counts(): TallyCounts {
    const f = this.#facets
    const timeline = new Map<number, PeriodTone>()
    addTones(timeline, this.#timeline)
    return {
      country: new Map(f.country),
      lang: new Map(f.lang),
      tld: new Map(f.tld),
      host: new Map(f.host),
      category: new Map(f.category),
      sentiment: new Map(f.sentiment),
      timeline,
    }
  }

  result(top: number): StatsResult {
    const timeline = new Map([...this.#timeline].filter(([, p]) => p.articles > 0).sort(([a], [b]) => a - b))
    let total = 0
    for (const p of timeline.values()) total += p.articles
    const f = this.#facets
    return {
      total,
      countries: topBuckets(f.country, top),
      langs: topBuckets(f.lang, top),
      tlds: topBuckets(f.tld, top),
      hosts: topBuckets(f.host, top),
      categories: topBuckets(f.category, top),
      sentiments: topBuckets(f.sentiment, top),
      timeline,
    }
  }
}

/**
 * Only the total of StatsTally: what a search's count needs. It is the sum of every row, where
 * StatsTally sums the periods whose net is positive; the two agree while no period's net is
 * negative, which exact counts ensure (a row taken off was counted in its period first). Rows
 * that feed the buckets alone (`addBuckets`, `addHost`) add nothing, as they add nothing to the
 * timeline.
 */
export class TotalTally implements Tally {
  readonly hosts = false
  total = 0

  add(row: StatsRow): void {
    this.total += row.n
  }

  addFacets(row: Omit<StatsRow, 'host'>): void {
    this.total += row.n
  }

  addBuckets(): void {}

  addFacetCounts(): void {}

  addTimeline(_t: number, tone: PeriodTone): void {
    this.total += tone.articles
  }

  addHost(): void {}

  addCounts(c: TallyCounts): void {
    for (const p of c.timeline.values()) this.total += p.articles
  }
}
