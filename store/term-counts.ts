/**
 * Per-day counts of the store's most common words (and most named entities), so `/v1/stats` for such a word adds up one
 * small row per day instead of joining every match to its row (docs/DECISIONS.md, Stats with a
 * common word). A key is the MATCH expression of a one-word query (store/sqlite-search/match-expression.ts,
 * `matchExpression`); its row for a day holds, for each facet combination (host, language,
 * country, TLD, default-country mark: `facet_combos`), how many of that day's articles match it.
 *
 * The rows are written here, by the batch job after each ingest, never by the live node. A write
 * to the articles marks its day stale (triggers of migration 13), and a stale day is read from the
 * articles until the next refresh, so an answer never depends on how recent the counts are.
 */
import type { Database } from 'bun:sqlite'
import { isFlat, parseQuery } from '../core/search/query-syntax.ts'
import { matchExpression } from './sqlite-search/match-expression.ts'
import { dayRuns, encodeCounts, encodePairCounts, type FacetCombo } from './count-blob.ts'
import { timeKeyFloor } from './time-key.ts'
import { entityOfToken, entityTermKey } from './fts-facets.ts'
import { SCORE_TENTH_SQL } from './sqlite-search/where.ts'

const DAY_S = 86_400
/** Facet combination ids stay below this (2^26), so a host and a tone id make one safe integer key. */
const PAIR_SCALE = 67_108_864

export interface TermCountOptions {
  /** A word gets counts when the titles plus the descriptions that hold it (FTS5's vocabulary: an article with it in both counts twice) are at least this many. */
  minDocs: number
  /** At most this many words, the most common first. */
  maxKeys: number
  /**
   * A counted word this common (as `minDocs` counts, or half as common once it has them) also gets
   * counts by host and tone combination together (term_full_days), for stats with a category or
   * tone filter.
   */
  fullMinDocs: number
  /** The words are chosen again when the store has grown or shrunk by more than this share since the last choice… */
  reselectChange: number
  /** …or when the last choice is older than this (seconds), so words that became common in a steady store get counted. */
  reselectAfterS: number
}

/**
 * The line for counts by host and tone combination together (term_full_days): read from its
 * matches, a word's stats with a category or tone filter cost about 1.8 µs a match at 1M on a quiet
 * machine (`q=w1&sentiment=neu`, 269k matches: 490 ms), so below 30,000 (FTS5 counts an article
 * with the word in both title and description twice, so fewer matches) it stays under 50 ms. Such
 * a blob holds about one entry per match (a host and a category and tone rarely repeat within a
 * word's day), so only the common words get one: at 1M, 183 of 945 counted words.
 */
const FULL_MIN_DOCS = 30_000

/**
 * The line, from the 10M synthetic store (bench/search.ts): read from the articles, a word with
 * 16,879 matches cost stats 125–140 ms warm and 1.3 s cold (a lookup per match into an index
 * larger than the page cache); with the line at 20,000 such words were the 10M stats p99, and
 * with 5,000 that p99 was 127–199 ms. The cap is high because the number of words past the line
 * grows with the store: FTS5's vocabulary holds 844 at 1M and over 4,096 at 10M. 1,812 counted
 * words took 74 MB at 10M. Choosing reads FTS5's whole vocabulary (3.3 s at 1M), hence only once
 * a day, when the store's size moves by a tenth or when these settings change.
 */
export const TERM_COUNT_DEFAULTS: TermCountOptions = {
  minDocs: 5_000,
  maxKeys: 4096,
  fullMinDocs: FULL_MIN_DOCS,
  reselectChange: 0.1,
  reselectAfterS: 86_400,
}

export interface TermCountRefresh {
  keys: number
  added: number
  dropped: number
  staleDays: number
  /** Whether the words were chosen again in this refresh. */
  reselected: boolean
}

/** The key of a one-word query, or null when `term` does not parse to exactly one plain word. */
export function termKey(term: string): string | null {
  const q = parseQuery(term)
  if (q === null || q.none.length > 0 || q.all.length !== 1 || !isFlat(q)) return null
  const group = q.all[0] as (typeof q.all)[number]
  if (group.length !== 1 || (group[0] as (typeof group)[number]).phrase) return null
  return matchExpression(q.all)
}

