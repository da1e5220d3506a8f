/**
 * An archive older than the 90-day window ending at the clock stores nothing, and the batch
 * report says how to replay it (NEWSDESK_NOW); with the clock just after it, it is stored. A real
 * WARC file, the real ingest, a SQLite file and `/v1/article` over HTTP on loopback.
 */
import { describe, expect, test } from 'bun:test'
import { throughPath } from '../../bench/entities-path.ts'
import { windowHint } from '../../batch/commands/report.ts'
import { tempDir } from '../support/tmp.ts'

const page = {
  url: 'https://news.example.org/2019/03/14/harbour-reopens',
  html: '<html><head><title>Harbour reopens after storm</title></head><body><p>The harbour in Bergen reopened on Thursday after a storm closed it for two days, the port authority said.</p><p>Ferries to Stavanger will run again from Friday morning.</p></body></html>',
  date: '2019-03-14T10:00:00Z',
}

describe('an archive older than the window', () => {
  test.each([
    { clock: '2026-11-27T12:00:00Z', stored: 0, hint: true },
    { clock: '2019-03-15T00:00:00Z', stored: 1, hint: false },
  ])(
    'clock $clock: $stored stored, hint $hint',
    async ({ clock, stored, hint }) => {
      const tmp = tempDir('old-archive')
      try {
        const { summary, answers } = await throughPath(tmp.dir, [page], new Date(clock))
        expect(summary.articles).toBe(stored)
        expect(summary.out_of_window).toBe(1 - stored)
        expect(answers[0] === null).toBe(stored === 0)
        const h = windowHint(summary)
        expect(h !== null).toBe(hint)
        if (h !== null) expect(h).toContain('NEWSDESK_NOW')
      } finally {
        tmp.cleanup()
      }
    },
    60_000,
  )
})
