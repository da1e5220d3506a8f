import type { Database } from 'bun:sqlite'
import { optimizeFullText } from './fts-maintenance.ts'
import { indexFormV4 } from './migrations/v4-index-form.ts'
import { timeKeyV4 } from './migrations/v4-time-key.ts'
import { FTS_TABLE_SQL_V5, facetTextV5 } from './migrations/v5-facet-tokens.ts'
import { ARTICLE_DAYS_TRIGGERS_V6 } from './migrations/v6-article-days-triggers.ts'
import { SPAN_LEVELS_V11, SPAN_TRIGGERS_V11 } from './migrations/v11-span-counts.ts'
import { TERM_STALE_TRIGGERS_V13 } from './migrations/v13-term-stale-triggers.ts'
import { ENTITY_DAY_BLOBS_V20 } from './migrations/v20-entity-day-blobs.ts'
import { FTS_INSERT_SQL_V15, FTS_PAIRS_TABLE_SQL_V15, facetTextV16, ftsValuesV16 } from './migrations/v16-fts-row.ts'

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
 * single days (store/search-sqlite.ts, `daySpans`). Frozen with migration 11: stores hold rows for
 * exactly these levels, so changing them takes a new migration that rebuilds article_spans.
 */
export const SPAN_LEVELS = SPAN_LEVELS_V11

/**
 * Migration 16's count triggers, written out in full so that later code cannot change what it
 * installs. article_day_facets now counts by category and tone label too and sums the scores in
 * thousandths; article_spans keeps its host counts as migration 11 made them.
 */
const DAY_FACETS_V16 = (row: 'NEW' | 'OLD', delta: 1 | -1): string => {
  const day = `${row}.published_at / 86400`
  const defaulted = `(${row}.country_source = 'default')`
  const milli = `CAST(round(${row}.score * 1000) AS INTEGER)`
  const match = `day = ${day} AND lang = ${row}.lang AND country = ${row}.country AND tld = ${row}.tld AND defaulted = ${defaulted} AND category = ${row}.category AND sentiment = ${row}.sentiment`
  return delta === 1
    ? `INSERT INTO article_day_facets (day, lang, country, tld, defaulted, category, sentiment, n, score_milli)
         VALUES (${day}, ${row}.lang, ${row}.country, ${row}.tld, ${defaulted}, ${row}.category, ${row}.sentiment, 1, ${milli})
         ON CONFLICT DO UPDATE SET n = n + 1, score_milli = score_milli + excluded.score_milli;`
    : `UPDATE article_day_facets SET n = n - 1, score_milli = score_milli - ${milli} WHERE ${match};
       DELETE FROM article_day_facets WHERE ${match} AND n <= 0;`
}
const SPANS_V16 = (row: 'NEW' | 'OLD', delta: 1 | -1): string => {
  const day = `${row}.published_at / 86400`
  const defaulted = `(${row}.country_source = 'default')`
  const spanMatch = (level: number) =>
    `level = ${level} AND span = (${day}) >> ${2 * level} AND host = ${row}.host AND lang = ${row}.lang AND country = ${row}.country AND tld = ${row}.tld AND defaulted = ${defaulted}`
  return delta === 1
    ? `INSERT INTO article_spans (level, span, host, lang, country, tld, defaulted, n)
         SELECT level, (${day}) >> (2 * level), ${row}.host, ${row}.lang, ${row}.country, ${row}.tld, ${defaulted}, 1
         FROM span_levels WHERE true
         ON CONFLICT DO UPDATE SET n = n + 1;`
    : [1, 2, 3]
        .map(
          (l) => `UPDATE article_spans SET n = n - 1 WHERE ${spanMatch(l)};
       DELETE FROM article_spans WHERE ${spanMatch(l)} AND n <= 0;`,
        )
        .join('\n       ')
}
const V16_TRIGGERS = `
  CREATE TRIGGER article_spans_insert AFTER INSERT ON articles BEGIN ${SPANS_V16('NEW', 1)} END;
  CREATE TRIGGER article_spans_delete AFTER DELETE ON articles BEGIN ${SPANS_V16('OLD', -1)} END;
  CREATE TRIGGER article_spans_update AFTER UPDATE OF published_at, host, lang, country, tld, country_source ON articles
    WHEN OLD.published_at / 86400 IS NOT NEW.published_at / 86400 OR OLD.host IS NOT NEW.host OR OLD.lang IS NOT NEW.lang
      OR OLD.country IS NOT NEW.country OR OLD.tld IS NOT NEW.tld OR OLD.country_source IS NOT NEW.country_source
    BEGIN ${SPANS_V16('OLD', -1)} ${SPANS_V16('NEW', 1)} END;
  CREATE TRIGGER article_day_facets_insert AFTER INSERT ON articles BEGIN ${DAY_FACETS_V16('NEW', 1)} END;
  CREATE TRIGGER article_day_facets_delete AFTER DELETE ON articles BEGIN ${DAY_FACETS_V16('OLD', -1)} END;
  CREATE TRIGGER article_day_facets_update AFTER UPDATE OF published_at, lang, country, tld, country_source, category, sentiment, score ON articles
    WHEN OLD.published_at / 86400 IS NOT NEW.published_at / 86400 OR OLD.lang IS NOT NEW.lang OR OLD.country IS NOT NEW.country
      OR OLD.tld IS NOT NEW.tld OR OLD.country_source IS NOT NEW.country_source OR OLD.category IS NOT NEW.category
      OR OLD.sentiment IS NOT NEW.sentiment OR OLD.score IS NOT NEW.score
    BEGIN ${DAY_FACETS_V16('OLD', -1)} ${DAY_FACETS_V16('NEW', 1)} END;
  CREATE TRIGGER term_stale_insert AFTER INSERT ON articles BEGIN INSERT OR IGNORE INTO term_stale_days (day) VALUES (NEW.published_at / 86400); END;
  CREATE TRIGGER term_stale_delete AFTER DELETE ON articles BEGIN INSERT OR IGNORE INTO term_stale_days (day) VALUES (OLD.published_at / 86400); END;
  CREATE TRIGGER term_stale_update AFTER UPDATE OF published_at, host, lang, country, tld, country_source, title, description, tkey, category, sentiment, score ON articles
    BEGIN
      INSERT OR IGNORE INTO term_stale_days (day) VALUES (OLD.published_at / 86400);
      INSERT OR IGNORE INTO term_stale_days (day) VALUES (NEW.published_at / 86400);
    END;
`

