/**
 * Migration 21 (issue 25), frozen. NEVER CHANGE THIS FILE (store/migrations/README.md).
 *
 * The counts by score tenth (migration 19) by level and country first: a word-less stats answer
 * with a tone-score range and a country filter reads its daily timeline and its facets from that
 * country's rows alone, where the primary key (level, span, sentiment, …) made it read every
 * country's (`min_score=-0.2&country=CA` over 90 days at 1M: 358k level-0 rows for 267). `n` and
 * `score_milli` complete the key columns that every index of a WITHOUT ROWID table carries, so
 * nothing is read from the table.
 */
export const SCORE_COUNTRY_INDEX_V21 = `
  DROP INDEX IF EXISTS article_score_facets_country;
  CREATE INDEX article_score_facets_country ON article_score_facets(level, country, span, sentiment, tenth, n, score_milli);
  `
