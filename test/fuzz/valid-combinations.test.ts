/**
 * Valid requests, combined as users combine them: the property-based fuzzer (endpoints.fuzz.test.ts)
 * mostly sends values the registry refuses, so few of its requests reach the store's plans. Here
 * every request is valid: random combinations of the registry's parameters for each store-reading
 * endpoint (bench/search-sweep-draw.ts: one and several values per filter, every sort, deep
 * offsets, words, phrases, OR, exclusions, tone-score ranges, dates), with hosts, countries, entity
 * keys and words read from the fixture store, over HTTP through the live node. Each answer must be
 * a valid 200 (or a 422 in the contract's format); never a 5xx. A tone bound inside the first or
 * last score tenth with a word answered 500 until it was fixed (bench/search-sweep.ts found it).
 */
import { afterAll, expect, test } from 'bun:test'
import { drawer } from '../../bench/search-draw.ts'
import { QUERY_PATHS, drawRequest, storeValues } from '../../bench/search-sweep-draw.ts'
import { FIXTURE_NOW } from '../support/fixture-store.ts'
import { fixtureApp } from '../live/app-support.ts'
import { judge } from './oracle.ts'

const f = fixtureApp()
afterAll(() => f.cleanup())

const REQUESTS = 600

test(`${REQUESTS} valid combinations of filters answer 200 with a valid body`, async () => {
  const store = storeValues(f.db)
  expect(store.hosts.length).toBeGreaterThan(1)
  expect(store.entities.length).toBeGreaterThan(1)
  const d = drawer(20261127)
  const statuses = new Map<number, number>()
  const failures: string[] = []
  let nonEmpty = 0
  for (let i = 0; i < REQUESTS; i++) {
    const q = drawRequest(d, store, FIXTURE_NOW.getTime(), QUERY_PATHS)
    const path = q.path.replace('{key}', encodeURIComponent(q.key ?? ''))
    const target = `${path}?${new URLSearchParams(q.params)}`
    const r = await f.get(target)
    const text = await r.text()
    statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1)
    const verdict = judge(path, r.status, r.headers.get('content-type') ?? '', text)
    if (r.status !== 200 && r.status !== 422) failures.push(`${r.status} ${target}`)
    else if (!verdict.ok) failures.push(`${r.status} ${target}: ${JSON.stringify(verdict)}`)
    if (r.status === 200 && /"total":[1-9]|<item>|<entry>|"items":\[\{/.test(text)) nonEmpty++
  }
  expect(failures).toEqual([])
  // The draw is of valid requests: nearly all are answered, and many find articles.
  expect(statuses.get(200) ?? 0).toBeGreaterThan(REQUESTS * 0.95)
  expect(nonEmpty).toBeGreaterThan(REQUESTS * 0.2)
})
