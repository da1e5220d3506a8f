/**
 * Fetch + ingest of one CC-NEWS-sized WARC through the local Common Crawl (issue 16):
 *   bun bench/fetch-ingest.ts [--mb 1024] [--pages demo,real] [--cuts 4] [--workers 1]
 * Each ingest runs in a process of its own, so its peak RSS is the ingest's alone (in one process
 * with the WARC writer, the writer's garbage showed as 2.5 GB and looked like fetch buffering the
 * file; measured alone, one request for the whole 1 GB file peaks at ~0.8 GB, as 64 MiB Range
 * windows did, so the reader streams one request per file).
 *
 * For each page kind a WARC of about `--mb` MB (gzip member per record, as CC-NEWS) is written to a
 * temporary folder, served by test/support/local-common-crawl.ts over loopback HTTP, and ingested
 * into a fresh store through the real path (the URL source: streaming fetch, retries, Range
 * resume, worker thread, extraction, enrichment, store): once cleanly and once with the
 * connection dropped `--cuts` times at evenly spaced bytes. Prints MB/s, records/s and
 * articles/s, where each resumed request started (it must go forward: never byte 0 again, never
 * back to a committed record), the bytes fetched twice because they were in flight when the
 * connection reset, and whether both runs stored the same articles.
 *
 * Page kinds:
 * - `demo`: the demo archive's pages (3-5 KB of HTML each), the issue's "1 GB demo WARC";
 * - `real`: the real article pages of ../shared/corpus written by bench/real-warc.ts (439 pages,
 *   265 KB of HTML on average, repeated under distinct URLs until the size is reached). Skipped
 *   with a message when the corpus is absent.
 */
import { closeSync, openSync, readdirSync, statSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { generateDemoArchive } from '../demo/index.ts'
import { ingest, type IngestSummary } from '../batch/ingest/run.ts'
import { openStore } from '../store/open.ts'
import { LocalCommonCrawl, ccNewsPath } from '../test/support/local-common-crawl.ts'
import { tempDir } from '../test/support/tmp.ts'
import { writeRealPageWarc } from './real-warc.ts'
import { corpusDir } from '../core/corpus-dir.ts'

const arg = (name: string, def: string): string => {
  const i = process.argv.indexOf(name)
  return i === -1 ? def : (process.argv[i + 1] ?? def)
}
const TARGET_BYTES = Number(arg('--mb', '1024')) * 1024 * 1024
const KINDS = arg('--pages', 'demo,real').split(',')
const CUTS = Number(arg('--cuts', '4'))
const WORKERS = Number(arg('--workers', '1'))
const NOW = new Date('2026-11-21T14:00:00Z')
const FILE_START_MS = Date.parse('2026-11-21T12:00:00Z')
const mb = (bytes: number): string => (bytes / 1048576).toFixed(0)

/** Concatenates the demo archive's hourly WARCs (valid: each is a series of gzip members) up to the target size. */
async function demoWarc(dir: string, out: string): Promise<void> {
  // ~4.4 KB a compressed record: 1 GB is ~240k articles; 30 days keeps generation short.
  const perDay = Math.ceil(TARGET_BYTES / 4400 / 30 / 0.97)
  await generateDemoArchive({ outDir: join(dir, 'demo'), now: NOW, days: 30, articlesPerDay: perDay, gzipLevel: 6 })
  const files = (readdirSync(join(dir, 'demo', 'warc'), { recursive: true }) as string[])
    .filter((n) => n.endsWith('.warc.gz'))
    .sort()
  const fd = openSync(out, 'w')
  let written = 0
  for (const f of files) {
    if (written >= TARGET_BYTES) break
    const bytes = await Bun.file(join(dir, 'demo', 'warc', f)).bytes()
    writeSync(fd, bytes)
    written += bytes.length
  }
  closeSync(fd)
}

/** Real article pages under distinct URLs, dates moved into the window (bench/real-warc.ts). */
const realWarc = (out: string): boolean => writeRealPageWarc(out, TARGET_BYTES, NOW)

interface RunResult {
  seconds: number
  /** Largest RSS of this process (fetch, worker thread, store) sampled every 200 ms. */
  peakRss: number
  /** The store file after the run (checkpointed). */
  storeBytes: number
  summary: IngestSummary
  requests: number
  /** First byte of each resumed request. */
  resumesAt: number[]
  /** Bytes sent twice: in flight at a reset. */
  refetched: number
  /** Resumed requests that started before the previous one's first byte (a re-read). */
  backwards: number
  articles: number
}

/** Child mode: one ingest of `url` into `storeFile`, its measures as JSON on stdout. */
async function ingestChild(url: string, storeFile: string, cuts: number): Promise<void> {
  const db = openStore(storeFile)
  let peakRss = process.memoryUsage().rss
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 200)
  const t = performance.now()
  const summary = await ingest({
    db,
    sources: [url],
    now: NOW,
    workers: WORKERS,
    retry: { retries: cuts + 2, backoffMs: 50, maxBackoffMs: 500 },
  })
  const seconds = (performance.now() - t) / 1000
  clearInterval(sampler)
  const articles = (db.query('SELECT count(*) AS n FROM articles').get() as { n: number }).n
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
  db.close()
  console.log(JSON.stringify({ seconds, peakRss, storeBytes: statSync(storeFile).size, summary, articles }))
}

