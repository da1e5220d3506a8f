/**
 * What the fuzzer found, pinned: each request once answered a 500, an invalid 200 body or a
 * body of tens of megabytes; each now gets a 422 that says why (or a valid 200 at the bound).
 */
import { afterAll, expect, test } from 'bun:test'
import { MAX_GRID_POINTS } from '../../core/time-range.ts'
import { fixtureApp } from '../live/app-support.ts'
import { judge } from './oracle.ts'

const f = fixtureApp()
afterAll(() => f.cleanup())

test.each([
  // Malformed percent-encoding in a path segment: the router hands over null (was a 500).
  { name: 'invalid UTF-8 market slug', target: '/v1/markets/%c0%ae%c0%ae', status: 422, loc: ['path', 'slug'] },
  { name: 'broken escape in a trend slug', target: '/v1/trends/GB/%%', status: 422, loc: ['path', 'slug'] },
  // Instants outside 1970–9998 (was a 200 whose from/to were not contract timestamps).
  { name: 'now-999999w', target: '/v1/btc/sources?from=now-999999w', status: 422, loc: ['query', 'from'] },
  { name: 'a date whose end is year 10000', target: '/v1/trends?date=9999-12-31', status: 422, loc: ['query', 'date'] },
  { name: 'year 0000', target: '/v1/search?from=0000-01-01', status: 422, loc: ['query', 'from'] },
  // Grids past MAX_GRID_POINTS (was 200 with 105 MB in 1.4 s, or 52 MB for stats).
  {
    name: 'daily sentiment over 3000 years',
    target: '/v1/btc/sentiment?interval=day&from=0&to=99999999999',
    status: 422,
    loc: ['query', 'from'],
  },
  {
    name: 'hourly series over 2 years',
    target: '/v1/btc/series?interval=hour&from=now-104w',
    status: 422,
    loc: ['query', 'from'],
  },
  {
    name: 'stats timeline over 3000 years',
    target: '/v1/stats?from=0&to=99999999999',
    status: 422,
    loc: ['query', 'from'],
  },
  { name: 'stats timeline ending in 9998', target: '/v1/stats?to=9998-01-01', status: 422, loc: ['query', 'to'] },
  // A tone-score bound inside the first or last tenth with a word or a facet filter: an empty
  // FTS5 exclusion, an SQLite syntax error (was a 500; found by bench/search-sweep.ts).
  {
    name: 'max_score 0.95 with an entity, by relevance',
    target: '/v1/search?entity=person:nobody&sort=relevance&max_score=0.95',
    status: 200,
    loc: null,
  },
  {
    name: 'stats of a word with max_score 0.97',
    target: '/v1/stats?q=bitcoin&max_score=0.97&category=business',
    status: 200,
    loc: null,
  },
  { name: 'a feed with min_score -0.95', target: '/v1/rss?q=market&min_score=-0.95', status: 200, loc: null },
  // At the bound: still answered.
  {
    name: `hourly sentiment of ${MAX_GRID_POINTS} hours`,
    target: `/v1/btc/sentiment?interval=hour&from=now-${MAX_GRID_POINTS}h`,
    status: 200,
    loc: null,
  },
  { name: 'weekly correlation since 1970', target: '/v1/btc/correlation?interval=week&from=0', status: 200, loc: null },
])('$name', async ({ target, status, loc }) => {
  const r = await f.get(target)
  const text = await r.text()
  expect(r.status).toBe(status)
  expect(
    judge(new URL(`http://localhost${target}`).pathname, r.status, r.headers.get('content-type') ?? '', text),
  ).toEqual({ ok: true })
  if (loc !== null) {
    const detail = (JSON.parse(text) as { detail: { loc: string[]; msg: string }[] }).detail
    expect(detail[0]?.loc).toEqual([...loc])
    expect(detail[0]?.msg).toStartWith('Value error, ')
  }
  expect(text.length).toBeLessThan(2_000_000)
})
