import type { ARTICLE_FIELDS } from '../endpoints.ts'
import type { ArticleRecord } from './types.ts'

export type ArticleField = (typeof ARTICLE_FIELDS)[number]

/** `fields=`: only the named fields, in the order given (a field the record lacks is left out). */
export function pickFields(record: ArticleRecord, fields: readonly ArticleField[]): Partial<ArticleRecord> {
  const out: Record<string, unknown> = {}
  for (const f of fields) if (record[f] !== undefined) out[f] = record[f]
  return out as Partial<ArticleRecord>
}
