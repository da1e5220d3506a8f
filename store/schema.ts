import type { Database } from 'bun:sqlite'
import { TABLES_SQL_V1 } from './migrations/v1-tables.ts'
import { indexFormV4 } from './migrations/v4-index-form.ts'
import { timeKeyV4 } from './migrations/v4-time-key.ts'
import { FTS_TABLE_SQL_V5, facetTextV5 } from './migrations/v5-facet-tokens.ts'
import { ARTICLE_DAYS_TRIGGERS_V6 } from './migrations/v6-article-days-triggers.ts'
import { SPAN_LEVELS_V11, SPAN_TRIGGERS_V11 } from './migrations/v11-span-counts.ts'
import { TERM_STALE_TRIGGERS_V13 } from './migrations/v13-term-stale-triggers.ts'
import { optimizeFullTextV15 } from './migrations/v15-optimize.ts'
import { COUNT_TABLES_SQL_V16 } from './migrations/v16-count-tables.ts'
import { FTS_INSERT_SQL_V15, FTS_PAIRS_TABLE_SQL_V15, facetTextV16, ftsValuesV16 } from './migrations/v16-fts-row.ts'
import { TONE_SPANS_SQL_V17 } from './migrations/v17-tone-spans.ts'
import { ENTITY_TABLES_SQL_V18 } from './migrations/v18-entities.ts'
import { SCORE_COUNTS_SQL_V19 } from './migrations/v19-score-counts.ts'
import { ENTITY_DAY_BLOBS_V20 } from './migrations/v20-entity-day-blobs.ts'
import { SCORE_RANGE_COUNTS_V21 } from './migrations/v21-score-range-counts.ts'
import { termFullDaysV22 } from './migrations/v22-term-full-days.ts'

/**
 * The store's schema, as ordered migrations keyed by `PRAGMA user_version`: SQL, or a function
 * when rows must be recomputed in TypeScript. A migration never edits an earlier one, and never
 * calls code that may change later: what it needs is frozen in store/migrations/ (its README),
 * and test/store/migrations-frozen.test.ts pins what each one writes.
 */

/** Every article with what its full-text row is made of, for the migrations that rebuild the index. */
const ftsSourceRows = (db: Database) =>
  db.query<
    {
      tkey: number
      title: string
      description: string
      lang: string
      country: string
      tld: string
      host: string
      country_source: string
      crawled_at: number
      category: string
      sentiment: string
      score: number
    },
    []
  >(
    'SELECT tkey, title, description, lang, country, tld, host, country_source, crawled_at, category, sentiment, score FROM articles',
  )

/**
 * The longer spans article_spans counts hosts over: level L covers 4^L whole UTC days starting at a
 * multiple of 4^L (day number, UTC). A 90-day range is then a few spans per level plus a few
 * single days (store/sqlite-search/day-spans.ts, `daySpans`). Frozen with migration 11: stores hold rows for
 * exactly these levels, so changing them takes a new migration that rebuilds article_spans.
 */
export const SPAN_LEVELS = SPAN_LEVELS_V11

