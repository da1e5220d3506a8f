/** Stats of a slice (plans: STATS_PLANS), added up in TypeScript as SQLite yields rows (core/search/stats-tally.ts). */
import { StatsTally, negatedCounts } from '../../core/search/stats-tally.ts'
import type { SearchFilters, StatsResult } from '../../core/search/types.ts'
import { daysCover, memoDaysInto, wholeDays } from './day-counts.ts'
import { choosePlan, type SearchContext, STATS_PLANS } from './plan.ts'
import { scanInto } from './scan.ts'
import {
  type CountedTerm,
  countedTenthsTerm,
  countedTerm,
  partDayInto,
  termDaysInto,
  wordTenthsInto,
} from './term-days.ts'
import { entityTermKey, scoreRangeTenths } from '../fts-facets.ts'
import { postingCount } from './count.ts'
import { matchExpression } from './match-expression.ts'
import { isFlat, type ParsedQuery, type Term } from '../../core/search/query-syntax.ts'
import { DAY_S, hasEntityParts, scoreRangeOf, type StoreFilters } from './where.ts'

export function stats(ctx: SearchContext, f: SearchFilters, top: number, periodSeconds: number): StatsResult {
  // Rows are added up in TypeScript as SQLite yields them (core/search/stats-tally.ts): at 1M
  // articles that is 2.5–3× faster than grouping a temporary table five ways, and holds no rows.
  const tally = new StatsTally(periodSeconds)
  const excluded = f.excludeHost ?? []
  if (excluded.length === 0) statsInto(ctx, tally, f, periodSeconds)
  else if (f.host !== undefined && f.host.length > 0) {
    // Hosts kept and hosts left out: the difference is a host filter (or nothing at all).
    const out = new Set(excluded)
    const host = f.host.filter((h) => !out.has(h))
    if (host.length > 0) statsInto(ctx, tally, { ...f, host, excludeHost: [] }, periodSeconds)
  } else {
    // The slice with every host, less the excluded hosts' part of it (read from their posting
    // lists): the whole slice can then come from counts, and only the excluded hosts' articles
    // are read (docs/DECISIONS.md, Signals on every article).
    const all = { ...f, excludeHost: [] }
    ctx.db.transaction(() => {
      statsInto(ctx, tally, all, periodSeconds)
      scanInto(ctx, tally, { ...all, host: excluded }, -1)
    })()
  }
  return tally.result(top)
}

/**
 * One slice into the tally, by the plan STATS_PLANS picks. Several statements, read in one
 * transaction so that a batch committed meanwhile cannot land between them (the counts, the
 * counted words and the watermark's correction must see one store: a refresh may drop a word
 * between two statements).
 */
function statsInto(ctx: SearchContext, tally: StatsTally, f: StoreFilters, periodSeconds: number): void {
  ctx.db.transaction(() => {
    const union = entityUnion(ctx, f, periodSeconds) ?? wordUnion(ctx, f, periodSeconds)
    if (union !== null) {
      // Several entities, or an OR of words or words less excluded ones (entityUnion, wordUnion):
      // each counted part's answer from its counts, the few others read, signed by inclusion–exclusion.
      for (const part of union) {
        const sub = new StatsTally(periodSeconds)
        statsInto(ctx, sub, part.filters, periodSeconds)
        tally.addCounts(part.sign > 0 ? sub.counts() : negatedCounts(sub.counts()))
      }
      return
    }
    const days = wholeDays(f, periodSeconds)
    let term: CountedTerm | null = null
    const words = f.query !== null || f.entity !== undefined
    const plan = choosePlan(ctx, 'stats', STATS_PLANS, {
      countedTenths: () => {
        const counted = !words || days === null ? null : countedTenthsTerm(ctx, f, true)
        if (counted !== null) term = counted
        return counted !== null
      },
      wholeDays: days !== null,
      words: f.query !== null,
      daysCover: daysCover(f, true),
      countedTerm: () => words && (term = countedTerm(ctx, f, true)) !== null,
    })
    switch (plan) {
      case 'word-tenth-counts': {
        const counted = term as CountedTerm | null
        if (days === null || counted === null) throw new Error('word-tenth-counts needs whole days and a counted word')
        wordTenthsInto(ctx, tally, f, counted, days)
        return
      }
      case 'scan':
      case 'scan-uncounted':
        scanInto(ctx, tally, f)
        return
      case 'day-counts':
      case 'word-day-counts': {
        if (days === null) throw new Error('day-count plans need whole days')
        // Whole days from the per-day and span counts, the part-days at either end from the articles.
        const counted = term as CountedTerm | null
        if (counted === null) memoDaysInto(ctx, tally, f, days.first, days.end, periodSeconds)
        else termDaysInto(ctx, tally, f, counted, days.first, days.end)
        if (f.fromS < days.first * DAY_S) partDayInto(ctx, tally, f, counted, f.fromS, days.first * DAY_S)
        if (days.end * DAY_S < f.toS) partDayInto(ctx, tally, f, counted, days.end * DAY_S, f.toS)
      }
    }
  })()
}

