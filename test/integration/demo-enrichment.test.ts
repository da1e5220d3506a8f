/** Issue 3 on the demo archive: language, country, category and the bitcoin flag against the generator's ground truth. */
import { beforeAll, expect, test } from 'bun:test'
import { type DemoStore, demoStore } from '../support/demo-store.ts'

let demo: DemoStore
let stored: Map<string, { lang: string; country: string; country_source: string; category: string; is_bitcoin: number }>
let truth: DemoStore['articles']

beforeAll(async () => {
  demo = await demoStore()
  stored = new Map(
    demo.db
      .query<{ url: string; lang: string; country: string; country_source: string; category: string; is_bitcoin: number }, []>('SELECT url, lang, country, country_source, category, is_bitcoin FROM articles')
      .all()
      .map((r) => [r.url, r]),
  )
  // one truth line per stored article (recrawls share the canonical URL)
  const seen = new Set<string>()
  truth = demo.articles.filter((a) => stored.has(a.canonical_url) && !seen.has(a.canonical_url) && seen.add(a.canonical_url))
}, 120_000)

const share = (ok: number, n: number) => (n === 0 ? 0 : ok / n)

test('every ground-truth article is in the store', () => {
  expect(truth.length).toBe(stored.size)
  expect(truth.length).toBeGreaterThan(DEMO_MIN)
})
const DEMO_MIN = 5_000

test('language agrees for ≥ 98%', () => {
  const ok = truth.filter((a) => stored.get(a.canonical_url)?.lang === a.lang).length
  console.log(`language: ${ok}/${truth.length}`)
  expect(share(ok, truth.length)).toBeGreaterThanOrEqual(0.98)
})

test('country agrees for ≥ 98%, and its source too', () => {
  const ok = truth.filter((a) => stored.get(a.canonical_url)?.country === a.country).length
  const src = truth.filter((a) => stored.get(a.canonical_url)?.country_source === a.country_source).length
  console.log(`country: ${ok}/${truth.length}, country_source: ${src}/${truth.length}`)
  expect(share(ok, truth.length)).toBeGreaterThanOrEqual(0.98)
  expect(share(src, truth.length)).toBeGreaterThanOrEqual(0.98)
})

test('category agrees for ≥ 0.9', () => {
  const ok = truth.filter((a) => stored.get(a.canonical_url)?.category === a.category).length
  console.log(`category: ${ok}/${truth.length}`)
  expect(share(ok, truth.length)).toBeGreaterThanOrEqual(0.9)
})

test('every bitcoin article is found and no other', () => {
  const missed = truth.filter((a) => a.is_bitcoin && stored.get(a.canonical_url)?.is_bitcoin !== 1)
  const wrong = truth.filter((a) => !a.is_bitcoin && stored.get(a.canonical_url)?.is_bitcoin === 1)
  console.log(`bitcoin: ${truth.filter((a) => a.is_bitcoin).length} planted, ${missed.length} missed, ${wrong.length} false`)
  expect(missed.map((a) => a.title)).toEqual([])
  expect(wrong.map((a) => a.title)).toEqual([])
})
