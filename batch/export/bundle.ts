/**
 * Writes a version's research bundle beside its snapshot files: every article of the window up to
 * the watermark as gzipped NDJSON and as Parquet, the price tables as CSV, and a README describing
 * every column.
 * The publisher adds `SHA256SUMS` over the whole folder. Output is deterministic: rows in key
 * order, gzip without a timestamp, so the same store and watermark give the same bytes.
 */
import type { Database } from 'bun:sqlite'
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { isoSeconds } from '../../core/config.ts'
import type { ExportSummary, ManifestFile } from '../../contract/snapshot-files.ts'
import { fileEntry } from '../snapshot/publish.ts'
import { ARTICLES, CSV_TABLES, type TableSpec } from './columns.ts'
import { ARTICLES_PARQUET, ArticleParquet } from './parquet.ts'
import { bundleReadme } from './readme.ts'

export interface BundleOptions {
  db: Database
  watermark: number
  version: string
  builtAt: string
  /** Include each article's body text (large: several times the metadata). */
  withText: boolean
  /** Called after each file is written (0-based); fault tests kill the export here. */
  onFileWritten?: (index: number) => void
}

const JSON_ARRAY_COLUMNS = new Set(['authors', 'tags', 'entities'])
const EPOCH_SECONDS_COLUMNS = new Set(['published_at', 'crawled_at'])
const CSV_ORDER: Record<string, string> = {
  candles: 'instrument, open_time',
  daily_closes: 'instrument, day',
  instrument_sources: 'instrument',
  url_aliases: 'target_uri',
}

function write(dir: string, path: string, bytes: Uint8Array): ManifestFile {
  const full = join(dir, path)
  mkdirSync(dirname(full), { recursive: true })
  writeFileSync(full, bytes)
  return fileEntry(path, bytes)
}

/** One article row as its bundle object: ISO times, arrays parsed, a boolean flag. */
function articleObject(row: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const name of names) {
    const v = row[name]
    if (EPOCH_SECONDS_COLUMNS.has(name)) out[name] = isoSeconds(new Date((v as number) * 1000))
    else if (JSON_ARRAY_COLUMNS.has(name)) out[name] = JSON.parse(v as string) as unknown
    else if (name === 'is_bitcoin') out[name] = v === 1
    else out[name] = v
  }
  return out
}

/** One pass over the articles: the gzipped NDJSON and the Parquet file, same rows, same order. */
function articleFiles(opts: BundleOptions): { ndjson: Uint8Array; parquet: Uint8Array; count: number } {
  const names = ARTICLES.columns.map((c) => c.name).filter((n) => n !== 'text')
  const cols = ARTICLES.columns
    .filter((c) => c.name !== 'text')
    .map((c) => (c.derived === undefined ? `a.${c.name}` : `${c.derived} AS ${c.name}`))
    .join(', ')
  const sql = opts.withText
    ? `SELECT ${cols}, coalesce(t.text, '') AS text FROM articles a LEFT JOIN article_text t ON t.seq = a.seq WHERE a.seq <= ? ORDER BY a.seq`
    : `SELECT ${cols} FROM articles a WHERE a.seq <= ? ORDER BY a.seq`
  const wanted = opts.withText ? [...names, 'text'] : names
  const parquet = new ArticleParquet(ARTICLES.columns.filter((c) => wanted.includes(c.name)))
  const lines: string[] = []
  for (const row of opts.db.query<Record<string, unknown>, [number]>(sql).iterate(opts.watermark)) {
    lines.push(JSON.stringify(articleObject(row, wanted)))
    parquet.push(row)
  }
  const text = lines.length === 0 ? '' : `${lines.join('\n')}\n`
  return { ndjson: Bun.gzipSync(Buffer.from(text), { level: 6 }), parquet: parquet.bytes(), count: lines.length }
}

function csvField(v: unknown): string {
  const s = v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : String(v)
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

function tableCsv(db: Database, spec: TableSpec, watermark: number): Uint8Array {
  const names = spec.columns.map((c) => c.name)
  const where = spec.table === 'url_aliases' ? ' WHERE url IN (SELECT url FROM articles WHERE seq <= ?)' : ''
  const sql = `SELECT ${names.join(', ')} FROM ${spec.table}${where} ORDER BY ${CSV_ORDER[spec.table] ?? names[0]}`
  const rows =
    where === ''
      ? db.query<Record<string, unknown>, []>(sql).all()
      : db.query<Record<string, unknown>, [number]>(sql).all(watermark)
  const lines = [names.join(','), ...rows.map((r) => names.map((n) => csvField(r[n])).join(','))]
  const csv = Buffer.from(`${lines.join('\n')}\n`)
  return spec.file.endsWith('.gz') ? Bun.gzipSync(csv, { level: 6 }) : csv
}

/** Writes the bundle into `dir` (the version's temporary folder) and returns what it wrote. */
export function writeBundle(dir: string, opts: BundleOptions): ExportSummary {
  const { ndjson, parquet, count } = articleFiles(opts)
  const files: ManifestFile[] = []
  const put = (path: string, bytes: Uint8Array) => {
    files.push(write(dir, path, bytes))
    opts.onFileWritten?.(files.length - 1)
  }
  put(ARTICLES.file, ndjson)
  put(ARTICLES_PARQUET, parquet)
  for (const spec of CSV_TABLES) put(spec.file, tableCsv(opts.db, spec, opts.watermark))
  put(
    'README.md',
    Buffer.from(
      bundleReadme({
        version: opts.version,
        builtAt: opts.builtAt,
        watermark: opts.watermark,
        articles: count,
        withText: opts.withText,
      }),
    ),
  )
  return { articles: count, with_text: opts.withText, files }
}
