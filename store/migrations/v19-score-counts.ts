/**
 * Frozen with its migration: NEVER CHANGE THIS FILE (store/migrations/README.md).
 *
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
/** Migration 19: the counts by score tenth, filled from the articles, articles_score, and their triggers. */
export const SCORE_COUNTS_SQL_V19 = `
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
  `
