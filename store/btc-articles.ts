import type { Database } from 'bun:sqlite'
import type { BtcArticle } from '../core/btc/btc-article.ts'

const COLUMNS =
  'published_at, title, description, url, host, lang, country, sentiment, score, labelled_by, lexicon_score, lexicon_terms'

/**
 * Bitcoin articles (the stored is_bitcoin flag: no text is rescanned) published in [fromS, toS),
 * visible at the watermark. The BTC endpoints filter and count these in core/btc.
 */
export function loadBtcArticles(db: Database, fromS: number, toS: number, maxSeq: number | null): BtcArticle[] {
  return db
    .query<BtcArticle, [number, number, number]>(
      `SELECT ${COLUMNS} FROM articles WHERE is_bitcoin = 1 AND published_at >= ? AND published_at < ? AND seq <= ? ORDER BY published_at, url`,
    )
    .all(fromS, toS, maxSeq ?? Number.MAX_SAFE_INTEGER)
}

export function loadInstrumentSources(db: Database): Record<string, string> {
  const rows = db
    .query<{ instrument: string; source: string }, []>('SELECT instrument, source FROM instrument_sources')
    .all()
  return Object.fromEntries(rows.map((r) => [r.instrument, r.source]))
}
