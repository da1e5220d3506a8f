/**
 * Reads of the entity tables (migration 18) for `/v1/entities` and `/v1/entities/{key}`: window
 * counts, background counts, the entities named beside one, and entity records by id or key.
 * Whole UTC days come from entity_days (kept by triggers); the part days at a window's ends are
 * read from the articles of those hours, so a window ending now is exact to the second. Articles
 * past the snapshot's watermark are taken off the day counts, as the stats do.
 */
import { compareCodePoints } from '../core/search/stats-tally.ts'
import type { Database } from 'bun:sqlite'
import type { EntityType } from '../core/entity.ts'
import type { EntityWindowCount } from '../core/entities/trending.ts'
import { timeKeyFloor } from './time-key.ts'
import { addWholeDays, marks } from './entity-blobs.ts'

const DAY_S = 86_400

export interface EntityRecord {
  id: number
  key: string
  name: string
  type: EntityType
  country: string | null
}

export interface EntitySlice {
  fromS: number
  toS: number
  /** Article countries (ISO-2, upper case); empty or absent: all. */
  countries?: readonly string[]
  /** Entity types; empty or absent: all. */
  types?: readonly EntityType[]
  /** Only articles with seq ≤ this; null: all. */
  maxSeq: number | null
}

type Binding = string | number

/** Articles naming each entity in [fromS, toS), by tone. */
export function entityWindowCounts(db: Database, s: EntitySlice): Map<number, EntityWindowCount> {
  // Added up by entity id in typed arrays (a 30-day window adds 450k blob records at 1M: a Map
  // update each was most of the answer's time), then kept as a Map of the entities named.
  const tally = new EntityTally(db.query<{ m: number | null }, []>('SELECT max(id) AS m FROM entities').get()?.m ?? 0)
  const add = (entity: number, pos: number, neu: number, neg: number, scoreMilli: number) =>
    tally.add(entity, pos, neu, neg, scoreMilli)
  const addTone = (entity: number, sentiment: string, n: number, scoreMilli: number) =>
    add(entity, sentiment === 'pos' ? n : 0, sentiment === 'neu' ? n : 0, sentiment === 'neg' ? n : 0, scoreMilli)
  const countries = s.countries ?? []
  let first = Math.ceil(s.fromS / DAY_S)
  let end = Math.floor(s.toS / DAY_S)
  /** Article ranges read from the articles: added (sign 1), or taken off a whole day (sign -1). */
  const parts: [number, number, 1 | -1][] = []
  if (end >= first) {
    // A part day longer than half a day is its whole (packed) day less the rest of it: at most 12
    // hours of articles are read at either end of a window.
    if (first * DAY_S - s.fromS > DAY_S / 2) parts.push([--first * DAY_S, s.fromS, -1])
    else if (s.fromS < first * DAY_S) parts.push([s.fromS, first * DAY_S, 1])
    if (s.toS - end * DAY_S > DAY_S / 2) parts.push([s.toS, ++end * DAY_S, -1])
    else if (end * DAY_S < s.toS) parts.push([end * DAY_S, s.toS, 1])
    addWholeDays(db, first, end, countries, add, (records) => tally.addRecords(records))
    if (s.maxSeq !== null) {
      // Rows written after the snapshot: few (one batch at most), found by seq.
      const countryClause = countries.length > 0 ? `AND country IN (${marks(countries)})` : ''
      const past = db
        .query<{ entity: number; sentiment: string; n: number; s: number }, Binding[]>(
          `SELECT entity, sentiment, count(*) AS n, sum(score_milli) AS s
           FROM article_entities INDEXED BY article_entities_seq
           WHERE seq > ? AND day >= ? AND day < ? ${countryClause}
           GROUP BY entity, sentiment`,
        )
        .all(s.maxSeq, first, end, ...countries)
      for (const r of past) addTone(r.entity, r.sentiment, -r.n, -r.s)
    }
  } else parts.push([s.fromS, s.toS, 1])
  for (const [from, to, sign] of parts) {
    if (to <= from) continue
    const countryClause = countries.length > 0 ? `AND a.country IN (${marks(countries)})` : ''
    const seqClause = s.maxSeq !== null ? 'AND a.seq <= ?' : ''
    // The article's tone from the covering index, the entity from the entity rows' seq index (which
    // holds the key): no row lookup either side (6× faster than reading the entity rows' tone). The
    // score in thousandths is rounded as the writer rounds it (Math.round: half up), so what is
    // taken off a whole day is what its counts hold.
    const rows = db
      .query<{ entity: number; sentiment: string; s: number }, Binding[]>(
        `SELECT ae.entity, a.sentiment, CAST(floor(a.score * 1000 + 0.5) AS INTEGER) AS s
         FROM articles a INDEXED BY articles_tkey_facets
         JOIN article_entities ae INDEXED BY article_entities_seq ON ae.seq = a.seq
         WHERE a.tkey >= ? AND a.tkey < ? AND a.published_at >= ? AND a.published_at < ? ${seqClause} ${countryClause}`,
      )
      .iterate(timeKeyFloor(from), timeKeyFloor(to), from, to, ...(s.maxSeq !== null ? [s.maxSeq] : []), ...countries)
    for (const r of rows) addTone(r.entity, r.sentiment, sign, sign * r.s)
  }
  const types = s.types ?? []
  const typeOf = types.length > 0 ? entityTypes(db) : null
  const out = tally.counts()
  for (const [id, c] of out)
    if (c.articles <= 0 || (typeOf !== null && !types.includes(typeOf.get(id) as EntityType))) out.delete(id)
  return out
}

