/**
 * Ingest of a generated demo archive through the real path (reader → extraction → enrichment →
 * store, with worker threads): counts match the generator's ground truth, a second run adds
 * nothing, and a run killed mid-ingest loses and duplicates nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Database } from 'bun:sqlite'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { generateDemoArchive } from '../../demo/index.ts'
import { ingest } from '../../batch/ingest/run.ts'
import { resolveInputs } from '../../batch/warc/inputs.ts'
import { openStore } from '../../store/open.ts'
import { tempDir } from '../support/tmp.ts'

const NOW = new Date('2026-11-21T14:00:00Z')
const tmp = tempDir('ingest')
const demo = join(tmp.dir, 'demo')
let sources: string[] = []
let truth: {
  counts: {
    articles: number
    duplicates: number
    expected_reader_skips: Record<string, number>
    records: Record<string, number>
  }
}

beforeAll(async () => {
  await generateDemoArchive({ outDir: demo, now: NOW, days: 2, articlesPerDay: 200 })
  truth = JSON.parse(readFileSync(join(demo, 'ground-truth.json'), 'utf8'))
  sources = await resolveInputs([join(demo, 'warc')], { ccNewsBaseUrl: 'http://127.0.0.1:9/' })
})
afterAll(() => tmp.cleanup())

const count = (db: Database, sql: string) => db.query<{ n: number }, []>(sql).get()?.n ?? -1

describe('a 2-day demo archive', () => {
  let db: Database
  beforeAll(() => {
    db = openStore(join(tmp.dir, 'a.sqlite'))
  })
  afterAll(() => db.close())

  test('ingests with counts that match the ground truth', async () => {
    const s = await ingest({ db, sources, now: NOW, workers: 2 })
    expect(s.files_failed).toEqual([])
    expect(s.files_ingested).toBe(sources.length)
    expect(s.articles).toBe(truth.counts.articles)
    expect(s.duplicates).toBe(truth.counts.duplicates)
    const { 'not-article': notArticle, ...readerSkips } = s.skipped
    expect(notArticle ?? 0).toBe(0)
    expect(readerSkips).toEqual(truth.counts.expected_reader_skips)
    const totalRecords = Object.values(truth.counts.records).reduce((a, b) => a + b, 0)
    expect(s.records).toBe(totalRecords)
    expect(count(db, 'SELECT count(*) AS n FROM articles')).toBe(truth.counts.articles)
    expect(count(db, 'SELECT count(*) AS n FROM article_text')).toBe(truth.counts.articles)
  })

  test('a second run reads nothing again and adds nothing', async () => {
    const s = await ingest({ db, sources, now: NOW, workers: 2 })
    expect(s.files_already_done).toBe(sources.length)
    expect(s.records).toBe(0)
    expect(s.articles).toBe(0)
    expect(count(db, 'SELECT count(*) AS n FROM articles')).toBe(truth.counts.articles)
  })
})

describe('killed mid-ingest', () => {
  test('loses nothing committed, the store stays consistent, and the next run completes without duplicates', async () => {
    const path = join(tmp.dir, 'k.sqlite')
    openStore(path).close()
    const child = Bun.spawn(
      [process.execPath, 'test/support/ingest-child.ts', path, join(demo, 'warc'), NOW.toISOString()],
      { stdout: 'ignore', stderr: 'inherit' },
    )
    // wait until some files are committed, then kill hard
    const watcher = openStore(path, { readonly: true })
    const deadline = Date.now() + 30_000
    while (Date.now() < deadline && count(watcher, "SELECT count(*) AS n FROM warc_files WHERE status = 'done'") < 5)
      await Bun.sleep(20)
    child.kill('SIGKILL')
    await child.exited
    watcher.close()

    const db = openStore(path)
    expect(db.query<{ integrity_check: string }, []>('PRAGMA integrity_check').get()?.integrity_check).toBe('ok')
    const before = count(db, 'SELECT count(*) AS n FROM articles')
    expect(before).toBeGreaterThan(0)
    expect(before).toBeLessThan(truth.counts.articles)
    const s = await ingest({ db, sources, now: NOW, workers: 0 })
    expect(s.files_already_done).toBeGreaterThanOrEqual(5)
    expect(count(db, 'SELECT count(*) AS n FROM articles')).toBe(truth.counts.articles)
    expect(count(db, 'SELECT count(DISTINCT url) AS n FROM articles')).toBe(truth.counts.articles)
    expect(count(db, 'SELECT count(*) AS n FROM article_text')).toBe(truth.counts.articles)
    db.close()
  })
})
