/**
 * Frozen with its migration: NEVER CHANGE THIS FILE (store/migrations/README.md).
 *
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
/** Migration 17: article_tone_spans, filled from the articles, and its triggers. */
export const TONE_SPANS_SQL_V17 = `
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
  `