/**
 * Migration 17's triggers, written out in full: article_tone_spans counts articles by day (level 0)
 * and by 4-, 16- and 64-day span, by tone label, category, host, language, country, TLD and the
 * default-country mark, so host buckets of stats filtered by category or tone come from counts.
 * The key starts with the tone label, then the category: a filter on either is a key range.
 */
const TONE_SPANS_V17 = (row: 'NEW' | 'OLD', delta: 1 | -1): string => {
  const day = `${row}.published_at / 86400`
  const defaulted = `(${row}.country_source = 'default')`
  const milli = `CAST(round(${row}.score * 1000) AS INTEGER)`
  const match = (level: number) =>
    `level = ${level} AND span = (${day}) >> ${2 * level} AND sentiment = ${row}.sentiment AND category = ${row}.category AND host = ${row}.host AND lang = ${row}.lang AND country = ${row}.country AND tld = ${row}.tld AND defaulted = ${defaulted}`
  return delta === 1
    ? `INSERT INTO article_tone_spans (level, span, sentiment, category, host, lang, country, tld, defaulted, n, score_milli)
         SELECT level, (${day}) >> (2 * level), ${row}.sentiment, ${row}.category, ${row}.host, ${row}.lang, ${row}.country, ${row}.tld, ${defaulted}, 1, ${milli}
         FROM tone_span_levels WHERE true
         ON CONFLICT DO UPDATE SET n = n + 1, score_milli = score_milli + excluded.score_milli;`
    : [0, 1, 2, 3]
        .map(
          (l) => `UPDATE article_tone_spans SET n = n - 1, score_milli = score_milli - ${milli} WHERE ${match(l)};
       DELETE FROM article_tone_spans WHERE ${match(l)} AND n <= 0;`,
        )
        .join('\n       ')
}

