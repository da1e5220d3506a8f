/**
 * article_days (store/schema.ts, migration 6) must always equal the per-day facet counts of the
 * articles table, whatever writes happened: inserts, a re-crawl that replaces an article with
 * another date and country, retention deletes, a migration from a store that had articles
 * before the table existed. The expected counts are recomputed by a GROUP BY over the articles.
 */
import type { Database } from 'bun:sqlite'
import { afterAll, describe, expect, test } from 'bun:test'
import { parseQuery } from '../../core/search/query-syntax.ts'
import type { SearchFilters } from '../../core/search/types.ts'
import { ArticleWriter, applyRetention } from '../../store/articles.ts'
import { openStore, StoreNotMigratedError } from '../../store/open.ts'
import { MIGRATIONS, SPAN_LEVELS } from '../../store/schema.ts'
import { daySpans, SqliteSearchIndex } from '../../store/search-sqlite.ts'
import { FIXTURE_NOW, fixtureArticles } from '../support/fixture-store.ts'
import { dropDayCounts } from '../support/old-schema.ts'
import { tempDir } from '../support/tmp.ts'

const tmp = tempDir('newsdesk-article-days-')
afterAll(() => tmp.cleanup())
const NOW_S = FIXTURE_NOW.getTime() / 1000
const DAY_S = 86_400

type Row = { day: number; host: string; lang: string; country: string; tld: string; defaulted: number; n: number }
const order = 'ORDER BY day, host, lang, country, tld, defaulted'
const kept = (db: Database) =>
  db.query<Row, []>(`SELECT day, host, lang, country, tld, defaulted, n FROM article_days ${order}`).all()
const recomputed = (db: Database) =>
  db
    .query<Row, []>(
      `SELECT published_at / 86400 AS day, host, lang, country, tld, country_source = 'default' AS defaulted, count(*) AS n
       FROM articles GROUP BY 1, 2, 3, 4, 5, 6 ${order}`,
    )
    .all()

