/**
 * The SQL of a filtered slice: its WHERE clause and MATCH expression (buildWhere), the FROM clause
 * that lets the full-text index drive (fromClause), and the orders the walks read in. Every store
 * is migrated on open (store/open.ts), so every facet token, word pairs, the entity tables and the
 * covering index are there.
 */
import { PUBLISHED_AFTER_CRAWL_MAX_S, SCORE_MAX, SCORE_MIN } from '../../core/article.ts'
import { hasPositive, type ParsedQuery } from '../../core/search/query-syntax.ts'
import type { SearchFilters, SearchRequest, SearchSort } from '../../core/search/types.ts'
import type { FacetCombo } from '../count-blob.ts'
import {
  DEFAULT_COUNTRY_MATCH,
  EVERY_ARTICLE_MATCH,
  facetMatch,
  isFacetValue,
  scoreTenths,
  tenthsMatch,
} from '../fts-facets.ts'
import { timeKeyFloor } from '../time-key.ts'
import { excludedExpression, positiveExpression, type TermOptions } from './match-expression.ts'

export type Binding = string | number

export interface Where {
  sql: string
  params: Binding[]
  /** FTS5 MATCH expression of the positive terms and the filters' facet tokens, or null. */
  matchExpr: string | null
  /**
   * Whether matchExpr alone selects exactly the slice (every filter is a facet token, exclusions
   * are inside it), so the slice can be counted from the posting lists without reading a row.
   * The watermark is the one test it leaves out: the caller checks nothing lies past it.
   */
  countable: boolean
  /** The positive terms confined to the title (the first relevance tier), or null without words. */
  titleExpr: string | null
}

export const DAY_S = 86_400

/**
 * Filters as the store's executors take them: the API's, and `entityAll` (articles naming every
 * one of these keys) and `entityNone` (naming none of them), which only the stats of several
 * entities set for the parts they add up (store/sqlite-search/stats.ts); no request carries them.
 */
export interface StoreFilters extends SearchFilters {
  entityAll?: readonly string[]
  entityNone?: readonly string[]
}

/** Whether a slice carries the entity sets only stats parts set (`entityAll`, `entityNone`): never counted as such. */
export const hasEntityParts = (f: StoreFilters): boolean => f.entityAll !== undefined || f.entityNone !== undefined

/** The covering index of every column a scan tests or counts (migrations 8 and 16). */
export const SCAN_INDEX = 'articles_tkey_facets'

/** The row columns a stats scan adds up (core/search/stats-tally.ts, StatsRow). */
export const ROW_FACETS = 'a.country, a.lang, a.tld, a.host, a.category, a.sentiment'

/**
 * A score's tenth in SQL, as migration 19 counts it and as the `v<i>` token and scoreBucket
 * (store/fts-facets.ts) give it: the same double arithmetic, truncation equal to floor here.
 */
export const SCORE_TENTH_SQL = 'min(19, max(0, CAST((a.score + 1) * 10 AS INTEGER)))'

/**
 * The WHERE clause and MATCH expression of a filtered slice. With `asTokens` every filter goes
 * into the MATCH expression as well as into the WHERE clause (where it is an exact test of the
 * joined row), so whenever there is a word or a filter the full-text index drives the query
 * (docs/DECISIONS.md, Search plans); without, the filters are row tests only (a short range read
 * row by row: the planner's choice, store/sqlite-search/plan.ts).
 */
