/**
 * Whole days of a word-less slice with a tone-score range, from the counts by score tenth
 * (migration 19), with the tenths the range cuts through read from their articles.
 */
import { addTone, emptyTone, type StatsRow, type Tally } from '../../core/search/stats-tally.ts'
import type { SearchFilters } from '../../core/search/types.ts'
import { scoreRangeTenths } from '../fts-facets.ts'
import { signedDaySpans, storeDays } from './day-spans.ts'
import type { SearchContext } from './plan.ts'
import { pastWatermarkOff } from './scan.ts'
import { type Binding, buildWhere, DAY_S, ROW_FACETS, SCORE_TENTH_SQL } from './where.ts'

interface EdgeRead {
  tenth: number
  n: 1 | -1
  low: number
  high: number
  lowOpen: boolean
  highOpen: boolean
}

/**
 * Days [first, end) of a slice with a tone-score range (no host or category filter: daysCover):
 * the tenths the range holds whole from the counts by tenth (article_score_facets for the facets,
 * timeline and tone, article_score_days for the timeline and tone of a slice with no other
 * filter, article_score_spans for the hosts), less their articles past the
 * watermark; the articles of the tenths the range cuts through (at most two) read one by one
 * through articles_score, only those whose score lies in that tenth and the range. With a country
 * filter SQLite reads the timeline and facets through article_score_facets_country (migration 21):
 * that country's rows only.
 */
export function scoreDaysInto(
  ctx: SearchContext,
  tally: Tally,
  f: SearchFilters,
  range: { min: number; max: number },
  first: number,
  end: number,
): void {
  const db = ctx.db
  const { whole, edges } = scoreRangeTenths(range.min, range.max)
  // A tenth the range cuts is added up from its articles in the range, or, when the range holds
  // more than half its width, counted whole less its articles outside the range (`min_score=0.5`:
  // doubles just below 0.5 share its tenth, so the tenth is cut, but no stored score lies there).
  const edgeReads: EdgeRead[] = []
  let counted = whole
  for (const tenth of edges) {
    const tenthLow = -1 + tenth / 10 - 0.001
    const tenthHigh = -1 + (tenth + 1) / 10 + 0.001
    const inside = Math.min(range.max, tenthHigh) - Math.max(range.min, tenthLow)
    if (inside <= 0.05) {
      edgeReads.push({
        tenth,
        n: 1,
        low: Math.max(range.min, tenthLow),
        high: Math.min(range.max, tenthHigh),
        lowOpen: false,
        highOpen: false,
      })
      continue
    }
    counted = { first: Math.min(counted?.first ?? tenth, tenth), last: Math.max(counted?.last ?? tenth, tenth) }
    if (range.min > tenthLow)
      edgeReads.push({ tenth, n: -1, low: tenthLow, high: range.min, lowOpen: false, highOpen: true })
    if (range.max < tenthHigh)
      edgeReads.push({ tenth, n: -1, low: range.max, high: tenthHigh, lowOpen: true, highOpen: false })
  }
  const clauses: string[] = []
  const params: Binding[] = []
  for (const column of ['country', 'lang', 'tld', 'sentiment', 'category'] as const) {
    const values = f[column]
    if (values === undefined || values.length === 0) continue
    clauses.push(`${column} IN (${values.map(() => '?').join(', ')})`)
    params.push(...values)
  }
  if (f.strictCountry) clauses.push('defaulted = 0')
  const unwatermarked = { ...f, fromS: first * DAY_S, toS: end * DAY_S, minScore: undefined, maxScore: undefined }
  if (counted !== null) {
    // The tenth is the last column of both keys: SQLite adds the range's tenths up in key order
    // (no sort), so a row per combination comes back instead of one per combination and tenth.
    const where = (level: string) => [level, 'tenth >= ? AND tenth <= ?', ...clauses].join(' AND ')
    // With no other filter, from the counts by day, label and tenth alone (a few rows a day).
    const timeline = db.query<{ day: number; sentiment: string; n: number; s: number }, Binding[]>(
      clauses.length === 0
        ? `SELECT day, sentiment, sum(n) AS n, sum(score_milli) AS s FROM article_score_days
           WHERE day >= ? AND day < ? AND tenth >= ? AND tenth <= ? GROUP BY day, sentiment`
        : `SELECT span AS day, sentiment, sum(n) AS n, sum(score_milli) AS s FROM article_score_facets
           WHERE ${where('level = 0 AND span >= ? AND span < ?')} GROUP BY span, sentiment`,
    )
    for (const row of timeline.iterate(first, end, counted.first, counted.last, ...params)) {
      const tone = emptyTone()
      addTone(tone, row.sentiment, row.n, row.s)
      tally.addTimeline(row.day * DAY_S, tone)
    }
    const facets = db.query<Omit<StatsRow, 'host' | 't' | 's'>, Binding[]>(
      `SELECT country, lang, tld, category, sentiment, sum(n) AS n FROM article_score_facets
       WHERE ${where('level = ? AND span >= ? AND span < ?')}
       GROUP BY span, sentiment, category, lang, country, tld, defaulted`,
    )
    const hosts = db.query<{ host: string; n: number }, Binding[]>(
      `SELECT host, sum(n) AS n FROM article_score_spans
       WHERE ${where('level = ? AND span >= ? AND span < ?')} GROUP BY span, host`,
    )
    for (const piece of signedDaySpans(first, end, storeDays(db))) {
      for (const row of facets.iterate(piece.level, piece.from, piece.to, counted.first, counted.last, ...params))
        tally.addFacetCounts(row, piece.sign * row.n)
      // No category here (daysCover): the host counts by tenth hold every other filter column.
      if (tally.hosts)
        for (const row of hosts.iterate(piece.level, piece.from, piece.to, counted.first, counted.last, ...params))
          tally.addHost(row.host, piece.sign * row.n)
    }
    if (f.maxSeq !== null)
      pastWatermarkOff(ctx, tally, unwatermarked, f.maxSeq, {
        sql: `${SCORE_TENTH_SQL} >= ? AND ${SCORE_TENTH_SQL} <= ?`,
        params: [counted.first, counted.last],
      })
  }
  for (const edge of edgeReads) {
    // The index range is cut to the tenth widened by a thousandth each way (a superset: the tenth
    // test is exact); buildWhere adds the filters and the watermark, and for the articles added
    // the range itself. Taken off: the tenth's articles outside the range, below min or above max.
    const w = buildWhere(
      {
        ...f,
        fromS: first * DAY_S,
        toS: end * DAY_S,
        ...(edge.n === 1 ? {} : { minScore: undefined, maxScore: undefined }),
      },
      false,
    )
    const rows = db.query<StatsRow, Binding[]>(
      `SELECT ${ROW_FACETS}, a.published_at AS t, ${edge.n} AS n, ${edge.n} * CAST(round(a.score * 1000) AS INTEGER) AS s
       FROM articles a INDEXED BY articles_score
       WHERE a.score ${edge.lowOpen ? '>' : '>='} ? AND a.score ${edge.highOpen ? '<' : '<='} ? AND ${SCORE_TENTH_SQL} = ? AND ${w.sql}`,
    )
    for (const row of rows.iterate(edge.low, edge.high, edge.tenth, ...w.params)) tally.add(row)
  }
}