/** Articles by tone and score sums per entity id, in arrays indexed by id (grown when an id is past them). */
class EntityTally {
  pos: Float64Array
  neu: Float64Array
  neg: Float64Array
  score: Float64Array
  touched: Uint8Array

  constructor(maxId: number) {
    const n = maxId + 1
    this.pos = new Float64Array(n)
    this.neu = new Float64Array(n)
    this.neg = new Float64Array(n)
    this.score = new Float64Array(n)
    this.touched = new Uint8Array(n)
  }

  add(entity: number, pos: number, neu: number, neg: number, scoreMilli: number): void {
    if (entity >= this.touched.length) this.grow(entity + 1)
    this.pos[entity] = (this.pos[entity] as number) + pos
    this.neu[entity] = (this.neu[entity] as number) + neu
    this.neg[entity] = (this.neg[entity] as number) + neg
    this.score[entity] = (this.score[entity] as number) + scoreMilli
    this.touched[entity] = 1
  }

  /** A packed day's records (store/entity-blobs.ts): `entity, pos, neu, neg, score_milli` each. */
  addRecords(v: Int32Array): void {
    const n = v.length - (v.length % 5)
    if (n > 0 && (v[n - 5] as number) >= this.touched.length) this.grow((v[n - 5] as number) + 1)
    const { pos, neu, neg, score, touched } = this
    for (let i = 0; i < n; i += 5) {
      const e = v[i] as number
      if (e >= touched.length) {
        // Records are sorted by entity: only a writer racing the read could put a larger id first.
        this.add(e, v[i + 1] as number, v[i + 2] as number, v[i + 3] as number, v[i + 4] as number)
        continue
      }
      pos[e] = (pos[e] as number) + (v[i + 1] as number)
      neu[e] = (neu[e] as number) + (v[i + 2] as number)
      neg[e] = (neg[e] as number) + (v[i + 3] as number)
      score[e] = (score[e] as number) + (v[i + 4] as number)
      touched[e] = 1
    }
  }

  grow(size: number): void {
    const n = Math.max(size, this.touched.length * 2)
    const wider = (a: Float64Array) => {
      const b = new Float64Array(n)
      b.set(a)
      return b
    }
    this.pos = wider(this.pos)
    this.neu = wider(this.neu)
    this.neg = wider(this.neg)
    this.score = wider(this.score)
    const t = new Uint8Array(n)
    t.set(this.touched)
    this.touched = t
  }

  /** Every entity added to, in id order. */
  counts(): Map<number, EntityWindowCount> {
    const out = new Map<number, EntityWindowCount>()
    for (let id = 0; id < this.touched.length; id++) {
      if (this.touched[id] === 0) continue
      const pos = this.pos[id] as number
      const neu = this.neu[id] as number
      const neg = this.neg[id] as number
      out.set(id, { articles: pos + neu + neg, pos, neu, neg, scoreMilli: this.score[id] as number })
    }
    return out
  }
}

