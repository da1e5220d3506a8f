/**
 * Stats and counts of a counted word (store/term-counts.ts): whole days from its per-day blobs of
 * counts by facet combination, stale days and part days from the articles, articles past the
 * watermark taken off.
 */
import type { Database } from 'bun:sqlite'
import { isFlat } from '../../core/search/query-syntax.ts'
import { addTone, emptyTone, type StatsRow, type Tally } from '../../core/search/stats-tally.ts'
import type { SearchFilters } from '../../core/search/types.ts'
import { dayRuns, decodeCounts, decodePairCounts, type FacetCombo, loadCombos } from '../count-blob.ts'
import { entityTermKey, nextDouble, scoreBucket, scoreRangeTenths, tenthScores } from '../fts-facets.ts'
import { timeKeyFloor } from '../time-key.ts'
import { matchExpression } from './match-expression.ts'
import type { SearchContext } from './plan.ts'
import { scanInto } from './scan.ts'
import {
  type Binding,
  buildWhere,
  comboFilter,
  DAY_S,
  hasEntityParts,
  ROW_FACETS,
  SCAN_INDEX,
  type StoreFilters,
  scoreRangeOf,
} from './where.ts'

/** A word with per-day counts, and which of its blobs a request reads. */
export interface CountedTerm {
  id: number
  key: string
  /**
   * hosts: counts by host combination (no tone); tones: by tone combination (no host); both: a
   * whole stats answer; full: by host and tone combination together (term_full_days, the most
   * common words only), for any filter the combinations hold.
   */
  blob: 'hosts' | 'tones' | 'both' | 'full'
}

/**
 * Facet combinations by id, per connection: loaded when first needed and again when a count names
 * a newer one (rows are only ever added). Per connection, not per index, because the query
 * workers make an index per request over one long-lived connection.
 */
const combosByConnection = new WeakMap<Database, (FacetCombo | undefined)[]>()

/**
 * The word counts kept for this query, if any: one word or OR group without exclusions or nested
 * groups, over both text columns, whose expression is a key, with filters the counts'
 * combinations hold (every filter but a tone-score range); or one entity and no words.
 */
export function countedTerm(ctx: SearchContext, f: StoreFilters, full: boolean): CountedTerm | null {
  const q = f.query
  // The parts of a union of entities are read, never counted (an entity with them is not the slice).
  if (hasEntityParts(f)) return null
  if (f.titleOnly === true || f.minScore !== undefined || f.maxScore !== undefined) return null
  // One entity and no words: the entity's token is counted as a word is, when it is common.
  const entityKey = q === null && f.entity?.length === 1 ? f.entity[0] : undefined
  if (entityKey === undefined && (q === null || f.entity !== undefined)) return null
  if (entityKey === undefined && q !== null && (!isFlat(q) || q.none.length > 0 || q.all.length === 0)) return null
  // Each day has two blobs (store/term-counts.ts): by host (no tone) and by tone (no host); the
  // most common words a third, by both (a stats answer with a category or tone filter needs it for
  // its host buckets, a total with both kinds of filter for its counts).
  const hosts = (f.host?.length ?? 0) > 0 || (f.excludeHost?.length ?? 0) > 0
  const tones = (f.category?.length ?? 0) > 0 || (f.sentiment?.length ?? 0) > 0
  const blob: CountedTerm['blob'] = full
    ? hosts || tones
      ? 'full'
      : 'both'
    : !tones
      ? 'hosts'
      : !hosts
        ? 'tones'
        : 'full'
  const key = entityKey !== undefined ? entityTermKey(entityKey) : q === null ? null : matchExpression(q.all)
  if (key === null) return null
  const row = ctx.db
    .query<{ id: number; full: number }, [string]>('SELECT id, full FROM term_keys WHERE key = ?')
    .get(key)
  if (row === null || (blob === 'full' && row.full !== 1)) return null
  return { id: row.id, key, blob }
}

/**
 * The counts by tenth a tone-score range reads for this query (wordTenthsInto, tenthParts): the
 * query's counted word without the range, unless it has none or only its pair blobs would hold the
 * other filters (they hold no score tenths).
 */
export function countedTenthsTerm(ctx: SearchContext, f: StoreFilters, full: boolean): CountedTerm | null {
  if (scoreRangeOf(f) === null) return null
  const counted = countedTerm(ctx, { ...f, minScore: undefined, maxScore: undefined }, full)
  return counted === null || counted.blob === 'full' ? null : counted
}

/**
 * Whole days [first, end) of a counted word: each day's row of counts by facet combination,
 * kept to the combinations the filters allow. Stale days (written since the counts were made)
 * are read from the articles instead, and articles past the watermark taken off, as for the
 * word-less counts.
 */
