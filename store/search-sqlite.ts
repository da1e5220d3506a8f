/**
 * SearchIndex over the store's own SQLite file: FTS5 for the words, plain indexed columns for the
 * filters. Everything is parameterised SQL; the MATCH expression is built only from index tokens
 * (letters, digits and marks), so no user text reaches FTS5's query syntax unquoted.
 */
import type { ArticleEntity, EntityType } from '../core/entity.ts'
import type { Database } from 'bun:sqlite'
import { PUBLISHED_AFTER_CRAWL_MAX_S, SCORE_MAX, SCORE_MIN, SENTIMENT_LABELS } from '../core/article.ts'
import { isoSeconds } from '../core/config.ts'
import { hasPositive, isFlat, type ParsedQuery, type QueryNode, type Term } from '../core/search/query-syntax.ts'
import {
  type ArticleRecord,
  type ArticleSignals,
  type SearchFilters,
  type SearchIndex,
  type SearchPage,
  type SearchRequest,
  type SearchSort,
  type StatsResult,
  TOTAL_EXACT_LIMIT,
} from '../core/search/types.ts'
import {
  addTone,
  emptyTone,
  type StatsRow,
  StatsTally,
  type Tally,
  type TallyCounts,
  TotalTally,
} from '../core/search/stats-tally.ts'
import {
  DEFAULT_COUNTRY_MATCH,
  EVERY_ARTICLE_MATCH,
  type FacetKind,
  crawlHourToken,
  entityTermKey,
  facetMatch,
  isFacetValue,
  nextDouble,
  scoreBucket,
  scoreRangeTenths,
  scoreTenths,
  tenthsMatch,
} from './fts-facets.ts'
import { pairPhrase } from './fts-pairs.ts'
import { dayRuns, decodeCounts, type FacetCombo, loadCombos } from './count-blob.ts'
import { SPAN_LEVELS } from './schema.ts'
import { timeKeyFloor } from './time-key.ts'

type Binding = string | number
interface Where {
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

const phrase = (t: Term): string => `"${t.tokens.join(' ')}"`

/** The store schema versions that added facet tokens (store/schema.ts, migrations 5 and 7). */
const LANG_COUNTRY_FACETS_VERSION = 5
const ALL_FACETS_VERSION = 7
/** The store schema version that added the covering index of filter columns (migration 8). */
const COVERING_SCAN_VERSION = 8

/** articles_tkey_dup: the syndication group by time key (migration 14). */
const TKEY_DUP_SCHEMA_VERSION = 14
/** Word pairs in the full-text index (store/fts-pairs.ts, migration 15). */
const PAIRS_SCHEMA_VERSION = 15
/** Category, tone and score-tenth tokens; tone in the covering index and the per-day counts (migration 16). */
const TONE_SCHEMA_VERSION = 16
/** Host counts by tone label and category over days and spans (article_tone_spans, migration 17). */
const TONE_SPANS_SCHEMA_VERSION = 17
/** Entities (issue 27): entity tables and `e<hex>` facet tokens. */
export const ENTITY_SCHEMA_VERSION = 18
/** Counts by score tenth (article_score_facets, article_score_spans) and articles_score (migration 19). */
const SCORE_COUNTS_SCHEMA_VERSION = 19
/**
 * A score's tenth in SQL, as migration 19 counts it and as the `v<i>` token and scoreBucket
 * (store/fts-facets.ts) give it: the same double arithmetic, truncation equal to floor here.
 */
const SCORE_TENTH_SQL = 'min(19, max(0, CAST((a.score + 1) * 10 AS INTEGER)))'
const DAY_S = 86_400
/** Up to this many matches a crawl-time sort sorts them all (a few ms); past it, it walks crawl hours. */
const SORT_ALL_MAX = 2_000

/** User terms only ever match the text columns, never the facets column (store/fts-facets.ts). */
const TEXT_COLUMNS = '{title description}'

/** Where a store of this schema keeps word pairs (store/fts-pairs.ts). */
const PAIR_COLUMNS = '{tpairs dpairs}'

/** How a query's terms are written: on a store with word pairs or not, in both text columns or the title alone. */
export interface TermOptions {
  pairs?: boolean
  title?: boolean
}

/** One term, confined to its columns: a phrase is a phrase of its pair tokens where the store has pairs. */
function termExpression(t: Term, o: TermOptions): string {
  if (o.pairs === true && t.tokens.length >= 2)
    return `${o.title === true ? '{tpairs}' : PAIR_COLUMNS} : ${pairPhrase(t.tokens)}`
  return `${o.title === true ? '{title}' : TEXT_COLUMNS} : ${phrase(t)}`
}

/**
 * FTS5 MATCH expression for the positive part of a query. Without pair tokens it is the one form
 * the word counts are keyed by (store/term-counts.ts), one column filter around all terms; with
 * them each term carries its own, since FTS5 intersects nested column filters.
 */
export function matchExpression(groups: readonly Term[][], o: TermOptions = {}): string {
  const cols = o.title === true ? '{title}' : TEXT_COLUMNS
  if (o.pairs !== true || !groups.some((g) => g.some((t) => t.tokens.length >= 2))) {
    const words = groups
      .map((g) => (g.length === 1 ? phrase(g[0] as Term) : `(${g.map(phrase).join(' OR ')})`))
      .join(' AND ')
    return `${cols} : (${words})`
  }
  const term = (t: Term) => termExpression(t, o)
  return groups.map((g) => (g.length === 1 ? term(g[0] as Term) : `(${g.map(term).join(' OR ')})`)).join(' AND ')
}

/**
 * FTS5 expression of a group (`(a b) OR c`, `NOT (a b)`). FTS5's NOT is binary, so a NOT without
 * a positive side in its group takes the every-article token as one (store/fts-facets.ts).
 */
export function nodeExpression(n: QueryNode, o: TermOptions = {}): string {
  switch (n.kind) {
    case 'term':
      return termExpression(n.term, o)
    case 'not':
      return `(${EVERY_ARTICLE_MATCH}) NOT (${nodeExpression(n.node, o)})`
    case 'or':
      return n.nodes.map((c) => `(${nodeExpression(c, o)})`).join(' OR ')
    case 'and': {
      const positive = n.nodes.filter((c) => c.kind !== 'not').map((c) => `(${nodeExpression(c, o)})`)
      const negative = n.nodes.flatMap((c) => (c.kind === 'not' ? [nodeExpression(c.node, o)] : []))
      let expr = positive.length > 0 ? positive.join(' AND ') : EVERY_ARTICLE_MATCH
      for (const neg of negative) expr = `(${expr}) NOT (${neg})`
      return expr
    }
  }
}

/** The positive part of a query (its groups of words and its nested groups), or null when it has none. */
function positiveExpression(q: ParsedQuery | null, o: TermOptions): string | null {
  if (!hasPositive(q)) return null
  const parts = [...(q.all.length > 0 ? [matchExpression(q.all, o)] : []), ...q.nested.map((n) => nodeExpression(n, o))]
  return parts.length === 1 ? (parts[0] as string) : parts.map((p) => `(${p})`).join(' AND ')
}

/** What a query excludes, as one expression (any of it excludes), or null. */
function excludedExpression(q: ParsedQuery | null, o: TermOptions): string | null {
  if (q === null) return null
  const parts = [
    ...(q.none.length > 0 ? [matchExpression([q.none], o)] : []),
    ...q.notNested.map((n) => nodeExpression(n, o)),
  ]
  if (parts.length === 0) return null
  return parts.length === 1 ? (parts[0] as string) : parts.map((p) => `(${p})`).join(' OR ')
}

/** The facet kinds a store of this schema version has tokens for. */
function facetKindsOf(schemaVersion: number): readonly FacetKind[] {
  if (schemaVersion >= ENTITY_SCHEMA_VERSION)
    return ['lang', 'country', 'tld', 'host', 'category', 'sentiment', 'entity']
  if (schemaVersion >= TONE_SCHEMA_VERSION) return ['lang', 'country', 'tld', 'host', 'category', 'sentiment']
  if (schemaVersion >= ALL_FACETS_VERSION) return ['lang', 'country', 'tld', 'host']
  if (schemaVersion >= LANG_COUNTRY_FACETS_VERSION) return ['lang', 'country']
  return []
}

/**
 * The WHERE clause and MATCH expression of a filtered slice. Every filter that has facet tokens
 * in this store goes into the MATCH expression as well as into the WHERE clause (where it is an
 * exact test of the joined row), so whenever there is a word or a filter the full-text index
 * drives the query (docs/DECISIONS.md, Search plans).
 */
function buildWhere(f: SearchFilters, kinds: readonly FacetKind[], pairs: boolean, entities = false): Where {
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
    if (kinds.includes(kind) && values.every((v) => isFacetValue(kind, v))) facets.push(facetMatch(kind, values))
    else countable = false
  }
  if (f.entity !== undefined) {
    // Keys are exact tokens (hex of the key: injective), so with tokens no row test is needed;
    // without them (a short range read row by row) the article's entity rows are looked up.
    if (f.entity.length === 0 || !entities) clauses.push('0')
    else if (kinds.includes('entity')) facets.push(facetMatch('entity', f.entity))
    else {
      clauses.push(
        `EXISTS (SELECT 1 FROM article_entities ae JOIN entities e ON e.id = ae.entity WHERE ae.seq = a.seq AND e.key IN (${f.entity.map(() => '?').join(', ')}))`,
      )
      params.push(...f.entity)
      countable = false
    }
  }
  if (f.excludeHost !== undefined && f.excludeHost.length > 0) {
    clauses.push(`a.host NOT IN (${f.excludeHost.map(() => '?').join(', ')})`)
    params.push(...f.excludeHost)
    if (kinds.includes('host') && f.excludeHost.every((v) => isFacetValue('host', v)))
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
    if (kinds.includes('sentiment')) {
      const tenths = scoreTenths(f.minScore ?? SCORE_MIN, f.maxScore ?? SCORE_MAX)
      if (tenths.inside.length <= tenths.outside.length) facets.push(tenthsMatch(tenths.inside))
      else exclusions.push(tenthsMatch(tenths.outside))
    }
    countable = false
  }
  if (f.strictCountry) clauses.push("a.country_source <> 'default'")
  if (f.maxSeq !== null) {
    clauses.push('a.seq <= ?')
    params.push(f.maxSeq)
  }
  const q: ParsedQuery | null = f.query
  const o: TermOptions = { pairs, title: f.titleOnly === true }
  const words = positiveExpression(q, o)
  const excluded = excludedExpression(q, o)
  if (excluded !== null) exclusions.unshift(excluded)
  const positive = [...(words === null ? [] : [words]), ...facets]
  // A store with every token (schema 7) gives exclusion-only and strict-only queries a positive
  // side that every article has, so they too are posting-list walks.
  const everyArticle = kinds.includes('host') && (exclusions.length > 0 || f.strictCountry)
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
    if (matchExpr !== null && kinds.includes('host')) matchExpr = `(${matchExpr}) NOT (${DEFAULT_COUNTRY_MATCH})`
    else countable = false
  }
  // A page is never published more than PUBLISHED_AFTER_CRAWL_MAX_S after its crawl
  // (batch/extract/published-date.ts), so nothing in the range was crawled before its start minus
  // that: a crawl-time walk starts there instead of at the window's oldest crawl.
  clauses.push('a.crawled_at >= ?')
  params.push(f.fromS - PUBLISHED_AFTER_CRAWL_MAX_S)
  const titleExpr = positiveExpression(q, { pairs, title: true })
  return { sql: clauses.join(' AND '), params, matchExpr, countable: countable && matchExpr !== null, titleExpr }
}