export function buildWhere(f: StoreFilters, asTokens: boolean): Where {
  // The date range twice: as published_at, and as the time-key range it is (store/time-key.ts), so
  // a date-sorted walk of the time-key index stops at the range's ends.
  const clauses = ['a.published_at >= ?', 'a.published_at < ?', 'a.tkey >= ?', 'a.tkey < ?']
  const params: Binding[] = [f.fromS, f.toS, timeKeyFloor(f.fromS), timeKeyFloor(f.toS)]
  const facets: string[] = []
  const exclusions: string[] = []
  let countable = true
  for (const kind of ['country', 'lang', 'tld', 'host', 'category', 'sentiment'] as const) {
    const values = f[kind]
    if (values === undefined || values.length === 0) continue
    clauses.push(`a.${kind} IN (${values.map(() => '?').join(', ')})`)
    params.push(...values)
    if (asTokens && values.every((v) => isFacetValue(kind, v))) facets.push(facetMatch(kind, values))
    else countable = false
  }
  if (f.entity !== undefined) {
    // Keys are exact tokens (hex of the key: injective), so with tokens no row test is needed;
    // without them (a short range read row by row) the article's entity rows are looked up.
    if (f.entity.length === 0) clauses.push('0')
    else if (asTokens) facets.push(facetMatch('entity', f.entity))
    else {
      clauses.push(
        `EXISTS (SELECT 1 FROM article_entities ae JOIN entities e ON e.id = ae.entity WHERE ae.seq = a.seq AND e.key IN (${f.entity.map(() => '?').join(', ')}))`,
      )
      params.push(...f.entity)
      countable = false
    }
  }
  for (const key of f.entityAll ?? []) {
    // One posting list per key, all of them (or each key's rows looked up).
    if (asTokens) facets.push(facetMatch('entity', [key]))
    else {
      clauses.push(
        'EXISTS (SELECT 1 FROM article_entities ae JOIN entities e ON e.id = ae.entity WHERE ae.seq = a.seq AND e.key = ?)',
      )
      params.push(key)
      countable = false
    }
  }
  if (f.entityNone !== undefined && f.entityNone.length > 0) {
    // Articles naming none of these keys: excluded from the posting-list walk (or each row's
    // entity rows looked up).
    if (asTokens) exclusions.push(facetMatch('entity', f.entityNone))
    else {
      clauses.push(
        `NOT EXISTS (SELECT 1 FROM article_entities ae JOIN entities e ON e.id = ae.entity WHERE ae.seq = a.seq AND e.key IN (${f.entityNone.map(() => '?').join(', ')}))`,
      )
      params.push(...f.entityNone)
      countable = false
    }
  }
  if (f.excludeHost !== undefined && f.excludeHost.length > 0) {
    clauses.push(`a.host NOT IN (${f.excludeHost.map(() => '?').join(', ')})`)
    params.push(...f.excludeHost)
    if (asTokens && f.excludeHost.every((v) => isFacetValue('host', v)))
      exclusions.push(facetMatch('host', f.excludeHost))
    else countable = false
  }
  // Scores lie in [SCORE_MIN, SCORE_MAX] (core/article.ts), so a range covering all of it is no filter.
  if ((f.minScore ?? SCORE_MIN) > SCORE_MIN || (f.maxScore ?? SCORE_MAX) < SCORE_MAX) {
    // The score tenths the range touches narrow the posting-list walk (or, when it touches most
    // of them, the tenths it misses are excluded: fewer lists to merge); the row test makes it exact.
    if (f.minScore !== undefined) {
      clauses.push('a.score >= ?')
      params.push(f.minScore)
    }
    if (f.maxScore !== undefined) {
      clauses.push('a.score <= ?')
      params.push(f.maxScore)
    }
    if (asTokens) {
      // A bound inside the first or last tenth touches every tenth: none to exclude (an empty
      // token list is no FTS5 expression), the row test alone makes the range exact.
      const tenths = scoreTenths(f.minScore ?? SCORE_MIN, f.maxScore ?? SCORE_MAX)
      if (tenths.inside.length <= tenths.outside.length) facets.push(tenthsMatch(tenths.inside))
      else if (tenths.outside.length > 0) exclusions.push(tenthsMatch(tenths.outside))
    }
    countable = false
  }
  if (f.strictCountry) clauses.push("a.country_source <> 'default'")
  if (f.maxSeq !== null) {
    clauses.push('a.seq <= ?')
    params.push(f.maxSeq)
  }
  const q: ParsedQuery | null = f.query
  const o: TermOptions = { pairs: true, title: f.titleOnly === true }
  const words = positiveExpression(q, o)
  const excluded = excludedExpression(q, o)
  if (excluded !== null) exclusions.unshift(excluded)
  const positive = [...(words === null ? [] : [words]), ...facets]
  // The every-article token gives exclusion-only and strict-only queries a positive side, so they
  // too are posting-list walks.
  const everyArticle = asTokens && (exclusions.length > 0 || f.strictCountry)
  let matchExpr =
    positive.length > 0 ? positive.map((p) => `(${p})`).join(' AND ') : everyArticle ? `(${EVERY_ARTICLE_MATCH})` : null
  // FTS5's NOT is binary: it needs a positive side. With one, exclusions and the strict test are
  // merged into the posting-list walk; without, the excluded words stay row tests (the excluded
  // hosts are row tests in any case).
  if (exclusions.length > 0) {
    const all = exclusions.length === 1 ? (exclusions[0] as string) : exclusions.map((e) => `(${e})`).join(' OR ')
    if (matchExpr !== null) matchExpr = `(${matchExpr}) NOT (${all})`
    else {
      if (excluded !== null) {
        clauses.push('a.tkey NOT IN (SELECT rowid FROM articles_fts WHERE articles_fts MATCH ?)')
        params.push(excluded)
      }
      countable = false
    }
  }
  if (f.strictCountry) {
    if (matchExpr !== null && asTokens) matchExpr = `(${matchExpr}) NOT (${DEFAULT_COUNTRY_MATCH})`
    else countable = false
  }
  // A page is never published more than PUBLISHED_AFTER_CRAWL_MAX_S after its crawl
  // (batch/extract/published-date.ts), so nothing in the range was crawled before its start minus
  // that: a crawl-time walk starts there instead of at the window's oldest crawl.
  clauses.push('a.crawled_at >= ?')
  params.push(f.fromS - PUBLISHED_AFTER_CRAWL_MAX_S)
  const titleExpr = positiveExpression(q, { pairs: true, title: true })
  return { sql: clauses.join(' AND '), params, matchExpr, countable: countable && matchExpr !== null, titleExpr }
}