/**
 * Migration 19's triggers, written out in full. The score's tenth is the `v<i>` facet token's
 * (store/migrations/v16-fts-row.ts): min(19, floor((score + 1) * 10)), in the same double
 * arithmetic. Both tables count by day (level 0) and 4-, 16- and 64-day span, with the tenth last
 * in the key so that a reader adds the tenths of a range up in SQLite, in key order:
 * article_score_facets by tone label, category, language, country, TLD and the default mark, with
 * score sums (timeline, tone and facets); article_score_spans by host, tone label, language,
 * country, TLD and the default mark (hosts; no category: it multiplied the rows three times at 1M).
 * article_score_days counts by day, tone label and tenth alone: the timeline of a slice with no
 * other filter, without adding up every combination of each day.
 */
const SCORE_TENTH_V19 = (row: 'NEW' | 'OLD'): string => `min(19, max(0, CAST((${row}.score + 1) * 10 AS INTEGER)))`
const SCORE_FACETS_V19 = (row: 'NEW' | 'OLD', delta: 1 | -1): string => {
  const day = `${row}.published_at / 86400`
  const defaulted = `(${row}.country_source = 'default')`
  const milli = `CAST(round(${row}.score * 1000) AS INTEGER)`
  const tenth = SCORE_TENTH_V19(row)
  const match = (level: number) =>
    `level = ${level} AND span = (${day}) >> ${2 * level} AND sentiment = ${row}.sentiment AND category = ${row}.category AND lang = ${row}.lang AND country = ${row}.country AND tld = ${row}.tld AND defaulted = ${defaulted} AND tenth = ${tenth}`
  return delta === 1
    ? `INSERT INTO article_score_facets (level, span, sentiment, category, lang, country, tld, defaulted, tenth, n, score_milli)
         SELECT level, (${day}) >> (2 * level), ${row}.sentiment, ${row}.category, ${row}.lang, ${row}.country, ${row}.tld, ${defaulted}, ${tenth}, 1, ${milli}
         FROM score_span_levels WHERE true
         ON CONFLICT DO UPDATE SET n = n + 1, score_milli = score_milli + excluded.score_milli;`
    : [0, 1, 2, 3]
        .map(
          (l) => `UPDATE article_score_facets SET n = n - 1, score_milli = score_milli - ${milli} WHERE ${match(l)};
       DELETE FROM article_score_facets WHERE ${match(l)} AND n <= 0;`,
        )
        .join('\n       ')
}
const SCORE_DAYS_V19 = (row: 'NEW' | 'OLD', delta: 1 | -1): string => {
  const day = `${row}.published_at / 86400`
  const milli = `CAST(round(${row}.score * 1000) AS INTEGER)`
  const tenth = SCORE_TENTH_V19(row)
  const match = `day = ${day} AND sentiment = ${row}.sentiment AND tenth = ${tenth}`
  return delta === 1
    ? `INSERT INTO article_score_days (day, sentiment, tenth, n, score_milli)
         VALUES (${day}, ${row}.sentiment, ${tenth}, 1, ${milli})
         ON CONFLICT DO UPDATE SET n = n + 1, score_milli = score_milli + excluded.score_milli;`
    : `UPDATE article_score_days SET n = n - 1, score_milli = score_milli - ${milli} WHERE ${match};
       DELETE FROM article_score_days WHERE ${match} AND n <= 0;`
}
const SCORE_SPANS_V19 = (row: 'NEW' | 'OLD', delta: 1 | -1): string => {
  const day = `${row}.published_at / 86400`
  const defaulted = `(${row}.country_source = 'default')`
  const tenth = SCORE_TENTH_V19(row)
  const match = (level: number) =>
    `level = ${level} AND span = (${day}) >> ${2 * level} AND host = ${row}.host AND sentiment = ${row}.sentiment AND lang = ${row}.lang AND country = ${row}.country AND tld = ${row}.tld AND defaulted = ${defaulted} AND tenth = ${tenth}`
  return delta === 1
    ? `INSERT INTO article_score_spans (level, span, host, sentiment, lang, country, tld, defaulted, tenth, n)
         SELECT level, (${day}) >> (2 * level), ${row}.host, ${row}.sentiment, ${row}.lang, ${row}.country, ${row}.tld, ${defaulted}, ${tenth}, 1
         FROM score_span_levels WHERE true
         ON CONFLICT DO UPDATE SET n = n + 1;`
    : [0, 1, 2, 3]
        .map(
          (l) => `UPDATE article_score_spans SET n = n - 1 WHERE ${match(l)};
       DELETE FROM article_score_spans WHERE ${match(l)} AND n <= 0;`,
        )
        .join('\n       ')
}