export const MIGRATIONS: readonly (string | ((db: Database) => void))[] = [
  // 1: articles, their bodies, URL variants, ingested WARC files, prices
  TABLES_SQL_V1,
  // 2: full-text index over title and description. Contentless with delete support: rows are
  // removed by rowid alone, so a change in word segmentation (ICU updates) can never leave stale
  // tokens behind, and the text is not stored twice. Values are written in their index form
  // (core/search/tokens.ts: spaces between CJK/Thai words).
  `
  CREATE VIRTUAL TABLE articles_fts USING fts5(
    title, description,
    content = '', contentless_delete = 1,
    tokenize = 'unicode61 remove_diacritics 2'
  );
  `,
  // 3: syndication groups. Copies share the title half of dup_key and a near-identical body
  // (core/enrich/dup-key.ts); a group is named after its smallest article id, so the grouping does
  // not depend on the order files are ingested in.
  `
  ALTER TABLE articles ADD COLUMN dup_title TEXT NOT NULL DEFAULT '';
  ALTER TABLE articles ADD COLUMN dup_group TEXT NOT NULL DEFAULT '';
  UPDATE articles SET dup_title = substr(dup_key, 1, instr(dup_key || ':', ':') - 1), dup_group = id;
  CREATE INDEX articles_dup_title ON articles(dup_title);
  CREATE INDEX articles_dup_group ON articles(dup_group);
  `,
  // 4: the full-text index is keyed by a time key (published_at, then id) instead of seq, so a
  // date-sorted search walks the index newest-first and stops at its page instead of sorting
  // every match (store/time-key.ts).
  (db: Database) => {
    db.exec('ALTER TABLE articles ADD COLUMN tkey INTEGER')
    const rows = db
      .query<{ seq: number; id: string; published_at: number; title: string; description: string }, []>(
        'SELECT seq, id, published_at, title, description FROM articles',
      )
      .all()
    const taken = new Set<number>()
    const setKey = db.query('UPDATE articles SET tkey = ? WHERE seq = ?')
    db.exec('DROP TABLE articles_fts')
    db.exec(
      `CREATE VIRTUAL TABLE articles_fts USING fts5(title, description, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2')`,
    )
    const fts = db.query('INSERT INTO articles_fts (rowid, title, description) VALUES (?, ?, ?)')
    for (const r of rows) {
      let key = timeKeyV4(r.published_at, r.id)
      while (taken.has(key)) key++
      taken.add(key)
      setKey.run(key, r.seq)
      fts.run(key, indexFormV4(r.title), indexFormV4(r.description))
    }
    db.exec('CREATE UNIQUE INDEX articles_tkey ON articles(tkey)')
  },
  // 5: a third full-text column holds each article's language and country as tokens
  // (store/fts-facets.ts), so filtered searches intersect posting lists instead of joining rows.
  (db: Database) => {
    const rows = db
      .query<{ tkey: number; title: string; description: string; lang: string; country: string }, []>(
        'SELECT tkey, title, description, lang, country FROM articles',
      )
      .all()
    db.exec('DROP TABLE articles_fts')
    db.exec(FTS_TABLE_SQL_V5)
    const fts = db.query('INSERT INTO articles_fts (rowid, title, description, facets) VALUES (?, ?, ?, ?)')
    // Migration 5's tokens: language and country only (migration 7 rewrites them all).
    for (const r of rows) fts.run(r.tkey, indexFormV4(r.title), indexFormV4(r.description), facetTextV5(r))
  },
  // 6: articles counted per UTC day and facet combination, kept equal to the articles table by
  // triggers in the same transaction as every write, so stats without words over whole days add
  // up a few rows per host and day instead of reading every article (store/sqlite-search/day-counts.ts).
  `
  CREATE TABLE article_days (
    day INTEGER NOT NULL,                  -- published_at / 86400 (UTC day number)
    host TEXT NOT NULL,
    lang TEXT NOT NULL,
    country TEXT NOT NULL,
    tld TEXT NOT NULL,
    defaulted INTEGER NOT NULL,            -- country_source = 'default' (strict_country drops it)
    n INTEGER NOT NULL,
    PRIMARY KEY (day, host, lang, country, tld, defaulted)
  ) WITHOUT ROWID;
  INSERT INTO article_days (day, host, lang, country, tld, defaulted, n)
    SELECT published_at / 86400, host, lang, country, tld, country_source = 'default', count(*)
    FROM articles GROUP BY 1, 2, 3, 4, 5, 6;
  ${ARTICLE_DAYS_TRIGGERS_V6}
  `,
  // 7: the facets column also holds each article's TLD, host, a default-country mark, a token
  // every article has and its crawl hour
  // (store/fts-facets.ts), so every filter is a posting list: a search with any filter is driven
  // by the full-text index and never by a row index probing MATCH per row (docs/DECISIONS.md,
  // Search plans), and a count reads posting lists instead of rows.
  (db: Database) => {
    const rows = ftsSourceRows(db)
    db.exec('DROP TABLE articles_fts')
    db.exec(FTS_TABLE_SQL_V5)
    const fts = db.query('INSERT INTO articles_fts (rowid, title, description, facets) VALUES (?, ?, ?, ?)')
    for (const r of rows.iterate()) fts.run(r.tkey, indexFormV4(r.title), indexFormV4(r.description), facetTextV16(r))
  },
  // 8: every column a filtered scan tests or counts (and the syndication group dedupe reads),
  // keyed by the time key, so stats, counts and dedupe walks that join the full-text index's
  // matches to their rows read one narrow index entry per match instead of the index and the
  // wide row (3.8x faster for 56k matches); and the per-day counts by country, so word-less
  // stats of one country read that country's rows only (docs/DECISIONS.md, Search plans).
  `CREATE INDEX IF NOT EXISTS articles_tkey_facets ON articles(tkey, published_at, crawled_at, seq, country, lang, tld, host, country_source, dup_group);
  CREATE INDEX IF NOT EXISTS article_days_country ON article_days(country, day);`,
  // 9 (issue 17, category model): which labeller decided the category. Rows stored before it were
  // all labelled by the term lists. Skipped when the column is there already (a store whose version
  // was wound back by hand, as the migration tests do).
  (db: Database) => {
    const columns = db.query<{ name: string }, []>('PRAGMA table_info(articles)').all()
    if (!columns.some((c) => c.name === 'category_by'))
      db.exec(`ALTER TABLE articles ADD COLUMN category_by TEXT NOT NULL DEFAULT 'terms'`)
  },
  // 10: where in its (compressed) file the next uncommitted record starts, so a resumed file is
  // read from there (a file slice, an HTTP Range request) instead of from byte 0. NULL: unknown
  // (plain or whole-file gzip), resumed by record index from byte 0 as before.
  (db) => {
    const columns = db.query<{ name: string }, []>('PRAGMA table_info(warc_files)').all()
    if (!columns.some((c) => c.name === 'next_offset')) db.exec('ALTER TABLE warc_files ADD COLUMN next_offset INTEGER')
  },
  // 11: word-less stats over long ranges without adding up a row per host and day. The per-day
  // counts without the host (article_day_facets: a few rows per day) give the timeline and the
  // country, language and TLD buckets; host buckets come from counts over 4-, 16- and 64-day spans
  // (article_spans) and the single days left at the range's ends (article_days). A 90-day range
  // at 1M articles read 181k article_days rows; it now reads about a fifth of that. Recomputed
  // from article_days, so a store wound back to an earlier version (tests) migrates again.
  `
  DROP TRIGGER IF EXISTS article_spans_insert;
  DROP TRIGGER IF EXISTS article_spans_delete;
  DROP TRIGGER IF EXISTS article_spans_update;
  DROP TABLE IF EXISTS article_day_facets;
  DROP TABLE IF EXISTS article_spans;
  DROP TABLE IF EXISTS span_levels;
  CREATE TABLE article_day_facets (
    day INTEGER NOT NULL,
    lang TEXT NOT NULL,
    country TEXT NOT NULL,
    tld TEXT NOT NULL,
    defaulted INTEGER NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (day, lang, country, tld, defaulted)
  ) WITHOUT ROWID;
  CREATE TABLE article_spans (
    level INTEGER NOT NULL,                -- the span is 4^level days (SPAN_LEVELS)
    span INTEGER NOT NULL,                 -- day >> (2 * level)
    host TEXT NOT NULL,
    lang TEXT NOT NULL,
    country TEXT NOT NULL,
    tld TEXT NOT NULL,
    defaulted INTEGER NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (level, span, host, lang, country, tld, defaulted)
  ) WITHOUT ROWID;
  CREATE TABLE span_levels (level INTEGER PRIMARY KEY);
  INSERT INTO span_levels (level) VALUES ${SPAN_LEVELS_V11.map((l) => `(${l})`).join(', ')};
  INSERT INTO article_day_facets (day, lang, country, tld, defaulted, n)
    SELECT day, lang, country, tld, defaulted, sum(n) FROM article_days GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO article_spans (level, span, host, lang, country, tld, defaulted, n)
    SELECT l.level, d.day >> (2 * l.level), d.host, d.lang, d.country, d.tld, d.defaulted, sum(d.n)
    FROM article_days d CROSS JOIN span_levels l GROUP BY 1, 2, 3, 4, 5, 6, 7;
  ${SPAN_TRIGGERS_V11}
  `,
  // 12: files whose latest attempt failed, so a capped live run puts them after the others
  // (batch/live-files.ts) instead of retrying the same failing files first on every run.
  `CREATE TABLE IF NOT EXISTS warc_failures (
    source TEXT PRIMARY KEY,
    failures INTEGER NOT NULL,             -- failed attempts since the file last made progress
    last_failed_at INTEGER NOT NULL,       -- epoch seconds
    last_error TEXT NOT NULL
  ) WITHOUT ROWID;`,
  // 13: per-day counts of the most common words by facet combination (store/term-counts.ts), so
  // stats for such a word read a row per day instead of joining every match to its row. Written
  // by the batch job; until it has chosen words, stats read the articles as before.
  `
  DROP TRIGGER IF EXISTS term_stale_insert;
  DROP TRIGGER IF EXISTS term_stale_delete;
  DROP TRIGGER IF EXISTS term_stale_update;
  DROP TABLE IF EXISTS term_days;
  DROP TABLE IF EXISTS term_keys;
  DROP TABLE IF EXISTS term_stale_days;
  DROP TABLE IF EXISTS facet_combos;
  DELETE FROM meta WHERE key IN ('term_keys_articles', 'term_keys_chosen_at', 'term_keys_rule');
  CREATE TABLE facet_combos (
    id INTEGER PRIMARY KEY,
    country TEXT NOT NULL,
    lang TEXT NOT NULL,
    tld TEXT NOT NULL,
    host TEXT NOT NULL,
    defaulted INTEGER NOT NULL,            -- country_source = 'default'
    UNIQUE (host, lang, country, tld, defaulted)
  );
  CREATE TABLE term_keys (
    id INTEGER PRIMARY KEY AUTOINCREMENT,  -- never reused: a dropped word's id never names another word
    key TEXT NOT NULL UNIQUE,              -- the MATCH expression of the one-word query
    term TEXT NOT NULL,                    -- the word, as the full-text index holds it
    docs INTEGER NOT NULL                  -- titles plus descriptions that held it when chosen
  );
  CREATE TABLE term_days (
    key_id INTEGER NOT NULL,
    day INTEGER NOT NULL,                  -- published_at / 86400
    counts BLOB NOT NULL,                  -- (facet_combos id, articles) pairs (store/count-blob.ts)
    PRIMARY KEY (key_id, day)
  );
  CREATE TABLE term_stale_days (day INTEGER PRIMARY KEY);
  ${TERM_STALE_TRIGGERS_V13}
  `,
  // 14: the syndication group by time key alone, so a dedupe walk whose MATCH expression is the
  // whole slice reads a narrow entry per match (46 -> 26 ms for 11,000 matches at 1M) instead of
  // the ten-column articles_tkey_facets entry (docs/DECISIONS.md, Search plans).
  'CREATE INDEX IF NOT EXISTS articles_tkey_dup ON articles(tkey, dup_group);',
  // 15: word pairs in the full-text index (store/fts-pairs.ts), so a phrase reads the documents
  // holding its word pairs instead of the positions of every document holding its words. The
  // index is rebuilt from the articles table, as migration 7 did, then merged into one segment.
  (db: Database) => {
    const rows = ftsSourceRows(db)
    db.exec('DROP TABLE articles_fts')
    db.exec(FTS_PAIRS_TABLE_SQL_V15)
    const fts = db.query(FTS_INSERT_SQL_V15)
    for (const r of rows.iterate()) fts.run(r.tkey, ...ftsValuesV16(r))
    // One segment, not the dozens a bulk write leaves (store/fts-maintenance.ts).
    optimizeFullTextV15(db)
  },
  // 16 (issue 25, ask about every signal): category, tone label and score tenth as facet tokens
  // (store/fts-facets.ts), so those filters are posting lists like the others; the covering index
  // also holds category, tone label and score, so stats and row tests of them read no row; the
  // per-day counts without hosts count by category and tone label and sum the scores (in
  // thousandths, exact), so word-less stats give the tone timeline from counts; each day of a
  // counted word gets a second blob, by category, tone label, country, language, TLD and the
  // default mark with score sums (no host), beside its blob by host (no tone): one blob with
  // every dimension held 5-20x more entries a day and made stats with a common word at 1M 4-5x
  // slower (store/count-blob.ts). Dropped here, counted again by the batch job's next refresh
  // (stats read the articles until then).
  (db: Database) => {
    const rows = ftsSourceRows(db)
    db.exec('DROP TABLE articles_fts')
    db.exec(FTS_PAIRS_TABLE_SQL_V15)
    const fts = db.query(FTS_INSERT_SQL_V15)
    for (const r of rows.iterate()) fts.run(r.tkey, ...ftsValuesV16(r))
    optimizeFullTextV15(db)
    db.exec(COUNT_TABLES_SQL_V16)
  },
  // 17 (issue 25): host buckets of word-less stats filtered by category or tone from counts
  // (article_tone_spans, TONE_SPANS_V17) instead of every article of the slice: at 1M articles
  // `/v1/stats?category=sport` over 90 days read 130,020 rows (0.5–0.8 s on a busy machine).
  TONE_SPANS_SQL_V17,
  // 18 (issue 27): the entities each article names (core/entity.ts), written by ArticleWriter in
  // the article's transaction. article_entities carries the article's day, country, tone and
  // score so its triggers keep entity_days (volume and tone by entity, day and country) without
  // reading the article; an article's delete takes its entity rows with it. Stores older than
  // this have no entity rows for their articles until they are ingested again.
  ENTITY_TABLES_SQL_V18,
  // 19 (issue 25): whole days of word-less stats with a tone-score range from counts by score
  // tenth (SCORE_FACETS_V19, SCORE_SPANS_V19) instead of every article of the slice (`max_score=0`
  // over 90 days read 733k rows at 1M, about 1 s); the tenths a range's bounds cut through are
  // read row by row from articles_score (covering), only the articles of those tenths.
  SCORE_COUNTS_SQL_V19,
  // 20 (issue 27): entity counts packed one row a day and country, so trending lists over long
  // windows read a blob a day (store/entity-blobs.ts); stale days are read from entity_days.
  ENTITY_DAY_BLOBS_V20,
  // 21 (issue 25): the counts by score tenth indexed by level and country, so a tone-score range
  // with a country filter reads that country's rows only (store/sqlite-search/score-days.ts), and
  // word counts by score tenth (term_tenth_days, written by store/term-counts.ts), so a counted
  // word with a tone-score range adds up the tenths it holds whole instead of reading articles.
  SCORE_RANGE_COUNTS_V21,
  // 22 (issue 25): the most common counted words also get counts by (host combination, tone
  // combination) pair per day (term_full_days, written by store/term-counts.ts), so stats of such a
  // word with a category or tone filter read one blob a day, host buckets included, instead of
  // every match; term_keys.full marks them.
  termFullDaysV22,
]
