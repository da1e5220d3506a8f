/**
 * Migration 16's count tables and triggers, written out in full so that later code cannot change
 * what it installs: the covering index with category, tone and score; article_day_facets by
 * category and tone label with score sums in thousandths; the word counts' tables with a blob by
 * tone beside the one by host; article_spans' triggers as migration 11 made them.
 * NEVER CHANGE THIS FILE (store/migrations/README.md).
 */

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
const TRIGGERS_V16 = `
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

/** Everything migration 16 runs after rebuilding the full-text index. */
export const COUNT_TABLES_SQL_V16 = `
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
      ${TRIGGERS_V16}
`
