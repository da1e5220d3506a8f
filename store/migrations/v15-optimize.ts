/**
 * How migrations 15 and 16 merge the full-text index they rebuilt into one segment (FTS5
 * 'optimize'), frozen apart from store/fts-maintenance.ts, whose upkeep may change.
 * NEVER CHANGE THIS FILE (store/migrations/README.md).
 */
import type { Database } from 'bun:sqlite'

export function optimizeFullTextV15(db: Database): void {
  db.exec("INSERT INTO articles_fts (articles_fts) VALUES ('optimize')")
}
