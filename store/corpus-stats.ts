import type { Database } from 'bun:sqlite'

export interface CorpusStats {
  articles: number
  /** Oldest and newest published_at, epoch seconds; null on an empty store. */
  oldest: number | null
  newest: number | null
  /** When the last WARC file finished ingesting, epoch seconds; null before the first. */
  last_ingest: number | null
}

export function readCorpusStats(db: Database): CorpusStats {
  const a = db
    .query<{ n: number; oldest: number | null; newest: number | null }, []>(
      'SELECT count(*) AS n, min(published_at) AS oldest, max(published_at) AS newest FROM articles',
    )
    .get()
  const f = db.query<{ last: number | null }, []>('SELECT max(finished_at) AS last FROM warc_files').get()
  return { articles: a?.n ?? 0, oldest: a?.oldest ?? null, newest: a?.newest ?? null, last_ingest: f?.last ?? null }
}
