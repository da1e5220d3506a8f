/**
 * Where ingest spends its time (issue 28): each stage of one WARC file's path to the store, timed
 * on one core in one process, beside the floor of that stage measured in the same run.
 *
 *   bun bench/ingest-stages.ts [--mb 96] [--pages real,demo] [--clock wall|cpu]
 *
 * The file is written first (real pages: bench/real-warc.ts; demo pages: the demo archive's
 * hourly files concatenated), then read three times from the page cache:
 *   1. our member-by-member gunzip alone (batch/warc/decompress.ts);
 *   2. the same plus WARC framing (record-framer.ts), so framing = 2 − 1;
 *   3. the whole path, each record's stages timed one by one: HTTP head, de-chunking and charset
 *      decoding (record-to-event.ts), HTML parse (html-tree.ts), extraction from the tree,
 *      enrichment, the duplicate key, and the store write (ArticleWriter: url and dup-group
 *      lookups, row, body, FTS5 row; commits every BATCH_RECORDS as ingest does).
 * Floors: `gzip -dc` of the file and node:zlib's streaming gunzip (the gunzip floor); a pass of
 * htmlparser2's Tokenizer with empty callbacks and of Bun's HTMLRewriter (lol-html) with an
 * element handler that does nothing (the parse floor); the FTS5 rows alone into an empty table.
 * `--clock cpu` times everything in CPU time of the process (user + system, every thread: the
 * engine's collector and compiler threads count) instead of wall time: on a machine shared with
 * other jobs a stage's wall time also holds the time it waited for a core, its CPU time does not.
 * `gzip -dc` is wall time either way (another process).
 */