/** Articles naming each of `ids` over the whole days [firstDay, endDay), in these countries. */
export function entityBackgroundCounts(
  db: Database,
  ids: readonly number[],
  firstDay: number,
  endDay: number,
  countries: readonly string[] = [],
): Map<number, number> {
  // Per id in an array (a 14-day background reads 210k records at 1M), only the wanted ids kept.
  const size = ids.reduce((m, id) => Math.max(m, id), 0) + 1
  const wanted = new Uint8Array(size)
  for (const id of ids) wanted[id] = 1
  const sums = new Float64Array(size)
  const add = (id: number, n: number) => {
    if (id < size && wanted[id] === 1) sums[id] = (sums[id] as number) + n
  }
  addWholeDays(
    db,
    firstDay,
    endDay,
    countries,
    (id, pos, neu, neg) => add(id, pos + neu + neg),
    (v) => {
      for (let i = 0; i + 5 <= v.length; i += 5)
        add(v[i] as number, (v[i + 1] as number) + (v[i + 2] as number) + (v[i + 3] as number))
    },
  )
  const out = new Map<number, number>()
  for (const id of ids) {
    const n = sums[id] as number
    if (n > 0 && !out.has(id)) out.set(id, n)
  }
  return out
}

/** Every entity's type by id, kept per connection and extended as new entities appear (a key's type never changes). */
const typeCache = new WeakMap<Database, { maxId: number; types: Map<number, EntityType> }>()
function entityTypes(db: Database): Map<number, EntityType> {
  let c = typeCache.get(db)
  if (c === undefined) typeCache.set(db, (c = { maxId: 0, types: new Map() }))
  for (const r of db
    .query<{ id: number; type: EntityType }, [number]>('SELECT id, type FROM entities WHERE id > ? ORDER BY id')
    .iterate(c.maxId)) {
    c.types.set(r.id, r.type)
    c.maxId = r.id
  }
  return c.types
}

export function entitiesById(db: Database, ids: readonly number[]): Map<number, EntityRecord> {
  const out = new Map<number, EntityRecord>()
  // In chunks: SQLite's bound-parameter limit.
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500)
    for (const r of db
      .query<EntityRecord, number[]>(`SELECT id, key, name, type, country FROM entities WHERE id IN (${marks(chunk)})`)
      .all(...chunk))
      out.set(r.id, r)
  }
  return out
}

export function entityByKey(db: Database, key: string): EntityRecord | null {
  return db.query<EntityRecord, [string]>('SELECT id, key, name, type, country FROM entities WHERE key = ?').get(key)
}

/** The name an entity is most often given in its latest articles (display names vary: "Putin", "Vladimir Putin"). */
export function entityDisplayName(db: Database, id: number, maxSeq: number | null): string | null {
  return (
    db
      .query<{ name: string }, [number, number]>(
        `SELECT name FROM (SELECT name FROM article_entities WHERE entity = ? AND seq <= ? ORDER BY seq DESC LIMIT 200)
         GROUP BY name ORDER BY count(*) DESC, length(name) DESC, name LIMIT 1`,
      )
      .get(id, maxSeq ?? Number.MAX_SAFE_INTEGER)?.name ?? null
  )
}

/** Ids of the articles published in [fromS, toS) (seq ≤ maxSeq) that name any of these keys. */
export function articleIdsNaming(
  db: Database,
  keys: readonly string[],
  fromS: number,
  toS: number,
  maxSeq: number | null,
): Set<string> {
  if (keys.length === 0) return new Set()
  const rows = db
    .query<{ id: string }, Binding[]>(
      `SELECT a.id FROM entities e
       JOIN article_entities ae ON ae.entity = e.id AND ae.day >= ? AND ae.day <= ?
       JOIN articles a ON a.seq = ae.seq
       WHERE e.key IN (${marks(keys)}) AND a.published_at >= ? AND a.published_at < ? AND a.seq <= ?`,
    )
    .all(Math.floor(fromS / DAY_S), Math.floor(toS / DAY_S), ...keys, fromS, toS, maxSeq ?? Number.MAX_SAFE_INTEGER)
  return new Set(rows.map((r) => r.id))
}