async function run(
  crawl: LocalCommonCrawl,
  path: string,
  storeFile: string,
  cuts: number,
  size: number,
): Promise<RunResult> {
  crawl.log.length = 0
  crawl.faults.files.set(
    path,
    Array.from({ length: cuts }, (_, k) => ({ kind: 'cut', at: Math.floor((size * (k + 1)) / (cuts + 1)) }) as const),
  )
  const child = Bun.spawn(
    [
      process.execPath,
      import.meta.path,
      '--ingest-child',
      crawl.baseUrl + path,
      storeFile,
      String(cuts),
      '--workers',
      String(WORKERS),
    ],
    { stdout: 'pipe', stderr: 'inherit' },
  )
  const out = await new Response(child.stdout).text()
  if ((await child.exited) !== 0) throw new Error(`ingest child failed for ${path}`)
  const measured = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as Omit<
    RunResult,
    'requests' | 'resumesAt' | 'refetched' | 'backwards'
  >
  const mine = crawl.log.filter((e) => e.path === path)
  // A reset loses what was in flight (socket buffers the reader had not drained yet): those bytes
  // are asked again. Anything before the previous answer's first byte would be a re-read.
  let refetched = 0
  let backwards = 0
  mine.forEach((e, k) => {
    const prev = mine[k - 1]
    if (prev === undefined) return
    refetched += Math.max(0, prev.from + prev.sent - e.from)
    if (e.from < prev.from) backwards++
  })
  return { ...measured, requests: mine.length, resumesAt: mine.slice(1).map((e) => e.from), refetched, backwards }
}

if (process.argv[2] === '--ingest-child') {
  await ingestChild(process.argv[3] ?? '', process.argv[4] ?? '', Number(process.argv[5]))
  process.exit(0)
}

const rows: string[] = []
for (const kind of KINDS) {
  const tmp = tempDir(`fetch-ingest-${kind}`)
  try {
    const file = join(tmp.dir, 'file.warc.gz')
    const tGen = performance.now()
    if (kind === 'demo') await demoWarc(tmp.dir, file)
    else if (!realWarc(file)) {
      console.log(`fetch-ingest: skipping real pages: ${corpusDir(process.env)} is absent`)
      continue
    }
    const size = statSync(file).size
    console.log(`${kind}: wrote ${mb(size)} MB in ${((performance.now() - tGen) / 1000).toFixed(0)} s`)
    const path = ccNewsPath(FILE_START_MS, 1)
    const crawl = new LocalCommonCrawl(NOW.getTime())
    crawl.add({ path, file, listedFromMs: FILE_START_MS })
    crawl.start()
    try {
      const clean = await run(crawl, path, join(tmp.dir, 'clean.sqlite'), 0, size)
      const cut = await run(crawl, path, join(tmp.dir, 'cut.sqlite'), CUTS, size)
      for (const [name, r] of [
        ['clean', clean],
        [`${CUTS} resets`, cut],
      ] as const) {
        const s = r.summary
        rows.push(
          `| ${kind} | ${name} | ${mb(size)} | ${r.seconds.toFixed(1)} | ${(size / 1048576 / r.seconds).toFixed(1)} | ${(s.records / r.seconds).toFixed(0)} | ${(s.articles / r.seconds).toFixed(0)} | ${s.articles} | ${s.files_failed.length} | ${r.requests} | ${r.resumesAt.map((b) => (b / 1048576).toFixed(1)).join(', ') || '–'} | ${(r.refetched / 1048576).toFixed(1)} | ${r.backwards} | ${(size / Math.max(1, s.html)).toFixed(0)} | ${mb(r.peakRss)} | ${(r.storeBytes / Math.max(1, r.articles) / 1024).toFixed(1)} |`,
        )
      }
      const same = clean.articles === cut.articles && clean.summary.articles === cut.summary.articles
      rows.push(
        `| ${kind} | same articles stored by both runs: **${same ? 'yes' : `NO (${clean.articles} vs ${cut.articles})`}** | | | | | | | | | | | | | | |`,
      )
    } finally {
      crawl.stop()
    }
  } finally {
    tmp.cleanup()
  }
}
console.log(
  `\nfetch + ingest through the local Common Crawl (loopback HTTP, ${WORKERS} ingest worker${WORKERS === 1 ? '' : 's'})\n`,
)
console.log(
  '| pages | run | file MB | s | MB/s | records/s | articles/s | articles | failed files | requests | resumed at MB | MB fetched again (in flight at a reset) | resumes that went back | compressed bytes per HTML record | peak RSS MB | store KB per article |',
)
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|')
console.log(rows.join('\n'))
