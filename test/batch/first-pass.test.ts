/**
 * Issue 28: the first `npm start` answers within seconds because a first run publishes the newest
 * FIRST_PASS_DAYS of files before the rest. The split by CC-NEWS file names, and a real build of a
 * nine-day demo archive on an empty store: two versions, the first holding exactly the articles of
 * the newest days' files and saying what is pending, the second everything; a later run is one pass.
 */
import { afterAll, describe, expect, spyOn, test } from 'bun:test'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { commandBuild } from '../../batch/main.ts'
import { FIRST_PASS_DAYS, type FirstPass, ccNewsFileTime, splitFirstPass } from '../../batch/first-pass.ts'
import { listVersions, readManifest } from '../../contract/snapshot-files.ts'
import { parseConfig } from '../../core/config.ts'
import { generateDemoArchive } from '../../demo/index.ts'
import { openStore, storePath } from '../../store/open.ts'
import { tempDir } from '../support/tmp.ts'

const tmp = tempDir('first-pass')
afterAll(() => tmp.cleanup())

const file = (stamp: string, n = 1) => `/w/CC-NEWS-${stamp}-${String(n).padStart(5, '0')}.warc.gz`

describe('ccNewsFileTime', () => {
  test.each([
    { source: file('20261121140000'), want: Date.UTC(2026, 10, 21, 14) },
    {
      source: 'https://x.test/crawl-data/CC-NEWS/2026/11/CC-NEWS-20261101000102-00042.warc.gz',
      want: Date.UTC(2026, 10, 1, 0, 1, 2),
    },
    { source: '/w/cc-news-20261121140000-1.warc', want: Date.UTC(2026, 10, 21, 14) },
    { source: file('20260231120000'), want: null },
    { source: file('20261121250000'), want: null },
    { source: '/w/mine.warc.gz', want: null },
    { source: '/w/CC-NEWS-20261121140000-00001.warc.gz.part', want: null },
  ])('$source', ({ source, want }) => expect(ccNewsFileTime(source)).toBe(want))
})

describe('splitFirstPass', () => {
  test.each<{ name: string; sources: string[]; want: FirstPass | null }>([
    { name: 'no files', sources: [], want: null },
    { name: 'no dated file', sources: ['/w/a.warc.gz', '/w/b.warc.gz'], want: null },
    { name: 'all within the days', sources: [file('20261120000000'), file('20261121000000')], want: null },
    {
      name: 'older files and undated ones go last, order kept',
      sources: ['/w/mine.warc.gz', file('20261101000000'), file('20261121000000'), file('20261114000001')],
      want: {
        first: [file('20261121000000'), file('20261114000001')],
        rest: ['/w/mine.warc.gz', file('20261101000000')],
      },
    },
    {
      name: 'exactly the days before the newest is older',
      sources: [file('20261114000000'), file('20261121000000')],
      want: { first: [file('20261121000000')], rest: [file('20261114000000')] },
    },
  ])('$name', ({ sources, want }) => expect(splitFirstPass(sources, 7)).toEqual(want))
})

describe('a first run on an empty store', () => {
  const NOW = new Date('2026-11-21T14:00:00Z')
  const dir = join(tmp.dir, 'nine-days')
  const config = parseConfig({
    NEWSDESK_DATA: join(dir, 'data'),
    NEWSDESK_SNAPSHOTS: join(dir, 'snapshots'),
    NEWSDESK_WORKERS: '0',
  })
  const build = async (now: Date) => {
    const log = spyOn(console, 'log').mockImplementation(() => undefined)
    const err = spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      await commandBuild(config, now, ['--no-export'])
    } finally {
      log.mockRestore()
      err.mockRestore()
    }
  }

  test('publishes the newest days first, then everything; the next run is one pass', async () => {
    const demo = join(dir, 'data', 'demo')
    await generateDemoArchive({ outDir: demo, now: NOW, days: 9, articlesPerDay: 24 })
    const files = (readdirSync(join(demo, 'warc'), { recursive: true }) as string[]).filter((f) => f.endsWith('.gz'))
    const newest = Math.max(...files.map((f) => ccNewsFileTime(f) ?? 0))
    const cut = newest - FIRST_PASS_DAYS * 86_400_000
    await build(NOW)

    const versions = listVersions(config.snapshotsDir)
    expect(versions).toHaveLength(2)
    const [first, second] = versions.map((v) => readManifest(config.snapshotsDir, v))
    if (first == null || second == null) throw new Error('a manifest is missing')
    const db = openStore(storePath(config.dataDir), { readonly: true })
    try {
      const total = db.query<{ n: number }, []>('SELECT count(*) AS n FROM articles').get()?.n ?? 0
      // The first version holds exactly the articles the files dated after the cut added, and
      // those files were all read before any older one (their articles come first in seq order).
      const byFile = db.query<{ source: string; articles: number }, []>('SELECT source, articles FROM warc_files').all()
      const late = byFile.filter((f) => (ccNewsFileTime(f.source) ?? 0) > cut)
      expect(late.length).toBeGreaterThan(0)
      expect(first.counts.articles).toBe(late.reduce((s, f) => s + f.articles, 0))
      expect(first.counts.articles).toBe(first.watermark)
      expect(first.counts.articles).toBeLessThan(total)
      expect(first.sources.pending).toEqual({
        files: files.filter((f) => (ccNewsFileTime(f) ?? 0) <= cut).length,
        why: `first run: the newest ${FIRST_PASS_DAYS} days first`,
      })
      expect(second.counts.articles).toBe(total)
      expect(second.watermark).toBeGreaterThan(first.watermark)
      expect(second.sources.pending).toBeUndefined()
    } finally {
      db.close()
    }

    await build(new Date(NOW.getTime() + 3_600_000))
    const after = listVersions(config.snapshotsDir)
    expect(after).toHaveLength(3)
    expect(readManifest(config.snapshotsDir, after[2] ?? '')?.sources.pending).toBeUndefined()
  }, 120_000)
})
