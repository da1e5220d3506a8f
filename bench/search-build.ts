/** The synthetic stores of the search benchmark (bench/search.ts), written through the real ArticleWriter and resumable. */
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { ArticleWriter, type ArticleRow } from '../store/articles.ts'
import { openStore } from '../store/open.ts'
import { articles } from './synthetic-articles.ts'

/** Written every PROGRESS_EVERY articles while a store is built, so a build cut off (a session's end) can resume. */
interface BuildProgress {
  articles: number
  /** Seconds spent writing those articles, null when a part was written by a run that kept no record. */
  seconds: number | null
}
const PROGRESS_EVERY = 100_000

function readProgress(path: string): BuildProgress | null {
  if (!existsSync(path)) return null
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as BuildProgress
  } catch {
    return null
  }
}

/**
 * Writes `size` synthetic articles through the real ArticleWriter, resuming a store that a cut-off
 * run left part-built (every committed batch is whole, and the articles are generated from a fixed
 * seed, so the first `count(*)` are skipped); returns the seconds the whole build took, or null
 * when a part of it was written without a record of its time.
 */
export function buildStore(path: string, size: number, progressPath: string): number | null {
  const db = openStore(path)
  const done = db.query<{ n: number }, []>('SELECT count(*) AS n FROM articles').get()?.n ?? 0
  // A record left beside a store that was since deleted says nothing about this build.
  if (done === 0) rmSync(progressPath, { force: true })
  const before = readProgress(progressPath) ?? { articles: 0, seconds: done === 0 ? 0 : null }
  // The record may lag the store by up to PROGRESS_EVERY articles: their time is then unknown.
  const priorSeconds = before.articles === done ? before.seconds : null
  if (done > 0)
    console.error(
      `resuming s${size}: ${done.toLocaleString('en-US')} articles already written${priorSeconds === null ? ' (their build time unknown)' : ''}`,
    )
  const writer = new ArticleWriter(db)
  // The articles already written are generated again to reach the seed's state, untimed.
  const generated = articles(size, 1)
  for (let i = 0; i < done; i++) generated.next()
  const t = performance.now()
  const record = (n: number) => {
    const seconds = priorSeconds === null ? null : priorSeconds + (performance.now() - t) / 1000
    // Written aside and renamed, so a kill mid-write never leaves half a record.
    writeFileSync(`${progressPath}.tmp`, JSON.stringify({ articles: n, seconds } satisfies BuildProgress))
    renameSync(`${progressPath}.tmp`, progressPath)
    return seconds
  }
  let batch: ArticleRow[] = []
  let written = done
  const flush = db.transaction((b: ArticleRow[]) => {
    for (const r of b) writer.write(r, 0)
  })
  for (const a of generated) {
    batch.push(a)
    if (batch.length === 5000) {
      flush(batch)
      written += batch.length
      batch = []
      if (written % PROGRESS_EVERY === 0) record(written)
    }
  }
  flush(batch)
  written += batch.length
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
  db.close()
  return record(written)
}
