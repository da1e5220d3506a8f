import type { Database, Statement } from 'bun:sqlite'
import type { StoredArticle } from '../core/article.ts'
import type { ArticleEntity } from '../core/entity.ts'
import { dupKeyTitle, isSameStory } from '../core/enrich/dup-key.ts'
import { PUBLISHED_AFTER_CRAWL_MAX_S } from '../core/article.ts'
import { FTS_INSERT_SQL, ftsValues } from './fts-row.ts'
import { timeKey } from './time-key.ts'

/** One article ready for the store: extraction + enrichment + id + the dup key, with the file it came from. */
export interface ArticleRow extends StoredArticle {
  dup_key: string
  source_file: string
}

export type InsertOutcome = 'inserted' | 'replaced' | 'duplicate' | 'out-of-window'

const epochSeconds = (iso: string): number => Math.floor(Date.parse(iso) / 1000)

/**
 * Writes articles keyed by canonical URL. Re-seeing a URL never adds a row: the earliest crawl
 * wins (so the result does not depend on the order in which parallel workers finish files), and
 * every crawled variant is remembered in url_aliases for `/v1/article`.
 */
export class ArticleWriter {
  readonly #find: Statement<{ seq: number; crawled_at: number; tkey: number }, [string]>
  readonly #keyTaken: Statement<{ seq: number }, [number]>
  readonly #setKey: Statement<unknown, [number, number]>
  readonly #insert: Statement<{ seq: number }, [Record<string, string | number>]>
  readonly #replace: Statement<unknown, [Record<string, string | number>]>
  readonly #insertText: Statement<unknown, [number, string]>
  readonly #replaceText: Statement<unknown, [string, number]>
  readonly #alias: Statement<unknown, [string, string]>
  readonly #ftsInsert: Statement<unknown, [number, string, string, string, string, string]>
  readonly #ftsDelete: Statement<unknown, [number]>
  readonly #candidates: Statement<{ id: string; dup_key: string; dup_group: string }, [string, string]>
  readonly #relabel: Statement<unknown, [string, string]>
  readonly #entityRows: EntityRowWriter