/**
 * Whether a part of a union has counts the stats plans read (STATS_PLANS): a counted word or
 * entity, or with a tone-score range its counts by tenth (plan `word-tenth-counts`).
 */
function counted(ctx: SearchContext, f: StoreFilters): boolean {
  return (scoreRangeOf(f) === null ? countedTerm(ctx, f, true) : countedTenthsTerm(ctx, f, true)) !== null
}

/** Entities of an `entity` list (any of them) whose stats are added up from parts: at most this many. */
const UNION_MAX = 5

/** Counting a part's postings (to choose how to read it) stops here: past it, either read is long. */
const PART_COUNT_CAP = 1_000_000

/**
 * The parts of a word-less stats answer for 2 to 5 entities (any of them) when at least one of
 * them alone has per-day counts (store/term-counts.ts counts the most named entities as words),
 * null when the slice is read from its articles as before. The entities are taken in turn,
 * counted ones first: each adds the articles naming it and none of those before it, so the parts
 * never overlap and their sum is the union's answer. The first is its counts; a later counted one
 * is either its counts less the articles it shares with those before (read), or those articles
 * it does not share (read), whichever has fewer postings in the range's last eighth; an uncounted one is the articles it
 * does not share (read). The reads come to at most the union less the first entity, and are
 * usually its overlaps: `entity=` five keys at 1M, 320k articles read (550 ms) → about 11k. (The
 * inclusion–exclusion over every subset this replaces read each pair's and triple's overlap.)
 */
export function entityUnion(
  ctx: SearchContext,
  f: StoreFilters,
  periodSeconds: number,
): { filters: StoreFilters; sign: 1 | -1 }[] | null {
  const keys = f.entity ?? []
  if (keys.length < 2 || keys.length > UNION_MAX || f.query !== null || hasEntityParts(f)) return null
  if (wholeDays(f, periodSeconds) === null) return null
  const one = (key: string): StoreFilters => ({ ...f, entity: [key] })
  const isCounted = new Set(keys.filter((key) => counted(ctx, one(key))))
  if (isCounted.size === 0) return null
  const docsOf = ctx.db.query<{ docs: number }, [string]>('SELECT docs FROM term_keys WHERE key = ?')
  const docs = new Map(keys.map((k) => [k, docsOf.get(entityTermKey(k))?.docs ?? 0]))
  const countedKeys = keys.filter((k) => isCounted.has(k))
  countedKeys.sort((a, b) => (docs.get(b) as number) - (docs.get(a) as number))
  const order = [...countedKeys, ...keys.filter((k) => !isCounted.has(k))]
  const parts: { filters: StoreFilters; sign: 1 | -1 }[] = [{ filters: one(order[0] as string), sign: 1 }]
  for (let i = 1; i < order.length; i++) {
    const key = order[i] as string
    const before = order.slice(0, i)
    const apart: StoreFilters = { ...f, entity: undefined, entityAll: [key], entityNone: before }
    if (!isCounted.has(key)) {
      parts.push({ filters: apart, sign: 1 })
      continue
    }
    // Which read is smaller, judged on the range's last eighth (counting postings costs about a
    // twentieth of reading the articles, and the whole range's count cost as much as 17 ms); the
    // answer is exact either way.
    const own = `(${entityTermKey(key)})`
    const others = before.map((k) => `(${entityTermKey(k)})`).join(' OR ')
    const sampleFrom = Math.max(f.fromS, f.toS - Math.max(DAY_S, Math.floor((f.toS - f.fromS) / 8)))
    const shared = postingCount(ctx, `${own} AND (${others})`, sampleFrom, f.toS, PART_COUNT_CAP)
    if (shared > 0 && postingCount(ctx, `${own} NOT (${others})`, sampleFrom, f.toS, shared) < shared)
      parts.push({ filters: apart, sign: 1 })
    else parts.push({ filters: one(key), sign: 1 }, { filters: { ...f, entity: before, entityAll: [key] }, sign: -1 })
  }
  return parts
}

