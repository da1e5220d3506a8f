/**
 * Reloads a research bundle into a store: the articles with their original seq (so the version's
 * watermark means the same rows), the full-text index rebuilt from title and description exactly
 * as the writer indexes them, and the price tables. The store should be fresh.
 */
import type { Database } from 'bun:sqlite'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { FTS_INSERT_SQL, ftsValues } from '../../store/fts-row.ts'
import { EntityRowWriter } from '../../store/articles.ts'
import { type ArticleEntity, isEntityKey } from '../../core/entity.ts'
import { ARTICLES, CSV_TABLES, type TableSpec } from './columns.ts'

const toEpochSeconds = (iso: string): number => Math.floor(Date.parse(iso) / 1000)

/** RFC 4180 rows (quoted fields may hold commas, quotes and newlines). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(field)
      field = ''
    } else if (c === '\n') {
      row.push(field)
      rows.push(row)
      row = []
      field = ''
    } else if (c !== '\r') field += c
  }
  if (field !== '' || row.length > 0) rows.push([...row, field])
  return rows
}

const NUMERIC_TYPES = new Set(['integer', 'number'])

function loadCsv(db: Database, dir: string, spec: TableSpec): number {
  const raw = readFileSync(join(dir, spec.file))
  const [header, ...rows] = parseCsv(
    Buffer.from(spec.file.endsWith('.gz') ? Bun.gunzipSync(raw) : raw).toString('utf8'),
  )
  const names = spec.columns.map((c) => c.name)
  if (header === undefined || header.join(',') !== names.join(',')) throw new Error(`${spec.file}: unexpected header`)
  const numeric = spec.columns.map((c) => NUMERIC_TYPES.has(c.type))
  const insert = db.query(
    `INSERT OR REPLACE INTO ${spec.table} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`,
  )
  for (const r of rows) insert.run(...r.map((v, i) => (numeric[i] ? Number(v) : v)))
  return rows.length
}

export interface ImportSummary {
  articles: number
  rows: Record<string, number>
}

/** A bundle row's `entities` (absent in bundles written before entities: none). */
function entitiesOf(v: unknown): ArticleEntity[] {
  if (!Array.isArray(v)) return []
  return v.flatMap((e) => {
    if (typeof e !== 'object' || e === null) return []
    const o = e as Record<string, unknown>
    const type = o.type
    if (typeof o.key !== 'string' || !isEntityKey(o.key) || typeof o.name !== 'string') return []
    if (type !== 'person' && type !== 'organisation' && type !== 'place') return []
    return [
      {
        key: o.key,
        name: o.name,
        type,
        count: typeof o.count === 'number' ? o.count : 1,
        country: typeof o.country === 'string' ? o.country : null,
      },
    ]
  })
}

export function importBundle(db: Database, dir: string): ImportSummary {
  const names = ARTICLES.columns.filter((c) => c.name !== 'text' && c.derived === undefined).map((c) => c.name)
  const entityRows = new EntityRowWriter(db)
  const insert = db.query<unknown, [Record<string, string | number>]>(
    `INSERT INTO articles (${names.join(', ')}) VALUES (${names.map((n) => `$${n}`).join(', ')})`,
  )
  const insertText = db.query('INSERT INTO article_text (seq, text) VALUES (?, ?)')
  const insertFts = db.query(FTS_INSERT_SQL)
  const text = Buffer.from(Bun.gunzipSync(readFileSync(join(dir, ARTICLES.file)))).toString('utf8')
  let articles = 0
  const rows: Record<string, number> = {}
  db.transaction(() => {
    for (const line of text.split('\n')) {
      if (line === '') continue
      const a = JSON.parse(line) as Record<string, unknown>
      const params: Record<string, string | number> = {}
      for (const n of names) {
        const v = a[n]
        if (n === 'published_at' || n === 'crawled_at') params[n] = toEpochSeconds(v as string)
        else if (n === 'authors' || n === 'tags') params[n] = JSON.stringify(v)
        else if (n === 'is_bitcoin') params[n] = v === true ? 1 : 0
        else params[n] = v as string | number
      }
      insert.run(params)
      insertText.run(params.seq as number, typeof a.text === 'string' ? a.text : '')
      const entities = entitiesOf(a.entities)
      entityRows.write(
        params.seq as number,
        {
          entities,
          country: String(a.country ?? ''),
          sentiment: String(a.sentiment ?? ''),
          score: Number(a.score ?? 0),
        },
        params.published_at as number,
      )
      insertFts.run(
        params.tkey as number,
        ...ftsValues({
          title: String(a.title ?? ''),
          description: String(a.description ?? ''),
          lang: String(a.lang ?? ''),
          country: String(a.country ?? ''),
          tld: String(a.tld ?? ''),
          host: String(a.host ?? ''),
          country_source: String(a.country_source ?? ''),
          crawled_at: String(a.crawled_at ?? ''),
          category: String(a.category ?? ''),
          sentiment: String(a.sentiment ?? ''),
          score: Number(a.score ?? 0),
          entity_keys: entities.map((e) => e.key),
        }),
      )
      articles++
    }
    for (const spec of CSV_TABLES) rows[spec.table] = loadCsv(db, dir, spec)
  })()
  return { articles, rows }
}
