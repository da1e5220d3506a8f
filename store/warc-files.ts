import type { Database } from 'bun:sqlite'

export interface WarcFileProgress {
  source: string
  status: 'running' | 'done'
  next_record: number
  /** Compressed byte where record `next_record` starts; null when unknown (read from byte 0 and skip). */
  next_offset: number | null
  records: number
  html: number
  articles: number
  duplicates: number
  skipped: Record<string, number>
}

interface WarcFileRow {
  source: string
  status: string
  next_record: number
  next_offset: number | null
  records: number
  html: number
  articles: number
  duplicates: number
  skipped: string
}

const fromRow = (r: WarcFileRow): WarcFileProgress => ({
  source: r.source,
  status: r.status === 'done' ? 'done' : 'running',
  next_record: r.next_record,
  next_offset: r.next_offset,
  records: r.records,
  html: r.html,
  articles: r.articles,
  duplicates: r.duplicates,
  skipped: JSON.parse(r.skipped) as Record<string, number>,
})

export function getWarcFile(db: Database, source: string): WarcFileProgress | null {
  const row = db.query<WarcFileRow, [string]>('SELECT * FROM warc_files WHERE source = ?').get(source)
  return row === null ? null : fromRow(row)
}

export function listWarcFiles(db: Database): WarcFileProgress[] {
  return db.query<WarcFileRow, []>('SELECT * FROM warc_files ORDER BY source').all().map(fromRow)
}

/** Saves a file's progress; call in the same transaction as the articles it covers. */
export function saveWarcFile(db: Database, p: WarcFileProgress, nowSeconds: number): void {
  db.query(
    `INSERT INTO warc_files (source, status, next_record, next_offset, records, html, articles, duplicates, skipped, started_at, finished_at)
     VALUES ($source, $status, $next_record, $next_offset, $records, $html, $articles, $duplicates, $skipped, $now, $finished)
     ON CONFLICT(source) DO UPDATE SET status = $status, next_record = $next_record, next_offset = $next_offset, records = $records,
       html = $html, articles = $articles, duplicates = $duplicates, skipped = $skipped, finished_at = $finished`,
  ).run({
    source: p.source,
    status: p.status,
    next_record: p.next_record,
    next_offset: p.next_offset,
    records: p.records,
    html: p.html,
    articles: p.articles,
    duplicates: p.duplicates,
    skipped: JSON.stringify(p.skipped),
    now: nowSeconds,
    finished: p.status === 'done' ? nowSeconds : null,
  })
}

/** Records a failed attempt at a file (a fetch that gave up, a broken archive): live runs put such files last. */
export function recordWarcFailure(db: Database, source: string, message: string, nowSeconds: number): void {
  db.query(
    `INSERT INTO warc_failures (source, failures, last_failed_at, last_error) VALUES (?, 1, ?, ?)
     ON CONFLICT(source) DO UPDATE SET failures = failures + 1, last_failed_at = excluded.last_failed_at, last_error = excluded.last_error`,
  ).run(source, nowSeconds, message.slice(0, 500))
}

/** Forgets a file's failures once an attempt at it got somewhere (a batch committed). */
export function clearWarcFailure(db: Database, source: string): void {
  db.query('DELETE FROM warc_failures WHERE source = ?').run(source)
}

/** The latest failure of every file whose latest attempt failed (epoch seconds). */
export function lastFailures(db: Database): Map<string, number> {
  return new Map(
    db
      .query<{ source: string; last_failed_at: number }, []>('SELECT source, last_failed_at FROM warc_failures')
      .all()
      .map((r) => [r.source, r.last_failed_at]),
  )
}
