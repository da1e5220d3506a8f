/**
 * The batch job's side: after ingest, copy what is new in the SQLite store (the batch job's
 * source of truth) into the daily indices with `_bulk`, apply the 90-day retention by deleting
 * indices, and refresh, so that everything up to the snapshot's watermark is searchable before
 * the snapshot is published. Bodies are built by pure functions; only `syncOpenSearch` does I/O.
 */
import type { Database } from 'bun:sqlite'
import { type ArticleDocument, OpenSearchResponseError, isObject, toDocument } from './document.ts'
import {
  INDEX_PATTERN,
  INDEX_PREFIX,
  TEMPLATE_NAME,
  dailyIndexName,
  indexTemplate,
  retentionPlan,
} from './index-template.ts'
import type { AsyncTransport } from './transport.ts'
import { ARTICLE_COLUMNS, type StoreArticleRow, articleEntities, toRecord } from '../sqlite-search/rows.ts'
import type { ArticleEntity } from '../../core/entity.ts'

/**
 * ~1,000 documents a request: at ~6 KB a real-sized document (measured metadata + the benchmark
 * corpus's mean body, docs/opensearch.md) that is a ~6 MB bulk body, in the 5–15 MB range
 * OpenSearch recommends.
 */
export const BULK_DOCS = 1000

interface StoreRow extends StoreArticleRow {
  is_bitcoin: number
  text: string | null
}

const SELECT = `SELECT ${ARTICLE_COLUMNS}, a.is_bitcoin, t.text FROM articles a LEFT JOIN article_text t ON t.seq = a.seq`

/** Documents with their articles' entities (read in one statement per batch). */
function toDocs(db: Database, rows: StoreRow[]): ArticleDocument[] {
  const entities =
    rows.length === 0
      ? new Map<number, ArticleEntity[]>()
      : articleEntities(
          db,
          rows.map((r) => r.seq),
        )
  return rows.map((r) => toDoc(r, entities.get(r.seq) ?? []))
}

function toDoc(r: StoreRow, entities: ArticleEntity[]): ArticleDocument {
  // The article as every answer gives it (one mapping of a stored row, store/sqlite-search/rows.ts).
  const text = r.text ?? ''
  return toDocument({ ...toRecord(r, text, entities), seq: r.seq, is_bitcoin: r.is_bitcoin === 1, text })
}

/** Articles with seq in (afterSeq, upToSeq], in seq order, at most `limit`. */
export function readNewDocuments(
  db: Database,
  afterSeq: number,
  upToSeq: number,
  limit = BULK_DOCS,
): ArticleDocument[] {
  return toDocs(
    db,
    db
      .query<StoreRow, [number, number, number]>(`${SELECT} WHERE a.seq > ? AND a.seq <= ? ORDER BY a.seq LIMIT ?`)
      .all(afterSeq, upToSeq, limit),
  )
}

/**
 * Older articles whose syndication group a new article joined: the writer relabels a whole group
 * when a smaller id joins, so their `dup_group` may have changed since they were indexed.
 */
export function readRegrouped(db: Database, afterSeq: number, upToSeq: number): ArticleDocument[] {
  return toDocs(
    db,
    db
      .query<StoreRow, [number, number, number]>(
        `${SELECT} WHERE a.seq <= ? AND a.dup_group IN (SELECT dup_group FROM articles WHERE seq > ? AND seq <= ?) ORDER BY a.seq`,
      )
      .all(afterSeq, afterSeq, upToSeq),
  )
}

/** `_bulk` NDJSON: each document to the daily index of its publication day, keyed by article id (re-sending overwrites). */
export function bulkBody(docs: readonly ArticleDocument[], prefix = INDEX_PREFIX): string {
  let out = ''
  for (const d of docs) {
    out += `${JSON.stringify({ index: { _index: dailyIndexName(Date.parse(d.published_at) / 1000, prefix), _id: d.id } })}\n${JSON.stringify(d)}\n`
  }
  return out
}

