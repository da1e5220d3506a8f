/**
 * Entities through the real path (bench/entities-path.ts): a WARC file written on disk, the batch
 * ingest into a SQLite file, `/v1/article` asked over HTTP on loopback, with a fixed clock.
 */
import { describe, expect, test } from 'bun:test'
import { throughPath } from '../../bench/entities-path.ts'
import { tempDir } from '../support/tmp.ts'

const NOW = new Date('2026-11-27T12:00:00Z')
const CRAWLED = '2026-11-27T11:00:00Z'

const minimal = (title: string, paragraphs: readonly string[]) =>
  `<html><head><title>${title}</title></head><body>${paragraphs.map((p) => `<p>${p}</p>`).join('')}</body></html>`

describe('entities through WARC → ingest → /v1/article', () => {
  test('a story whose paragraphs are all short keeps its body and the names in it', async () => {
    const tmp = tempDir('entity-path')
    try {
      const url = 'https://news.example.org/world/1'
      const { summary, answers } = await throughPath(
        tmp.dir,
        [
          {
            url,
            // A title-case headline: its names count only where the body names them too.
            html: minimal('Putin Meets Merkel In Berlin', [
              'BERLIN 2026-11-27',
              'Angela Merkel met Putin.',
              'Vladimir Putin left Berlin.',
            ]),
            date: CRAWLED,
          },
        ],
        NOW,
      )
      expect(summary.articles).toBe(1)
      const keys = (answers[0]?.entities ?? []).map((e) => e.key).sort()
      expect(keys).toContain('person:angela-merkel')
      expect(keys).toContain('person:vladimir-putin')
      expect(keys).toContain('place:berlin')
    } finally {
      tmp.cleanup()
    }
  }, 60_000)

  test('the same story under two URLs is answered under both, with the same entities', async () => {
    const tmp = tempDir('entity-path')
    try {
      const html = minimal('Port strike halts grain shipments', [
        'Dock workers in Rotterdam walked out on Monday, the Port of Rotterdam Authority said.',
        'Union leader Marieke Verhoeven said the strike would last until wages were settled.',
      ])
      const pages = ['https://wire.example.org/world/1', 'https://partner.example.net/world/port-strike'].map(
        (url) => ({
          url,
          html,
          date: CRAWLED,
        }),
      )
      const { summary, answers } = await throughPath(tmp.dir, pages, NOW)
      expect(summary.articles).toBe(2)
      const [first, second] = answers.map((a) => (a?.entities ?? []).map((e) => e.key).sort())
      expect(first).toContain('person:marieke-verhoeven')
      expect(first).toContain('place:rotterdam')
      expect(second).toEqual(first as string[])
    } finally {
      tmp.cleanup()
    }
  }, 60_000)
})
