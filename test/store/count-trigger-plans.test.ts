/**
 * The count tables' upkeep stays cheap (issues 15, 25, 27): every trigger statement that updates or
 * deletes a count row finds it by its whole primary key, entity rows are found by the article's seq,
 * and a range of days is read as aligned 4-, 16- and 64-day spans.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { openStore } from '../../store/open.ts'
import { SPAN_LEVELS } from '../../store/schema.ts'
import { daySpans } from '../../store/search-sqlite.ts'
import { signedDaySpans } from '../../store/sqlite-search/day-spans.ts'
import { tempDir } from '../support/tmp.ts'

const tmp = tempDir('newsdesk-count-plans-')
afterAll(() => tmp.cleanup())

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

describe('signedDaySpans', () => {
  const data = { first: 20688, end: 20779 }
  test.each([
    [20689, 20778],
    [20688, 20779],
    [20600, 20900],
    [20700, 20701],
    [20736, 20800],
    [20689, 20767],
    [20771, 20778],
    [20650, 20690],
    [20779, 20800],
    [20600, 20688],
  ])('[%i, %i): each day of the store counted once inside the range and never outside', (first, end) => {
    const net = new Map<number, number>()
    for (const r of signedDaySpans(first, end, data)) {
      const size = 4 ** r.level
      for (let span = r.from; span < r.to; span++)
        for (let d = span * size; d < (span + 1) * size; d++) net.set(d, (net.get(d) ?? 0) + r.sign)
    }
    for (let d = data.first; d < data.end; d++)
      expect({ d, n: net.get(d) ?? 0 }).toEqual({ d, n: d >= first && d < end ? 1 : 0 })
  })

  test('the default 90 days of a 91-day store: two 64-day spans less a day at each end', () => {
    expect(signedDaySpans(20689, 20778, data)).toEqual([
      { level: 3, from: 323, to: 325, sign: 1 },
      { level: 0, from: 20688, to: 20689, sign: -1 },
      { level: 0, from: 20778, to: 20779, sign: -1 },
    ])
  })
})