/** article_day_facets (migrations 11 and 16) and article_spans (migration 11) against their GROUP BY over the articles. */
function spansAgree(db: Database): void {
  const facets = (sql: string) => db.query<Record<string, string | number>, []>(sql).all()
  expect(
    facets(
      'SELECT day, lang, country, tld, defaulted, category, sentiment, n, score_milli FROM article_day_facets ORDER BY 1, 2, 3, 4, 5, 6, 7',
    ),
  ).toEqual(
    facets(
      `SELECT published_at / 86400 AS day, lang, country, tld, country_source = 'default' AS defaulted, category, sentiment, count(*) AS n,
         sum(CAST(round(score * 1000) AS INTEGER)) AS score_milli
       FROM articles GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7`,
    ),
  )
  expect(
    facets(
      'SELECT level, span, sentiment, category, host, lang, country, tld, defaulted, n, score_milli FROM article_tone_spans ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9',
    ),
  ).toEqual(
    facets(
      `SELECT l.level, (a.published_at / 86400) >> (2 * l.level) AS span, a.sentiment, a.category, a.host, a.lang, a.country, a.tld,
         a.country_source = 'default' AS defaulted, count(*) AS n, sum(CAST(round(a.score * 1000) AS INTEGER)) AS score_milli
       FROM articles a CROSS JOIN (SELECT 0 AS level UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3) l
       GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9`,
    ),
  )
  // Migration 19: by score tenth (the v<i> token's, computed here in TypeScript from its definition).
  const tenth = (score: number) => Math.min(19, Math.max(0, Math.floor((score + 1) * 10)))
  const arts = db
    .query<
      {
        day: number
        score: number
        host: string
        lang: string
        country: string
        tld: string
        defaulted: number
        category: string
        sentiment: string
      },
      []
    >(
      "SELECT published_at / 86400 AS day, score, host, lang, country, tld, country_source = 'default' AS defaulted, category, sentiment FROM articles",
    )
    .all()
  const group = (keyOf: (a: (typeof arts)[number]) => (string | number)[], milli: boolean) => {
    const m = new Map<string, { key: string; n: number; score_milli?: number }>()
    for (const a of arts) {
      const id = JSON.stringify(keyOf(a))
      const row = m.get(id) ?? { key: id, n: 0, ...(milli ? { score_milli: 0 } : {}) }
      row.n++
      if (row.score_milli !== undefined) row.score_milli += Math.round(a.score * 1000)
      m.set(id, row)
    }
    return [...m.values()].sort((x, y) => (x.key < y.key ? -1 : 1))
  }
  const keyed = (rows: Record<string, string | number>[], cols: string[], milli: boolean) =>
    rows
      .map((r) => ({
        key: JSON.stringify(cols.map((c) => r[c])),
        n: r.n as number,
        ...(milli ? { score_milli: r.score_milli as number } : {}),
      }))
      .sort((x, y) => (x.key < y.key ? -1 : 1))
  const levelRows = (milli: boolean, keyOf: (a: (typeof arts)[number], level: number) => (string | number)[]) =>
    [0, 1, 2, 3].flatMap((level) => group((a) => keyOf(a, level), milli)).sort((x, y) => (x.key < y.key ? -1 : 1))
  const facetCols = ['level', 'span', 'sentiment', 'category', 'lang', 'country', 'tld', 'defaulted', 'tenth']
  expect(keyed(facets('SELECT * FROM article_score_facets'), facetCols, true)).toEqual(
    levelRows(true, (a, level) => [
      level,
      a.day >> (2 * level),
      a.sentiment,
      a.category,
      a.lang,
      a.country,
      a.tld,
      a.defaulted,
      tenth(a.score),
    ]),
  )
  expect(keyed(facets('SELECT * FROM article_score_days'), ['day', 'sentiment', 'tenth'], true)).toEqual(
    group((a) => [a.day, a.sentiment, tenth(a.score)], true),
  )
  const spanCols = ['level', 'span', 'sentiment', 'host', 'lang', 'country', 'tld', 'defaulted', 'tenth']
  expect(keyed(facets('SELECT * FROM article_score_spans'), spanCols, false)).toEqual(
    levelRows(false, (a, level) => [
      level,
      a.day >> (2 * level),
      a.sentiment,
      a.host,
      a.lang,
      a.country,
      a.tld,
      a.defaulted,
      tenth(a.score),
    ]),
  )
  const levels = SPAN_LEVELS.map((l) => `SELECT ${l} AS level`).join(' UNION ALL ')
  expect(
    facets(
      'SELECT level, span, host, lang, country, tld, defaulted, n FROM article_spans ORDER BY 1, 2, 3, 4, 5, 6, 7',
    ),
  ).toEqual(
    facets(
      `SELECT l.level, (a.published_at / 86400) >> (2 * l.level) AS span, a.host, a.lang, a.country, a.tld, a.country_source = 'default' AS defaulted, count(*) AS n
       FROM articles a CROSS JOIN (${levels}) l GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7`,
    ),
  )
}

