/**
 * Migration 13's stale-day triggers, frozen. NEVER CHANGE THIS FILE (store/migrations/README.md).
 */

/** One article's day marked stale for the word counts (store/term-counts.ts). */
const staleDay = (row: 'NEW' | 'OLD'): string =>
  `INSERT OR IGNORE INTO term_stale_days (day) VALUES (${row}.published_at / 86400);`

/**
 * The triggers that mark a day stale whenever an article of it is written: the word counts of a
 * stale day are not read until the batch job counts that day again. An update marks both days;
 * the time key and the text are in the list because a re-crawl rewrites them.
 */
export const TERM_STALE_TRIGGERS_V13 = `
  CREATE TRIGGER term_stale_insert AFTER INSERT ON articles BEGIN ${staleDay('NEW')} END;
  CREATE TRIGGER term_stale_delete AFTER DELETE ON articles BEGIN ${staleDay('OLD')} END;
  CREATE TRIGGER term_stale_update AFTER UPDATE OF published_at, host, lang, country, tld, country_source, title, description, tkey ON articles
    BEGIN ${staleDay('OLD')} ${staleDay('NEW')} END;
`
