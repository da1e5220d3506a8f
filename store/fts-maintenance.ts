/**
 * Keeps the full-text index in few segments. FTS5 writes each transaction's tokens as a new
 * segment and merges them only in steps, and a lookup probes every segment: the 1M benchmark
 * store left by migration 15 had 30, and merging them into one took its overall search p50 from
 * 2.2–2.3 to 1.2 ms (docs/DECISIONS.md, "Full-text segments").
 */
import type { Database } from 'bun:sqlite'

/** Past this many segments the batch job merges the index into one. */
export const FTS_SEGMENTS_MAX = 16

/** How many segments the full-text index has (a read of its small `_idx` table). */
export function ftsSegments(db: Database): number {
  return db.query<{ n: number }, []>('SELECT count(DISTINCT segid) AS n FROM articles_fts_idx').get()?.n ?? 0
}

/** Merges every segment into one (FTS5 'optimize'): a rewrite of the whole index. */
export function optimizeFullText(db: Database): void {
  db.exec("INSERT INTO articles_fts (articles_fts) VALUES ('optimize')")
}

/** Merges the index when it has more than `max` segments; the segment counts before and after. */
export function compactFullText(db: Database, max = FTS_SEGMENTS_MAX): { before: number; after: number } {
  const before = ftsSegments(db)
  if (before <= max) return { before, after: before }
  optimizeFullText(db)
  return { before, after: ftsSegments(db) }
}