/** Parts a word union may add up (each a stats answer of its own): at most this many. */
const WORD_PARTS_MAX = 8

/** Matches a word union's uncounted parts may read before the slice's own matches are counted (WORD_UNION_GAIN). */
const UNION_READ_MAX = 8_000

/** Matches the uncounted parts of a word union may read in all (about 2 µs an article warm at 1M). */
const WORD_UNION_READ_MAX = 40_000

/** Past UNION_READ_MAX reads, a word union is taken when the words' own matches are this many times more. */
const WORD_UNION_GAIN = 4

/**
 * The parts of a stats answer whose words are one OR group of two or three terms (`data OR box`,
 * `(rate OR rates) bank`) or plain words less one or two excluded terms (`album -live`), when the
 * words' own answer has per-day counts: by inclusion–exclusion over the terms, each part a query of
 * plain words (`a` + `b` − `a b`; `a` − `a live`), signed. A part without counts is read from its
 * articles, so the parts are taken only while those reads stay small (UNION_READ_MAX, their
 * matches in the range counted in the index); null when the slice is read from its articles as
 * before (`q=data OR box`: 295 ms at 1M, every article of the union read).
 */
function wordUnion(
  ctx: SearchContext,
  f: StoreFilters,
  periodSeconds: number,
): { filters: StoreFilters; sign: 1 | -1 }[] | null {
  const q = f.query
  if (q === null || !isFlat(q) || f.titleOnly === true || f.entity !== undefined || f.entityAll !== undefined)
    return null
  if (wholeDays(f, periodSeconds) === null) return null
  // A tone-score range that cuts a tenth has each part read that tenth's articles of its words
  // (plan word-tenth-counts): for common words, several times what one read of the slice costs
  // (`q=fresh OR after&min_score=-0.07&max_score=0.05`: 192 → 308 ms CPU). Whole tenths only.
  const range = scoreRangeOf(f)
  if (range !== null && scoreRangeTenths(range.min, range.max).edges.length > 0) return null
  const ors = q.all.filter((g) => g.length > 1)
  const plain = q.all.filter((g) => g.length === 1).map((g) => g[0] as Term)
  const either = ors.length === 1 ? (ors[0] as Term[]) : []
  if (ors.length > 1 || either.length > 3 || q.none.length > 2) return null
  if (either.length === 0 && q.none.length === 0) return null
  const subsets = <T>(xs: readonly T[], withEmpty: boolean): T[][] => {
    const out: T[][] = []
    for (let mask = withEmpty ? 0 : 1; mask < 1 << xs.length; mask++) out.push(xs.filter((_, i) => (mask >> i) & 1))
    return out
  }
  const parts: { filters: StoreFilters; sign: 1 | -1; words: Term[]; counted: boolean }[] = []
  for (const chosen of either.length > 0 ? subsets(either, false) : [[]])
    for (const out of subsets(q.none, true)) {
      const words = [...plain, ...chosen, ...out]
      const query: ParsedQuery = { all: words.map((t) => [t]), none: [], nested: [], notNested: [] }
      const sign = (chosen.length + out.length) % 2 === (either.length > 0 ? 1 : 0) ? 1 : -1
      parts.push({ filters: { ...f, query }, sign, words, counted: false })
    }
  if (parts.length > WORD_PARTS_MAX) return null
  for (const p of parts) p.counted = counted(ctx, p.filters)
  // Some of the words' own answer (a term of the OR, or the words without their exclusions) must
  // be counted: those are the parts that hold most of the slice; the others are read (below).
  const whole = parts.filter((p) => p.words.length === plain.length + (either.length > 0 ? 1 : 0))
  if (whole.every((p) => !p.counted)) return null
  const matches = (words: Term[], cap: number) =>
    postingCount(ctx, matchExpression(words.map((t) => [t])), f.fromS, f.toS, cap)
  let reads = 0
  for (const p of parts) {
    if (p.counted) continue
    reads += matches(p.words, WORD_UNION_READ_MAX + 1)
    if (reads > WORD_UNION_READ_MAX) return null
  }
  // Past UNION_READ_MAX, only when the slice itself reads several times as many articles: the
  // words' own matches (`album`: 375,857) against the articles naming an excluded term too
  // (`album wi`: 36,415), read instead of every other one.
  if (reads > UNION_READ_MAX) {
    let own = 0
    for (const p of whole) own += matches(p.words, WORD_UNION_GAIN * reads + 1)
    if (own < WORD_UNION_GAIN * reads) return null
  }
  return parts.map(({ filters, sign }) => ({ filters, sign }))
}