/** The tone of each of these articles (by URL), and the entities most named across them. */
export function storySignals(
  db: Database,
  urls: readonly string[],
  limit: number,
): {
  byUrl: Map<string, { seq: number; sentiment: string; score: number }>
  entities: { key: string; name: string; type: EntityType; articles: number }[]
} {
  const byUrl = new Map<string, { seq: number; sentiment: string; score: number }>()
  for (let i = 0; i < urls.length; i += 500) {
    const chunk = urls.slice(i, i + 500)
    for (const r of db
      .query<{ url: string; seq: number; sentiment: string; score: number }, string[]>(
        `SELECT url, seq, sentiment, score FROM articles WHERE url IN (${marks(chunk)})`,
      )
      .all(...chunk))
      byUrl.set(r.url, { seq: r.seq, sentiment: r.sentiment, score: r.score })
  }
  if (byUrl.size === 0) return { byUrl, entities: [] }
  const counts = new Map<number, number>()
  const seqs = [...byUrl.values()].map((v) => v.seq)
  for (let i = 0; i < seqs.length; i += 500) {
    const chunk = seqs.slice(i, i + 500)
    for (const r of db
      .query<{ entity: number }, number[]>(
        `SELECT entity FROM article_entities INDEXED BY article_entities_seq WHERE seq IN (${marks(chunk)})`,
      )
      .all(...chunk))
      counts.set(r.entity, (counts.get(r.entity) ?? 0) + 1)
  }
  // Ties by key, never by entity id: ids follow the order batches were committed in, which two
  // ingest workers do not fix, so the same archive would list a story's entities differently.
  const info = entitiesById(db, [...counts.keys()])
  const named = [...counts].flatMap(([id, articles]) => {
    const e = info.get(id)
    return e === undefined ? [] : [{ key: e.key, name: e.name, type: e.type, articles }]
  })
  named.sort((a, b) => b.articles - a.articles || compareCodePoints(a.key, b.key))
  return { byUrl, entities: named.slice(0, limit) }
}

/** How many of an entity's latest articles the entities named beside it are counted over. */
export const RELATED_SAMPLE = 5000

/** The filters of an entity page that narrow the articles its related entities are counted over. */
export interface RelatedSlice {
  fromS: number
  toS: number
  maxSeq: number | null
  country?: readonly string[]
  lang?: readonly string[]
  category?: readonly string[]
  sentiment?: readonly string[]
}

/**
 * The entities most often named in the same articles as `id`, over its latest RELATED_SAMPLE
 * articles of the slice (published in [fromS, toS), of the filters' countries, languages,
 * categories and tones; seq order is ingest order, close to time order).
 */
export function relatedEntities(
  db: Database,
  id: number,
  s: RelatedSlice,
  limit: number,
): { id: number; articles: number }[] {
  const clauses: string[] = []
  const params: Binding[] = []
  // The article's country and tone are also on its entity rows (written and replaced with the
  // article): tested there, an entity row of another country or tone never reads its article.
  for (const column of ['country', 'lang', 'category', 'sentiment'] as const) {
    const values = s[column]
    if (values === undefined || values.length === 0) continue
    clauses.push(`${column === 'country' || column === 'sentiment' ? 'ae' : 'a'}.${column} IN (${marks(values)})`)
    params.push(...values)
  }
  return db
    .query<{ id: number; articles: number }, Binding[]>(
      `SELECT o.entity AS id, count(*) AS articles
       FROM (SELECT ae.seq FROM article_entities ae JOIN articles a ON a.seq = ae.seq
             WHERE ae.entity = ? AND ae.day >= ? AND ae.day < ? AND ae.seq <= ?
               AND a.published_at >= ? AND a.published_at < ?${clauses.map((c) => ` AND ${c}`).join('')}
             ORDER BY ae.seq DESC LIMIT ${RELATED_SAMPLE}) s
       JOIN article_entities o INDEXED BY article_entities_seq ON o.seq = s.seq
       JOIN entities e ON e.id = o.entity
       WHERE o.entity <> ?
       GROUP BY o.entity ORDER BY articles DESC, e.key LIMIT ?`,
    )
    .all(
      id,
      Math.floor(s.fromS / DAY_S),
      Math.floor((s.toS - 1) / DAY_S) + 1,
      s.maxSeq ?? Number.MAX_SAFE_INTEGER,
      s.fromS,
      s.toS,
      ...params,
      id,
      limit,
    )
}
