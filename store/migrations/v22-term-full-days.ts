/**
 * Migration 22 (issue 25), frozen. NEVER CHANGE THIS FILE (store/migrations/README.md).
 *
 * Whole-combination counts for the most common counted words (store/term-counts.ts): for each such
 * word and day, how many matches each pair of a host combination and a tone combination holds
 * (both ids of facet_combos, as term_days' two blobs name them), so a stats answer for the word
 * with a category or tone filter, its host buckets included, adds up one blob a day instead of
 * reading every match (`q=w1&sentiment=neu` over 90 days at 1M: 269k articles, 490 ms on a quiet
 * machine). term_keys.full marks the words that have them; none does until the batch job's next
 * refresh chooses the words again (the counting rule it records changes with this migration).
 * Safe to run again (a store taken back to an older version by hand keeps the column).
 */
import type { Database } from 'bun:sqlite'

export function termFullDaysV22(db: Database): void {
  const columns = db.query<{ name: string }, []>('PRAGMA table_info(term_keys)').all()
  if (!columns.some((c) => c.name === 'full'))
    db.exec('ALTER TABLE term_keys ADD COLUMN full INTEGER NOT NULL DEFAULT 0')
  else db.exec('UPDATE term_keys SET full = 0')
  db.exec(`
  DROP TABLE IF EXISTS term_full_days;
  CREATE TABLE term_full_days (
    key_id INTEGER NOT NULL,               -- term_keys.id, a key whose full is 1
    day INTEGER NOT NULL,
    pairs BLOB NOT NULL,                   -- (host combination, tone combination, count, score sum) entries: store/count-blob.ts encodePairCounts
    PRIMARY KEY (key_id, day)
  ) WITHOUT ROWID;
  `)
}
