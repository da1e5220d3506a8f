/**
 * Whole days of word-less slices from the per-day and span counts that triggers keep equal to the
 * articles (migrations 6, 11, 16, 17): article_day_facets for the timeline, tone and every bucket
 * but hosts, article_spans / article_days for hosts, article_tone_spans for hosts of a slice
 * filtered by category or tone. A tone-score range goes to the counts by tenth (score-days.ts).
 */
import type { Database } from 'bun:sqlite'
import { SENTIMENT_LABELS } from '../../core/article.ts'
import {
  addTone,
  emptyTone,
  StatsTally,
  type StatsRow,
  type Tally,
  type TallyCounts,
} from '../../core/search/stats-tally.ts'
import type { SearchFilters } from '../../core/search/types.ts'
import { signedDaySpans, storeDays } from './day-spans.ts'
import type { SearchContext } from './plan.ts'
import { pastWatermarkOff } from './scan.ts'
import { scoreDaysInto } from './score-days.ts'
import { type Binding, DAY_S, hasEntityParts, type StoreFilters, scoreRangeOf } from './where.ts'

/** The whole UTC days [first, end) of a range with a daily (or coarser) timeline; null when there are none. */
export function wholeDays(f: SearchFilters, periodSeconds: number): { first: number; end: number } | null {
  if (periodSeconds % DAY_S !== 0) return null
  const first = Math.ceil(f.fromS / DAY_S)
  const end = Math.floor(f.toS / DAY_S)
  return end > first ? { first, end } : null
}

/**
 * Whether the per-day counts without words can answer these filters: the per-day facet counts
 * hold country, language, TLD, the default-country mark, category and tone label; host buckets
 * come from counts without category and tone (`full`: the whole stats answer, hosts included;
 * otherwise a count, for which a host filter reads article_days). Excluded hosts are read from
 * the articles; a tone-score range comes from the counts by tenth (migration 19) for a whole
 * stats answer without a host or category filter, and is read from the articles otherwise.
 */
export function daysCover(f: StoreFilters, full: boolean): boolean {
  if ((f.excludeHost?.length ?? 0) > 0) return false
  if (f.entity !== undefined || hasEntityParts(f)) return false
  const host = (f.host?.length ?? 0) > 0
  if (f.minScore !== undefined || f.maxScore !== undefined) {
    if (scoreRangeOf(f) === null) return daysCover({ ...f, minScore: undefined, maxScore: undefined }, full)
    // Whole stats answers only (scoreDaysInto); the host counts by tenth hold no category.
    return full && !host && (f.category?.length ?? 0) === 0
  }
  const tone = (f.category?.length ?? 0) > 0 || (f.sentiment?.length ?? 0) > 0
  return full ? !host : !(host && tone)
}

/**
 * Days [first, end) from the counts, which count every article in the store: those past the
 * watermark (ingested after the snapshot this answer is pinned to) are taken off again, so the
 * sum is exactly what a scan of the visible articles gives.
 */
