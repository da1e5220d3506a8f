/**
 * Which listed live files a capped run starts (batch/live-files.ts): half-read first, then new
 * ones in listing order, and files whose latest attempt failed last, longest-failed first; and the
 * failures ingest records for it (store/warc-files.ts) are kept and cleared as attempts go.
 */
import { describe, expect, test } from 'bun:test'
import { readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { generateDemoArchive } from '../../demo/index.ts'
import { type LiveFileState, pendingLiveFiles } from '../../batch/live-files.ts'
import { ingest } from '../../batch/ingest/run.ts'
import { openStore } from '../../store/open.ts'
import { getWarcFile, lastFailures } from '../../store/warc-files.ts'
import { tempDir } from '../support/tmp.ts'

const state = (s: Record<string, LiveFileState>) => (url: string) => s[url] ?? null

describe('pendingLiveFiles', () => {
  const files = ['n1', 'n2', 'h1', 'f1', 'f2', 'd1', 'n3']
  const known = state({
    h1: { status: 'running', failedAt: null },
    f1: { status: 'running', failedAt: 200 },
    f2: { status: 'running', failedAt: 100 },
    d1: { status: 'done', failedAt: null },
  })
  test.each([
    [0, ['h1', 'n1', 'n2', 'n3', 'f2', 'f1']],
    [1, ['h1']],
    [3, ['h1', 'n1', 'n2']],
    [5, ['h1', 'n1', 'n2', 'n3', 'f2']],
  ])('cap %i', (cap, want) => expect(pendingLiveFiles(files, known, cap)).toEqual(want))

  test('files that keep failing never take the slots of new ones', () => {
    // Two half-read files failed in the last run; a cap of 2 used to start exactly them again.
    const failing = state({ a: { status: 'running', failedAt: 50 }, b: { status: 'running', failedAt: 60 } })
    expect(pendingLiveFiles(['a', 'b', 'c', 'd'], failing, 2)).toEqual(['c', 'd'])
    // A file that failed before any batch was committed is not in warc_files, only among the failures.
    const neverStarted = state({ x: { status: 'running', failedAt: 70 } })
    expect(pendingLiveFiles(['x', 'y'], neverStarted, 1)).toEqual(['y'])
  })
})

test('ingest records a failed file and forgets it once an attempt commits', async () => {
  const tmp = tempDir('live-files')
  try {
    const db = openStore(`${tmp.dir}/s.sqlite`)
    const missing = `${tmp.dir}/missing.warc.gz`
    const now = new Date('2026-11-21T14:00:00Z')
    const first = await ingest({ db, sources: [missing], now, workers: 0 })
    expect(first.files_failed.map((f) => f.source)).toEqual([missing])
    expect([...lastFailures(db).keys()]).toEqual([missing])
    // A second failure moves the time on.
    await ingest({ db, sources: [missing], now: new Date(now.getTime() + 3_600_000), workers: 0 })
    expect(lastFailures(db).get(missing)).toBe(now.getTime() / 1000 + 3600)
    // The file appears (a WARC holding one warcinfo record): the attempt commits, the failure goes.
    const body = 'software: newsdesk-test\r\n'
    const record = `WARC/1.1\r\nWARC-Type: warcinfo\r\nWARC-Record-ID: <urn:uuid:00000000-0000-4000-8000-000000000001>\r\nWARC-Date: 2026-11-21T13:00:00Z\r\nContent-Type: application/warc-fields\r\nContent-Length: ${body.length}\r\n\r\n${body}\r\n\r\n`
    writeFileSync(missing, Bun.gzipSync(new TextEncoder().encode(record)))
    const third = await ingest({ db, sources: [missing], now: new Date(now.getTime() + 7_200_000), workers: 0 })
    expect(third.files_failed).toEqual([])
    expect(third.files_ingested).toBe(1)
    expect(lastFailures(db).size).toBe(0)
    db.close()
  } finally {
    tmp.cleanup()
  }
})

test('a file that committed batches before failing stays a half-read file (no failure recorded); one that committed nothing is recorded', async () => {
  const tmp = tempDir('live-files-progress')
  try {
    const now = new Date('2026-11-21T14:00:00Z')
    await generateDemoArchive({ outDir: tmp.dir, now, days: 1, articlesPerDay: 12_000, workers: 1 })
    const files = readdirSync(tmp.dir, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.warc.gz'))
      .sort()
    const file = join(tmp.dir, files[files.length - 2] ?? '')
    const failOnBatch = (n: number) => {
      let batches = 0
      return {
        inTransaction: () => {
          if (batches++ === n) throw new Error(`store failed on batch ${n}`)
        },
      }
    }
    // Fails in the second batch: the first is committed, so the file is resumable, not failing.
    const db = openStore(`${tmp.dir}/a.sqlite`)
    const a = await ingest({ db, sources: [file], now, workers: 0, hooks: failOnBatch(1) })
    expect(a.files_failed.map((f) => f.source)).toEqual([file])
    expect(getWarcFile(db, file)?.status).toBe('running')
    expect(lastFailures(db).size).toBe(0)
    db.close()
    // Fails in its first batch: nothing committed, so it is recorded as failing.
    const db2 = openStore(`${tmp.dir}/b.sqlite`)
    await ingest({ db: db2, sources: [file], now, workers: 0, hooks: failOnBatch(0) })
    expect(getWarcFile(db2, file)).toBeNull()
    expect([...lastFailures(db2).keys()]).toEqual([file])
    db2.close()
  } finally {
    tmp.cleanup()
  }
}, 60_000)