describe('the count triggers find their rows by primary key', () => {
  // A trigger statement that scanned a count table would make every delete and re-crawl cost a
  // pass over the table (it did once: `span = day >> (2 * level)` across levels could not use the key).
  test('every UPDATE and DELETE of a count table, with the article bound, is a full-key search', () => {
    const db = openStore(`${tmp.dir}/plans.sqlite`)
    const triggers = db
      .query<{ name: string; sql: string }, []>(
        "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'articles'",
      )
      .all()
    expect(triggers.map((t) => t.name).sort()).toEqual([
      'article_day_facets_delete',
      'article_day_facets_insert',
      'article_day_facets_update',
      'article_days_delete',
      'article_days_insert',
      'article_days_update',
      'article_entities_article_delete',
      'article_score_days_delete',
      'article_score_days_insert',
      'article_score_days_update',
      'article_score_facets_delete',
      'article_score_facets_insert',
      'article_score_facets_update',
      'article_score_spans_delete',
      'article_score_spans_insert',
      'article_score_spans_update',
      'article_spans_delete',
      'article_spans_insert',
      'article_spans_update',
      'article_tone_spans_delete',
      'article_tone_spans_insert',
      'article_tone_spans_update',
      'term_stale_delete',
      'term_stale_insert',
      'term_stale_update',
    ])
    const bind = (sql: string) =>
      sql
        .replace(/\b(?:OLD|NEW)\.published_at\b/g, '1763700000')
        .replace(/\b(?:OLD|NEW)\.(host|lang|country|tld|country_source|category|sentiment)\b/g, "'x'")
        .replace(/\b(?:OLD|NEW)\.score\b/g, '0.25')
    let checked = 0
    for (const t of triggers) {
      // Not a count table: an article's entity rows, found by the article (checked below).
      if (t.name === 'article_entities_article_delete') continue
      const body = t.sql.slice(t.sql.indexOf('BEGIN') + 5, t.sql.lastIndexOf('END'))
      for (const statement of body
        .split(';')
        .map((x) => x.trim())
        .filter((x) => /^(UPDATE|DELETE)/.test(x))) {
        const plan = db
          .query<{ detail: string }, []>(`EXPLAIN QUERY PLAN ${bind(statement)}`)
          .all()
          .map((r) => r.detail)
        expect({ statement: statement.slice(0, 60), plan }).toEqual({
          statement: statement.slice(0, 60),
          plan: [expect.stringMatching(/^SEARCH \w+ USING PRIMARY KEY \(.*(defaulted|sentiment|tenth)=\?\)$/)],
        })
        checked++
      }
    }
    // 2 statements per removal, 2 removals (delete, update): article_days, article_day_facets, 3 span
    // levels, the tone spans', score facets' and score spans' 4 levels each (days and 3 spans), and
    // the score days.
    expect(checked).toBe(4 + 4 + 12 + 16 + 16 + 16 + 4)
    db.close()
  })

  test('entity rows: the delete of an article finds them by its seq; entity_days by its whole key', () => {
    const db = openStore(`${tmp.dir}/entity-plans.sqlite`)
    const plan = (sql: string) =>
      db
        .query<{ detail: string }, []>(`EXPLAIN QUERY PLAN ${sql}`)
        .all()
        .map((r) => r.detail)
    expect(plan('DELETE FROM article_entities WHERE seq = 7')).toEqual([
      expect.stringMatching(/^SEARCH article_entities USING (COVERING )?INDEX article_entities_seq \(seq=\?\)$/),
    ])
    const triggers = db
      .query<{ sql: string }, []>(
        "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'article_entities'",
      )
      .all()
    expect(triggers.length).toBe(2)
    let checked = 0
    for (const t of triggers) {
      const body = t.sql.slice(t.sql.indexOf('BEGIN') + 5, t.sql.lastIndexOf('END'))
      for (const statement of body
        .split(';')
        .map((x) => x.trim())
        .filter((x) => /^(UPDATE|DELETE)/.test(x))) {
        const bound = statement
          .replace(/\bOLD\.(entity|day|score_milli)\b/g, '3')
          .replace(/\bOLD\.(country|sentiment)\b/g, "'x'")
        expect(plan(bound)).toEqual([
          expect.stringMatching(/^SEARCH entity_days USING PRIMARY KEY \(.*sentiment=\?\)$/),
        ])
        checked++
      }
    }
    expect(checked).toBe(2)
    db.close()
  })
})

describe('daySpans', () => {
  test.each([
    [20688, 20779],
    [20700, 20701],
    [20736, 20800],
    [20689, 20767],
    [5, 5],
  ])('[%i, %i) is covered once, by aligned spans, longest first', (first, end) => {
    const runs = daySpans(first, end)
    const days: number[] = []
    for (const r of runs) {
      const size = 4 ** r.level
      for (let span = r.from; span < r.to; span++) for (let d = span * size; d < (span + 1) * size; d++) days.push(d)
    }
    expect(days).toEqual(Array.from({ length: end - first }, (_, i) => first + i))
    // No single day or short span starts where the next level's span would have fitted.
    for (const r of runs) {
      if (r.level === SPAN_LEVELS.at(-1)) continue
      const bigger = 4 ** (r.level + 1)
      for (let span = r.from; span < r.to; span++) {
        const start = span * 4 ** r.level
        expect({ start, biggerFits: start % bigger === 0 && start + bigger <= end }).toEqual({
          start,
          biggerFits: false,
        })
      }
    }
  })

  test('a 90-day range reads far fewer span rows than days', () => {
    const runs = daySpans(20688, 20778)
    expect(runs.reduce((s, r) => s + (r.to - r.from), 0)).toBeLessThanOrEqual(15)
  })
})