export const MIGRATIONS: readonly (string | ((db: Database) => void))[] = [
  // 1: articles, their bodies, URL variants, ingested WARC files, prices
  `
  CREATE TABLE articles (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,  -- monotone: snapshot watermarks are a seq
    id TEXT NOT NULL UNIQUE,                -- stable hash of the canonical url
    url TEXT NOT NULL UNIQUE,
    target_uri TEXT NOT NULL,
    title TEXT NOT NULL,
    description TEXT NOT NULL,
    published_at INTEGER NOT NULL,          -- epoch seconds UTC
    date_source TEXT NOT NULL,
    crawled_at INTEGER NOT NULL,            -- epoch seconds UTC (WARC-Date)
    host TEXT NOT NULL,
    tld TEXT NOT NULL,
    image TEXT NOT NULL,
    authors TEXT NOT NULL,                  -- JSON array of strings
    tags TEXT NOT NULL,                     -- JSON array of strings
    words INTEGER NOT NULL,
    declared_lang TEXT NOT NULL,
    section TEXT NOT NULL,
    site_country TEXT NOT NULL,
    lang TEXT NOT NULL,
    country TEXT NOT NULL,
    country_source TEXT NOT NULL,
    category TEXT NOT NULL,
    category_confidence REAL NOT NULL,
    sentiment TEXT NOT NULL,
    score REAL NOT NULL,
    labelled_by TEXT NOT NULL,
    lexicon_score INTEGER NOT NULL,
    lexicon_terms TEXT NOT NULL,
    is_bitcoin INTEGER NOT NULL,
    dup_key TEXT NOT NULL,
    source_file TEXT NOT NULL
  );
  CREATE INDEX articles_published ON articles(published_at);
  CREATE INDEX articles_crawled ON articles(crawled_at);
  CREATE INDEX articles_country_published ON articles(country, published_at);
  CREATE INDEX articles_bitcoin_published ON articles(is_bitcoin, published_at) WHERE is_bitcoin = 1;
  CREATE INDEX articles_dup_key ON articles(dup_key);

  -- Bodies live apart from the metadata so searches never page them in.
  CREATE TABLE article_text (
    seq INTEGER PRIMARY KEY REFERENCES articles(seq) ON DELETE CASCADE,
    text TEXT NOT NULL
  );

  -- Every crawled URL that led to an article (the canonical one and its variants).
  CREATE TABLE url_aliases (
    target_uri TEXT PRIMARY KEY,
    url TEXT NOT NULL
  ) WITHOUT ROWID;

  CREATE TABLE warc_files (
    source TEXT PRIMARY KEY,               -- path or URL as given to ingest
    status TEXT NOT NULL,                  -- running | done
    next_record INTEGER NOT NULL,          -- records before this index are committed
    records INTEGER NOT NULL,
    html INTEGER NOT NULL,
    articles INTEGER NOT NULL,             -- new articles this file added
    duplicates INTEGER NOT NULL,           -- HTML pages whose URL was already stored
    skipped TEXT NOT NULL,                 -- JSON object reason -> count
    started_at INTEGER NOT NULL,
    finished_at INTEGER
  ) WITHOUT ROWID;

  CREATE TABLE candles (
    instrument TEXT NOT NULL,
    open_time INTEGER NOT NULL,            -- epoch ms UTC
    open REAL NOT NULL, high REAL NOT NULL, low REAL NOT NULL, close REAL NOT NULL,
    volume REAL NOT NULL, trades INTEGER NOT NULL, hours INTEGER NOT NULL,
    PRIMARY KEY (instrument, open_time)
  ) WITHOUT ROWID;

  CREATE TABLE daily_closes (
    instrument TEXT NOT NULL,
    day INTEGER NOT NULL,                  -- epoch ms of 00:00 UTC
    close REAL NOT NULL,
    PRIMARY KEY (instrument, day)
  ) WITHOUT ROWID;

  -- Which provider the loaded prices of an instrument came from (the contract's \`source\`).
  CREATE TABLE instrument_sources (
    instrument TEXT PRIMARY KEY,
    source TEXT NOT NULL,
    updated_at INTEGER NOT NULL
  ) WITHOUT ROWID;

  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
  `,
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
  // up a few rows per host and day instead of reading every article (store/search-sqlite.ts).
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
    optimizeFullText(db)
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
    optimizeFullText(db)
    db.exec(`
      DROP INDEX IF EXISTS articles_tkey_facets;
      CREATE INDEX articles_tkey_facets ON articles(tkey, published_at, crawled_at, seq, country, lang, tld, host, country_source, dup_group, category, sentiment, score);
      DROP TRIGGER IF EXISTS article_spans_insert;
      DROP TRIGGER IF EXISTS article_spans_delete;
      DROP TRIGGER IF EXISTS article_spans_update;
      DROP TRIGGER IF EXISTS article_day_facets_insert;
      DROP TRIGGER IF EXISTS article_day_facets_delete;
      DROP TRIGGER IF EXISTS article_day_facets_update;
      DROP TRIGGER IF EXISTS term_stale_insert;
      DROP TRIGGER IF EXISTS term_stale_delete;
      DROP TRIGGER IF EXISTS term_stale_update;
      DROP TABLE IF EXISTS article_day_facets;
      CREATE TABLE article_day_facets (
        day INTEGER NOT NULL,
        lang TEXT NOT NULL,
        country TEXT NOT NULL,
        tld TEXT NOT NULL,
        defaulted INTEGER NOT NULL,
        category TEXT NOT NULL,
        sentiment TEXT NOT NULL,
        n INTEGER NOT NULL,
        score_milli INTEGER NOT NULL,          -- sum of round(score * 1000)
        PRIMARY KEY (day, lang, country, tld, defaulted, category, sentiment)
      ) WITHOUT ROWID;
      INSERT INTO article_day_facets (day, lang, country, tld, defaulted, category, sentiment, n, score_milli)
        SELECT published_at / 86400, lang, country, tld, country_source = 'default', category, sentiment, count(*), sum(CAST(round(score * 1000) AS INTEGER))
        FROM articles GROUP BY 1, 2, 3, 4, 5, 6, 7;
      DROP TABLE IF EXISTS term_days;
      DROP TABLE IF EXISTS term_keys;
      DROP TABLE IF EXISTS facet_combos;
      DELETE FROM term_stale_days;
      DELETE FROM meta WHERE key IN ('term_keys_articles', 'term_keys_chosen_at', 'term_keys_rule');
      CREATE TABLE facet_combos (
        id INTEGER PRIMARY KEY,
        country TEXT NOT NULL,
        lang TEXT NOT NULL,
        tld TEXT NOT NULL,
        host TEXT NOT NULL,
        defaulted INTEGER NOT NULL,
        category TEXT NOT NULL,
        sentiment TEXT NOT NULL,
        UNIQUE (host, lang, country, tld, defaulted, category, sentiment)
      );
      CREATE TABLE term_keys (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        key TEXT NOT NULL UNIQUE,
        term TEXT NOT NULL,
        docs INTEGER NOT NULL
      );
      CREATE TABLE term_days (
        key_id INTEGER NOT NULL,
        day INTEGER NOT NULL,
        counts BLOB NOT NULL,                  -- by host: (facet_combos id, articles, 0) triples of combinations without category or tone (store/count-blob.ts)
        tones BLOB NOT NULL,                   -- by tone: (facet_combos id, articles, score sum) triples of combinations without host
        PRIMARY KEY (key_id, day)
      );
      ${V16_TRIGGERS}
    `)
  },
  // 17 (issue 25): host buckets of word-less stats filtered by category or tone from counts
  // (article_tone_spans, TONE_SPANS_V17) instead of every article of the slice: at 1M articles
  // `/v1/stats?category=sport` over 90 days read 130,020 rows (0.5–0.8 s on a busy machine).
  `
  DROP TRIGGER IF EXISTS article_tone_spans_insert;
  DROP TRIGGER IF EXISTS article_tone_spans_delete;
  DROP TRIGGER IF EXISTS article_tone_spans_update;
  DROP TABLE IF EXISTS article_tone_spans;
  DROP TABLE IF EXISTS tone_span_levels;
  CREATE TABLE tone_span_levels (level INTEGER PRIMARY KEY);
  INSERT INTO tone_span_levels (level) VALUES (0), (1), (2), (3);
  CREATE TABLE article_tone_spans (
    level INTEGER NOT NULL,                -- 0: one day; L: 4^L days
    span INTEGER NOT NULL,                 -- day >> (2 * level)
    sentiment TEXT NOT NULL,
    category TEXT NOT NULL,
    host TEXT NOT NULL,
    lang TEXT NOT NULL,
    country TEXT NOT NULL,
    tld TEXT NOT NULL,
    defaulted INTEGER NOT NULL,
    n INTEGER NOT NULL,
    score_milli INTEGER NOT NULL,
    PRIMARY KEY (level, span, sentiment, category, host, lang, country, tld, defaulted)
  ) WITHOUT ROWID;
  INSERT INTO article_tone_spans (level, span, sentiment, category, host, lang, country, tld, defaulted, n, score_milli)
    SELECT l.level, (a.published_at / 86400) >> (2 * l.level), a.sentiment, a.category, a.host, a.lang, a.country, a.tld,
      a.country_source = 'default', count(*), sum(CAST(round(a.score * 1000) AS INTEGER))
    FROM articles a CROSS JOIN tone_span_levels l GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;
  CREATE TRIGGER article_tone_spans_insert AFTER INSERT ON articles BEGIN ${TONE_SPANS_V17('NEW', 1)} END;
  CREATE TRIGGER article_tone_spans_delete AFTER DELETE ON articles BEGIN ${TONE_SPANS_V17('OLD', -1)} END;
  CREATE TRIGGER article_tone_spans_update AFTER UPDATE OF published_at, host, lang, country, tld, country_source, category, sentiment, score ON articles
    WHEN OLD.published_at / 86400 IS NOT NEW.published_at / 86400 OR OLD.host IS NOT NEW.host OR OLD.lang IS NOT NEW.lang
      OR OLD.country IS NOT NEW.country OR OLD.tld IS NOT NEW.tld OR OLD.country_source IS NOT NEW.country_source
      OR OLD.category IS NOT NEW.category OR OLD.sentiment IS NOT NEW.sentiment OR OLD.score IS NOT NEW.score
    BEGIN ${TONE_SPANS_V17('OLD', -1)} ${TONE_SPANS_V17('NEW', 1)} END;
  `,
  // 18 (issue 27): the entities each article names (core/entity.ts), written by ArticleWriter in
  // the article's transaction. article_entities carries the article's day, country, tone and
  // score so its triggers keep entity_days (volume and tone by entity, day and country) without
  // reading the article; an article's delete takes its entity rows with it. Stores older than
  // this have no entity rows for their articles until they are ingested again.
  `
  DROP TRIGGER IF EXISTS entity_days_insert;
  DROP TRIGGER IF EXISTS entity_days_delete;
  DROP TRIGGER IF EXISTS article_entities_article_delete;
  DROP TABLE IF EXISTS entity_days;
  DROP TABLE IF EXISTS article_entities;
  DROP TABLE IF EXISTS entities;
  CREATE TABLE entities (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,              -- <type>:<slug> (core/entity.ts)
    name TEXT NOT NULL,                    -- the display name of its first mention
    type TEXT NOT NULL,
    country TEXT                           -- ISO-2 of a place that resolves to one
  );
  CREATE TABLE article_entities (
    entity INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    day INTEGER NOT NULL,                  -- published_at / 86400
    country TEXT NOT NULL,                 -- the article's country
    sentiment TEXT NOT NULL,
    score_milli INTEGER NOT NULL,          -- round(score * 1000)
    count INTEGER NOT NULL,                -- mentions in the article
    name TEXT NOT NULL,                    -- the name the article used
    PRIMARY KEY (entity, seq)
  ) WITHOUT ROWID;
  CREATE INDEX article_entities_seq ON article_entities (seq);
  -- Clustered by day, so a window's days are one sequential read (by entity and day through an
  -- index it took 4 s for 30 days at 1M articles: a row lookup per entry); the entity index covers
  -- the background and timeline reads of a few entities.
  CREATE TABLE entity_days (
    day INTEGER NOT NULL,
    country TEXT NOT NULL,
    entity INTEGER NOT NULL,
    sentiment TEXT NOT NULL,
    n INTEGER NOT NULL,
    score_milli INTEGER NOT NULL,
    PRIMARY KEY (day, country, entity, sentiment)
  ) WITHOUT ROWID;
  CREATE INDEX entity_days_entity ON entity_days (entity, day, country, n);
  CREATE TRIGGER entity_days_insert AFTER INSERT ON article_entities BEGIN
    INSERT INTO entity_days (entity, day, country, sentiment, n, score_milli)
      VALUES (NEW.entity, NEW.day, NEW.country, NEW.sentiment, 1, NEW.score_milli)
      ON CONFLICT DO UPDATE SET n = n + 1, score_milli = score_milli + excluded.score_milli;
  END;
  CREATE TRIGGER entity_days_delete AFTER DELETE ON article_entities BEGIN
    UPDATE entity_days SET n = n - 1, score_milli = score_milli - OLD.score_milli
      WHERE entity = OLD.entity AND day = OLD.day AND country = OLD.country AND sentiment = OLD.sentiment;
    DELETE FROM entity_days
      WHERE entity = OLD.entity AND day = OLD.day AND country = OLD.country AND sentiment = OLD.sentiment AND n <= 0;
  END;
  CREATE TRIGGER article_entities_article_delete AFTER DELETE ON articles BEGIN
    DELETE FROM article_entities WHERE seq = OLD.seq;
  END;
  `,
  // 19 (issue 25): whole days of word-less stats with a tone-score range from counts by score
  // tenth (SCORE_FACETS_V19, SCORE_SPANS_V19) instead of every article of the slice (`max_score=0`
  // over 90 days read 733k rows at 1M, about 1 s); the tenths a range's bounds cut through are
  // read row by row from articles_score (covering), only the articles of those tenths.
  `
  DROP TRIGGER IF EXISTS article_score_facets_insert;
  DROP TRIGGER IF EXISTS article_score_facets_delete;
  DROP TRIGGER IF EXISTS article_score_facets_update;
  DROP TRIGGER IF EXISTS article_score_spans_insert;
  DROP TRIGGER IF EXISTS article_score_spans_delete;
  DROP TRIGGER IF EXISTS article_score_spans_update;
  DROP TRIGGER IF EXISTS article_score_days_insert;
  DROP TRIGGER IF EXISTS article_score_days_delete;
  DROP TRIGGER IF EXISTS article_score_days_update;
  DROP TABLE IF EXISTS article_score_days;
  DROP TABLE IF EXISTS article_score_facets;
  DROP TABLE IF EXISTS article_score_spans;
  DROP TABLE IF EXISTS score_span_levels;
  DROP INDEX IF EXISTS articles_score;
  CREATE TABLE score_span_levels (level INTEGER PRIMARY KEY);
  INSERT INTO score_span_levels (level) VALUES (0), (1), (2), (3);
  CREATE TABLE article_score_facets (
    level INTEGER NOT NULL,                -- 0: one day; L: 4^L days
    span INTEGER NOT NULL,                 -- day >> (2 * level)
    sentiment TEXT NOT NULL,
    category TEXT NOT NULL,
    lang TEXT NOT NULL,
    country TEXT NOT NULL,
    tld TEXT NOT NULL,
    defaulted INTEGER NOT NULL,
    tenth INTEGER NOT NULL,                -- min(19, floor((score + 1) * 10)): the v<i> token
    n INTEGER NOT NULL,
    score_milli INTEGER NOT NULL,          -- sum of round(score * 1000)
    PRIMARY KEY (level, span, sentiment, category, lang, country, tld, defaulted, tenth)
  ) WITHOUT ROWID;
  INSERT INTO article_score_facets (level, span, sentiment, category, lang, country, tld, defaulted, tenth, n, score_milli)
    SELECT l.level, (a.published_at / 86400) >> (2 * l.level), a.sentiment, a.category, a.lang, a.country, a.tld,
      a.country_source = 'default', min(19, max(0, CAST((a.score + 1) * 10 AS INTEGER))), count(*),
      sum(CAST(round(a.score * 1000) AS INTEGER))
    FROM articles a CROSS JOIN score_span_levels l GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;
  CREATE TABLE article_score_spans (
    level INTEGER NOT NULL,
    span INTEGER NOT NULL,
    host TEXT NOT NULL,
    sentiment TEXT NOT NULL,
    lang TEXT NOT NULL,
    country TEXT NOT NULL,
    tld TEXT NOT NULL,
    defaulted INTEGER NOT NULL,
    tenth INTEGER NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (level, span, host, sentiment, lang, country, tld, defaulted, tenth)
  ) WITHOUT ROWID;
  INSERT INTO article_score_spans (level, span, host, sentiment, lang, country, tld, defaulted, tenth, n)
    SELECT l.level, (a.published_at / 86400) >> (2 * l.level), a.host, a.sentiment, a.lang, a.country, a.tld,
      a.country_source = 'default', min(19, max(0, CAST((a.score + 1) * 10 AS INTEGER))), count(*)
    FROM articles a CROSS JOIN score_span_levels l GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;
  -- Every column a stats row and its row tests read (store/search-sqlite.ts, buildWhere): the
  -- articles of a cut tenth are read from the index alone, in score order.
  CREATE TABLE article_score_days (
    day INTEGER NOT NULL,
    sentiment TEXT NOT NULL,
    tenth INTEGER NOT NULL,
    n INTEGER NOT NULL,
    score_milli INTEGER NOT NULL,
    PRIMARY KEY (day, sentiment, tenth)
  ) WITHOUT ROWID;
  INSERT INTO article_score_days (day, sentiment, tenth, n, score_milli)
    SELECT published_at / 86400, sentiment, min(19, max(0, CAST((score + 1) * 10 AS INTEGER))), count(*),
      sum(CAST(round(score * 1000) AS INTEGER))
    FROM articles GROUP BY 1, 2, 3;
  CREATE INDEX articles_score ON articles(score, published_at, tkey, crawled_at, seq, country, lang, tld, host, country_source, category, sentiment);
  CREATE TRIGGER article_score_facets_insert AFTER INSERT ON articles BEGIN ${SCORE_FACETS_V19('NEW', 1)} END;
  CREATE TRIGGER article_score_facets_delete AFTER DELETE ON articles BEGIN ${SCORE_FACETS_V19('OLD', -1)} END;
  CREATE TRIGGER article_score_facets_update AFTER UPDATE OF published_at, lang, country, tld, country_source, category, sentiment, score ON articles
    WHEN OLD.published_at / 86400 IS NOT NEW.published_at / 86400 OR OLD.lang IS NOT NEW.lang OR OLD.country IS NOT NEW.country
      OR OLD.tld IS NOT NEW.tld OR OLD.country_source IS NOT NEW.country_source OR OLD.category IS NOT NEW.category
      OR OLD.sentiment IS NOT NEW.sentiment OR OLD.score IS NOT NEW.score
    BEGIN ${SCORE_FACETS_V19('OLD', -1)} ${SCORE_FACETS_V19('NEW', 1)} END;
  CREATE TRIGGER article_score_days_insert AFTER INSERT ON articles BEGIN ${SCORE_DAYS_V19('NEW', 1)} END;
  CREATE TRIGGER article_score_days_delete AFTER DELETE ON articles BEGIN ${SCORE_DAYS_V19('OLD', -1)} END;
  CREATE TRIGGER article_score_days_update AFTER UPDATE OF published_at, sentiment, score ON articles
    WHEN OLD.published_at / 86400 IS NOT NEW.published_at / 86400 OR OLD.sentiment IS NOT NEW.sentiment
      OR OLD.score IS NOT NEW.score
    BEGIN ${SCORE_DAYS_V19('OLD', -1)} ${SCORE_DAYS_V19('NEW', 1)} END;
  CREATE TRIGGER article_score_spans_insert AFTER INSERT ON articles BEGIN ${SCORE_SPANS_V19('NEW', 1)} END;
  CREATE TRIGGER article_score_spans_delete AFTER DELETE ON articles BEGIN ${SCORE_SPANS_V19('OLD', -1)} END;
  CREATE TRIGGER article_score_spans_update AFTER UPDATE OF published_at, host, lang, country, tld, country_source, sentiment, score ON articles
    WHEN OLD.published_at / 86400 IS NOT NEW.published_at / 86400 OR OLD.host IS NOT NEW.host OR OLD.lang IS NOT NEW.lang
      OR OLD.country IS NOT NEW.country OR OLD.tld IS NOT NEW.tld OR OLD.country_source IS NOT NEW.country_source
      OR OLD.sentiment IS NOT NEW.sentiment OR OLD.score IS NOT NEW.score
    BEGIN ${SCORE_SPANS_V19('OLD', -1)} ${SCORE_SPANS_V19('NEW', 1)} END;
  `,
  // 20 (issue 27): entity counts packed one row a day and country, so trending lists over long
  // windows read a blob a day (store/entity-blobs.ts); stale days are read from entity_days.
  ENTITY_DAY_BLOBS_V20,
]
