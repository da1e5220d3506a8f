/**
 * The search's signals in Chromium: each result's category and tone, the coverage chart (volume and
 * net tone from /v1/stats for the same search, and its share-of-coverage switch), the facets as
 * filters that round-trip through the URL, the headlines-only and tone filters, and a 422 on a bad
 * tone bound. Expected values come from the API itself over HTTP, never from numbers written here.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { SENTIMENTS as CONTRACT_SENTIMENTS } from '../../core/endpoints.ts'
import { SENTIMENTS as PAGE_SENTIMENTS } from '../../public/wire-types.ts'
import { type Browsing, HAS_CHROMIUM, PHONE, type Served, announceSkip, launch, openPage, screenshot, serve } from './browser-support.ts'

announceSkip('test/e2e/search-signals.test.ts')
let served: Served
let browsing: Browsing
beforeAll(async () => {
  if (!HAS_CHROMIUM) return
  served = serve('data')
  browsing = await launch()
})
afterAll(async () => {
  if (!HAS_CHROMIUM) return
  await browsing.close()
  await served.stop()
})

interface Hit {
  title: string
  category: string
  sentiment: 'pos' | 'neu' | 'neg'
  score: number
}
interface Point {
  time: string
  articles: number
  net_tone: number | null
  all_articles?: number
  share?: number | null
}
interface Stats {
  total: number
  normalize: string
  timeline: Point[]
  categories: { key: string; articles: number }[]
}

const api = async <T>(page: Page, path: string): Promise<T> => {
  const r = await page.request.get(`${served.base}${path.replace(/^\//, '')}`)
  expect(r.status()).toBe(200)
  return (await r.json()) as T
}
const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name)
/** What the page shows for each result: its category badge and its tone badge. */
const shownSignals = (page: Page) =>
  page.locator('#search-results li.hit').evaluateAll((items) =>
    items.map((li) => ({
      category: li.querySelector('.badge.category')?.getAttribute('data-category') ?? null,
      categoryText: li.querySelector('.badge.category')?.textContent ?? null,
      sentiment: li.querySelector('.badge.tone')?.getAttribute('data-sentiment') ?? null,
      toneText: li.querySelector('.badge.tone')?.textContent ?? null,
    })),
  )
const settled = (page: Page) =>
  page.waitForFunction(() => ['search-status', 'coverage-status', 'facets-status'].every((id) => ['ok', 'empty', 'error'].includes(document.getElementById(id)?.dataset.state ?? '')))
const TONE_WORD = { pos: 'positive', neu: 'neutral', neg: 'negative' } as const
const signed = (score: number) => (Math.abs(score).toFixed(2) === '0.00' ? '0.00' : `${score < 0 ? '−' : '+'}${Math.abs(score).toFixed(2)}`)

test('the page lists the tone labels the contract defines', () => {
  expect([...PAGE_SENTIMENTS]).toEqual([...CONTRACT_SENTIMENTS])
})

test.skipIf(!HAS_CHROMIUM)('each result shows its category and its tone, as /v1/search gives them', async () => {
  const w = await openPage(browsing)
  const { page } = w
  await page.goto(`${served.base}?q=bitcoin`)
  await page.waitForSelector('#search-results li.hit')
  await settled(page)
  const answer = await api<{ results: Hit[] }>(page, '/v1/search?q=bitcoin')
  const shown = await shownSignals(page)
  expect(shown.length).toBe(answer.results.length)
  expect(new Set(answer.results.map((r) => r.sentiment)).size).toBeGreaterThan(1)
  shown.forEach((s, i) => {
    const hit = answer.results[i] as Hit
    expect(s.category).toBe(hit.category)
    expect(s.categoryText).toBe(`Category: ${hit.category}`)
    expect(s.sentiment).toBe(hit.sentiment)
    // The word says the tone (not colour alone), then the signed score.
    expect(s.toneText).toBe(`Tone: ${TONE_WORD[hit.sentiment]} ${signed(hit.score)}`)
  })
  await screenshot(page, 'signals-results')
  expect(w.problems).toEqual([])
  await w.close()
})