describe('article_days follows every write to the articles', () => {
  const db = openStore(`${tmp.dir}/writes.sqlite`)
  const articles = fixtureArticles(300, 5)
  const writer = new ArticleWriter(db)

  test('inserts', () => {
    db.transaction(() => {
      for (const a of articles) writer.write(a, 0)
    })()
    const rows = kept(db)
    expect(rows.reduce((s, r) => s + r.n, 0)).toBe(300)
    expect(rows).toEqual(recomputed(db))
    spansAgree(db)
  })

  test('a re-crawl that replaces an article with another day, country and country source', () => {
    const a = articles[10] as (typeof articles)[number]
    const earlier: typeof a = {
      ...a,
      crawled_at: new Date(Date.parse(a.crawled_at) - 3 * DAY_S * 1000).toISOString(),
      published_at: new Date(Date.parse(a.published_at) - 3 * DAY_S * 1000).toISOString(),
      country: a.country === 'BR' ? 'AR' : 'BR',
      country_source: a.country_source === 'default' ? ('tld' as const) : ('default' as const),
    }
    const before = kept(db)
    expect(db.transaction(() => writer.write(earlier, 0))()).toBe('replaced')
    const after = kept(db)
    expect(after).toEqual(recomputed(db))
    spansAgree(db)
    expect(after).not.toEqual(before)
    expect(after.reduce((s, r) => s + r.n, 0)).toBe(300)
  })

  test('a duplicate crawl changes nothing', () => {
    const before = kept(db)
    expect(db.transaction(() => writer.write(articles[20] as (typeof articles)[number], 0))()).toBe('duplicate')
    expect(kept(db)).toEqual(before)
  })

  test('retention deletes, and no row is left at zero', () => {
    const cutoff = NOW_S - 20 * DAY_S
    const deleted = applyRetention(db, cutoff)
    expect(deleted).toBeGreaterThan(0)
    const rows = kept(db)
    expect(rows).toEqual(recomputed(db))
    spansAgree(db)
    expect(db.query<{ n: number }, []>('SELECT count(*) AS n FROM article_spans WHERE n <= 0').get()?.n).toBe(0)
    expect(rows.every((r) => r.n > 0)).toBe(true)
    expect(rows.every((r) => r.day >= Math.floor(cutoff / DAY_S))).toBe(true)
  })
})

describe('stores from before the per-day counts', () => {
  const articles = fixtureArticles(200, 9)
  const filters = (f: Partial<SearchFilters> = {}): SearchFilters => ({
    query: parseQuery(''),
    fromS: NOW_S - 40 * DAY_S - 5 * 3600,
    toS: NOW_S,
    strictCountry: false,
    maxSeq: null,
    ...f,
  })

  function oldStore(name: string): string {
    const path = `${tmp.dir}/${name}.sqlite`
    const db = openStore(path)
    const writer = new ArticleWriter(db)
    db.transaction(() => {
      for (const a of articles) writer.write(a, 0)
    })()
    dropDayCounts(db)
    db.exec('PRAGMA user_version = 5')
    db.close()
    return path
  }

  test('the migration fills the counts from the articles already there, and triggers keep them', () => {
    const path = oldStore('migrated')
    const db = openStore(path)
    expect(db.query<{ user_version: number }, []>('PRAGMA user_version').get()?.user_version).toBe(MIGRATIONS.length)
    expect(kept(db).reduce((s, r) => s + r.n, 0)).toBe(200)
    expect(kept(db)).toEqual(recomputed(db))
    const more = fixtureArticles(230, 9).slice(200)
    const writer = new ArticleWriter(db)
    db.transaction(() => {
      for (const a of more) writer.write(a, 0)
    })()
    expect(kept(db)).toEqual(recomputed(db))
    spansAgree(db)
    db.close()
  })

  test('a read-only node is refused a store not yet migrated, and once migrated answers what a fresh store does', () => {
    const oldPath = oldStore('old-ro')
    expect(() => openStore(oldPath, { readonly: true })).toThrow(StoreNotMigratedError)
    openStore(oldPath).close()
    const ro = openStore(oldPath, { readonly: true })
    const newer = openStore(`${tmp.dir}/new.sqlite`)
    const writer = new ArticleWriter(newer)
    newer.transaction(() => {
      for (const a of articles) writer.write(a, 0)
    })()
    for (const f of [
      filters(),
      filters({ country: ['GB', 'US'] }),
      filters({ maxSeq: 120 }),
      filters({ maxScore: 0.05, maxSeq: 150 }),
    ]) {
      const old = new SqliteSearchIndex(ro).stats(f, 20, DAY_S)
      const fresh = new SqliteSearchIndex(newer).stats(f, 20, DAY_S)
      expect(old.total).toBeGreaterThan(0)
      expect(fresh).toEqual(old)
    }
    ro.close()
    newer.close()
  })
})