export function daysInto(ctx: SearchContext, tally: Tally, f: SearchFilters, first: number, end: number): void {
  const db = ctx.db
  const range = scoreRangeOf(f)
  if (range !== null) {
    scoreDaysInto(ctx, tally, f, range, first, end)
    return
  }
  const clauses: string[] = []
  const params: Binding[] = []
  const toneClauses: string[] = []
  const toneParams: Binding[] = []
  for (const column of ['country', 'lang', 'tld', 'host', 'category', 'sentiment'] as const) {
    const values = f[column]
    if (values === undefined || values.length === 0) continue
    const into = column === 'category' || column === 'sentiment' ? toneClauses : clauses
    into.push(`${column} IN (${values.map(() => '?').join(', ')})`)
    ;(column === 'category' || column === 'sentiment' ? toneParams : params).push(...values)
  }
  if (f.strictCountry) clauses.push('defaulted = 0')
  const where = (range: string) => [range, ...clauses].join(' AND ')
  if (f.host !== undefined && f.host.length > 0) {
    // A host filter keeps article_days to a few rows per day already (counts only: it holds no
    // category or tone, so daysCover sends a whole stats answer with a host filter to the articles).
    const counted = db.query<StatsRow, Binding[]>(
      `SELECT country, lang, tld, host, '' AS category, '' AS sentiment, day * ${DAY_S} AS t, n, 0 AS s FROM article_days WHERE ${where('day >= ? AND day < ?')}`,
    )
    for (const row of counted.iterate(first, end, ...params)) tally.add(row)
  } else if (clauses.length === 0 && (f.category?.length ?? 0) === 0) {
    // No filter but the tone label: the timeline from the counts by day, label and score tenth
    // (migration 19, a few rows a day), the buckets from its counts by 4-, 16- and 64-day span
    // (signedDaySpans). At 1M the 90-day default read 136k rows of article_day_facets (66–135 ms
    // when not memoised, and for every `exclude_host` alone); this reads 7k (25 ms).
    const labels = f.sentiment !== undefined && f.sentiment.length > 0 ? ` AND ${toneClauses.join(' AND ')}` : ''
    const timeline = db.query<{ day: number; sentiment: string; n: number; s: number }, Binding[]>(
      `SELECT day, sentiment, sum(n) AS n, sum(score_milli) AS s FROM article_score_days
       WHERE day >= ? AND day < ?${labels} GROUP BY day, sentiment`,
    )
    for (const row of timeline.iterate(first, end, ...toneParams)) {
      const tone = emptyTone()
      addTone(tone, row.sentiment, row.n, row.s)
      tally.addTimeline(row.day * DAY_S, tone)
    }
    if (tally.hosts) {
      const buckets = db.query<Omit<StatsRow, 'host' | 't' | 's'>, Binding[]>(
        `SELECT country, lang, tld, category, sentiment, sum(n) AS n FROM article_score_facets
         WHERE level = ? AND span >= ? AND span < ?${labels} GROUP BY span, sentiment, category, lang, country, tld, defaulted`,
      )
      const hosts = db.query<{ host: string; n: number }, Binding[]>(
        labels === ''
          ? 'SELECT host, n FROM article_spans WHERE level = ? AND span >= ? AND span < ?'
          : `SELECT host, n FROM article_tone_spans WHERE level = ? AND span >= ? AND span < ?${labels}`,
      )
      const dayHosts = db.query<{ host: string; n: number }, Binding[]>(
        'SELECT host, n FROM article_days WHERE day >= ? AND day < ?',
      )
      for (const piece of signedDaySpans(first, end, storeDays(db))) {
        for (const row of buckets.iterate(piece.level, piece.from, piece.to, ...toneParams))
          tally.addFacetCounts(row, piece.sign * row.n)
        const rows =
          labels === '' && piece.level === 0
            ? dayHosts.iterate(piece.from, piece.to)
            : hosts.iterate(piece.level, piece.from, piece.to, ...toneParams)
        for (const row of rows) tally.addHost(row.host, piece.sign * row.n)
      }
    }
  } else {
    const facets = db.query<Omit<StatsRow, 'host'>, Binding[]>(
      `SELECT country, lang, tld, category, sentiment, day * ${DAY_S} AS t, n, score_milli AS s FROM article_day_facets WHERE ${[where('day >= ? AND day < ?'), ...toneClauses].join(' AND ')}`,
    )
    for (const row of facets.iterate(first, end, ...params, ...toneParams)) tally.addFacets(row)
    if (tally.hosts && toneClauses.length > 0) {
      // Filtered by category or tone: hosts from the counts by tone label and category
      // (migration 17), whose key starts with them. A category alone names the three labels, so
      // the key is still a range (labels are pos, neu or neg: core/article.ts).
      const labels =
        f.sentiment !== undefined && f.sentiment.length > 0
          ? []
          : [`sentiment IN (${SENTIMENT_LABELS.map((l) => `'${l}'`).join(', ')})`]
      const hostWhere = [...labels, ...toneClauses, ...clauses].join(' AND ')
      const hosts = db.query<{ host: string; n: number }, Binding[]>(
        `SELECT host, n FROM article_tone_spans WHERE level = ? AND span >= ? AND span < ? AND ${hostWhere}`,
      )
      for (const piece of signedDaySpans(first, end, storeDays(db)))
        for (const row of hosts.iterate(piece.level, piece.from, piece.to, ...toneParams, ...params))
          tally.addHost(row.host, piece.sign * row.n)
    } else if (tally.hosts)
      for (const piece of signedDaySpans(first, end, storeDays(db))) {
        const hosts =
          piece.level === 0
            ? db.query<{ host: string; n: number }, Binding[]>(
                `SELECT host, n FROM article_days WHERE ${where('day >= ? AND day < ?')}`,
              )
            : db.query<{ host: string; n: number }, Binding[]>(
                `SELECT host, n FROM article_spans WHERE ${where(`level = ${piece.level} AND span >= ? AND span < ?`)}`,
              )
        for (const row of hosts.iterate(piece.from, piece.to, ...params)) tally.addHost(row.host, piece.sign * row.n)
      }
  }
  if (f.maxSeq !== null) pastWatermarkOff(ctx, tally, { ...f, fromS: first * DAY_S, toS: end * DAY_S }, f.maxSeq)
}