export function termDaysInto(
  ctx: SearchContext,
  tally: Tally,
  f: SearchFilters,
  term: CountedTerm,
  first: number,
  end: number,
): void {
  const db = ctx.db
  const stale = new Set(
    db
      .query<{ day: number }, [number, number]>('SELECT day FROM term_stale_days WHERE day >= ? AND day < ?')
      .all(first, end)
      .map((r) => r.day),
  )
  // A tone-score range (wordTenthsInto: whole tenths only) is added up from the word's counts by
  // tenth (migration 21), a row per day and tenth.
  const range = scoreRangeOf(f)
  if (term.blob === 'full') {
    if (range !== null) throw new Error('term counts by host and tone hold no score tenths')
    pairDaysInto(ctx, tally, f, term, first, end, stale)
  } else blobDaysInto(ctx, tally, f, term, first, end, stale)
  for (const day of stale) scanInto(ctx, tally, { ...f, fromS: day * DAY_S, toS: (day + 1) * DAY_S })
  if (f.maxSeq === null) return
  // Articles past the watermark (the latest ingest's, few) counted in days that are not stale:
  // the days they were published on, less the stale ones, are walked in the index as any search
  // is (the index drives, never a MATCH probe per row). While an ingest runs, every day it has
  // written is stale, so this reads nothing.
  const pastDays = db
    // NOT INDEXED: by the rowid range past the watermark, never by the date index over the whole range (400 ms at 10M).
    .query<{ day: number }, [number, number, number]>(
      `SELECT DISTINCT published_at / ${DAY_S} AS day FROM articles NOT INDEXED WHERE seq > ? AND published_at >= ? AND published_at < ? ORDER BY 1`,
    )
    .all(f.maxSeq, first * DAY_S, end * DAY_S)
    .map((r) => r.day)
    .filter((d) => !stale.has(d))
  if (pastDays.length === 0) return
  const maxSeq = f.maxSeq
  for (const run of dayRuns(pastDays)) {
    const w = buildWhere({ ...f, query: null, fromS: run.first * DAY_S, toS: run.end * DAY_S, maxSeq: null }, false)
    const past = db.query<StatsRow, Binding[]>(
      `SELECT ${ROW_FACETS}, a.published_at AS t, -1 AS n, -CAST(round(a.score * 1000) AS INTEGER) AS s
       FROM articles_fts CROSS JOIN articles a INDEXED BY ${SCAN_INDEX} ON a.tkey = articles_fts.rowid
       WHERE articles_fts MATCH ? AND articles_fts.rowid >= ? AND articles_fts.rowid < ? AND a.seq > ? AND ${w.sql}`,
    )
    const params = [term.key, timeKeyFloor(run.first * DAY_S), timeKeyFloor(run.end * DAY_S), maxSeq, ...w.params]
    for (const row of past.iterate(...params)) tally.add(row)
  }
}

/** The facet combinations of a connection, reloaded when the store holds ids past those loaded. */
interface ComboTable {
  maxId: number
  combo: (id: number) => FacetCombo
}

function comboTable(db: Database): ComboTable {
  const maxId = db.query<{ m: number | null }, []>('SELECT max(id) AS m FROM facet_combos').get()?.m ?? 0
  let combos = combosByConnection.get(db) ?? []
  if (combos.length <= maxId) {
    combos = loadCombos(db)
    combosByConnection.set(db, combos)
  }
  const loaded = combos
  return {
    maxId,
    combo: (id: number): FacetCombo => {
      const c = loaded[id]
      if (c === undefined) throw new Error(`term counts name facet combination ${id}, which facet_combos does not hold`)
      return c
    },
  }
}

/**
 * Whole days of a word's two blobs (term_days, or term_tenth_days for whole tenths of a range): the
 * tone blob gives the timeline, its tone and the host-less buckets; the host blob the host buckets
 * (and, alone, the timeline's counts for a search's total). Counts are added up per combination
 * id in typed arrays and handed to the tally once per id (a Map update per entry was most of the
 * time: 89 days of `w2`'s tone blob took 24–90 ms under load for a search's total).
 */
