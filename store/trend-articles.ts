import type { Database } from 'bun:sqlite'
import type { TrendArticle } from '../core/trends/types.ts'

/** Articles published in [fromS, toS) visible at the watermark, optionally of some countries only, oldest first. */
export function loadTrendArticles(
  db: Database,
  fromS: number,
  toS: number,
  maxSeq: number | null,
  countries?: readonly string[],
): TrendArticle[] {
  const byCountry = countries !== undefined && countries.length > 0
  const sql = `SELECT id, url, title, host, lang, country, category, published_at, dup_group AS dup_key FROM articles
    WHERE published_at >= ? AND published_at < ? AND seq <= ?${byCountry ? ` AND country IN (${countries.map(() => '?').join(', ')})` : ''}
    ORDER BY published_at, id`
  return db
    .query<TrendArticle, (string | number)[]>(sql)
    .all(fromS, toS, maxSeq ?? Number.MAX_SAFE_INTEGER, ...(byCountry ? countries : []))
}
