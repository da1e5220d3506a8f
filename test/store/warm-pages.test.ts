/**
 * store/warm-pages.ts walks the covering indexes newest key first and the full-text blocks in id
 * order, in chunks, until a deadline. On a real fixture store (400 articles) with small chunks the
 * walk must read every entry exactly once (a chunk boundary read twice or skipped changes the
 * count), and a deadline must stop it between chunks and say so.
 */
import { afterAll, expect, test } from 'bun:test'
import { warmPages } from '../../store/warm-pages.ts'
import { buildFixtureStore, fixtureArticles } from '../support/fixture-store.ts'
import { tempDir } from '../support/tmp.ts'

const tmp = tempDir('newsdesk-warm-')
const db = buildFixtureStore(`${tmp.dir}/s.sqlite`, fixtureArticles())
afterAll(() => {
  db.close()
  tmp.cleanup()
})

const articleCount = db.query<{ n: number }, []>('SELECT count(*) AS n FROM articles').get()?.n ?? -1
const blockCount = db.query<{ n: number }, []>('SELECT count(*) AS n FROM articles_fts_data').get()?.n ?? -1

test.each([1, 7, 64, 400, 401, 20_000])('chunks of %d read every index entry and full-text block once', (chunk) => {
  const result = warmPages(db, Number.POSITIVE_INFINITY, () => 0, chunk)
  expect(articleCount).toBe(400)
  expect(blockCount).toBeGreaterThan(0)
  expect(result).toEqual({
    read: [
      { name: 'articles_tkey_facets', rows: articleCount, complete: true },
      { name: 'articles_tkey_dup', rows: articleCount, complete: true },
      { name: 'articles_fts_data', rows: blockCount, complete: true },
    ],
    stopped: false,
  })
})

test('a deadline stops the walk between chunks and the result says how far it got', () => {
  // The clock moves one unit per look; the deadline falls after three chunks of the first index.
  let t = 0
  const result = warmPages(db, 3, () => t++, 50)
  expect(result).toEqual({ read: [{ name: 'articles_tkey_facets', rows: 150, complete: false }], stopped: true })
})

test('a deadline already past reads nothing', () => {
  expect(warmPages(db, 0, () => 1)).toEqual({
    read: [{ name: 'articles_tkey_facets', rows: 0, complete: false }],
    stopped: true,
  })
})
