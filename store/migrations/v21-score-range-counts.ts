/**
 * Migration 21 (issue 25), frozen. NEVER CHANGE THIS FILE (store/migrations/README.md).
 *
 * 1. The counts by score tenth (migration 19) by level and country first: a word-less stats answer
 *    with a tone-score range and a country filter reads its daily timeline and its facets from that
 *    country's rows alone, where the primary key (level, span, sentiment, …) made it read every
 *    country's (`min_score=-0.2&country=CA` over 90 days at 1M: 358k level-0 rows for 267). `n`
 *    and `score_milli` complete the key columns every index of a WITHOUT ROWID table carries, so
 *    nothing is read from the table.
 * 2. Word counts by score tenth (store/term-counts.ts): for each counted word, day and tenth, the
 *    two blobs term_days holds for the day, so a word with a tone-score range adds up the tenths
 *    the range holds whole instead of reading its articles. The batch job writes them with
 *    term_days; every day counted so far is marked stale, so its next refresh counts them all
 *    again and until then readers take those days from the articles (exact, as for any stale day).
 */
export const SCORE_RANGE_COUNTS_V21 = `
  DROP INDEX IF EXISTS article_score_facets_country;
  CREATE INDEX article_score_facets_country ON article_score_facets(level, country, span, sentiment, tenth, n, score_milli);
  DROP TABLE IF EXISTS term_tenth_days;
  CREATE TABLE term_tenth_days (
    key_id INTEGER NOT NULL,               -- term_keys.id
    day INTEGER NOT NULL,
    tenth INTEGER NOT NULL,                -- min(19, max(0, CAST((score + 1) * 10 AS INTEGER))): the v<i> token
    counts BLOB NOT NULL,                  -- by host combination, as term_days.counts
    tones BLOB NOT NULL,                   -- by tone combination, as term_days.tones
    PRIMARY KEY (key_id, day, tenth)
  ) WITHOUT ROWID;
  INSERT OR IGNORE INTO term_stale_days (day) SELECT DISTINCT day FROM term_days;
  `
