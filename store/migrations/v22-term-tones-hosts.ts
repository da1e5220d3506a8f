/**
 * Migration 22 (issue 25), frozen. NEVER CHANGE THIS FILE (store/migrations/README.md).
 *
 * A counted word's tone blob (term_days.tones, term_tenth_days.tones: counts by facet combination
 * and tone) now keeps the host in its combination too (store/term-counts.ts), so one blob answers
 * a whole stats answer with a category or tone filter, its host buckets included; before, the
 * host buckets of such an answer came from every article of the slice (`q=w1&sentiment=neu` over
 * 90 days at 1M: 230k articles, 1.2–1.6 s at load 6–9). Nothing changes in the tables: every day
 * counted so far is marked stale, so the batch job's next refresh counts them all again, and until
 * then readers take those days from the articles (exact, as for any stale day).
 */
export const TERM_TONES_WITH_HOSTS_V22 = `
  INSERT OR IGNORE INTO term_stale_days (day) SELECT DISTINCT day FROM term_days;
  `