function blobDaysInto(
  ctx: SearchContext,
  tally: Tally,
  f: SearchFilters,
  term: CountedTerm,
  first: number,
  end: number,
  stale: ReadonlySet<number>,
): void {
  const db = ctx.db
  const table = comboTable(db)
  const allowed = comboFilter(f)
  const perTone = new ComboSums(table, allowed)
  const perHost = new ComboSums(table, allowed)
  const range = scoreRangeOf(f)
  const rows =
    range === null
      ? db
          .query<{ day: number; counts: Uint8Array; tones: Uint8Array }, [number, number, number]>(
            'SELECT day, counts, tones FROM term_days WHERE key_id = ? AND day >= ? AND day < ?',
          )
          .iterate(term.id, first, end)
      : db
          .query<{ day: number; counts: Uint8Array; tones: Uint8Array }, [number, number, number, number, number]>(
            'SELECT day, counts, tones FROM term_tenth_days WHERE key_id = ? AND day >= ? AND day < ? AND tenth >= ? AND tenth <= ?',
          )
          .iterate(term.id, first, end, scoreBucket(range.min), scoreBucket(range.max))
  const readHosts = term.blob === 'hosts' || (term.blob === 'both' && tally.hosts)
  const hostTimeline = term.blob === 'hosts'
  for (const row of rows) {
    if (stale.has(row.day)) continue
    const tone = emptyTone()
    if (term.blob !== 'hosts')
      decodeCounts(row.tones, (id, n, s) => {
        if (perTone.add(id, n)) addTone(tone, perTone.sentimentOf(id), n, s)
      })
    if (readHosts)
      decodeCounts(row.counts, (id, n, s) => {
        if (perHost.add(id, n) && hostTimeline) addTone(tone, perHost.sentimentOf(id), n, s)
      })
    if (tone.articles > 0) tally.addTimeline(row.day * DAY_S, tone)
  }
  perTone.each((c, n) => tally.addFacetCounts(c, n))
  perHost.each((c, n) => (term.blob === 'both' ? tally.addHost(c.host, n) : tally.addFacetCounts(c, n)))
}

/**
 * Whole days of a word's pair blobs (term_full_days): each entry names a host combination and a
 * tone combination, kept when the host filters pass the first and every other filter the second.
 * Counts are added up per combination id in typed arrays and handed to the tally once per id: a
 * common word's 90 days hold about one entry per match (230k for `q=w1&sentiment=neu` at 1M), and
 * a Map update per entry cost most of the time when measured.
 */
function pairDaysInto(
  ctx: SearchContext,
  tally: Tally,
  f: SearchFilters,
  term: CountedTerm,
  first: number,
  end: number,
  stale: ReadonlySet<number>,
): void {
  const db = ctx.db
  const table = comboTable(db)
  const none = { country: undefined, lang: undefined, tld: undefined, category: undefined, sentiment: undefined }
  const perHost = new ComboSums(table, comboFilter({ ...f, ...none, strictCountry: false }))
  const perTone = new ComboSums(table, comboFilter({ ...f, host: undefined, excludeHost: undefined }))
  const rows = db
    .query<{ day: number; pairs: Uint8Array }, [number, number, number]>(
      'SELECT day, pairs FROM term_full_days WHERE key_id = ? AND day >= ? AND day < ?',
    )
    .iterate(term.id, first, end)
  for (const row of rows) {
    if (stale.has(row.day)) continue
    const tone = emptyTone()
    decodePairCounts(row.pairs, (h, t, n, s) => {
      // An entry counts when both its combinations pass; kept() tests each id once.
      if (!perHost.kept(h) || !perTone.kept(t)) return
      perHost.add(h, n)
      perTone.add(t, n)
      addTone(tone, perTone.sentimentOf(t), n, s)
    })
    if (tone.articles > 0) tally.addTimeline(row.day * DAY_S, tone)
  }
  perTone.each((c, n) => tally.addFacetCounts(c, n))
  perHost.each((c, n) => tally.addHost(c.host, n))
}

/**
 * Counts of the facet combinations a filter keeps, added up by combination id in a typed array:
 * the filter is tested once per id, and the sums are handed on once per id.
 */
class ComboSums {
  // 0: not yet tested, 1: kept, 2: left out.
  readonly #verdict: Uint8Array
  readonly #sums: Float64Array
  readonly #sentiment: (string | undefined)[] = []

  constructor(
    private readonly table: ComboTable,
    private readonly allowed: (c: FacetCombo) => boolean,
  ) {
    this.#verdict = new Uint8Array(table.maxId + 1)
    this.#sums = new Float64Array(table.maxId + 1)
  }

  kept(id: number): boolean {
    let v = this.#verdict[id]
    if (v === 0) {
      const c = this.table.combo(id)
      v = this.#verdict[id] = this.allowed(c) ? 1 : 2
      this.#sentiment[id] = c.sentiment
    }
    return v === 1
  }

  /** Adds `n` to the combination when the filter keeps it; says whether it did. */
  add(id: number, n: number): boolean {
    if (!this.kept(id)) return false
    this.#sums[id] = (this.#sums[id] as number) + n
    return true
  }

  /** The tone label of a combination tested already. */
  sentimentOf(id: number): string {
    return this.#sentiment[id] as string
  }

  each(fn: (c: FacetCombo, n: number) => void): void {
    for (let id = 0; id < this.#sums.length; id++) {
      const n = this.#sums[id] as number
      if (n > 0) fn(this.table.combo(id), n)
    }
  }
}

