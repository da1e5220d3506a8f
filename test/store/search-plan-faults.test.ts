/**
 * The plan guard (test/store/search-plans.test.ts) can fail: each kind of fault it looks for,
 * written out as a statement that has it, is reported. Plans do not depend on the data (the store
 * is never ANALYZEd), so a small fixture store serves.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { buildFixtureStore, fixtureArticles } from '../support/fixture-store.ts'
import { planFaults, planOf } from '../support/recording-db.ts'
import { tempDir } from '../support/tmp.ts'

const tmp = tempDir('newsdesk-plan-faults-')
const store = buildFixtureStore(`${tmp.dir}/plans.sqlite`, fixtureArticles(60, 5))
afterAll(() => {
  store.close()
  tmp.cleanup()
})

describe('the guard can fail', () => {
  test.each<{ name: string; sql: string; params: (string | number)[]; want: RegExp }>([
    {
      name: 'a row index driving the join and probing MATCH per row',
      sql: 'SELECT a.id FROM articles a INDEXED BY articles_country_published JOIN articles_fts f ON f.rowid = a.tkey WHERE a.country = ? AND f.articles_fts MATCH ? ORDER BY a.published_at DESC',
      params: ['GB', 'market'],
      want: /probed per row/,
    },
    {
      name: 'a whole-table scan',
      sql: 'SELECT a.id FROM articles a NOT INDEXED WHERE a.words > ?',
      params: [3],
      want: /whole table/,
    },
    {
      name: 'a date sort over the whole slice',
      sql: 'SELECT a.id FROM articles a INDEXED BY articles_country_published WHERE a.country = ? ORDER BY a.tkey DESC',
      params: ['GB'],
      want: /sorted/,
    },
    {
      name: 'MATCH in a correlated subquery',
      sql: 'SELECT a.id FROM articles a WHERE a.published_at > ? AND EXISTS (SELECT 1 FROM articles_fts f WHERE f.rowid = a.tkey AND articles_fts MATCH ?)',
      params: [0, 'market'],
      want: /probed per row/,
    },
    {
      name: 'the days past the watermark read by the date index (the statement before NOT INDEXED)',
      sql: 'SELECT DISTINCT published_at / 86400 AS day FROM articles WHERE seq > ? AND published_at >= ? AND published_at < ? ORDER BY 1',
      params: [100, 0, 2_000_000_000],
      want: /rowid range past the watermark/,
    },
    {
      name: 'the rows past the watermark read by a country index with a date range',
      sql: 'SELECT count(*) AS n FROM articles a INDEXED BY articles_country_published WHERE a.seq > ? AND a.country = ? AND a.published_at >= ? AND a.published_at < ?',
      params: [100, 'GB', 0, 2_000_000_000],
      want: /rowid range past the watermark/,
    },
  ])('$name', ({ sql, params, want }) => {
    const faults = planFaults(planOf(store, { sql, params }), { orderedWalk: true, sql })
    expect(faults.join('\n')).toMatch(want)
  })
})
