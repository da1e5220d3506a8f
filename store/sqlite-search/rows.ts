/** Article rows as the store holds them, and as a search page returns them (with text and entities). */
import type { Database } from 'bun:sqlite'
import type { ArticleEntity, EntityType } from '../../core/entity.ts'
import { isoSeconds } from '../../core/config.ts'
import { type ArticleRecord, type ArticleSignals, type SearchPage, TOTAL_EXACT_LIMIT } from '../../core/search/types.ts'

/** The article columns every reader of the store selects (search, bulk export to other engines). */
export const ARTICLE_COLUMNS =
  'a.seq, a.id, a.url, a.title, a.description, a.published_at, a.crawled_at, a.host, a.tld, a.lang, a.country, a.country_source, a.category, a.category_confidence, a.category_by, a.image, a.authors, a.tags, a.words, a.sentiment, a.score, a.labelled_by, a.lexicon_score, a.lexicon_terms, a.dup_group'

/** One row of ARTICLE_COLUMNS as SQLite returns it. */
export interface StoreArticleRow {
  seq: number
  id: string
  url: string
  title: string
  description: string
  published_at: number
  crawled_at: number
  host: string
  tld: string
  lang: string
  country: string
  country_source: string
  category: string
  category_confidence: number
  category_by: ArticleRecord['category_by']
  image: string
  authors: string
  tags: string
  words: number
  sentiment: ArticleRecord['sentiment']
  score: number
  labelled_by: ArticleRecord['labelled_by']
  lexicon_score: number
  lexicon_terms: string
  dup_group: string
}

const iso = (s: number) => isoSeconds(new Date(s * 1000))

export function toRecord(
  r: StoreArticleRow,
  text: string | undefined,
  entities: ArticleEntity[],
): ArticleRecord & ArticleSignals {
  const record: ArticleRecord & ArticleSignals = {
    id: r.id,
    url: r.url,
    title: r.title,
    description: r.description,
    published_at: iso(r.published_at),
    crawled_at: iso(r.crawled_at),
    host: r.host,
    tld: r.tld,
    lang: r.lang,
    country: r.country,
    country_source: r.country_source,
    category: r.category,
    category_confidence: r.category_confidence,
    category_by: r.category_by,
    sentiment: r.sentiment,
    score: r.score,
    labelled_by: r.labelled_by,
    entities,
    image: r.image,
    authors: JSON.parse(r.authors) as string[],
    tags: JSON.parse(r.tags) as string[],
    words: r.words,
    lexicon_score: r.lexicon_score,
    lexicon_terms: r.lexicon_terms,
    dup_group: r.dup_group,
  }
  if (text !== undefined) record.text = text
  return record
}

/** The entities of these articles, most mentioned first, then by key. */
export function articleEntities(db: Database, seqs: readonly number[]): Map<number, ArticleEntity[]> {
  const out = new Map<number, ArticleEntity[]>()
  const rows = db
    .query<
      { seq: number; key: string; name: string; type: EntityType; count: number; country: string | null },
      number[]
    >(
      `SELECT ae.seq, e.key, ae.name, e.type, ae.count, e.country FROM article_entities ae INDEXED BY article_entities_seq
       JOIN entities e ON e.id = ae.entity WHERE ae.seq IN (${seqs.map(() => '?').join(', ')})`,
    )
    .all(...seqs)
  for (const r of rows) {
    const list = out.get(r.seq) ?? []
    list.push({ key: r.key, name: r.name, type: r.type, count: r.count, country: r.country })
    out.set(r.seq, list)
  }
  for (const list of out.values())
    list.sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  return out
}

/** The body text of these articles. */
export function articleTexts(db: Database, seqs: readonly number[]): Map<number, string> {
  if (seqs.length === 0) return new Map()
  const rows = db
    .query<{ seq: number; text: string }, number[]>(
      `SELECT seq, text FROM article_text WHERE seq IN (${seqs.map(() => '?').join(', ')})`,
    )
    .all(...seqs)
  return new Map(rows.map((r) => [r.seq, r.text]))
}

/** The entities of these articles (none asked: no statement). */
export function entitiesOf(db: Database, seqs: readonly number[]): Map<number, ArticleEntity[]> {
  return seqs.length === 0 ? new Map() : articleEntities(db, seqs)
}

/** A page of rows with `n` matches (exact up to TOTAL_EXACT_LIMIT), with texts when asked for. */
export function toPage(db: Database, rows: StoreArticleRow[], n: number, fullText: boolean): SearchPage {
  const texts = fullText
    ? articleTexts(
        db,
        rows.map((r) => r.seq),
      )
    : null
  const entities = entitiesOf(
    db,
    rows.map((r) => r.seq),
  )
  return {
    total: Math.min(n, TOTAL_EXACT_LIMIT),
    totalRelation: n > TOTAL_EXACT_LIMIT ? 'gte' : 'eq',
    articles: rows.map((r) =>
      toRecord(r, texts?.get(r.seq) ?? (texts === null ? undefined : ''), entities.get(r.seq) ?? []),
    ),
  }
}

/** One article by its URL or one of its crawled URLs, at or below the watermark. */
export function articleByUrl(
  db: Database,
  url: string,
  fullText: boolean,
  maxSeq: number | null,
): (ArticleRecord & ArticleSignals) | null {
  const row = db
    .query<StoreArticleRow, [string, string, number]>(
      `SELECT ${ARTICLE_COLUMNS} FROM articles a
       WHERE a.url = coalesce((SELECT url FROM articles WHERE url = ?), (SELECT url FROM url_aliases WHERE target_uri = ?))
         AND a.seq <= ?`,
    )
    .get(url, url, maxSeq ?? Number.MAX_SAFE_INTEGER)
  if (row === null) return null
  return toRecord(
    row,
    fullText ? (articleTexts(db, [row.seq]).get(row.seq) ?? '') : undefined,
    entitiesOf(db, [row.seq]).get(row.seq) ?? [],
  )
}