/**
 * Whole days of word-less stats, added up once per connection and store state (newest used
 * kept). The default `/v1/stats` (90 days, no filters) spent 5.5 ms in process on the demo and
 * 11–19 ms in a busy query worker adding up the same day and span rows for every request; only
 * its part-days at either end move with the clock. The key holds every input of daysInto and
 * the store's state: `PRAGMA data_version` (changes when another connection commits) and
 * `total_changes()` (this connection's own writes), so no answer can come from an older store.
 */
const DAYS_MEMO_MAX = 32
const daysMemoByConnection = new WeakMap<Database, Map<string, TallyCounts>>()
/**
 * The same for slices with a tone-score range (migration 19), in slots of their own so that
 * ranges, whose keys are many, never push the plain answers out: at 1M, sharing the 32 slots
 * took the `stats: no words` bench class's p99 from 24–70 to 35–105 ms.
 */
const SCORE_DAYS_MEMO_MAX = 16
const scoreDaysMemoByConnection = new WeakMap<Database, Map<string, TallyCounts>>()

/** daysInto through the per-connection memo. */
export function memoDaysInto(
  ctx: SearchContext,
  tally: StatsTally,
  f: SearchFilters,
  first: number,
  end: number,
  periodSeconds: number,
): void {
  const db = ctx.db
  const version = db.query<{ data_version: number }, []>('PRAGMA data_version').get()?.data_version ?? -1
  const changes = db.query<{ c: number }, []>('SELECT total_changes() AS c').get()?.c ?? -1
  const key = JSON.stringify([
    version,
    changes,
    f.maxSeq,
    first,
    end,
    periodSeconds,
    f.strictCountry,
    f.country ?? [],
    f.lang ?? [],
    f.tld ?? [],
    f.host ?? [],
    f.category ?? [],
    f.sentiment ?? [],
    f.minScore ?? null,
    f.maxScore ?? null,
  ])
  const ranged = scoreRangeOf(f) !== null
  const memos = ranged ? scoreDaysMemoByConnection : daysMemoByConnection
  let memo = memos.get(db)
  if (memo === undefined) memos.set(db, (memo = new Map()))
  let counts = memo.get(key)
  if (counts === undefined) {
    const days = new StatsTally(periodSeconds)
    daysInto(ctx, days, f, first, end)
    counts = days.counts()
    if (memo.size >= (ranged ? SCORE_DAYS_MEMO_MAX : DAYS_MEMO_MAX)) memo.delete(memo.keys().next().value as string)
  } else memo.delete(key)
  memo.set(key, counts)
  tally.addCounts(counts)
}
