/**
 * Keeps the full-text index in few segments without rewriting it every few hours. FTS5 writes
 * each transaction's tokens as new segments and merges them only in steps, and a lookup probes
 * every segment: the 1M benchmark store left by migration 15 had 30, and merging them into one
 * took its overall search p50 from 2.2–2.3 to 1.2 ms (docs/DECISIONS.md, "Full-text segments").
 *
 * After each ingest the batch job merges segments that sit on the same FTS5 level (`usermerge`
 * 2, then `merge` steps until FTS5 has no more to do, at most MERGE_PAGES_PER_RUN pages a run):
 * the hour's small segments merge with each other, and the big one is rewritten only when
 * merged output grows to its level, so the work per item stays logarithmic. Measured with
 * `bench/fts-segments.ts` on a copy of the 1M store, 24 hours of 4,600 articles (a 10M archive's
 * rate): 2–7 segments after each run for 6.5 s of merging in all, where merging everything into
 * one whenever the count passed 16 (this module's rule before) cost a 13–16 s rewrite every
 * other hour (335 s in 48 hours; about 400 s each at 10M). Only past FTS_SEGMENTS_MAX segments
 * left after that is the whole index merged into one.
 */
import type { Database } from 'bun:sqlite'

/** Past this many segments (after the level merges) the batch job merges the index into one. */
export const FTS_SEGMENTS_MAX = 16
/** Pages one `merge` step may write. */
const MERGE_STEP_PAGES = 2000
/**
 * Pages one run may write in level merges (about 800 MB of 4 KB pages). A merge cut off here is
 * kept as FTS5's own incremental state and goes on in the next run, so a rewrite of a large
 * segment is spread over several hourly runs instead of one.
 */
export const MERGE_PAGES_PER_RUN = 200_000

/** How many segments the full-text index has (a read of its small `_idx` table). */
export function ftsSegments(db: Database): number {
  return db.query<{ n: number }, []>('SELECT count(DISTINCT segid) AS n FROM articles_fts_idx').get()?.n ?? 0
}

/** Merges every segment into one (FTS5 'optimize'): a rewrite of the whole index. */
export function optimizeFullText(db: Database): void {
  db.exec("INSERT INTO articles_fts (articles_fts) VALUES ('optimize')")
}

/**
 * Merges segments that share an FTS5 level until none do, or `maxPages` have been written;
 * returns the pages' upper bound spent (whole steps). FTS5 says a step found nothing to merge
 * by changing total_changes() by less than 2.
 */
export function mergeLevels(db: Database, maxPages = MERGE_PAGES_PER_RUN, stepPages = MERGE_STEP_PAGES): number {
  db.query("INSERT INTO articles_fts (articles_fts, rank) VALUES ('usermerge', 2)").run()
  const changes = db.query<{ c: number }, []>('SELECT total_changes() AS c')
  const step = db.query<never, [number]>("INSERT INTO articles_fts (articles_fts, rank) VALUES ('merge', ?)")
  let spent = 0
  while (spent < maxPages) {
    const before = changes.get()?.c ?? 0
    const pages = Math.min(stepPages, maxPages - spent)
    step.run(pages)
    spent += pages
    if ((changes.get()?.c ?? 0) - before < 2) break
  }
  return spent
}

/** The batch job's upkeep after an ingest: level merges, then one segment if more than `max` are left. */
export function compactFullText(
  db: Database,
  max = FTS_SEGMENTS_MAX,
  maxPages = MERGE_PAGES_PER_RUN,
): { before: number; afterLevels: number; after: number } {
  const before = ftsSegments(db)
  if (before <= 1) return { before, afterLevels: before, after: before }
  mergeLevels(db, maxPages)
  const afterLevels = ftsSegments(db)
  if (afterLevels <= max) return { before, afterLevels, after: afterLevels }
  optimizeFullText(db)
  return { before, afterLevels, after: ftsSegments(db) }
}
