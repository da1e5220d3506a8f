/**
 * A file of hostile records between good ones (issue 28): a gzip bomb inflating to 2 GiB, a record
 * whose Content-Length claims 2 GB, 1 MB of bytes that are not gzip, a 60 MB page on one line,
 * 200,000 nested `<div>`s and a member cut off mid-stream. Every good record must come out (the
 * reader) and be stored (ingest, in a process of its own, one and two workers), each hostile one
 * is one skip or one harmless page, and a run stays within 512 MB of RSS per worker thread.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import type { IngestSummary } from '../../batch/ingest/run.ts'
import { readWarc } from '../../batch/warc/reader.ts'
import { writeHostileWarc } from '../support/hostile-warc.ts'
import { tempDir } from '../support/tmp.ts'

const GOOD_PER_GAP = 10
const BOMB_BYTES = 2 * 1024 ** 3
const NOW = '2026-11-21T14:00:00Z'
const MAX_RSS_PER_WORKER = 512 * 1024 * 1024
const tmp = tempDir('hostile-warc')
const file = join(tmp.dir, 'hostile.warc.gz')
let good = 0

beforeAll(() => {
  good = writeHostileWarc(file, { goodPerGap: GOOD_PER_GAP, bombBytes: BOMB_BYTES })
})
afterAll(() => tmp.cleanup())

const goodUrls = (): string[] => Array.from({ length: good }, (_, n) => `https://news.example/good/${n}`).sort()

describe('a file of hostile records between good ones', () => {
  test('the reader gives every good record, in order, and one event per hostile record', async () => {
    const seen: string[] = []
    for await (const event of readWarc(file)) {
      seen.push(event.kind === 'html' ? `html ${event.targetUri}` : `skip ${event.reason} ${event.targetUri}`)
    }
    expect(good).toBe(GOOD_PER_GAP * 7)
    const goods = Array.from({ length: good }, (_, n) => `html https://news.example/good/${n}`)
    const gap = (k: number) => goods.slice(k * GOOD_PER_GAP, (k + 1) * GOOD_PER_GAP)
    expect(seen).toEqual([
      ...gap(0),
      'skip too-large https://bomb.example/',
      ...gap(1),
      // Its member ends long before 2 GB: the next member's record start cuts it off.
      'skip truncated https://liar.example/',
      ...gap(2),
      'skip corrupt ',
      ...gap(3),
      'skip too-large https://long.example/',
      ...gap(4),
      // Under the payload cap: parsed with depth and element caps (batch/extract/html-tree.ts).
      'html https://deep.example/',
      ...gap(5),
      'skip corrupt https://cut.example/',
      ...gap(6),
    ])
  })

  test.each([1, 2])(
    'ingest with %i worker(s) stores every good record, within 512 MB RSS a worker',
    async (workers) => {
      const child = Bun.spawn(
        [
          process.execPath,
          'test/support/hostile-ingest-child.ts',
          file,
          join(tmp.dir, `w${workers}.sqlite`),
          String(workers),
          NOW,
        ],
        { stdout: 'pipe', stderr: 'inherit' },
      )
      const out = await new Response(child.stdout).text()
      expect(await child.exited).toBe(0)
      const { summary, urls, peakRss } = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as {
        summary: IngestSummary
        urls: string[]
        peakRss: number
      }
      expect(summary.files_failed).toEqual([])
      expect(urls.filter((u) => u.includes('/good/'))).toEqual(goodUrls())
      expect(summary.skipped).toMatchObject({ 'too-large': 2, truncated: 1, corrupt: 2 })
      expect(peakRss).toBeLessThanOrEqual(MAX_RSS_PER_WORKER * workers)
    },
  )
})