/**
 * Stats of a counted word (store/term-counts.ts) with a tone-score range, over whole days (a
 * search's total splits the range the same way, tenthParts, and counts only up to its limit):
 * the tenths the range holds whole from the word's counts by tenth (migration 21) as the word's counts are read
 * (stale and part days from the articles, articles past the watermark taken off), as the score
 * range they span exactly (tenthScores); the tenths the range cuts through (at most two) read from
 * the articles, each as the part of the range inside it. `min_score=0.5&q=album` read 46k articles
 * at 1M (150–290 ms); `min_score=-0.2&q=wf`, as the word's counts less its articles outside the
 * range, 31k. Neither reads any now: -0.2 is the first score of its tenth, and no article's score
 * lies between 0.5 and the first of its tenth.
 */
export function wordTenthsInto(
  ctx: SearchContext,
  tally: Tally,
  f: SearchFilters,
  term: CountedTerm,
  days: { first: number; end: number },
): void {
  const parts = tenthParts(ctx, f)
  if (parts.whole !== null) {
    const counted = parts.whole
    termDaysInto(ctx, tally, counted, term, days.first, days.end)
    if (f.fromS < days.first * DAY_S) partDayInto(ctx, tally, counted, term, f.fromS, days.first * DAY_S)
    if (days.end * DAY_S < f.toS) partDayInto(ctx, tally, counted, term, days.end * DAY_S, f.toS)
  }
  for (const edge of parts.edges) scanInto(ctx, tally, edge)
}

/**
 * A tone-score range split by score tenth: `whole`, the filters with the run of tenths the range
 * holds whole (null when none), and `edges`, the filters of each tenth it cuts through, as the
 * part of the range inside that tenth (at most two).
 */
export function tenthParts(
  ctx: SearchContext,
  f: SearchFilters,
): { whole: SearchFilters | null; edges: SearchFilters[] } {
  const range = scoreRangeOf(f)
  if (range === null) throw new Error('word-tenth-counts needs a tone-score range')
  const split = scoreRangeTenths(range.min, range.max)
  // A cut tenth whose scores outside the range belong to no article of the dates is whole here
  // (`min_score=0.5`: doubles just below 0.5 share its tenth, but no stored score lies there),
  // found by a seek of articles_score; cut tenths lie next to the whole ones, so the run stays one.
  const anyScored = ctx.db.query<{ one: number }, [number, number, number, number]>(
    'SELECT 1 AS one FROM articles a INDEXED BY articles_score WHERE a.score >= ? AND a.score <= ? AND a.published_at >= ? AND a.published_at < ? LIMIT 1',
  )
  let whole = split.whole
  const edges: SearchFilters[] = []
  for (const edge of split.edges) {
    const t = tenthScores(edge)
    const below = range.min > t.min && anyScored.get(t.min, nextDouble(range.min, -1), f.fromS, f.toS) !== null
    const above = range.max < t.max && anyScored.get(nextDouble(range.max, 1), t.max, f.fromS, f.toS) !== null
    if (below || above) edges.push({ ...f, minScore: Math.max(range.min, t.min), maxScore: Math.min(range.max, t.max) })
    else whole = { first: Math.min(whole?.first ?? edge, edge), last: Math.max(whole?.last ?? edge, edge) }
  }
  return {
    whole:
      whole === null ? null : { ...f, minScore: tenthScores(whole.first).min, maxScore: tenthScores(whole.last).max },
    edges,
  }
}

/**
 * The part [fromS, toS) of one UTC day at a range's end. Read from the articles, except for a
 * counted word when the part is more than half its day: then the whole day from the counts,
 * less the rest of the day read from the articles (half a day's matches at most, instead of
 * up to all of them). Not for a stale day; articles past the watermark are taken off the whole
 * day by termDaysInto and the rest of the day is read with the watermark, so the part is exact.
 */
export function partDayInto(
  ctx: SearchContext,
  tally: Tally,
  f: SearchFilters,
  term: CountedTerm | null,
  fromS: number,
  toS: number,
): void {
  const day = Math.floor(fromS / DAY_S)
  const dayStart = day * DAY_S
  const dayEnd = dayStart + DAY_S
  const complement =
    term !== null &&
    toS - fromS > DAY_S / 2 &&
    ctx.db.query<{ day: number }, [number]>('SELECT day FROM term_stale_days WHERE day = ?').get(day) === null
  if (!complement) {
    scanInto(ctx, tally, { ...f, fromS, toS })
    return
  }
  termDaysInto(ctx, tally, f, term, day, day + 1)
  if (dayStart < fromS) scanInto(ctx, tally, { ...f, fromS: dayStart, toS: fromS }, -1)
  if (toS < dayEnd) scanInto(ctx, tally, { ...f, fromS: toS, toS: dayEnd }, -1)
}