/**
 * The FROM clause. With a MATCH expression the full-text index is the outer loop, always: CROSS
 * JOIN fixes the order and INDEXED BY articles_tkey leaves SQLite one way to reach a row (its time
 * key), so no row index (country, published, crawled) can drive the join and probe MATCH per row.
 * A date sort then walks the index's time-ordered rowids and stops at its page.
 */
export function fromClause(
  w: Where,
  f: SearchFilters,
  sort?: SearchSort,
  rowIndex = 'articles_tkey',
): { sql: string; params: Binding[] } {
  if (w.matchExpr === null) {
    // Without words or facet filters, a sorted page is a walk of the index in that order; left to
    // itself SQLite reads the date range by published_at and sorts all of it (2 s at 1M).
    if (sort === 'date' || sort === 'date_asc') return { sql: 'articles a INDEXED BY articles_tkey', params: [] }
    // Counts and stats read the range by its time keys, from the covering index.
    if (sort === undefined) return { sql: `articles a INDEXED BY ${rowIndex}`, params: [] }
    return { sql: 'articles a', params: [] }
  }
  // The date range is also a rowid range of the index (time keys), so FTS5 skips documents
  // outside it before any join.
  return {
    sql: `articles_fts CROSS JOIN articles a INDEXED BY ${rowIndex} ON a.tkey = articles_fts.rowid AND articles_fts MATCH ? AND articles_fts.rowid >= ? AND articles_fts.rowid < ?`,
    params: [w.matchExpr, timeKeyFloor(f.fromS), timeKeyFloor(f.toS)],
  }
}

/** Whether a facet combination passes the slice's filters (the same tests as buildWhere's row clauses). */
export function comboFilter(f: SearchFilters): (c: FacetCombo) => boolean {
  const tests: ((c: FacetCombo) => boolean)[] = []
  for (const kind of ['country', 'lang', 'tld', 'host', 'category', 'sentiment'] as const) {
    const values = f[kind]
    if (values === undefined || values.length === 0) continue
    const set = new Set<string>(values)
    tests.push((c) => set.has(c[kind]))
  }
  if (f.excludeHost !== undefined && f.excludeHost.length > 0) {
    const out = new Set(f.excludeHost)
    tests.push((c) => !out.has(c.host))
  }
  if (f.strictCountry) tests.push((c) => c.defaulted === 0)
  return (c) => tests.every((t) => t(c))
}

/**
 * `sort=relevance` as two walks of the index, newest first: the matches whose title holds every
 * positive term, then the others (docs/DECISIONS.md, Relevance). Each is a date walk that stops at
 * its page, so relevance costs what a date sort costs; bm25 would score every match and FTS5
 * computes its term statistics by reading each term's whole posting list (130 ms for a common
 * word at 1M before the first row).
 */
export function relevanceTiers(w: Where): Where[] {
  if (w.matchExpr === null || w.titleExpr === null) return [w]
  return [
    { ...w, matchExpr: `(${w.matchExpr}) AND (${w.titleExpr})`, countable: w.countable },
    { ...w, matchExpr: `(${w.matchExpr}) NOT (${w.titleExpr})`, countable: w.countable },
  ]
}

/**
 * ORDER BY of each sort. Date sorts follow the time key (published_at, then id; store/time-key.ts),
 * read from the full-text index itself when it drives the query.
 */
export function orderBy(sort: SearchRequest['sort'], hasMatch: boolean): string {
  const key = hasMatch ? 'articles_fts.rowid' : 'a.tkey'
  switch (sort) {
    case 'date':
      return `${key} DESC`
    case 'date_asc':
      return `${key} ASC`
    case 'crawled':
      return 'a.crawled_at DESC, a.id'
    case 'crawled_asc':
      return 'a.crawled_at ASC, a.id'
    case 'relevance':
      // Each relevance tier is walked in date order (relevanceTiers).
      return `${key} DESC`
  }
}

/** The tone-score range of a slice, or null when it has none (a range covering all of [-1, 1] is no filter). */
export function scoreRangeOf(f: SearchFilters): { min: number; max: number } | null {
  const min = f.minScore ?? SCORE_MIN
  const max = f.maxScore ?? SCORE_MAX
  return min > SCORE_MIN || max < SCORE_MAX ? { min, max } : null
}

/**
 * Roughly how many posting lists a query's MATCH expression intersects: one per filter
 * (strict_country counted as one), one for the words (exclusions alone are none).
 */
export function postingLists(f: StoreFilters): number {
  const filters =
    [f.country, f.lang, f.tld, f.host, f.category, f.sentiment, f.entity].filter((v) => v !== undefined && v.length > 0)
      .length +
    (f.entityAll?.length ?? 0) +
    (f.strictCountry ? 1 : 0) +
    (f.minScore !== undefined || f.maxScore !== undefined ? 1 : 0)
  return filters + (hasPositive(f.query) ? 1 : 0)
}