  constructor(db: Database) {
    const cols = COLUMNS.join(', ')
    const params = COLUMNS.map((c) => `$${c}`).join(', ')
    const sets = COLUMNS.filter((c) => c !== 'url' && c !== 'id')
      .map((c) => `${c} = $${c}`)
      .join(', ')
    this.#find = db.query('SELECT seq, crawled_at, tkey FROM articles WHERE url = ?')
    this.#keyTaken = db.query('SELECT seq FROM articles WHERE tkey = ?')
    this.#setKey = db.query('UPDATE articles SET tkey = ? WHERE seq = ?')
    // The time key and the syndication group go in with the row: set afterwards, each UPDATE
    // rewrote the row's entries in four wide indexes (articles_tkey_facets, articles_score…).
    this.#insert = db.query(
      `INSERT INTO articles (${cols}, tkey, dup_title, dup_group) VALUES (${params}, $tkey, $dup_title, $dup_group) RETURNING seq`,
    )
    this.#replace = db.query(`UPDATE articles SET ${sets} WHERE url = $url`)
    this.#insertText = db.query('INSERT INTO article_text (seq, text) VALUES (?, ?)')
    this.#replaceText = db.query('UPDATE article_text SET text = ? WHERE seq = ?')
    this.#alias = db.query('INSERT OR IGNORE INTO url_aliases (target_uri, url) VALUES (?, ?)')
    this.#ftsInsert = db.query(FTS_INSERT_SQL)
    this.#ftsDelete = db.query('DELETE FROM articles_fts WHERE rowid = ?')
    this.#candidates = db.query(
      'SELECT id, dup_key, dup_group FROM articles WHERE dup_title = ? AND host <> ? LIMIT 200',
    )
    this.#relabel = db.query('UPDATE articles SET dup_group = ? WHERE dup_group = ?')
    this.#entityRows = new EntityRowWriter(db)
  }

  /**
   * The syndication group of a new article: that of a near-identical copy on another host, if
   * any. Groups are named after their smallest id; `joined` are the groups it merges, to be
   * relabelled once the article is in (#relabelJoined).
   */
  #groupOf(row: ArticleRow): { title: string; group: string; joined: Set<string> } {
    const title = dupKeyTitle(row.dup_key)
    let group = row.id
    const joined = new Set<string>()
    for (const c of this.#candidates.all(title, row.host)) {
      if (c.id === row.id || !isSameStory(c.dup_key, row.dup_key)) continue
      joined.add(c.dup_group)
      if (c.dup_group < group) group = c.dup_group
    }
    return { title, group, joined }
  }

  /** Groups merged by a new article take the smallest id's name. */
  #relabelJoined({ group, joined }: { group: string; joined: Set<string> }): void {
    for (const other of joined) if (other !== group) this.#relabel.run(group, other)
  }

  #freeKey(publishedAtS: number, id: string): number {
    let key = timeKey(publishedAtS, id)
    while (this.#keyTaken.get(key) !== null) key++
    return key
  }

  /** Call inside a transaction. `minPublishedAt` (epoch s) drops what retention would delete anyway. */
  write(row: ArticleRow, minPublishedAt: number): InsertOutcome {
    const params = toParams(row)
    // Searches rely on it (store/search-sqlite.ts); the extractor never produces a row that breaks it.
    if ((params.published_at as number) > (params.crawled_at as number) + PUBLISHED_AFTER_CRAWL_MAX_S) {
      throw new Error(
        `article ${row.url}: published_at ${row.published_at} is more than ${PUBLISHED_AFTER_CRAWL_MAX_S / 3600} h after crawled_at ${row.crawled_at}`,
      )
    }
    if ((params.published_at as number) < minPublishedAt) return 'out-of-window'
    this.#alias.run(row.target_uri, row.url)
    const existing = this.#find.get(row.url)
    if (existing === null) {
      const key = this.#freeKey(params.published_at as number, row.id)
      const group = this.#groupOf(row)
      const inserted = this.#insert.get({ ...params, tkey: key, dup_title: group.title, dup_group: group.group })
      if (inserted === null) throw new Error('article insert returned no row')
      this.#insertText.run(inserted.seq, row.text)
      this.#ftsInsert.run(key, ...ftsValues(ftsSource(row)))
      this.#entityRows.write(inserted.seq, row, params.published_at as number)
      this.#relabelJoined(group)
      return 'inserted'
    }
    if ((params.crawled_at as number) < existing.crawled_at) {
      this.#replace.run(params)
      this.#replaceText.run(row.text, existing.seq)
      this.#ftsDelete.run(existing.tkey)
      this.#setKey.run(-existing.seq, existing.seq) // release the old key before looking for one
      const key = this.#freeKey(params.published_at as number, row.id)
      this.#setKey.run(key, existing.seq)
      this.#ftsInsert.run(key, ...ftsValues(ftsSource(row)))
      this.#entityRows.replace(existing.seq, row, params.published_at as number)
      return 'replaced'
    }
    return 'duplicate'
  }
}

/**
 * An article's entity rows (migration 18): its entities by key, with its day, country and tone,
 * from which triggers keep entity_days. Used by ArticleWriter and the bundle import.
 */
export class EntityRowWriter {
  readonly #find: Statement<{ id: number }, [string]>
  readonly #add: Statement<{ id: number }, [string, string, string, string | null]>
  readonly #row: Statement<unknown, [number, number, number, string, string, number, number, string]>
  readonly #drop: Statement<unknown, [number]>

  constructor(db: Database) {
    this.#find = db.query('SELECT id FROM entities WHERE key = ?')
    this.#add = db.query('INSERT INTO entities (key, name, type, country) VALUES (?, ?, ?, ?) RETURNING id')
    this.#row = db.query(
      'INSERT INTO article_entities (entity, seq, day, country, sentiment, score_milli, count, name) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    )
    this.#drop = db.query('DELETE FROM article_entities WHERE seq = ?')
  }

