/**
 * WARC reader throughput: our reader (batch/warc) against warcio's WARCParser, on a synthetic
 * CC-NEWS-like file. The file is written, and each variant run, in a process of its own, so a
 * variant's peak RSS is its own (Linux keeps a process's peak RSS across exec, so the parent
 * must stay small itself).
 *
 *   bun bench/warc-reader.ts [triplets=3000]
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { WARCParser } from 'warcio'
import { openByteSource } from '../batch/warc/byte-source.ts'
import { decompress } from '../batch/warc/decompress.ts'
import { frameRecords } from '../batch/warc/record-framer.ts'
import { DEFAULT_MAX_PAYLOAD_BYTES, readWarc } from '../batch/warc/reader.ts'
import { type SyntheticWarc, writeSyntheticWarc } from './warc-synth.ts'

interface Result {
  records: number
  html: number
  seconds: number
  maxRssBytes: number
}

type Variant = {
  name: string
  file: 'recordGzip' | 'wholeGzip' | 'plain'
  run: (file: string) => Promise<{ records: number; html: number }>
}

const VARIANTS: Variant[] = [
  { name: 'readWarc, record-gzip', file: 'recordGzip', run: countEvents },
  { name: 'readWarc, whole-file gzip', file: 'wholeGzip', run: countEvents },
  { name: 'readWarc, plain', file: 'plain', run: countEvents },
  { name: 'framing only, record-gzip', file: 'recordGzip', run: frameOnly },
  { name: 'warcio, record-gzip, raw', file: 'recordGzip', run: (f) => warcio(f, false) },
  { name: 'warcio, record-gzip, decoded', file: 'recordGzip', run: (f) => warcio(f, true) },
  { name: 'warcio, plain, raw', file: 'plain', run: (f) => warcio(f, false) },
]

async function countEvents(file: string) {
  let records = 0
  let html = 0
  for await (const event of readWarc(file)) {
    records++
    if (event.kind === 'html') html++
  }
  return { records, html }
}

async function frameOnly(file: string) {
  let records = 0
  const source = await openByteSource(file)
  for await (const _ of frameRecords(decompress(source.chunks), { maxBlockBytes: DEFAULT_MAX_PAYLOAD_BYTES })) records++
  return { records, html: 0 }
}

/** warcio with the same end product where `decode` is set: the payload decoded and turned into text for HTML responses. */
async function warcio(file: string, decode: boolean) {
  let records = 0
  let html = 0
  const text = new TextDecoder()
  for await (const record of new WARCParser(Bun.file(file).stream())) {
    records++
    const isHtml =
      record.warcType === 'response' && /text\/html/i.test(record.httpHeaders?.headers.get('content-type') ?? '')
    const payload = await record.readFully(decode && isHtml)
    if (decode && isHtml) {
      text.decode(payload)
      html++
    }
  }
  return { records, html }
}

async function child(variantIndex: number, file: string): Promise<void> {
  const variant = VARIANTS[variantIndex]
  if (variant === undefined) throw new Error(`no variant ${variantIndex}`)
  const started = performance.now()
  const counts = await variant.run(file)
  const seconds = (performance.now() - started) / 1000
  const result: Result = { ...counts, seconds, maxRssBytes: process.resourceUsage().maxRSS * 1024 }
  console.log(JSON.stringify(result))
}

async function main(): Promise<void> {
  const triplets = Number(process.argv[2] ?? 3000)
  const dir = mkdtempSync(path.join(tmpdir(), 'newsdesk-bench-'))
  try {
    const generator = Bun.spawn([process.execPath, import.meta.path, '--generate', dir, String(triplets)], {
      stdout: 'pipe',
      stderr: 'inherit',
    })
    const synth = JSON.parse(await new Response(generator.stdout).text()) as SyntheticWarc
    if ((await generator.exited) !== 0) throw new Error('generating the synthetic WARC failed')
    const mb = (bytes: number) => (bytes / 1e6).toFixed(1)
    console.log(
      `synthetic CC-NEWS-like WARC: ${synth.records} records (${synth.htmlRecords} HTML responses, 5-30 KB), ` +
        `${mb(synth.rawBytes)} MB uncompressed, ${mb(statSync(synth.recordGzip).size)} MB record-gzipped`,
    )
    const rows: string[][] = [
      ['variant', 'records', 'html', 's', 'records/s', 'html/s', 'MB/s (uncompressed)', 'peak RSS MB'],
    ]
    for (const [index, variant] of VARIANTS.entries()) {
      const proc = Bun.spawn([process.execPath, import.meta.path, '--child', String(index), synth[variant.file]], {
        stdout: 'pipe',
        stderr: 'inherit',
      })
      const output = await new Response(proc.stdout).text()
      if ((await proc.exited) !== 0) throw new Error(`variant ${variant.name} failed`)
      const r = JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as Result
      rows.push([
        variant.name,
        String(r.records),
        String(r.html),
        r.seconds.toFixed(2),
        Math.round(r.records / r.seconds).toLocaleString('en-US'),
        r.html ? Math.round(r.html / r.seconds).toLocaleString('en-US') : '-',
        (synth.rawBytes / 1e6 / r.seconds).toFixed(0),
        (r.maxRssBytes / 1e6).toFixed(0),
      ])
    }
    const widths = rows[0]?.map((_, col) => Math.max(...rows.map((row) => (row[col] ?? '').length))) ?? []
    for (const row of rows)
      console.log(
        row
          .map((cell, col) => (col === 0 ? cell.padEnd(widths[col] ?? 0) : cell.padStart(widths[col] ?? 0)))
          .join('  '),
      )
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

if (process.argv[2] === '--child') await child(Number(process.argv[3]), process.argv[4] ?? '')
else if (process.argv[2] === '--generate')
  console.log(JSON.stringify(writeSyntheticWarc(process.argv[3] ?? '', Number(process.argv[4]))))
else await main()
