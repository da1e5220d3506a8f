/**
 * What a store holds: the generated demo or real inputs (docs/DECISIONS.md "Data origin"). Kept in
 * the `meta` table so every later run, and the snapshot it publishes, can say which it is.
 */
import type { Database } from 'bun:sqlite'

export type Origin = 'demo' | 'real'

const ORIGIN_KEY = 'origin'

export function readOrigin(db: Database): Origin | null {
  const row = db.query<{ value: string }, [string]>('SELECT value FROM meta WHERE key = ?').get(ORIGIN_KEY)
  return row?.value === 'demo' || row?.value === 'real' ? row.value : null
}

export function writeOrigin(db: Database, origin: Origin): void {
  db.query('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(
    ORIGIN_KEY,
    origin,
  )
}

/** Whether the store holds anything an origin applies to: articles or files read (even half-read). */
export function holdsData(db: Database): boolean {
  // EXISTS stops at the first row; count(*) would read every article of a large store on each run.
  return (
    db
      .query<{ held: number }, []>(
        'SELECT EXISTS (SELECT 1 FROM articles) OR EXISTS (SELECT 1 FROM warc_files) AS held',
      )
      .get()?.held === 1
  )
}

export function ingestedSources(db: Database): string[] {
  return db
    .query<{ source: string }, []>('SELECT source FROM warc_files ORDER BY source')
    .all()
    .map((r) => r.source)
}