describe('counts by score tenth (migration 19)', () => {
  const articles = fixtureArticles(240, 11)
  const range = (f: Partial<SearchFilters> = {}): SearchFilters => ({
    query: null,
    fromS: NOW_S - 60 * DAY_S - 5 * 3600,
    toS: NOW_S,
    strictCountry: false,
    maxSeq: null,
    minScore: -0.25,
    ...f,
  })

  test('a store at schema 18 gets them from its articles, and the triggers keep them', () => {
    const path = `${tmp.dir}/score-18.sqlite`
    let db = openStore(path)
    const writer = new ArticleWriter(db)
    db.transaction(() => {
      for (const a of articles.slice(0, 200)) writer.write(a, 0)
    })()
    const before = new SqliteSearchIndex(db).stats(range(), 20, DAY_S)
    db.exec(`
      DROP TRIGGER article_score_facets_insert; DROP TRIGGER article_score_facets_delete; DROP TRIGGER article_score_facets_update;
      DROP TRIGGER article_score_days_insert; DROP TRIGGER article_score_days_delete; DROP TRIGGER article_score_days_update;
      DROP TRIGGER article_score_spans_insert; DROP TRIGGER article_score_spans_delete; DROP TRIGGER article_score_spans_update;
      DROP TABLE article_score_facets; DROP TABLE article_score_days; DROP TABLE article_score_spans; DROP TABLE score_span_levels; DROP INDEX articles_score;
      PRAGMA user_version = 18;
    `)
    db.close()
    db = openStore(path)
    expect(db.query<{ user_version: number }, []>('PRAGMA user_version').get()?.user_version).toBe(MIGRATIONS.length)
    spansAgree(db)
    expect(new SqliteSearchIndex(db).stats(range(), 20, DAY_S)).toEqual(before)
    const more = new ArticleWriter(db)
    db.transaction(() => {
      for (const a of articles.slice(200)) more.write(a, 0)
    })()
    spansAgree(db)
    expect(applyRetention(db, NOW_S - 25 * DAY_S)).toBeGreaterThan(0)
    spansAgree(db)
    db.close()
  })

  test('whole days of a score range come from the counts (a count changed by hand shows in the answer)', () => {
    const db = openStore(`${tmp.dir}/score-tamper.sqlite`)
    const writer = new ArticleWriter(db)
    db.transaction(() => {
      for (const a of articles) writer.write(a, 0)
    })()
    const index = new SqliteSearchIndex(db)
    const f = range({ minScore: 0.5, country: ['GB'] })
    const honest = index.stats(f, 20, DAY_S)
    expect(honest.total).toBeGreaterThan(0)
    // A day row (level 0: the timeline) of a whole day and a counted tenth (0.5 up to 1: tenths 15 to 19), one article more.
    const day = Math.floor(NOW_S / DAY_S) - 10
    db.query(
      "INSERT INTO article_score_facets (level, span, sentiment, category, lang, country, tld, defaulted, tenth, n, score_milli) VALUES (0, ?, 'pos', 'world', 'en', 'GB', 'uk', 0, 17, 1, 700) ON CONFLICT DO UPDATE SET n = n + 1, score_milli = score_milli + 700",
    ).run(day)
    expect(index.stats(f, 20, DAY_S).total).toBe(honest.total + 1)
    // Not in a tenth the range holds: no change.
    db.query(
      "INSERT INTO article_score_facets (level, span, sentiment, category, lang, country, tld, defaulted, tenth, n, score_milli) VALUES (0, ?, 'pos', 'world', 'en', 'GB', 'uk', 0, 14, 1, 450) ON CONFLICT DO UPDATE SET n = n + 1, score_milli = score_milli + 450",
    ).run(day)
    expect(index.stats(f, 20, DAY_S).total).toBe(honest.total + 1)
    // With no other filter the timeline comes from the counts by day, label and tenth alone.
    const plain = range({ minScore: 0.5 })
    const plainHonest = index.stats(plain, 20, DAY_S)
    db.query(
      "INSERT INTO article_score_days (day, sentiment, tenth, n, score_milli) VALUES (?, 'pos', 16, 1, 600) ON CONFLICT DO UPDATE SET n = n + 1, score_milli = score_milli + 600",
    ).run(day)
    expect(index.stats(plain, 20, DAY_S).total).toBe(plainHonest.total + 1)
    db.close()
  })
})