/**
 * The FROM clause. With a MATCH expression the full-text index is the outer loop, always: CROSS
 * JOIN fixes the order and INDEXED BY articles_tkey leaves SQLite one way to reach a row (its time
 * key), so no row index (country, published, crawled) can drive the join and probe MATCH per row.
 * A date sort then walks the index's time-ordered rowids and stops at its page.
 */
function fromClause(
  w: Where,
  f: SearchFilters,
  sort?: SearchSort,
  rowIndex = 'articles_tkey',
): { sql: string; params: Binding[] } {
  if (w.matchExpr === null) {
    // Without words or facet filters, a sorted page is a walk of the index in that order; left to
    // itself SQLite reads the date range by published_at and sorts all of it (2 s at 1M).
    if (sort === 'date' || sort === 'date_asc') return { sql: 'articles a INDEXED BY articles_tkey', params: [] }
    // Counts and stats read the range by its time keys, from the covering index when there is one.
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
function comboFilter(f: SearchFilters): (c: FacetCombo) => boolean {
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
 * Whole days [first, end) as runs of aligned spans (store/schema.ts, SPAN_LEVELS): each run is
 * `level` with span numbers [from, to) (day numbers for level 0), the longest spans that fit
 * first, so a 90-day range is a 64-day span, a few 16- and 4-day ones and at most a few days at
 * each end.
 */
export function daySpans(first: number, end: number): { level: number; from: number; to: number }[] {
  const runs: { level: number; from: number; to: number }[] = []
  let day = first
  while (day < end) {
    let level = 0
    for (const l of SPAN_LEVELS) {
      const size = 4 ** l
      if (day % size === 0 && day + size <= end) level = l
    }
    const size = 4 ** level
    const span = Math.floor(day / size)
    const last = runs.at(-1)
    if (last !== undefined && last.level === level && last.to === span) last.to = span + 1
    else runs.push({ level, from: span, to: span + 1 })
    day += size
  }
  return runs
}

/**
 * `sort=relevance` as two walks of the index, newest first: the matches whose title holds every
 * positive term, then the others (docs/DECISIONS.md, Relevance). Each is a date walk that stops at
 * its page, so relevance costs what a date sort costs; bm25 would score every match and FTS5
 * computes its term statistics by reading each term's whole posting list (130 ms for a common
 * word at 1M before the first row).
 */
function relevanceTiers(w: Where): Where[] {
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
function orderBy(sort: SearchRequest['sort'], hasMatch: boolean): string {
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

/** The article columns every reader of the store selects (search, bulk export to other engines). */
export const ARTICLE_COLUMNS =
  'a.seq, a.id, a.url, a.title, a.description, a.published_at, a.crawled_at, a.host, a.tld, a.lang, a.country, a.country_source, a.category, a.category_confidence, a.category_by, a.image, a.authors, a.tags, a.words, a.sentiment, a.score, a.labelled_by, a.lexicon_score, a.lexicon_terms, a.dup_group'

/** One row of ARTICLE_COLUMNS as SQLite returns it. */
export interface StoreArticleRow {
  seq: number
  id: string
  url: string
  title: string
  description: string
  published_at: number
  crawled_at: number
  host: string
  tld: string
  lang: string
  country: string
  country_source: string
  category: string
  category_confidence: number
  category_by: ArticleRecord['category_by']
  image: string
  authors: string
  tags: string
  words: number
  sentiment: ArticleRecord['sentiment']
  score: number
  labelled_by: ArticleRecord['labelled_by']
  lexicon_score: number
  lexicon_terms: string
  dup_group: string
}

const iso = (s: number) => isoSeconds(new Date(s * 1000))

export function toRecord(
  r: StoreArticleRow,
  text: string | undefined,
  entities: ArticleEntity[],
): ArticleRecord & ArticleSignals {
  const record: ArticleRecord & ArticleSignals = {
    id: r.id,
    url: r.url,
    title: r.title,
    description: r.description,
    published_at: iso(r.published_at),
    crawled_at: iso(r.crawled_at),
    host: r.host,
    tld: r.tld,
    lang: r.lang,
    country: r.country,
    country_source: r.country_source,
    category: r.category,
    category_confidence: r.category_confidence,
    category_by: r.category_by,
    sentiment: r.sentiment,
    score: r.score,
    labelled_by: r.labelled_by,
    entities,
    image: r.image,
    authors: JSON.parse(r.authors) as string[],
    tags: JSON.parse(r.tags) as string[],
    words: r.words,
    lexicon_score: r.lexicon_score,
    lexicon_terms: r.lexicon_terms,
    dup_group: r.dup_group,
  }
  if (text !== undefined) record.text = text
  return record
}

/**
 * Facet combinations by id, per connection: loaded when first needed and again when a count names
 * a newer one (rows are only ever added). Per connection, not per index, because the query
 * workers make an index per request over one long-lived connection.
 */
const combosByConnection = new WeakMap<Database, (FacetCombo | undefined)[]>()

/**
 * Whole days of word-less stats, added up once per connection and store state (newest used
 * kept). The default `/v1/stats` (90 days, no filters) spent 5.5 ms in process on the demo and
 * 11–19 ms in a busy query worker adding up the same day and span rows for every request; only
 * its part-days at either end move with the clock. The key holds every input of #daysInto and
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

/**
 * Roughly how many posting lists a query's MATCH expression intersects on a migrated store: one
 * per filter (strict_country counted as one), one for the words (exclusions alone are none).
 */
function postingLists(f: SearchFilters): number {
  const filters =
    [f.country, f.lang, f.tld, f.host, f.category, f.sentiment, f.entity].filter((v) => v !== undefined && v.length > 0)
      .length +
    (f.strictCountry ? 1 : 0) +
    (f.minScore !== undefined || f.maxScore !== undefined ? 1 : 0)
  return filters + (hasPositive(f.query) ? 1 : 0)
}

/** A word with per-day counts, and which of its blobs a request reads (#countedTerm). */
interface CountedTerm {
  id: number
  key: string
  /** hosts: counts by host combination (no tone); tones: by tone combination (no host); both: a whole stats answer. */
  blob: 'hosts' | 'tones' | 'both'
}

/** The tone-score range of a slice, or null when it has none (a range covering all of [-1, 1] is no filter). */
function scoreRangeOf(f: SearchFilters): { min: number; max: number } | null {
  const min = f.minScore ?? SCORE_MIN
  const max = f.maxScore ?? SCORE_MAX
  return min > SCORE_MIN || max < SCORE_MAX ? { min, max } : null
}

/** The row columns a stats scan adds up (core/search/stats-tally.ts, StatsRow). */
const ROW_FACETS = 'a.country, a.lang, a.tld, a.host, a.category, a.sentiment'

/** A range this short is read row by row rather than by intersecting facet posting lists (#facetsAsTokens). */
const SHORT_RANGE_S = 2 * DAY_S

export class SqliteSearchIndex implements SearchIndex {
  constructor(private readonly db: Database) {}

  /**
   * The facet kinds this store has tokens for. A live node can hold a read-only connection to an
   * older store until the batch job migrates it; until then the filters without tokens stay row
   * tests, slower but the same answers. Asked per call: a pragma read.
   */
  #facetKinds(): readonly FacetKind[] {
    return facetKindsOf(this.#schemaVersion())
  }

  /**
   * One read transaction per search, so every statement of it (the check for rows past the
   * watermark, the count, the walks) sees the same store: without it a batch that commits
   * between the check and an FTS5 count that reads no rows put the new articles into an answer
   * pinned to the older watermark (test/snapshot/hot-swap.test.ts caught one such total).
   */
  search(req: SearchRequest): SearchPage {
    return this.db.transaction(() => this.#search(req))()
  }

  #search(req: SearchRequest): SearchPage {
    const sort = req.sort === 'relevance' && !hasPositive(req.query) ? 'date' : req.sort
    const w = buildWhere(
      req,
      this.#facetsAsTokens(req) ? this.#facetKinds() : [],
      this.#hasPairs(),
      this.#hasEntities(),
    )
    if (req.dedupe) return this.#dedupedPage(req, sort, w)
    const n = this.#countFromDays(req) ?? this.#count(req, w)
    // Past the last match (n is exact up to TOTAL_EXACT_LIMIT): an empty page, before any walk
    // looks for the offset's key in the posting lists.
    if (req.offset >= n && n <= TOTAL_EXACT_LIMIT) return this.#page([], n, req.fullText)
    if (sort === 'relevance') return this.#page(this.#tieredRows(req, relevanceTiers(w)), n, req.fullText)
    if ((sort === 'crawled' || sort === 'crawled_asc') && this.#hourWalkPays(req, w, n))
      return this.#page(this.#crawlHourRows(req, sort, w), n, req.fullText)
    if ((sort === 'date' || sort === 'date_asc') && w.matchExpr !== null)
      return this.#page(this.#dateWalk(req, w, sort, req.size, req.offset).rows, n, req.fullText)
    const walk = this.#crawlWalkPays(req, sort, n)
    if (
      !walk &&
      (sort === 'crawled' || sort === 'crawled_asc') &&
      w.matchExpr !== null &&
      this.#schemaVersion() >= COVERING_SCAN_VERSION
    ) {
      return this.#page(this.#crawlSortedRows(req, sort, w), n, req.fullText)
    }
    const from = fromClause(w, req, sort)
    const rowsSql = walk
      ? `SELECT ${ARTICLE_COLUMNS} FROM articles a INDEXED BY articles_crawled WHERE ${w.sql} ORDER BY ${orderBy(sort, false)} LIMIT ? OFFSET ?`
      : `SELECT ${ARTICLE_COLUMNS} FROM ${from.sql} WHERE ${w.sql} ORDER BY ${orderBy(sort, w.matchExpr !== null)} LIMIT ? OFFSET ?`
    const rows = this.db
      .query<StoreArticleRow, Binding[]>(rowsSql)
      .all(...(walk ? w.params : [...from.params, ...w.params]), req.size, req.offset)
    return this.#page(rows, n, req.fullText)
  }

  /**
   * Whether a crawl-time sort should walk crawl hours instead of sorting every match: the MATCH
   * expression is the whole slice (so hours are counted from posting lists) and the matches are
   * more than sorting them all costs little for.
   */
  #hourWalkPays(req: SearchRequest, w: Where, matches: number): boolean {
    return (
      w.countable &&
      w.matchExpr !== null &&
      this.#facetKinds().includes('host') &&
      matches > SORT_ALL_MAX &&
      !this.#hasRowsPast(req.maxSeq)
    )
  }

  /**
   * A crawl-time page from the crawl-hour tokens: days of hours are counted newest (or oldest)
   * first until the page's first match is reached, then that day's hours one by one, and rows
   * are read only from the hours the page covers, each hour sorted by crawl time. Crawls before
   * the range's start less PUBLISHED_AFTER_CRAWL_MAX_S cannot hold a match (store invariant).
   */
  #crawlHourRows(req: SearchRequest, sort: 'crawled' | 'crawled_asc', w: Where): StoreArticleRow[] {
    const newest =
      this.db.query<{ t: number | null }, []>('SELECT max(crawled_at) AS t FROM articles').get()?.t ?? req.toS
    const first = Math.floor((req.fromS - PUBLISHED_AFTER_CRAWL_MAX_S) / 3600)
    const last = Math.floor(newest / 3600)
    const desc = sort === 'crawled'
    const hoursFrom = (h: number, count: number): number[] =>
      Array.from({ length: count }, (_, i) => (desc ? h - i : h + i)).filter((x) => x >= first && x <= last)
    const range = [timeKeyFloor(req.fromS), timeKeyFloor(req.toS)]
    const countIn = (hours: readonly number[], cap: number): number =>
      this.db
        .query<{ n: number }, Binding[]>(
          `SELECT count(*) AS n FROM (SELECT 1 FROM articles_fts WHERE articles_fts MATCH ? AND rowid >= ? AND rowid < ? LIMIT ${cap})`,
        )
        .get(`(${w.matchExpr}) AND (facets : (${hours.map((h) => `"${crawlHourToken(h)}"`).join(' OR ')}))`, ...range)
        ?.n ?? 0
    const rows: StoreArticleRow[] = []
    let skip = req.offset
    let day = desc ? last : first
    const step = desc ? -24 : 24
    while (rows.length < req.size && day >= first && day <= last) {
      const dayHours = hoursFrom(day, 24)
      day += step
      // The whole day lies before the page: skip it by its count.
      const inDay = countIn(dayHours, skip + 1)
      if (inDay <= skip) {
        skip -= inDay
        continue
      }
      for (const hour of dayHours) {
        if (rows.length >= req.size) break
        const inHour = countIn([hour], skip + 1)
        if (inHour <= skip) {
          skip -= inHour
          continue
        }
        const hw = { ...w, matchExpr: `(${w.matchExpr}) AND (facets : "${crawlHourToken(hour)}")` }
        const from = fromClause(hw, req, sort)
        const got = this.db
          .query<StoreArticleRow, Binding[]>(
            `SELECT ${ARTICLE_COLUMNS} FROM ${from.sql} WHERE ${hw.sql} ORDER BY ${orderBy(sort, true)} LIMIT ? OFFSET ?`,
          )
          .all(...from.params, ...hw.params, req.size - rows.length, skip)
        rows.push(...got)
        skip = 0
      }
    }
    return rows
  }

  /**
   * `limit` rows of a MATCH-driven slice in time-key order after skipping `offset`. When the MATCH
   * expression is the whole slice, the skipped matches are stepped over in the posting lists (the
   * key of the first row of the page is found there) instead of being joined to their rows one by
   * one: offset 9,900 costs 9,900 posting-list steps, not 9,900 row reads. The same step counts
   * the slice when it ends before the offset (`sliceRows`), so a relevance tier the offset passes
   * is read once, not a second time to count it (at 10M that second read was 67 of 184 ms).
   */
  #dateWalk(
    req: SearchRequest,
    w: Where,
    sort: 'date' | 'date_asc',
    limit: number,
    offset: number,
  ): { rows: StoreArticleRow[]; sliceRows: number | null } {
    let tier = w
    let skip = offset
    if (offset > 0 && w.countable && w.matchExpr !== null && !this.#hasRowsPast(req.maxSeq)) {
      const desc = sort === 'date'
      // The first offset + 1 matches in order: how many there are, and the last one's key.
      const step = this.db
        .query<{ n: number; k: number | null }, Binding[]>(
          `SELECT count(*) AS n, ${desc ? 'min' : 'max'}(k) AS k FROM (SELECT rowid AS k FROM articles_fts WHERE articles_fts MATCH ? AND rowid >= ? AND rowid < ? ORDER BY rowid ${desc ? 'DESC' : 'ASC'} LIMIT ?)`,
        )
        .get(w.matchExpr, timeKeyFloor(req.fromS), timeKeyFloor(req.toS), offset + 1)
      const n = step?.n ?? 0
      if (n <= offset || step?.k === null || step?.k === undefined) return { rows: [], sliceRows: n }
      tier = { ...w, sql: `${w.sql} AND articles_fts.rowid ${desc ? '<=' : '>='} ?`, params: [...w.params, step.k] }
      skip = 0
    }
    const from = fromClause(tier, req, sort)
    const rows = this.db
      .query<StoreArticleRow, Binding[]>(
        `SELECT ${ARTICLE_COLUMNS} FROM ${from.sql} WHERE ${tier.sql} ORDER BY ${orderBy(sort, true)} LIMIT ? OFFSET ?`,
      )
      .all(...from.params, ...tier.params, limit, skip)
    return { rows, sliceRows: null }
  }

  /** A page across relevance tiers: the offset runs through the first tier, then into the next. */
  #tieredRows(req: SearchRequest, tiers: readonly Where[]): StoreArticleRow[] {
    const rows: StoreArticleRow[] = []
    let skip = req.offset
    for (const tier of tiers) {
      const want = req.size - rows.length
      if (want <= 0) break
      const got = this.#dateWalk(req, tier, 'date', want, skip)
      rows.push(...got.rows)
      // Rows of this tier that the offset passed over: all of them when the page came up short.
      skip = got.rows.length > 0 ? 0 : Math.max(0, skip - (got.sliceRows ?? this.#count(req, tier)))
    }
    return rows
  }

  /**
   * Whether the filters go into the MATCH expression as facet tokens (the default), or stay row
   * tests: for a query without words, of two facets or more, over at most two days, whose days
   * hold no more matches than the exact-count limit. FTS5 intersects two posting lists by
   * leapfrogging, and when they seldom meet it steps through them well past the range's bounds:
   * `country=AR&lang=en&date=24h` took 290–420 ms at 10M, where reading the range's rows in the
   * covering time-key index takes about 10 ms. Where matches are many, the intersection meets
   * the limit (or the page) early and stays the faster way
   * (`country=DE&lang=de&date=24h&sort=crawled`: 6 ms by tokens, 104 ms by rows).
   */
  #facetsAsTokens(req: SearchFilters): boolean {
    if (req.query !== null || req.toS - req.fromS > SHORT_RANGE_S || postingLists(req) < 2) return true
    if (this.#schemaVersion() < TONE_SCHEMA_VERSION || !this.#daysCover(req, false)) return true
    // The range's days from the per-day counts: at least as many matches as the range holds.
    const days = new TotalTally()
    this.#daysInto(days, req, Math.floor(req.fromS / DAY_S), Math.floor((req.toS - 1) / DAY_S) + 1)
    return days.total > TOTAL_EXACT_LIMIT
  }

  /**
   * Matches up to TOTAL_EXACT_LIMIT + 1 from the per-day counts that stats read (the same exact
   * number a scan gives), for a query of two posting lists or more (filters, or a counted word
   * and filters) without other words: null for any other. The posting lists of a word and a
   * facet (or of two facets) are intersected by leapfrogging, which costs as many seeks as the
   * shorter list has entries when the two rarely meet: `country=IT&lang=en` over 30 days at 10M
   * took 190–250 ms to find no match, while its 30 day rows of counts take under a millisecond.
   * The whole days come from the counts; the part days at either end, and a counted word's stale
   * days, are counted as any search is, only up to what is left of the limit.
   */
  #countFromDays(req: SearchRequest): number | null {
    // One posting list (a word alone, a facet alone) is counted fast by FTS5, which stops at the limit.
    if (postingLists(req) < 2) return null
    const days = this.#wholeDays(req, DAY_S)
    if (days === null) return null
    const cap = TOTAL_EXACT_LIMIT + 1
    // Inside search()'s read transaction: the counts, the stale days and the part days see one store.
    const words = req.query !== null || req.entity !== undefined
    const term = words ? this.#countedTerm(req, false) : null
    if (words && term === null) return null
    if (!words && !this.#daysCover(req, false)) return null
    const total = new TotalTally()
    const rest: { fromS: number; toS: number }[] = [
      { fromS: req.fromS, toS: days.first * DAY_S },
      { fromS: days.end * DAY_S, toS: req.toS },
    ]
    if (term === null) this.#daysInto(total, req, days.first, days.end)
    else {
      // The runs of days between the stale ones (a range may span centuries: never a loop per day).
      const stale = this.db
        .query<{ day: number }, [number, number]>(
          'SELECT day FROM term_stale_days WHERE day >= ? AND day < ? ORDER BY day',
        )
        .all(days.first, days.end)
        .map((r) => r.day)
      let from = days.first
      for (const day of stale) {
        if (day > from) this.#termDaysInto(total, req, term, from, day)
        rest.push({ fromS: day * DAY_S, toS: (day + 1) * DAY_S })
        from = day + 1
      }
      if (from < days.end) this.#termDaysInto(total, req, term, from, days.end)
    }
    let n = total.total
    for (const part of rest) {
      if (n >= cap || part.toS <= part.fromS) continue
      // The filters as row tests, not facet tokens: the word's matches in a day at most (or,
      // without words, a day of rows in the covering time-key index, about 8 ms at 10M), while
      // intersecting a facet's posting list costs the same 190 ms for a tenth of a day as for
      // 30 days at 10M.
      const f = { ...req, ...part }
      n += this.#count(f, buildWhere(f, [], this.#hasPairs(), this.#hasEntities()), cap - n)
    }
    return Math.min(n, cap)
  }

  /**
   * Matches up to TOTAL_EXACT_LIMIT + 1 (or `cap`). When the MATCH expression is the whole slice
   * and nothing in the store lies past the watermark (true between batch runs), the posting lists
   * are counted without reading a row; otherwise the rows are joined and tested.
   */
  #count(f: SearchFilters, w: Where, cap = TOTAL_EXACT_LIMIT + 1): number {
    if (w.countable && w.matchExpr !== null && !this.#hasRowsPast(f.maxSeq)) {
      return (
        this.db
          .query<{ n: number }, Binding[]>(
            `SELECT count(*) AS n FROM (SELECT 1 FROM articles_fts WHERE articles_fts MATCH ? AND rowid >= ? AND rowid < ? LIMIT ${cap})`,
          )
          .get(w.matchExpr, timeKeyFloor(f.fromS), timeKeyFloor(f.toS))?.n ?? 0
      )
    }
    const from = fromClause(w, f, undefined, this.#scanIndex())
    return (
      this.db
        .query<{ n: number }, Binding[]>(
          `SELECT count(*) AS n FROM (SELECT 1 FROM ${from.sql} WHERE ${w.sql} LIMIT ${cap})`,
        )
        .get(...from.params, ...w.params)?.n ?? 0
    )
  }

  /** Whether the store holds articles past the watermark (ingested after the answer's snapshot). */
  #hasRowsPast(maxSeq: number | null): boolean {
    if (maxSeq === null) return false
    return (this.db.query<{ s: number | null }, []>('SELECT max(seq) AS s FROM articles').get()?.s ?? 0) > maxSeq
  }

  /**
   * `dedupe=true`: the first article of each syndication group in the requested order, and the
   * number of groups (exact up to TOTAL_EXACT_LIMIT). The matches are read in that order (a walk
   * of the index for date sorts) and a group is kept the first time it is seen, so reading stops
   * once the page is full and the count has passed its limit, instead of numbering every match.
   */
  #dedupedPage(req: SearchRequest, sort: SearchSort, w: Where): SearchPage {
    // Groups are read from the covering index (time key and group, no row) where the order allows.
    const narrow = this.#schemaVersion() >= COVERING_SCAN_VERSION && sort !== 'crawled' && sort !== 'crawled_asc'
    // Where the MATCH expression is the whole slice (and nothing lies past the watermark), only
    // each match's group is needed: read from the two-column index, no row test.
    const bare = narrow && this.#schemaVersion() >= TKEY_DUP_SCHEMA_VERSION && !this.#hasRowsPast(req.maxSeq)
    const walks = (sort === 'relevance' ? relevanceTiers(w) : [w]).map((tier) => {
      const walkSort = sort === 'relevance' ? 'date' : sort
      if (bare && tier.countable && tier.matchExpr !== null) {
        // The MATCH expression and the time-key range in the join are the whole slice: no WHERE.
        const from = fromClause(tier, req, walkSort, 'articles_tkey_dup')
        return {
          sql: `SELECT a.tkey, a.dup_group FROM ${from.sql} ORDER BY ${orderBy(walkSort, true)}`,
          params: from.params,
        }
      }
      const from = fromClause(tier, req, walkSort, narrow ? 'articles_tkey_facets' : 'articles_tkey')
      const fromSql = narrow && tier.matchExpr === null ? 'articles a INDEXED BY articles_tkey_facets' : from.sql
      const columns = narrow ? 'a.tkey, a.dup_group' : ARTICLE_COLUMNS
      return {
        sql: `SELECT ${columns} FROM ${fromSql} WHERE ${tier.sql} ORDER BY ${orderBy(walkSort, tier.matchExpr !== null)}`,
        params: [...from.params, ...tier.params],
      }
    })
    const seen = new Set<string>()
    const picked: { tkey: number; dup_group: string }[] = []
    const end = req.offset + req.size
    walking: for (const walk of walks) {
      for (const row of this.db
        .query<{ tkey: number; dup_group: string }, Binding[]>(walk.sql)
        .iterate(...walk.params)) {
        if (seen.has(row.dup_group)) continue
        seen.add(row.dup_group)
        if (seen.size > req.offset && seen.size <= end) picked.push(row)
        if (seen.size > TOTAL_EXACT_LIMIT && seen.size >= end) break walking
      }
    }
    // Without the covering index the walk read whole rows (ARTICLE_COLUMNS): they are the page.
    if (!narrow) return this.#page(picked as unknown as StoreArticleRow[], seen.size, req.fullText)
    // The page's rows, in the order their groups were met.
    const keys = picked.map((p) => p.tkey)
    const byKey = new Map(
      keys.length === 0
        ? []
        : this.db
            .query<StoreArticleRow & { tkey: number }, number[]>(
              `SELECT ${ARTICLE_COLUMNS}, a.tkey FROM articles a WHERE a.tkey IN (${keys.map(() => '?').join(', ')})`,
            )
            .all(...keys)
            .map((r) => [r.tkey, r] as const),
    )
    return this.#page(
      keys.map((k) => byKey.get(k)).filter((r): r is StoreArticleRow & { tkey: number } => r !== undefined),
      seen.size,
      req.fullText,
    )
  }

  /**
   * A crawl-time page of a MATCH-driven slice, sorted in two steps: the crawl times of the first
   * offset + size matches in order, from the covering index (a narrow entry per match), then the
   * whole rows of just the page's crawl-time span (ties at either end included, so the id
   * tie-break and the offset within the span give the exact page). Sorting the whole rows of
   * every match read each match's row, which cold took 125 ms at 1M for
   * `country=BR&sort=crawled&date=7d` (9 ms warm).
   */
  #crawlSortedRows(req: SearchRequest, sort: 'crawled' | 'crawled_asc', w: Where): StoreArticleRow[] {
    const desc = sort === 'crawled'
    const narrow = fromClause(w, req, sort, 'articles_tkey_facets')
    const times = this.db
      .query<{ c: number }, Binding[]>(
        `SELECT a.crawled_at AS c FROM ${narrow.sql} WHERE ${w.sql} ORDER BY a.crawled_at ${desc ? 'DESC' : 'ASC'} LIMIT ?`,
      )
      .all(...narrow.params, ...w.params, req.offset + req.size)
      .map((r) => r.c)
    const first = times[req.offset]
    const last = times[times.length - 1]
    if (first === undefined || last === undefined) return []
    // Matches sorted before the page's first crawl time: the span starts after them.
    const before = times.indexOf(first)
    const span = {
      ...w,
      sql: `${w.sql} AND a.crawled_at ${desc ? '<=' : '>='} ? AND a.crawled_at ${desc ? '>=' : '<='} ?`,
      params: [...w.params, first, last],
    }
    // By the covering index too: the span is tested on its entries, and only rows inside it are read.
    const from = fromClause(span, req, sort, 'articles_tkey_facets')
    return this.db
      .query<StoreArticleRow, Binding[]>(
        `SELECT ${ARTICLE_COLUMNS} FROM ${from.sql} WHERE ${span.sql} ORDER BY ${orderBy(sort, true)} LIMIT ? OFFSET ?`,
      )
      .all(...from.params, ...span.params, req.size, req.offset - before)
  }

  /**
   * Whether a word-less crawl-time sort should walk the crawl-time index (testing each row's
   * filters) instead of sorting every match. It pays when matches are many (over the exact-count
   * limit, so a page is found within a few hundred rows per match) and the walk does not first
   * pass a long stretch of crawls outside the range: ascending walks start at the range's start
   * less PUBLISHED_AFTER_CRAWL_MAX_S; descending ones at the newest crawl, which is fine while the
   * range ends near it.
   */
  #crawlWalkPays(req: SearchRequest, sort: SearchSort, matches: number): boolean {
    if (sort !== 'crawled' && sort !== 'crawled_asc') return false
    if (hasPositive(req.query)) return false
    if (matches <= TOTAL_EXACT_LIMIT) return false
    if (sort === 'crawled_asc') return true
    const newest =
      this.db.query<{ t: number | null }, []>('SELECT max(crawled_at) AS t FROM articles').get()?.t ?? req.toS
    return newest - req.toS <= req.toS - req.fromS
  }

  #page(rows: StoreArticleRow[], n: number, fullText: boolean): SearchPage {
    const texts = fullText ? this.texts(rows.map((r) => r.seq)) : null
    const entities = this.#entitiesOf(rows.map((r) => r.seq))
    return {
      total: Math.min(n, TOTAL_EXACT_LIMIT),
      totalRelation: n > TOTAL_EXACT_LIMIT ? 'gte' : 'eq',
      articles: rows.map((r) =>
        toRecord(r, texts?.get(r.seq) ?? (texts === null ? undefined : ''), entities.get(r.seq) ?? []),
      ),
    }
  }

  stats(f: SearchFilters, top: number, periodSeconds: number): StatsResult {
    // Rows are added up in TypeScript as SQLite yields them (core/search/stats-tally.ts): at 1M
    // articles that is 2.5–3× faster than grouping a temporary table five ways, and holds no rows.
    const tally = new StatsTally(periodSeconds)
    const excluded = f.excludeHost ?? []
    if (excluded.length === 0) this.#statsInto(tally, f, periodSeconds)
    else if (f.host !== undefined && f.host.length > 0) {
      // Hosts kept and hosts left out: the difference is a host filter (or nothing at all).
      const out = new Set(excluded)
      const host = f.host.filter((h) => !out.has(h))
      if (host.length > 0) this.#statsInto(tally, { ...f, host, excludeHost: [] }, periodSeconds)
    } else {
      // The slice with every host, less the excluded hosts' part of it (read from their posting
      // lists): the whole slice can then come from counts, and only the excluded hosts' articles
      // are read (docs/DECISIONS.md, Signals on every article).
      const all = { ...f, excludeHost: [] }
      this.db.transaction(() => {
        this.#statsInto(tally, all, periodSeconds)
        this.#scanInto(tally, { ...all, host: excluded }, -1)
      })()
    }
    return tally.result(top)
  }

  #statsInto(tally: StatsTally, f: SearchFilters, periodSeconds: number): void {
    const outside = this.#outsideOfRange(f, periodSeconds)
    if (outside !== null) {
      // The word's whole answer from its counts, less its articles outside the range, read as
      // tone ranges of their own (in one transaction: both must see one store).
      this.db.transaction(() => {
        this.#statsInto(tally, { ...f, minScore: undefined, maxScore: undefined }, periodSeconds)
        for (const part of outside) this.#scanInto(tally, part, -1)
      })()
      return
    }
    const days = this.#wholeDays(f, periodSeconds)
    if (days === null) this.#scanInto(tally, f)
    else {
      // Whole days from the per-day and span counts, the part-days at either end from the
      // articles: several statements, read in one transaction so that a batch committed meanwhile
      // cannot land between them (the counts, the counted words and the watermark's correction
      // must see one store: a refresh may drop a word between two statements).
      this.db.transaction(() => {
        const term = f.query === null && f.entity === undefined ? null : this.#countedTerm(f, true)
        if (f.query === null && this.#daysCover(f, true))
          this.#memoDaysInto(tally, f, days.first, days.end, periodSeconds)
        else if (term !== null) this.#termDaysInto(tally, f, term, days.first, days.end)
        else {
          this.#scanInto(tally, f)
          return
        }
        if (f.fromS < days.first * DAY_S) this.#partDayInto(tally, f, term, f.fromS, days.first * DAY_S)
        if (days.end * DAY_S < f.toS) this.#partDayInto(tally, f, term, days.end * DAY_S, f.toS)
      })()
    }
  }

  /**
   * A counted word (store/term-counts.ts) with a tone-score range, over whole days: the slices of
   * its articles below and above the range, when they are fewer than those inside it, so that
   * the answer is the word's counts less those (`min_score=-0.2&q=…` reads the 27% of the word's
   * articles below −0.2 instead of the 73% above); null otherwise, and the range's articles are
   * read. The word's own spread over scores is not counted: the store's, from the 64-day spans
   * of the counts by tenth (migration 19) that the range overlaps, stands in for it.
   */
  #outsideOfRange(f: SearchFilters, periodSeconds: number): SearchFilters[] | null {
    const range = scoreRangeOf(f)
    if (range === null || f.query === null || this.#schemaVersion() < SCORE_COUNTS_SCHEMA_VERSION) return null
    const all = { ...f, minScore: undefined, maxScore: undefined }
    const days = this.#wholeDays(all, periodSeconds)
    if (days === null || this.#countedTerm(all, true) === null) return null
    const lo = scoreBucket(range.min)
    const hi = scoreBucket(range.max)
    let inside = 0
    let outside = 0
    const byTenth = this.db.query<{ tenth: number; n: number }, [number, number]>(
      'SELECT tenth, sum(n) AS n FROM article_score_facets WHERE level = 3 AND span >= ? AND span <= ? GROUP BY tenth',
    )
    for (const row of byTenth.iterate(days.first >> 6, (days.end - 1) >> 6))
      if (row.tenth >= lo && row.tenth <= hi) inside += row.n
      else outside += row.n
    if (outside >= inside) return null
    const parts: SearchFilters[] = []
    if (range.min > SCORE_MIN) parts.push({ ...all, maxScore: nextDouble(range.min, -1) })
    if (range.max < SCORE_MAX) parts.push({ ...all, minScore: nextDouble(range.max, 1) })
    return parts
  }

  volume(fromS: number, toS: number, periodSeconds: number, maxSeq: number | null): Map<number, number> {
    const all = this.stats({ query: null, fromS, toS, strictCountry: false, maxSeq }, 1, periodSeconds)
    return new Map([...all.timeline].map(([t, p]) => [t, p.articles]))
  }

  /**
   * The whole UTC days [first, end) of a stats range with a daily (or coarser) timeline, when the
   * store keeps per-day counts (schema 6); null when the articles must be read instead.
   */
  #wholeDays(f: SearchFilters, periodSeconds: number): { first: number; end: number } | null {
    if (periodSeconds % DAY_S !== 0 || this.#schemaVersion() < TONE_SCHEMA_VERSION) return null
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
  #daysCover(f: SearchFilters, full: boolean): boolean {
    if ((f.excludeHost?.length ?? 0) > 0) return false
    if (f.entity !== undefined) return false
    const host = (f.host?.length ?? 0) > 0
    if (f.minScore !== undefined || f.maxScore !== undefined) {
      if (scoreRangeOf(f) === null) return this.#daysCover({ ...f, minScore: undefined, maxScore: undefined }, full)
      // Whole stats answers only (#scoreDaysInto); the host counts by tenth hold no category.
      return full && this.#schemaVersion() >= SCORE_COUNTS_SCHEMA_VERSION && !host && (f.category?.length ?? 0) === 0
    }
    const tone = (f.category?.length ?? 0) > 0 || (f.sentiment?.length ?? 0) > 0
    return full ? !host && (!tone || this.#schemaVersion() >= TONE_SPANS_SCHEMA_VERSION) : !(host && tone)
  }

  /**
   * The word counts kept for this query (store/term-counts.ts), if any: one word or OR group
   * without exclusions or nested groups, over both text columns, whose expression is a key, with
   * filters the counts' combinations hold (every filter but a tone-score range).
   */
  #countedTerm(f: SearchFilters, full: boolean): CountedTerm | null {
    const q = f.query
    if (f.titleOnly === true || f.minScore !== undefined || f.maxScore !== undefined) return null
    // One entity and no words: the entity's token is counted as a word is, when it is common.
    const entityKey = q === null && f.entity?.length === 1 ? f.entity[0] : undefined
    if (entityKey === undefined && (q === null || f.entity !== undefined)) return null
    if (entityKey === undefined && q !== null && (!isFlat(q) || q.none.length > 0 || q.all.length === 0)) return null
    if (this.#schemaVersion() < TONE_SCHEMA_VERSION) return null
    // Each day has two blobs (store/term-counts.ts): by host (no tone) and by tone (no host).
    const hosts = (f.host?.length ?? 0) > 0 || (f.excludeHost?.length ?? 0) > 0
    const tones = (f.category?.length ?? 0) > 0 || (f.sentiment?.length ?? 0) > 0
    const blob: CountedTerm['blob'] | null = full
      ? hosts || tones
        ? null
        : 'both'
      : !tones
        ? 'hosts'
        : !hosts
          ? 'tones'
          : null
    if (blob === null) return null
    const key = entityKey !== undefined ? entityTermKey(entityKey) : q === null ? null : matchExpression(q.all)
    if (key === null) return null
    const id = this.db.query<{ id: number }, [string]>('SELECT id FROM term_keys WHERE key = ?').get(key)?.id
    return id === undefined ? null : { id, key, blob }
  }

  /**
   * Whole days [first, end) of a counted word: each day's row of counts by facet combination,
   * kept to the combinations the filters allow. Stale days (written since the counts were made)
   * are read from the articles instead, and articles past the watermark taken off, as for the
   * word-less counts.
   */
  #termDaysInto(tally: Tally, f: SearchFilters, term: CountedTerm, first: number, end: number): void {
    const stale = new Set(
      this.db
        .query<{ day: number }, [number, number]>('SELECT day FROM term_stale_days WHERE day >= ? AND day < ?')
        .all(first, end)
        .map((r) => r.day),
    )
    const allowed = comboFilter(f)
    const verdicts: (boolean | undefined)[] = []
    let combos = combosByConnection.get(this.db) ?? []
    const combo = (id: number): FacetCombo => {
      let c = combos[id]
      if (c === undefined) {
        combos = loadCombos(this.db)
        combosByConnection.set(this.db, combos)
        c = combos[id]
        if (c === undefined)
          throw new Error(`term counts name facet combination ${id}, which facet_combos does not hold`)
      }
      return c
    }
    // The tone blob gives the timeline, its tone and the host-less buckets; the host blob the host
    // buckets (and, alone, the timeline's counts for a search's total).
    const perTone = new Map<number, number>()
    const perHost = new Map<number, number>()
    const rows = this.db.query<{ day: number; counts: Uint8Array; tones: Uint8Array }, [number, number, number]>(
      'SELECT day, counts, tones FROM term_days WHERE key_id = ? AND day >= ? AND day < ?',
    )
    const readHosts = term.blob === 'hosts' || (term.blob === 'both' && tally.hosts)
    for (const row of rows.iterate(term.id, first, end)) {
      if (stale.has(row.day)) continue
      const tone = emptyTone()
      const each =
        (into: Map<number, number>, timeline: boolean) => (id: number, count: number, scoreMilli: number) => {
          let ok = verdicts[id]
          if (ok === undefined) ok = verdicts[id] = allowed(combo(id))
          if (!ok) return
          into.set(id, (into.get(id) ?? 0) + count)
          if (timeline) addTone(tone, combo(id).sentiment, count, scoreMilli)
        }
      if (term.blob !== 'hosts') decodeCounts(row.tones, each(perTone, true))
      if (readHosts) decodeCounts(row.counts, each(perHost, term.blob === 'hosts'))
      if (tone.articles > 0) tally.addTimeline(row.day * DAY_S, tone)
    }
    for (const [id, n] of perTone) tally.addFacetCounts(combo(id), n)
    if (term.blob === 'both') for (const [id, n] of perHost) tally.addHost(combo(id).host, n)
    else for (const [id, n] of perHost) tally.addFacetCounts(combo(id), n)
    for (const day of stale) this.#scanInto(tally, { ...f, fromS: day * DAY_S, toS: (day + 1) * DAY_S })
    if (f.maxSeq === null) return
    // Articles past the watermark (the latest ingest's, few) counted in days that are not stale:
    // the days they were published on, less the stale ones, are walked in the index as any search
    // is (the index drives, never a MATCH probe per row). While an ingest runs, every day it has
    // written is stale, so this reads nothing.
    const pastDays = this.db
      // NOT INDEXED: by the rowid range past the watermark, never by the date index over the whole range (400 ms at 10M).
      .query<{ day: number }, [number, number, number]>(
        `SELECT DISTINCT published_at / ${DAY_S} AS day FROM articles NOT INDEXED WHERE seq > ? AND published_at >= ? AND published_at < ? ORDER BY 1`,
      )
      .all(f.maxSeq, first * DAY_S, end * DAY_S)
      .map((r) => r.day)
      .filter((d) => !stale.has(d))
    if (pastDays.length === 0) return
    const past = (run: { first: number; end: number }) => {
      const w = buildWhere(
        { ...f, query: null, fromS: run.first * DAY_S, toS: run.end * DAY_S, maxSeq: null },
        [],
        this.#hasPairs(),
        this.#hasEntities(),
      )
      return {
        rows: this.db.query<StatsRow, Binding[]>(
          `SELECT ${ROW_FACETS}, a.published_at AS t, -1 AS n, -CAST(round(a.score * 1000) AS INTEGER) AS s
           FROM articles_fts CROSS JOIN articles a INDEXED BY ${this.#scanIndex()} ON a.tkey = articles_fts.rowid
           WHERE articles_fts MATCH ? AND articles_fts.rowid >= ? AND articles_fts.rowid < ? AND a.seq > ? AND ${w.sql}`,
        ),
        params: [
          term.key,
          timeKeyFloor(run.first * DAY_S),
          timeKeyFloor(run.end * DAY_S),
          f.maxSeq as number,
          ...w.params,
        ],
      }
    }
    for (const run of dayRuns(pastDays)) {
      const q = past(run)
      for (const row of q.rows.iterate(...q.params)) tally.add(row)
    }
  }

  /**
   * The part [fromS, toS) of one UTC day at a range's end. Read from the articles, except for a
   * counted word when the part is more than half its day: then the whole day from the counts,
   * less the rest of the day read from the articles (half a day's matches at most, instead of
   * up to all of them). Not for a stale day; articles past the watermark are taken off the whole
   * day by #termDaysInto and the rest of the day is read with the watermark, so the part is exact.
   */
  #partDayInto(tally: Tally, f: SearchFilters, term: CountedTerm | null, fromS: number, toS: number): void {
    const day = Math.floor(fromS / DAY_S)
    const dayStart = day * DAY_S
    const dayEnd = dayStart + DAY_S
    const complement =
      term !== null &&
      toS - fromS > DAY_S / 2 &&
      this.db.query<{ day: number }, [number]>('SELECT day FROM term_stale_days WHERE day = ?').get(day) === null
    if (!complement) {
      this.#scanInto(tally, { ...f, fromS, toS })
      return
    }
    this.#termDaysInto(tally, f, term, day, day + 1)
    if (dayStart < fromS) this.#scanInto(tally, { ...f, fromS: dayStart, toS: fromS }, -1)
    if (toS < dayEnd) this.#scanInto(tally, { ...f, fromS: toS, toS: dayEnd }, -1)
  }

  /** Every article of the slice, one row each (`n` -1 to take them off). */
  #scanInto(tally: Tally, f: SearchFilters, n: 1 | -1 = 1): void {
    const w = buildWhere(f, this.#facetKinds(), this.#hasPairs(), this.#hasEntities())
    const from = fromClause(w, f, undefined, this.#scanIndex())
    const rows = this.db.query<StatsRow, Binding[]>(
      `SELECT ${ROW_FACETS}, a.published_at AS t, ${n} AS n, ${n} * CAST(round(a.score * 1000) AS INTEGER) AS s FROM ${from.sql} WHERE ${w.sql}`,
    )
    for (const row of rows.iterate(...from.params, ...w.params)) tally.add(row)
  }

  /**
   * Days [first, end) from article_days, which counts every article in the store: those past the
   * watermark (ingested after the snapshot this answer is pinned to) are taken off again, read by
   * seq (NOT INDEXED: by the rowid range, never by a date index over the whole range), so the
   * sum is exactly what a scan of the visible articles gives.
   */
  #daysInto(tally: Tally, f: SearchFilters, first: number, end: number): void {
    const range = scoreRangeOf(f)
    if (range !== null) {
      this.#scoreDaysInto(tally, f, range, first, end)
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
      // category or tone, so #daysCover sends a whole stats answer with a host filter to the articles).
      const counted = this.db.query<StatsRow, Binding[]>(
        `SELECT country, lang, tld, host, '' AS category, '' AS sentiment, day * ${DAY_S} AS t, n, 0 AS s FROM article_days WHERE ${where('day >= ? AND day < ?')}`,
      )
      for (const row of counted.iterate(first, end, ...params)) tally.add(row)
    } else {
      const facets = this.db.query<Omit<StatsRow, 'host'>, Binding[]>(
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
        const hosts = this.db.query<{ host: string; n: number }, Binding[]>(
          `SELECT host, n FROM article_tone_spans WHERE level = ? AND span >= ? AND span < ? AND ${hostWhere}`,
        )
        for (const piece of daySpans(first, end))
          for (const row of hosts.iterate(piece.level, piece.from, piece.to, ...toneParams, ...params))
            tally.addHost(row.host, row.n)
      } else if (tally.hosts)
        for (const piece of daySpans(first, end)) {
          const hosts =
            piece.level === 0
              ? this.db.query<{ host: string; n: number }, Binding[]>(
                  `SELECT host, n FROM article_days WHERE ${where('day >= ? AND day < ?')}`,
                )
              : this.db.query<{ host: string; n: number }, Binding[]>(
                  `SELECT host, n FROM article_spans WHERE ${where(`level = ${piece.level} AND span >= ? AND span < ?`)}`,
                )
          for (const row of hosts.iterate(piece.from, piece.to, ...params)) tally.addHost(row.host, row.n)
        }
    }
    if (f.maxSeq === null) return
    const w = buildWhere(
      { ...f, fromS: first * DAY_S, toS: end * DAY_S, maxSeq: null },
      [],
      this.#hasPairs(),
      this.#hasEntities(),
    )
    const past = this.db.query<StatsRow, Binding[]>(
      `SELECT ${ROW_FACETS}, a.published_at AS t, -1 AS n, -CAST(round(a.score * 1000) AS INTEGER) AS s FROM articles a NOT INDEXED WHERE a.seq > ? AND ${w.sql}`,
    )
    for (const row of past.iterate(f.maxSeq, ...w.params)) tally.add(row)
  }

  /**
   * Days [first, end) of a slice with a tone-score range (no host or category filter: #daysCover):
   * the tenths the range holds whole from the counts by tenth (article_score_facets for the facets,
   * timeline and tone, article_score_days for the timeline and tone of a slice with no other
   * filter, article_score_spans for the hosts), less their articles past the
   * watermark; the articles of the tenths the range cuts through (at most two) read one by one
   * through articles_score, only those whose score lies in that tenth and the range.
   */
  #scoreDaysInto(
    tally: Tally,
    f: SearchFilters,
    range: { min: number; max: number },
    first: number,
    end: number,
  ): void {
    const { whole, edges } = scoreRangeTenths(range.min, range.max)
    // A tenth the range cuts is added up from its articles in the range, or, when the range holds
    // more than half its width, counted whole less its articles outside the range (`min_score=0.5`:
    // doubles just below 0.5 share its tenth, so the tenth is cut, but no stored score lies there).
    const edgeReads: { tenth: number; n: 1 | -1; low: number; high: number; lowOpen: boolean; highOpen: boolean }[] = []
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
      const timeline = this.db.query<{ day: number; sentiment: string; n: number; s: number }, Binding[]>(
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
      const facets = this.db.query<Omit<StatsRow, 'host' | 't' | 's'>, Binding[]>(
        `SELECT country, lang, tld, category, sentiment, sum(n) AS n FROM article_score_facets
         WHERE ${where('level = ? AND span >= ? AND span < ?')}
         GROUP BY span, sentiment, category, lang, country, tld, defaulted`,
      )
      const hosts = this.db.query<{ host: string; n: number }, Binding[]>(
        `SELECT host, sum(n) AS n FROM article_score_spans
         WHERE ${where('level = ? AND span >= ? AND span < ?')} GROUP BY span, host`,
      )
      for (const piece of daySpans(first, end)) {
        for (const row of facets.iterate(piece.level, piece.from, piece.to, counted.first, counted.last, ...params))
          tally.addFacetCounts(row, row.n)
        // No category here (#daysCover): the host counts by tenth hold every other filter column.
        if (tally.hosts)
          for (const row of hosts.iterate(piece.level, piece.from, piece.to, counted.first, counted.last, ...params))
            tally.addHost(row.host, row.n)
      }
      if (f.maxSeq !== null) {
        const w = buildWhere({ ...unwatermarked, maxSeq: null }, [], this.#hasPairs(), this.#hasEntities())
        const past = this.db.query<StatsRow, Binding[]>(
          `SELECT ${ROW_FACETS}, a.published_at AS t, -1 AS n, -CAST(round(a.score * 1000) AS INTEGER) AS s FROM articles a NOT INDEXED
           WHERE a.seq > ? AND ${SCORE_TENTH_SQL} >= ? AND ${SCORE_TENTH_SQL} <= ? AND ${w.sql}`,
        )
        for (const row of past.iterate(f.maxSeq, counted.first, counted.last, ...w.params)) tally.add(row)
      }
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
        [],
        this.#hasPairs(),
        this.#hasEntities(),
      )
      const rows = this.db.query<StatsRow, Binding[]>(
        `SELECT ${ROW_FACETS}, a.published_at AS t, ${edge.n} AS n, ${edge.n} * CAST(round(a.score * 1000) AS INTEGER) AS s
         FROM articles a INDEXED BY articles_score
         WHERE a.score ${edge.lowOpen ? '>' : '>='} ? AND a.score ${edge.highOpen ? '<' : '<='} ? AND ${SCORE_TENTH_SQL} = ? AND ${w.sql}`,
      )
      for (const row of rows.iterate(edge.low, edge.high, edge.tenth, ...w.params)) tally.add(row)
    }
  }

  /** #daysInto through the per-connection memo (daysMemoByConnection). */
  #memoDaysInto(tally: StatsTally, f: SearchFilters, first: number, end: number, periodSeconds: number): void {
    const version = this.db.query<{ data_version: number }, []>('PRAGMA data_version').get()?.data_version ?? -1
    const changes = this.db.query<{ c: number }, []>('SELECT total_changes() AS c').get()?.c ?? -1
    const key = JSON.stringify([
      version,
      changes,
      this.#schemaVersion(),
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
    let memo = memos.get(this.db)
    if (memo === undefined) memos.set(this.db, (memo = new Map()))
    let counts = memo.get(key)
    if (counts === undefined) {
      const days = new StatsTally(periodSeconds)
      this.#daysInto(days, f, first, end)
      counts = days.counts()
      if (memo.size >= (ranged ? SCORE_DAYS_MEMO_MAX : DAYS_MEMO_MAX)) memo.delete(memo.keys().next().value as string)
    } else memo.delete(key)
    memo.set(key, counts)
    tally.addCounts(counts)
  }

  /** The index a scan that reads only filter columns reaches rows by (covering from schema 8). */
  #scanIndex(): string {
    return this.#schemaVersion() >= COVERING_SCAN_VERSION ? 'articles_tkey_facets' : 'articles_tkey'
  }

  /** Whether this store's full-text index holds word pairs (migration 15). */
  #hasPairs(): boolean {
    return this.#schemaVersion() >= PAIRS_SCHEMA_VERSION
  }

  /** Whether this store keeps the entities articles name (migration 18). */
  #hasEntities(): boolean {
    return this.#schemaVersion() >= ENTITY_SCHEMA_VERSION
  }

  #schemaVersion(): number {
    return this.db.query<{ user_version: number }, []>('PRAGMA user_version').get()?.user_version ?? 0
  }

  article(url: string, fullText: boolean, maxSeq: number | null): (ArticleRecord & ArticleSignals) | null {
    const row = this.db
      .query<StoreArticleRow, [string, string, number]>(
        `SELECT ${ARTICLE_COLUMNS} FROM articles a
         WHERE a.url = coalesce((SELECT url FROM articles WHERE url = ?), (SELECT url FROM url_aliases WHERE target_uri = ?))
           AND a.seq <= ?`,
      )
      .get(url, url, maxSeq ?? Number.MAX_SAFE_INTEGER)
    if (row === null) return null
    return toRecord(
      row,
      fullText ? (this.texts([row.seq]).get(row.seq) ?? '') : undefined,
      this.#entitiesOf([row.seq]).get(row.seq) ?? [],
    )
  }

  /** The entities of these articles, most mentioned first (none in a store before migration 18). */
  #entitiesOf(seqs: readonly number[]): Map<number, ArticleEntity[]> {
    return seqs.length === 0 || !this.#hasEntities() ? new Map() : articleEntities(this.db, seqs)
  }

  private texts(seqs: readonly number[]): Map<number, string> {
    if (seqs.length === 0) return new Map()
    const rows = this.db
      .query<{ seq: number; text: string }, number[]>(
        `SELECT seq, text FROM article_text WHERE seq IN (${seqs.map(() => '?').join(', ')})`,
      )
      .all(...seqs)
    return new Map(rows.map((r) => [r.seq, r.text]))
  }
}

/** The entities of these articles (store of schema 18 or later), most mentioned first, then by key. */
export function articleEntities(db: Database, seqs: readonly number[]): Map<number, ArticleEntity[]> {
  const out = new Map<number, ArticleEntity[]>()
  const rows = db
    .query<
      { seq: number; key: string; name: string; type: EntityType; count: number; country: string | null },
      number[]
    >(
      `SELECT ae.seq, e.key, ae.name, e.type, ae.count, e.country FROM article_entities ae INDEXED BY article_entities_seq
       JOIN entities e ON e.id = ae.entity WHERE ae.seq IN (${seqs.map(() => '?').join(', ')})`,
    )
    .all(...seqs)
  for (const r of rows) {
    const list = out.get(r.seq) ?? []
    list.push({ key: r.key, name: r.name, type: r.type, count: r.count, country: r.country })
    out.set(r.seq, list)
  }
  for (const list of out.values())
    list.sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  return out
}