/**
 * Brings the counts up to date in one write transaction: chooses the words again when due, drops
 * the words no longer chosen, counts new words over every day, recounts the stale days of the
 * others, and clears the stale marks. Call after an ingest, before a snapshot is written.
 */
export function refreshTermCounts(db: Database, nowS: number, opts: Partial<TermCountOptions> = {}): TermCountRefresh {
  const o = { ...TERM_COUNT_DEFAULTS, ...opts }
  return db
    .transaction(() => {
      const staleDays = db
        .query<{ day: number }, []>('SELECT day FROM term_stale_days ORDER BY day')
        .all()
        .map((r) => r.day)
      const current = new Map(
        db
          .query<{ id: number; key: string; full: number }, []>('SELECT id, key, full FROM term_keys')
          .all()
          .map((r) => [r.key, { id: r.id, full: r.full === 1 }]),
      )
      const articles = db.query<{ n: number }, []>('SELECT count(*) AS n FROM articles').get()?.n ?? 0
      const meta = (key: string): string | undefined =>
        db.query<{ value: string }, [string]>('SELECT value FROM meta WHERE key = ?').get(key)?.value
      const lastArticles = Number(meta('term_keys_articles') ?? Number.NaN)
      const lastAt = Number(meta('term_keys_chosen_at') ?? Number.NaN)
      // The rule names what is counted: a store counted before entities were is chosen again.
      const rule = `${o.minDocs}/${o.maxKeys}/entities/full ${o.fullMinDocs}`
      const lastRule = meta('term_keys_rule')
      const reselected =
        lastRule !== rule ||
        !Number.isFinite(lastArticles) ||
        !Number.isFinite(lastAt) ||
        Math.abs(articles - lastArticles) > o.reselectChange * Math.max(lastArticles, 1) ||
        nowS - lastAt >= o.reselectAfterS
      let dropped = 0
      const fresh = new Set<string>()
      const combos = new ComboIds(db)
      if (reselected) {
        const chosen = chooseTerms(db, o, current)
        const keep = new Set(chosen.map((c) => c.key))
        for (const [key, { id }] of current) {
          if (keep.has(key)) continue
          for (const table of ['term_days', 'term_tenth_days', 'term_full_days'])
            db.query(`DELETE FROM ${table} WHERE key_id = ?`).run(id)
          db.query('DELETE FROM term_keys WHERE id = ?').run(id)
          current.delete(key)
          dropped++
        }
        for (const c of chosen) {
          const known = current.get(c.key)
          // Half the line keeps a word's full counts, as for the counted words themselves.
          const full = c.docs >= o.fullMinDocs || (known?.full === true && c.docs >= Math.ceil(o.fullMinDocs / 2))
          if (known !== undefined) {
            db.query('UPDATE term_keys SET docs = ?, full = ? WHERE id = ?').run(c.docs, full ? 1 : 0, known.id)
            if (full === known.full) continue
            // Newly full: every day counted again, the full blob with the others; no longer: its blobs go.
            if (full) {
              countDays(db, combos, known.id, c.key, null, true)
              fresh.add(c.key)
            } else db.query('DELETE FROM term_full_days WHERE key_id = ?').run(known.id)
            current.set(c.key, { id: known.id, full })
            continue
          }
          const id = db
            .query<{ id: number }, [string, string, number, number]>(
              'INSERT INTO term_keys (key, term, docs, full) VALUES (?, ?, ?, ?) RETURNING id',
            )
            .get(c.key, c.term, c.docs, full ? 1 : 0)?.id
          if (id === undefined) throw new Error('term_keys insert returned no row')
          countDays(db, combos, id, c.key, null, full)
          current.set(c.key, { id, full })
          fresh.add(c.key)
        }
        const setMeta = db.query(
          'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT DO UPDATE SET value = excluded.value',
        )
        setMeta.run('term_keys_articles', String(articles))
        setMeta.run('term_keys_chosen_at', String(nowS))
        setMeta.run('term_keys_rule', rule)
      }
      for (const run of dayRuns(staleDays)) {
        for (const [key, { id, full }] of current) if (!fresh.has(key)) countDays(db, combos, id, key, run, full)
      }
      db.exec('DELETE FROM term_stale_days')
      return { keys: current.size, added: fresh.size, dropped, staleDays: staleDays.length, reselected }
      // IMMEDIATE: the write lock before the vocabulary read, so no writer can slip in between.
    })
    .immediate()
}