/** Throws with the first few item errors when a bulk response reports any. */
export function checkBulkResponse(body: unknown): number {
  if (!isObject(body) || !Array.isArray(body.items)) throw new OpenSearchResponseError('bulk response has no items')
  if (body.errors !== true) return body.items.length
  const reasons: string[] = []
  for (const item of body.items) {
    const op = isObject(item) && isObject(item.index) ? item.index : null
    if (op !== null && isObject(op.error)) reasons.push(`${String(op._id)}: ${String(op.error.type)}`)
    if (reasons.length === 3) break
  }
  throw new OpenSearchResponseError(`bulk indexing failed: ${reasons.join('; ')}`)
}

/** The highest seq already indexed (the aggregation's value is a double: seqs stay far below 2^53). */
export const maxSeqBody = { size: 0, track_total_hits: false, aggs: { max_seq: { max: { field: 'seq' } } } } as const

export function readMaxSeq(body: unknown): number {
  const agg =
    isObject(body) && isObject(body.aggregations) && isObject(body.aggregations.max_seq)
      ? body.aggregations.max_seq
      : null
  if (agg === null) throw new OpenSearchResponseError('response has no aggregations.max_seq')
  return typeof agg.value === 'number' ? agg.value : 0
}

export interface SyncSummary {
  indexed: number
  regrouped: number
  deletedIndices: string[]
  trimmed: number
}

export interface SyncOptions {
  db: Database
  send: AsyncTransport
  /** Epoch s: the retention cutoff is 90 days before. */
  nowS: number
  retentionDays: number
  shards: number
  replicas: number
}

/** One hourly pass: template, new documents, regrouped documents, retention, refresh. */
export async function syncOpenSearch(o: SyncOptions): Promise<SyncSummary> {
  await o.send({
    method: 'PUT',
    path: `/_index_template/${TEMPLATE_NAME}`,
    body: indexTemplate({ shards: o.shards, replicas: o.replicas, refreshIntervalS: 30 }),
  })
  const search = (body: unknown) =>
    o.send({ method: 'POST', path: `/${INDEX_PATTERN}/_search`, body, querystring: { allow_no_indices: 'true' } })
  const from = readMaxSeq(await search(maxSeqBody))
  const upTo = o.db.query<{ m: number | null }, []>('SELECT max(seq) AS m FROM articles').get()?.m ?? 0
  let indexed = 0
  for (let after = from; after < upTo; ) {
    const docs = readNewDocuments(o.db, after, upTo)
    const last = docs.at(-1)
    if (last === undefined) break
    indexed += checkBulkResponse(await o.send({ method: 'POST', path: '/_bulk', ndjson: bulkBody(docs) }))
    after = last.seq
  }
  const regroupedDocs = readRegrouped(o.db, from, upTo)
  let regrouped = 0
  for (let i = 0; i < regroupedDocs.length; i += BULK_DOCS) {
    regrouped += checkBulkResponse(
      await o.send({ method: 'POST', path: '/_bulk', ndjson: bulkBody(regroupedDocs.slice(i, i + BULK_DOCS)) }),
    )
  }
  const listed = await o.send({
    method: 'GET',
    path: `/_cat/indices/${INDEX_PATTERN}`,
    querystring: { format: 'json', h: 'index' },
  })
  const names = Array.isArray(listed)
    ? listed.flatMap((r) => (isObject(r) && typeof r.index === 'string' ? [r.index] : []))
    : []
  const plan = retentionPlan(names, o.nowS - o.retentionDays * 86_400)
  for (const name of plan.deleteIndices) await o.send({ method: 'DELETE', path: `/${name}` })
  let trimmed = 0
  if (plan.trim !== null) {
    const r = await o.send({
      method: 'POST',
      path: `/${plan.trim.index}/_delete_by_query`,
      body: plan.trim.body,
      querystring: { conflicts: 'proceed' },
    })
    trimmed = isObject(r) && typeof r.deleted === 'number' ? r.deleted : 0
  }
  await o.send({ method: 'POST', path: `/${INDEX_PATTERN}/_refresh`, querystring: { allow_no_indices: 'true' } })
  return { indexed, regrouped, deletedIndices: plan.deleteIndices, trimmed }
}
