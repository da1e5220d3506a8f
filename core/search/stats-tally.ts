/**
 * The stats answer (facets and timeline) added up from weighted rows: one row per article, or one
 * per group of articles that share every facet value and a period (a per-day count), with a
 * negative weight for articles to take off again. Pure, so every engine that can list such rows
 * gets the same ordering and tie-breaks.
 */
import type { Bucket, StatsResult } from './types.ts'

export interface StatsRow {
  country: string
  lang: string
  tld: string
  host: string
  /** Epoch seconds inside the row's period (published_at, or the start of its day). */
  t: number
  /** How many articles the row stands for; negative to take them off. */
  n: number
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
  addBuckets(row: Omit<StatsRow, 't' | 'n'>, n: number): void
  addTimeline(t: number, n: number): void
  addHost(host: string, n: number): void
  /** Adds counts another tally added up (a memo of whole days, store/search-sqlite.ts). */
  addCounts(c: TallyCounts): void
}

/** What a StatsTally holds: per facet value and per timeline period, the net articles. */
export interface TallyCounts {
  readonly country: ReadonlyMap<string, number>
  readonly lang: ReadonlyMap<string, number>
  readonly tld: ReadonlyMap<string, number>
  readonly host: ReadonlyMap<string, number>
  /** Period start (epoch seconds, a multiple of the tally's period) → net articles. */
  readonly timeline: ReadonlyMap<number, number>
}

function addInto<K>(into: Map<K, number>, from: ReadonlyMap<K, number>): void {
  for (const [k, n] of from) into.set(k, (into.get(k) ?? 0) + n)
}

/** Adds rows up as they come (an iterator over a query's rows need never be held in memory). */
export class StatsTally implements Tally {
  readonly hosts = true
  readonly #facets = { country: new Map<string, number>(), lang: new Map<string, number>(), tld: new Map<string, number>(), host: new Map<string, number>() }
  readonly #timeline = new Map<number, number>()

  constructor(private readonly periodSeconds: number) {}

  add(row: StatsRow): void {
    this.addFacets(row)
    this.addHost(row.host, row.n)
  }

  /** Everything but the host: the timeline and the country, language and TLD buckets. */
  addFacets(row: Omit<StatsRow, 'host'>): void {
    const f = this.#facets
    f.country.set(row.country, (f.country.get(row.country) ?? 0) + row.n)
    f.lang.set(row.lang, (f.lang.get(row.lang) ?? 0) + row.n)
    f.tld.set(row.tld, (f.tld.get(row.tld) ?? 0) + row.n)
    const t = Math.floor(row.t / this.periodSeconds) * this.periodSeconds
    this.#timeline.set(t, (this.#timeline.get(t) ?? 0) + row.n)
  }

  /** The country, language, TLD and host buckets without the timeline (counts kept per combination). */
  addBuckets(row: Omit<StatsRow, 't' | 'n'>, n: number): void {
    const f = this.#facets
    f.country.set(row.country, (f.country.get(row.country) ?? 0) + n)
    f.lang.set(row.lang, (f.lang.get(row.lang) ?? 0) + n)
    f.tld.set(row.tld, (f.tld.get(row.tld) ?? 0) + n)
    this.addHost(row.host, n)
  }

  /** The timeline only: `n` articles in the period holding epoch second `t`. */
  addTimeline(t: number, n: number): void {
    const p = Math.floor(t / this.periodSeconds) * this.periodSeconds
    this.#timeline.set(p, (this.#timeline.get(p) ?? 0) + n)
  }

  /** The host bucket only (counts kept over spans of days, where the timeline is not needed). */
  addHost(host: string, n: number): void {
    this.#facets.host.set(host, (this.#facets.host.get(host) ?? 0) + n)
  }

  /** Counts added up by another tally of the same period (its timeline keys are this tally's periods). */
  addCounts(c: TallyCounts): void {
    const f = this.#facets
    addInto(f.country, c.country)
    addInto(f.lang, c.lang)
    addInto(f.tld, c.tld)
    addInto(f.host, c.host)
    addInto(this.#timeline, c.timeline)
  }

  /** A copy of what this tally holds, to be added into another later (addCounts). */
  counts(): TallyCounts {
    const f = this.#facets
    return { country: new Map(f.country), lang: new Map(f.lang), tld: new Map(f.tld), host: new Map(f.host), timeline: new Map(this.#timeline) }
  }

  result(top: number): StatsResult {
    const timeline = new Map([...this.#timeline].filter(([, n]) => n > 0).sort(([a], [b]) => a - b))
    let total = 0
    for (const n of timeline.values()) total += n
    const f = this.#facets
    return { total, countries: topBuckets(f.country, top), langs: topBuckets(f.lang, top), tlds: topBuckets(f.tld, top), hosts: topBuckets(f.host, top), timeline }
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

  addTimeline(_t: number, n: number): void {
    this.total += n
  }

  addHost(): void {}

  addCounts(c: TallyCounts): void {
    for (const n of c.timeline.values()) this.total += n
  }
}