/**
 * The words to count: the most common words of titles and descriptions (FTS5's own vocabulary),
 * those in at least `minDocs` articles, or in half that for a word counted already (so a word
 * near the line is not dropped and counted again on alternate runs).
 */
function chooseTerms(
  db: Database,
  o: TermCountOptions,
  current: ReadonlyMap<string, unknown>,
): { term: string; key: string; docs: number }[] {
  db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.articles_fts_vocab USING fts5vocab(main, 'articles_fts', 'col')`)
  const rows: { term: string; docs: number; entity?: true }[] = db
    .query<{ term: string; docs: number }, [number]>(
      `SELECT term, sum(doc) AS docs FROM temp.articles_fts_vocab WHERE col IN ('title', 'description')
       GROUP BY term HAVING sum(doc) >= ? ORDER BY docs DESC, term`,
    )
    .all(Math.ceil(o.minDocs / 2))
  // Entities (migration 18) are facet tokens: a common one is counted as a common word is, so
  // `/v1/stats?entity=…` and the entity page add up its days instead of reading its articles.
  const entityRows = db
    .query<{ term: string; docs: number }, [number]>(
      `SELECT term, doc AS docs FROM temp.articles_fts_vocab WHERE col = 'facets' AND term >= 'e' AND term < 'f'
       AND doc >= ? ORDER BY docs DESC, term`,
    )
    .all(Math.ceil(o.minDocs / 2))
  for (const r of entityRows) {
    const entity = entityOfToken(r.term)
    if (entity !== null) rows.push({ term: entity, docs: r.docs, entity: true })
  }
  rows.sort((a, b) => b.docs - a.docs || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0))
  const chosen: { term: string; key: string; docs: number }[] = []
  const seen = new Set<string>()
  for (const r of rows) {
    if (chosen.length >= o.maxKeys) break
    const key = r.entity === true ? entityTermKey(r.term) : termKey(r.term)
    if (key === null || seen.has(key)) continue
    if (r.docs < o.minDocs && !current.has(key)) continue
    seen.add(key)
    chosen.push({ term: r.term, key, docs: r.docs })
  }
  return chosen
}

/** Ids of facet combinations, added to `facet_combos` as they are first met. */
class ComboIds {
  readonly #ids = new Map<string, number>()
  readonly #add

  constructor(db: Database) {
    for (const r of db
      .query<FacetCombo & { id: number }, []>(
        'SELECT id, country, lang, tld, host, defaulted, category, sentiment FROM facet_combos',
      )
      .iterate()) {
      this.#ids.set(comboName(r), r.id)
    }
    this.#add = db.query<{ id: number }, [string, string, string, string, number, string, string]>(
      'INSERT INTO facet_combos (country, lang, tld, host, defaulted, category, sentiment) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id',
    )
  }

  id(c: FacetCombo): number {
    const name = comboName(c)
    const known = this.#ids.get(name)
    if (known !== undefined) return known
    const id = this.#add.get(c.country, c.lang, c.tld, c.host, c.defaulted, c.category, c.sentiment)?.id
    if (id === undefined) throw new Error('facet_combos insert returned no row')
    this.#ids.set(name, id)
    return id
  }
}

const comboName = (c: FacetCombo): string =>
  `${c.host}\t${c.lang}\t${c.country}\t${c.tld}\t${c.defaulted}\t${c.category}\t${c.sentiment}`

/**
 * Counts `key`'s matches per day and facet combination over the days [first, end) (every day when
 * null) and replaces the key's rows for those days; with `full`, its pair blobs too (term_full_days). The full-text index yields its matches in
 * time-key order, so each day is complete when the next begins.
 */
function countDays(
  db: Database,
  combos: ComboIds,
  keyId: number,
  key: string,
  run: { first: number; end: number } | null,
  full: boolean,
): void {
  // A time key can spill past its second (store/articles.ts, #freeKey takes the next free one),
  // so the walk reaches a minute past the run and keeps the rows published inside it.
  const lo = run === null ? Number.MIN_SAFE_INTEGER : timeKeyFloor(run.first * DAY_S)
  const hi = run === null ? Number.MAX_SAFE_INTEGER : timeKeyFloor(run.end * DAY_S + 60)
  for (const table of ['term_days', 'term_tenth_days', 'term_full_days'])
    if (run === null) db.query(`DELETE FROM ${table} WHERE key_id = ?`).run(keyId)
    else db.query(`DELETE FROM ${table} WHERE key_id = ? AND day >= ? AND day < ?`).run(keyId, run.first, run.end)
  const insert = db.query('INSERT INTO term_days (key_id, day, counts, tones) VALUES (?, ?, ?, ?)')
  const insertTenth = db.query('INSERT INTO term_tenth_days (key_id, day, tenth, counts, tones) VALUES (?, ?, ?, ?, ?)')
  const insertFull = db.query('INSERT INTO term_full_days (key_id, day, pairs) VALUES (?, ?, ?)')
  // The tenth as migration 19 counts it and the v<i> token gives it (store/sqlite-search/where.ts).
  const rows = db.query<FacetCombo & { t: number; s: number; tenth: number }, [string, number, number]>(
    `SELECT a.published_at AS t, a.country, a.lang, a.tld, a.host, a.country_source = 'default' AS defaulted, a.category, a.sentiment,
       CAST(round(a.score * 1000) AS INTEGER) AS s, ${SCORE_TENTH_SQL} AS tenth
     FROM articles_fts CROSS JOIN articles a INDEXED BY articles_tkey_facets ON a.tkey = articles_fts.rowid
     WHERE articles_fts MATCH ? AND articles_fts.rowid >= ? AND articles_fts.rowid < ?`,
  )
  let day: number | null = null
  // By host (category and tone left empty) and by tone (host left empty): see migration 16; the
  // same again for each score tenth (migration 21).
  let byHost = new Map<number, [number, number]>()
  let byTone = new Map<number, [number, number]>()
  let byTenth = new Map<number, { byHost: Map<number, [number, number]>; byTone: Map<number, [number, number]> }>()
  // Pairs keyed host id × PAIR_SCALE + tone id, so numeric order is host then tone.
  let byPair = new Map<number, [number, number]>()
  const blob = (m: Map<number, [number, number]>) =>
    encodeCounts([...m].map(([id, [n, s]]) => [id, n, s] as const).sort((a, b) => a[0] - b[0]))
  const flush = () => {
    if (day === null || byHost.size === 0) return
    insert.run(keyId, day, blob(byHost), blob(byTone))
    for (const [tenth, m] of [...byTenth].sort((a, b) => a[0] - b[0]))
      insertTenth.run(keyId, day, tenth, blob(m.byHost), blob(m.byTone))
    if (full)
      insertFull.run(
        keyId,
        day,
        encodePairCounts(
          [...byPair]
            .sort((a, b) => a[0] - b[0])
            .map(([k, [n, s]]) => [Math.floor(k / PAIR_SCALE), k % PAIR_SCALE, n, s] as const),
        ),
      )
  }
  const bump = (m: Map<number, [number, number]>, id: number, s: number) => {
    const c = m.get(id)
    if (c === undefined) m.set(id, [1, s])
    else {
      c[0]++
      c[1] += s
    }
  }
  for (const r of rows.iterate(key, lo, hi)) {
    const d = Math.floor(r.t / DAY_S)
    if (run !== null && (d < run.first || d >= run.end)) continue
    if (d !== day) {
      // Time keys follow published_at, so days arrive in order; a day met twice would be lost.
      if (day !== null && d < day) throw new Error(`term counts: day ${d} after day ${day}`)
      flush()
      day = d
      byHost = new Map()
      byTone = new Map()
      byTenth = new Map()
      byPair = new Map()
    }
    const hostCombo = combos.id({ ...r, category: '', sentiment: '' })
    const toneCombo = combos.id({ ...r, host: '' })
    bump(byHost, hostCombo, 0)
    bump(byTone, toneCombo, r.s)
    let tenth = byTenth.get(r.tenth)
    if (tenth === undefined) byTenth.set(r.tenth, (tenth = { byHost: new Map(), byTone: new Map() }))
    bump(tenth.byHost, hostCombo, 0)
    bump(tenth.byTone, toneCombo, r.s)
    if (full) bump(byPair, hostCombo * PAIR_SCALE + toneCombo, r.s)
  }
  flush()
}
