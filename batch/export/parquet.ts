/**
 * The bundle's articles as Parquet, written with `hyparquet-writer` (pure JavaScript, Snappy
 * included; no native code or download). Same columns, same order, same rows as the NDJSON;
 * the column types are Parquet's own: integers INT64, numbers DOUBLE, strings UTF8, booleans
 * BOOLEAN, the two instants TIMESTAMP(MILLIS, UTC) and authors/tags LIST<UTF8>. Rows are encoded
 * one row group at a time (a first group of 1,000 rows for quick previews, then 100,000), so memory
 * holds at most one group's column arrays besides the compressed output. Output is deterministic
 * (no clock in the file; the writer name is fixed).
 */
import { ByteWriter, ParquetWriter, type SchemaElement } from 'hyparquet-writer'
import type { Column } from './columns.ts'

export const ARTICLES_PARQUET = 'data/articles.parquet'

type ColumnKind = 'int64' | 'double' | 'string' | 'boolean' | 'timestamp' | 'string-list'

/** The Parquet kind of a bundle column, from the type columns.ts gives it. */
export function parquetKind(c: Column): ColumnKind {
  switch (c.type) {
    case 'integer':
      return 'int64'
    case 'number':
      return 'double'
    case 'boolean':
      return 'boolean'
    case 'ISO 8601 UTC string':
      return 'timestamp'
    case 'array of strings':
      return 'string-list'
    case 'string':
    case 'array of entity objects': // JSON text: Parquet readers parse it with their JSON functions
      return 'string'
    default:
      throw new Error(`no Parquet type for column ${c.name} (${c.type}): add one in batch/export/parquet.ts`)
  }
}

/** How the README names each Parquet kind. */
export const PARQUET_TYPE_NAMES: Record<ColumnKind, string> = {
  int64: 'INT64',
  double: 'DOUBLE',
  string: 'STRING (UTF8)',
  boolean: 'BOOLEAN',
  timestamp: 'TIMESTAMP(MILLIS, UTC)',
  'string-list': 'LIST<STRING>',
}

function schemaFor(name: string, kind: ColumnKind): SchemaElement[] {
  // Scalars are OPTIONAL so a NULL in the store (none expected: the columns are NOT NULL) writes as null, not a crash.
  switch (kind) {
    case 'int64':
      return [{ name, type: 'INT64', repetition_type: 'OPTIONAL' }]
    case 'double':
      return [{ name, type: 'DOUBLE', repetition_type: 'OPTIONAL' }]
    case 'boolean':
      return [{ name, type: 'BOOLEAN', repetition_type: 'OPTIONAL' }]
    case 'string':
      return [{ name, type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' }]
    case 'timestamp':
      return [
        {
          name,
          type: 'INT64',
          converted_type: 'TIMESTAMP_MILLIS',
          logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: true, unit: 'MILLIS' },
          repetition_type: 'OPTIONAL',
        },
      ]
    case 'string-list':
      // The standard three-level LIST (what pyarrow, DuckDB and polars write and read).
      return [
        { name, repetition_type: 'REQUIRED', converted_type: 'LIST', num_children: 1 },
        { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
        { name: 'element', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'REQUIRED' },
      ]
  }
}

type Cell = bigint | number | string | boolean | Date | string[] | null

const FIRST_GROUP = 1000
const GROUP = 100_000

/** Takes article rows (as the store returns them) one by one and encodes them as one Parquet file. */
export class ArticleParquet {
  private readonly kinds: ColumnKind[]
  private data: Cell[][]
  private readonly out = new ByteWriter()
  private readonly writer: ParquetWriter
  private groups = 0

  constructor(private readonly columns: readonly Column[]) {
    this.kinds = columns.map(parquetKind)
    this.data = columns.map(() => [])
    const schema: SchemaElement[] = [{ name: 'root', num_children: columns.length }]
    for (let i = 0; i < columns.length; i++)
      schema.push(...schemaFor((columns[i] as Column).name, this.kinds[i] as ColumnKind))
    this.writer = new ParquetWriter({
      writer: this.out,
      schema,
      codec: 'SNAPPY',
      createdBy: 'newsdesk (hyparquet-writer)',
    })
  }

  /** One store row: epoch seconds, JSON array text and 0/1 flags as the articles table holds them. */
  push(row: Record<string, unknown>): void {
    for (let i = 0; i < this.columns.length; i++) {
      const v = row[(this.columns[i] as Column).name]
      const out = this.data[i] as Cell[]
      if (v === null || v === undefined) {
        out.push(this.kinds[i] === 'string-list' ? [] : null)
        continue
      }
      switch (this.kinds[i] as ColumnKind) {
        case 'int64':
          out.push(BigInt(v as number))
          break
        case 'double':
          out.push(Number(v))
          break
        case 'boolean':
          out.push(v === 1 || v === true)
          break
        case 'timestamp':
          out.push(new Date((v as number) * 1000))
          break
        case 'string-list':
          out.push(JSON.parse(v as string) as string[])
          break
        case 'string':
          out.push(String(v))
          break
      }
    }
    if ((this.data[0] as Cell[]).length >= (this.groups === 0 ? FIRST_GROUP : GROUP)) this.flushGroup()
  }

  private flushGroup(): void {
    const rows = (this.data[0] as Cell[] | undefined)?.length ?? 0
    if (rows === 0) return
    const done = this.writer.write({
      columnData: this.columns.map((c, i) => ({ name: c.name, data: this.data[i] as Cell[] })),
      rowGroupSize: rows,
    })
    if (done instanceof Promise) throw new Error('hyparquet-writer wrote asynchronously to a ByteWriter')
    this.groups++
    this.data = this.columns.map(() => [])
  }

  /** The whole file; call once, after the last row. */
  bytes(): Uint8Array {
    this.flushGroup()
    if (this.writer.finish() instanceof Promise)
      throw new Error('hyparquet-writer finished asynchronously on a ByteWriter')
    return new Uint8Array(this.out.getBuffer())
  }
}