  write(
    seq: number,
    a: { entities: readonly ArticleEntity[]; country: string; sentiment: string; score: number },
    publishedS: number,
  ): void {
    const day = Math.floor(publishedS / 86_400)
    const scoreMilli = Math.round(a.score * 1000)
    const seen = new Set<string>()
    for (const e of a.entities) {
      if (seen.has(e.key)) continue
      seen.add(e.key)
      this.#row.run(this.#idOf(e), seq, day, a.country, a.sentiment, scoreMilli, e.count, e.name)
    }
  }

  /**
   * A read for a key already there (most recur), an insert only for a new one: an upsert that
   * returns the id writes the row each time. No memo of ids across calls: a batch that rolls back
   * would leave ids in it that no longer exist.
   */
  #idOf(e: ArticleEntity): number {
    const id = this.#find.get(e.key)?.id ?? this.#add.get(e.key, e.name, e.type, e.country)?.id
    if (id === undefined) throw new Error(`entity ${e.key}: insert returned no id`)
    return id
  }

  replace(
    seq: number,
    a: { entities: readonly ArticleEntity[]; country: string; sentiment: string; score: number },
    publishedS: number,
  ): void {
    this.#drop.run(seq)
    this.write(seq, a, publishedS)
  }
}

/** The full-text row's source: the article with its entities' keys. */
const ftsSource = (row: ArticleRow) => ({ ...row, entity_keys: row.entities.map((e) => e.key) })

const COLUMNS = [
  'id',
  'url',
  'target_uri',
  'title',
  'description',
  'published_at',
  'date_source',
  'crawled_at',
  'host',
  'tld',
  'image',
  'authors',
  'tags',
  'words',
  'declared_lang',
  'section',
  'site_country',
  'lang',
  'country',
  'country_source',
  'category',
  'category_confidence',
  'category_by',
  'sentiment',
  'score',
  'labelled_by',
  'lexicon_score',
  'lexicon_terms',
  'is_bitcoin',
  'dup_key',
  'source_file',
] as const

function toParams(row: ArticleRow): Record<string, string | number> {
  return {
    id: row.id,
    url: row.url,
    target_uri: row.target_uri,
    title: row.title,
    description: row.description,
    published_at: epochSeconds(row.published_at),
    date_source: row.date_source,
    crawled_at: epochSeconds(row.crawled_at),
    host: row.host,
    tld: row.tld,
    image: row.image,
    authors: JSON.stringify(row.authors),
    tags: JSON.stringify(row.tags),
    words: row.words,
    declared_lang: row.declared_lang,
    section: row.section,
    site_country: row.site_country,
    lang: row.lang,
    country: row.country,
    country_source: row.country_source,
    category: row.category,
    category_confidence: row.category_confidence,
    category_by: row.category_by,
    sentiment: row.sentiment,
    score: row.score,
    labelled_by: row.labelled_by,
    lexicon_score: row.lexicon_score,
    lexicon_terms: row.lexicon_terms,
    is_bitcoin: row.is_bitcoin ? 1 : 0,
    dup_key: row.dup_key,
    source_file: row.source_file,
  }
}

/** Deletes articles published before `cutoff` (epoch s) with their bodies and aliases; returns how many. */
export function applyRetention(db: Database, cutoff: number): number {
  return db.transaction(() => {
    db.query('DELETE FROM article_text WHERE seq IN (SELECT seq FROM articles WHERE published_at < ?)').run(cutoff)
    // Before the articles, by day (the articles' delete trigger would do it one seq at a time).
    db.query('DELETE FROM article_entities WHERE seq IN (SELECT seq FROM articles WHERE published_at < ?)').run(cutoff)
    db.query('DELETE FROM articles_fts WHERE rowid IN (SELECT tkey FROM articles WHERE published_at < ?)').run(cutoff)
    const { changes } = db.query('DELETE FROM articles WHERE published_at < ?').run(cutoff)
    db.query('DELETE FROM url_aliases WHERE url NOT IN (SELECT url FROM articles)').run()
    return changes
  })()
}

export function countArticles(db: Database): number {
  return db.query<{ n: number }, []>('SELECT count(*) AS n FROM articles').get()?.n ?? 0
}
