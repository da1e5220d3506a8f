/**
 * Both cores on one file (batch/ingest/fan-out.ts): the main thread reads one WARC and worker
 * threads extract its records. The batches must be the ones the one-thread path makes (same rows,
 * same counts, same resume points), so a store filled either way is the same, and a run stopped
 * after a committed batch resumes where the one-thread path would.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Database } from 'bun:sqlite'
import { readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { generateDemoArchive } from '../../demo/index.ts'
import type { Batch } from '../../batch/ingest/batches.ts'
import { readJob } from '../../batch/ingest/read-job.ts'
import { RowWorkers, readJobFannedOut } from '../../batch/ingest/fan-out.ts'
import { filesAtOnce, ingest } from '../../batch/ingest/run.ts'
import type { ToWorker } from '../../batch/ingest/worker-protocol.ts'
import { DEFAULT_RETRY } from '../../batch/warc/retry-policy.ts'
import { openStore } from '../../store/open.ts'
import { tempDir } from '../support/tmp.ts'
import iconv from 'iconv-lite'
import { gzipSync } from 'node:zlib'
import { chunked, LAYOUTS, layOut, responseRecord, warcinfoRecord } from '../warc/warc-fixture.ts'

const NOW = new Date('2026-11-21T14:00:00Z')
const tmp = tempDir('fan-out')
const file = join(tmp.dir, 'one.warc.gz')

beforeAll(async () => {
  // One file of ~1,200 records (two batches and a bit): the demo's hourly files, concatenated.
  const demo = join(tmp.dir, 'demo')
  await generateDemoArchive({ outDir: demo, now: NOW, days: 2, articlesPerDay: 200 })
  const names = (readdirSync(join(demo, 'warc'), { recursive: true }) as string[])
    .filter((n) => n.endsWith('.warc.gz'))
    .sort()
  writeFileSync(file, Buffer.concat(await Promise.all(names.map((n) => Bun.file(join(demo, 'warc', n)).bytes()))))
})
afterAll(() => tmp.cleanup())

const job = (startIndex = 0, startOffset: number | null = null): ToWorker => ({
  source: file,
  startIndex,
  startOffset,
  retry: DEFAULT_RETRY,
})

async function collect(batches: AsyncGenerator<Batch>): Promise<Batch[]> {
  const out: Batch[] = []
  for await (const batch of batches) out.push(batch)
  return out
}

const dump = (db: Database) => ({
  articles: db.query('SELECT * FROM articles ORDER BY seq').all(),
  text: db.query('SELECT * FROM article_text ORDER BY seq').all(),
  files: db.query('SELECT source, status, next_record, next_offset, records, html, articles FROM warc_files').all(),
})

describe('one file, records extracted by two workers', () => {
  test('gives the batches the one-thread path gives, from the start and from a resume point', async () => {
    const here = await collect(readJob(job()))
    expect(here.length).toBeGreaterThanOrEqual(3)
    expect(here.reduce((n, b) => n + b.rows.length, 0)).toBeGreaterThan(300)
    const workers = new RowWorkers(2)
    try {
      expect(await collect(readJobFannedOut(job(), workers))).toEqual(here)
      const resumeAt = here[0] as Batch
      expect(resumeAt.nextOffset).not.toBeNull()
      const rest = await collect(readJobFannedOut(job(resumeAt.nextIndex, resumeAt.nextOffset), workers))
      expect(rest).toEqual(await collect(readJob(job(resumeAt.nextIndex, resumeAt.nextOffset))))
      expect(rest.reduce((n, b) => n + b.records, 0)).toBe(here.slice(1).reduce((n, b) => n + b.records, 0))
    } finally {
      workers.close()
    }
  })

  test('fills the store as the one-thread path does, also when stopped after one batch and run again', async () => {
    const one = openStore(join(tmp.dir, 'one.sqlite'))
    const two = openStore(join(tmp.dir, 'two.sqlite'))
    const stopped = openStore(join(tmp.dir, 'stopped.sqlite'))
    try {
      const a = await ingest({ db: one, sources: [file], now: NOW, workers: 0 })
      const b = await ingest({ db: two, sources: [file], now: NOW, workers: 2 })
      expect(b).toEqual({ ...a, elapsed_ms: b.elapsed_ms })
      expect(dump(two)).toEqual(dump(one))

      let batches = 0
      const first = await ingest({
        db: stopped,
        sources: [file],
        now: NOW,
        workers: 2,
        hooks: {
          inTransaction: () => {
            if (batches++ === 1) throw new Error('stopped in the second batch')
          },
        },
      })
      expect(first.files_failed.map((f) => f.message)).toEqual(['Error: stopped in the second batch'])
      const second = await ingest({ db: stopped, sources: [file], now: NOW, workers: 2 })
      expect(second.files_ingested).toBe(1)
      expect(first.records + second.records).toBe(a.records)
      expect(dump(stopped).articles).toEqual(dump(one).articles)
    } finally {
      one.close()
      two.close()
      stopped.close()
    }
  })
})

describe('payload bytes handed to the workers', () => {
  // The reading thread sends each HTML record's payload undecoded; the worker picks its charset.
  const paragraph = (title: string) =>
    `<p>${title}. ${title}. Die Redaktion berichtet ausführlich über die Lage, die Stimmung und die Folgen.</p>`
  const page = (title: string, charsetMeta = '') =>
    `<!doctype html><html><head>${charsetMeta}<title>${title}</title></head><body><article><h1>${title}</h1>` +
    paragraph(title).repeat(8) +
    '</article></body></html>'
  const cases: { uri: string; title: string; headers: [string, string][]; body: Uint8Array }[] = [
    {
      uri: 'https://example.fr/cafe',
      title: 'Café crème à Noël, déjà vu',
      headers: [['Content-Type', 'text/html; charset=windows-1252']],
      body: iconv.encode(page('Café crème à Noël, déjà vu'), 'windows-1252'),
    },
    {
      uri: 'https://example.jp/news',
      title: '東京の天気は晴れ、気温が上がる',
      headers: [['Content-Type', 'text/html']],
      body: iconv.encode(page('東京の天気は晴れ、気温が上がる', '<meta charset="shift_jis">'), 'shift_jis'),
    },
    {
      uri: 'https://example.de/bom',
      title: 'Größere Straßen für München',
      headers: [['Content-Type', 'text/html']],
      body: Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(page('Größere Straßen für München'), 'utf-16le')]),
    },
    {
      uri: 'https://example.es/gzip',
      title: 'Año nuevo en España: señales',
      headers: [
        ['Content-Type', 'text/html; charset=utf-8'],
        ['Content-Encoding', 'gzip'],
      ],
      body: gzipSync(Buffer.from(page('Año nuevo en España: señales'))),
    },
    {
      uri: 'https://example.pl/chunked',
      title: 'Zażółć gęślą jaźń w Łodzi',
      headers: [
        ['Content-Type', 'text/html; charset=utf-8'],
        ['Transfer-Encoding', 'chunked'],
      ],
      body: chunked(Buffer.from(page('Zażółć gęślą jaźń w Łodzi')), [700, 333]),
    },
  ]
  const records = [
    warcinfoRecord(),
    ...cases.flatMap((c, i) => [
      responseRecord(c.uri, { headers: c.headers, body: c.body }, { date: `2026-11-21T1${i}:00:00Z` }),
      // An empty HTML payload between good ones.
      responseRecord(`${c.uri}-empty`, { headers: [['Content-Type', 'text/html']], body: '' }),
    ]),
  ]
  // One gzip member a record (CC-NEWS), one for the whole file, none: in the last two the records'
  // payloads are views into one buffer of the reader, which must not be moved to a worker.
  test.each(LAYOUTS)(
    'decode to the rows the one-thread path makes, every charset and encoding (%s)',
    async (layout) => {
      const mixed = join(tmp.dir, `charsets-${layout}.warc${layout === 'plain' ? '' : '.gz'}`)
      writeFileSync(mixed, layOut(records, layout))
      const one: ToWorker = { source: mixed, startIndex: 0, startOffset: null, retry: DEFAULT_RETRY }
      const here = await collect(readJob(one))
      const workers = new RowWorkers(2)
      try {
        expect(await collect(readJobFannedOut(one, workers))).toEqual(here)
      } finally {
        workers.close()
      }
      const titles = here.flatMap((b) => b.rows.map((r) => r.title))
      expect(titles.sort()).toEqual(cases.map((c) => c.title).sort())
      expect(here.reduce((n, b) => n + b.html, 0)).toBe(cases.length * 2)
    },
  )
})

describe('filesAtOnce', () => {
  test.each([
    { name: 'no files', sources: [], perHost: 1, want: 0 },
    { name: 'one local file', sources: ['/a.warc.gz'], perHost: 1, want: 1 },
    { name: 'local files all at once', sources: ['/a', '/b', '/c'], perHost: 1, want: 3 },
    { name: 'one host, one connection', sources: ['http://h/a', 'http://h/b', 'http://h/c'], perHost: 1, want: 1 },
    { name: 'one host, two connections', sources: ['http://h/a', 'http://h/b', 'http://h/c'], perHost: 2, want: 2 },
    { name: 'two hosts and a file', sources: ['http://h/a', 'http://g/b', '/c'], perHost: 1, want: 3 },
  ])('$name', ({ sources, perHost, want }) => {
    expect(
      filesAtOnce(
        sources.map((source) => ({ source })),
        perHost,
      ),
    ).toBe(want)
  })
})