import { Database } from 'bun:sqlite'
import { closeSync, openSync, readdirSync, statSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { createGunzip } from 'node:zlib'
import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2'
import { articleId } from '../core/article-id.ts'
import { dupKey, enrichArticle } from '../core/enrich/index.ts'
import { generateDemoArchive } from '../demo/index.ts'
import { extractFromTree } from '../batch/extract/extract-article.ts'
import { parseHtmlTree } from '../batch/extract/html-tree.ts'
import { BATCH_RECORDS } from '../batch/ingest/batches.ts'
import { RETENTION_DAYS } from '../batch/ingest/run.ts'
import { openByteSource } from '../batch/warc/byte-source.ts'
import { decompress } from '../batch/warc/decompress.ts'
import { MAX_HTTP_HEADER_BYTES } from '../batch/warc/http-message.ts'
import { DEFAULT_MAX_PAYLOAD_BYTES } from '../batch/warc/reader.ts'
import { frameRecords } from '../batch/warc/record-framer.ts'
import { recordToEvent } from '../batch/warc/record-to-event.ts'
import { ArticleWriter, type ArticleRow } from '../store/articles.ts'
import { FTS_INSERT_SQL, FTS_PAIRS_TABLE_SQL, ftsValues } from '../store/fts-row.ts'
import { openStore } from '../store/open.ts'
import { tempDir } from '../test/support/tmp.ts'
import { writeRealPageWarc } from './real-warc.ts'

const arg = (name: string, def: string): string => {
  const i = process.argv.indexOf(name)
  return i === -1 ? def : (process.argv[i + 1] ?? def)
}
const TARGET_BYTES = Number(arg('--mb', '96')) * 1024 * 1024
const KINDS = arg('--pages', 'real').split(',')
const CLOCK = arg('--clock', 'wall')
if (CLOCK !== 'wall' && CLOCK !== 'cpu') throw new Error(`--clock wall|cpu, not ${CLOCK}`)
/** Milliseconds on the chosen clock. */
const now =
  CLOCK === 'cpu'
    ? (): number => {
        const { user, system } = process.cpuUsage()
        return (user + system) / 1000
      }
    : (): number => performance.now()
const NOW = new Date('2026-11-21T14:00:00Z')

const frame = (file: string) =>
  openByteSource(file).then((source) =>
    frameRecords(decompress(source.chunks), { maxBlockBytes: DEFAULT_MAX_PAYLOAD_BYTES + MAX_HTTP_HEADER_BYTES }),
  )

async function timeZcat(file: string): Promise<number> {
  const t = performance.now()
  const child = Bun.spawn(['gzip', '-dc', file], { stdout: 'ignore' })
  await child.exited
  return performance.now() - t
}

async function timeNodeGunzip(file: string): Promise<{ ms: number; bytes: number }> {
  const t = now()
  let bytes = 0
  const gunzip = createGunzip({ chunkSize: 256 * 1024 })
  const done = new Promise<void>((resolve, reject) => {
    gunzip.on('data', (c: Uint8Array) => (bytes += c.length))
    gunzip.on('end', resolve)
    gunzip.on('error', reject)
  })
  for await (const chunk of Bun.file(file).stream()) {
    if (!gunzip.write(chunk)) await new Promise((r) => gunzip.once('drain', r))
  }
  gunzip.end()
  await done
  return { ms: now() - t, bytes }
}

async function timeOurGunzip(file: string): Promise<{ ms: number; bytes: number }> {
  const t = now()
  const source = await openByteSource(file)
  let bytes = 0
  for await (const piece of decompress(source.chunks)) if (piece.kind === 'data') bytes += piece.bytes.length
  return { ms: now() - t, bytes }
}

async function timeFraming(file: string): Promise<{ ms: number; records: number }> {
  const t = now()
  let records = 0
  for await (const _ of await frame(file)) records++
  return { ms: now() - t, records }
}

const NOOP_CALLBACKS: TokenizerCallbacks = {
  onattribdata() {},
  onattribentity() {},
  onattribend() {},
  onattribname() {},
  oncdata() {},
  onclosetag() {},
  oncomment() {},
  ondeclaration() {},
  onend() {},
  onopentagend() {},
  onopentagname() {},
  onprocessinginstruction() {},
  onselfclosingtag() {},
  ontext() {},
  ontextentity() {},
}

const STAGES = [
  'http head + charset decode',
  'HTML parse (tree)',
  'extraction (from the tree)',
  'enrichment',
  'duplicate key',
  'store write (lookups, row, FTS5, commit)',
] as const
type Stage = (typeof STAGES)[number]

interface Pipeline {
  ms: Record<Stage, number>
  totalMs: number
  records: number
  html: number
  htmlChars: number
  articles: number
  floors: { tokenizer: number; rewriter: number; ftsAlone: number }
}

async function timePipeline(file: string, storeFile: string): Promise<Pipeline> {
  const db = openStore(storeFile)
  const writer = new ArticleWriter(db)
  const ftsDb = new Database(':memory:')
  ftsDb.exec(FTS_PAIRS_TABLE_SQL)
  const ftsInsert = ftsDb.query(FTS_INSERT_SQL)
  const ms = Object.fromEntries(STAGES.map((s) => [s, 0])) as Record<Stage, number>
  const floors = { tokenizer: 0, rewriter: 0, ftsAlone: 0 }
  const minPublishedAt = Math.floor(NOW.getTime() / 1000) - RETENTION_DAYS * 86400
  let records = 0
  let html = 0
  let htmlChars = 0
  let articles = 0
  let pending: ArticleRow[] = []
  let floorMs = 0
  const commit = (): void => {
    const t = now()
    db.transaction(() => {
      for (const row of pending) if (writer.write(row, minPublishedAt) === 'inserted') articles++
    })()
    ms['store write (lookups, row, FTS5, commit)'] += now() - t
    const f = now()
    ftsDb.transaction(() => {
      for (const row of pending) ftsInsert.run(Number.parseInt(row.id.slice(0, 12), 16), ...ftsValues(row))
    })()
    floors.ftsAlone += now() - f
    floorMs += now() - f
    pending = []
  }
  const started = now()
  for await (const record of await frame(file)) {
    records++
    let t = now()
    const event = recordToEvent(record, file, DEFAULT_MAX_PAYLOAD_BYTES)
    ms['http head + charset decode'] += now() - t
    if (event.kind !== 'html') continue
    html++
    htmlChars += event.html.length

    // Floors, outside the pipeline's own time.
    const f = now()
    const tokenizer = new Tokenizer({ decodeEntities: true }, NOOP_CALLBACKS)
    tokenizer.write(event.html)
    tokenizer.end()
    const g = now()
    new HTMLRewriter().on('*', { element() {} }).transform(event.html)
    const h = now()
    floors.tokenizer += g - f
    floors.rewriter += h - g
    floorMs += h - f

    t = now()
    const doc = parseHtmlTree(event.html)
    let u = now()
    ms['HTML parse (tree)'] += u - t
    const extracted = extractFromTree(doc, {
      html: event.html,
      targetUri: event.targetUri,
      warcDate: event.warcDate,
      httpHeaders: event.httpHeaders,
    })
    t = now()
    ms['extraction (from the tree)'] += t - u
    if (extracted === null) continue
    const enrichment = enrichArticle(extracted)
    u = now()
    ms.enrichment += u - t
    const key = dupKey(extracted)
    t = now()
    ms['duplicate key'] += t - u
    pending.push({
      ...extracted,
      ...enrichment,
      id: articleId(extracted.url),
      dup_key: key,
      source_file: file,
    })
    if (pending.length >= BATCH_RECORDS) commit()
  }
  commit()
  const totalMs = now() - started - floorMs
  db.close()
  ftsDb.close()
  return { ms, totalMs, records, html, htmlChars, articles, floors }
}

/** The demo archive's hourly WARCs concatenated up to the size (each is a series of gzip members). */
async function writeDemoWarc(dir: string, out: string): Promise<void> {
  const perDay = Math.ceil(TARGET_BYTES / 4400 / 30 / 0.97)
  await generateDemoArchive({ outDir: join(dir, 'demo'), now: NOW, days: 30, articlesPerDay: perDay, gzipLevel: 6 })
  const files = (readdirSync(join(dir, 'demo', 'warc'), { recursive: true }) as string[])
    .filter((n) => n.endsWith('.warc.gz'))
    .sort()
  const fd = openSync(out, 'w')
  let written = 0
  for (const name of files) {
    if (written >= TARGET_BYTES) break
    const bytes = await Bun.file(join(dir, 'demo', 'warc', name)).bytes()
    writeSync(fd, bytes)
    written += bytes.length
  }
  closeSync(fd)
}

const fmt = (ms: number): string => (ms / 1000).toFixed(2)
const perRecord = (ms: number, n: number): string => (n === 0 ? '–' : (ms / n).toFixed(3))

for (const kind of KINDS) {
  const tmp = tempDir(`ingest-stages-${kind}`)
  try {
    const file = join(tmp.dir, 'file.warc.gz')
    if (kind === 'demo') await writeDemoWarc(tmp.dir, file)
    else if (!writeRealPageWarc(file, TARGET_BYTES, NOW)) {
      console.log('ingest-stages: skipping real pages: the corpus is absent')
      continue
    }
    const size = statSync(file).size
    const zcat = await timeZcat(file)
    const nodeGunzip = await timeNodeGunzip(file)
    const ours = await timeOurGunzip(file)
    if (ours.bytes !== nodeGunzip.bytes)
      console.log(`gunzip: ours inflated ${ours.bytes} bytes, node:zlib ${nodeGunzip.bytes}`)
    const framing = await timeFraming(file)
    const p = await timePipeline(file, join(tmp.dir, 'store.sqlite'))
    const n = p.html
    const perRecordSum = STAGES.reduce((s, k) => s + p.ms[k], 0)
    const rows: [string, number, string][] = [
      ['gunzip (member reader)', ours.ms, `${fmt(zcat)} s gzip -dc; ${fmt(nodeGunzip.ms)} s node:zlib stream`],
      ['WARC framing', framing.ms - ours.ms, '–'],
      [STAGES[0], p.ms[STAGES[0]], '–'],
      [
        STAGES[1],
        p.ms[STAGES[1]],
        `${fmt(p.floors.tokenizer)} s htmlparser2 Tokenizer, no-op; ${fmt(p.floors.rewriter)} s HTMLRewriter, no-op`,
      ],
      [STAGES[2], p.ms[STAGES[2]], '–'],
      [STAGES[3], p.ms[STAGES[3]], '–'],
      [STAGES[4], p.ms[STAGES[4]], '–'],
      [STAGES[5], p.ms[STAGES[5]], `${fmt(p.floors.ftsAlone)} s FTS5 rows alone (values + insert)`],
    ]
    const total = framing.ms + perRecordSum
    console.log(
      `\n${kind} pages: ${(size / 1048576).toFixed(0)} MB compressed, ${(nodeGunzip.bytes / 1048576).toFixed(0)} MB inflated, ${framing.records} records, ${n} HTML (${(p.htmlChars / Math.max(1, n) / 1024).toFixed(0)} K chars each), ${p.articles} articles stored; one core, Bun ${Bun.version}, ${CLOCK} clock`,
    )
    console.log('| stage | s | ms per HTML record | share | floor in the same run |')
    console.log('|---|---:|---:|---:|---|')
    for (const [name, ms, floor] of rows) {
      console.log(`| ${name} | ${fmt(ms)} | ${perRecord(ms, n)} | ${((100 * ms) / total).toFixed(0)}% | ${floor} |`)
    }
    console.log(
      `| **sum** | ${fmt(total)} | ${perRecord(total, n)} | | pipeline pass ${fmt(p.totalMs)} s (floors taken out) → **${(p.articles / (p.totalMs / 1000)).toFixed(0)} articles/s**, ${(size / 1048576 / (p.totalMs / 1000)).toFixed(1)} MB/s |`,
    )
  } finally {
    tmp.cleanup()
  }
}
