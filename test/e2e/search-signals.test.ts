/**
 * The search's signals in Chromium: each result's category and tone, the coverage chart (volume and
 * net tone from /v1/stats for the same search, and its share-of-coverage switch), the facets as
 * filters that round-trip through the URL, the headlines-only and tone filters, and a 422 on a bad
 * tone bound. Expected values come from the API itself over HTTP, never from numbers written here.
 */
import { expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { SENTIMENTS as CONTRACT_SENTIMENTS } from '../../core/endpoints.ts'
import { SENTIMENTS as PAGE_SENTIMENTS } from '../../public/wire-types.ts'
import { HAS_CHROMIUM, PHONE, announceSkip, openPage, screenshot, servedBrowser } from './browser-support.ts'

announceSkip('test/e2e/search-signals.test.ts')
const e2e = servedBrowser('data')

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
  const r = await page.request.get(`${e2e.served.base}${path.replace(/^\//, '')}`)
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
  page.waitForFunction(() =>
    ['search-status', 'coverage-status', 'facets-status'].every((id) =>
      ['ok', 'empty', 'error'].includes(document.getElementById(id)?.dataset.state ?? ''),
    ),
  )
const TONE_WORD = { pos: 'positive', neu: 'neutral', neg: 'negative' } as const
const signed = (score: number) =>
  Math.abs(score).toFixed(2) === '0.00' ? '0.00' : `${score < 0 ? '−' : '+'}${Math.abs(score).toFixed(2)}`

test('the page lists the tone labels the contract defines', () => {
  expect([...PAGE_SENTIMENTS]).toEqual([...CONTRACT_SENTIMENTS])
})

test.skipIf(!HAS_CHROMIUM)('each result shows its category and its tone, as /v1/search gives them', async () => {
  const w = await openPage(e2e.browsing)
  const { page } = w
  await page.goto(`${e2e.served.base}?q=bitcoin`)
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

/** The table under the chart, row by row: the period's time and each column's raw value. */
const tableRows = (page: Page) =>
  page.locator('#coverage-table tbody tr').evaluateAll((rows) =>
    rows.map((tr) => ({
      time: tr.getAttribute('data-time'),
      values: Array.from(tr.querySelectorAll('td')).map((td) => td.getAttribute('data-value')),
    })),
  )
const asCell = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v))

/**
 * Points the chart itself plots, read from uPlot's legend while the pointer rests on the plot at
 * evenly spaced places: the period's label and each series' value there.
 */
async function hoveredPoints(page: Page, places: number): Promise<string[][]> {
  const over = page.locator('#coverage-chart .u-over')
  const box = await over.boundingBox()
  if (box === null) throw new Error('the chart has no plot area')
  const seen: string[][] = []
  for (let i = 0; i < places; i++) {
    await page.mouse.move(box.x + ((i + 0.5) / places) * box.width, box.y + box.height / 2)
    seen.push(
      await page
        .locator('#coverage-chart .u-legend tr')
        .evaluateAll((rows) => rows.map((r) => r.querySelector('.u-value')?.textContent ?? '')),
    )
  }
  return seen
}

test.skipIf(!HAS_CHROMIUM)(
  'the coverage chart plots what /v1/stats gives for the same search, as volume or as share of all coverage',
  async () => {
    const w = await openPage(e2e.browsing)
    const { page } = w
    const search = 'q=bitcoin&lang=en,de'
    await page.goto(`${e2e.served.base}?${search}`)
    await page.waitForSelector('#coverage-chart canvas')
    await settled(page)
    const stats = await api<Stats>(page, `/v1/stats?${search}`)
    expect(stats.total).toBeGreaterThan(0)

    const canvas = await page.locator('#coverage-chart canvas').boundingBox()
    expect(canvas?.width ?? 0).toBeGreaterThan(200)
    expect(canvas?.height ?? 0).toBeGreaterThan(100)
    expect(Number(await page.locator('#coverage-chart').getAttribute('data-points'))).toBe(stats.timeline.length)
    expect(await page.locator('#coverage-chart figcaption').textContent()).toContain(
      `${stats.total} articles in ${stats.timeline.length} daily periods`,
    )

    // The table holds every period with the API's own numbers.
    const rows = await tableRows(page)
    expect(rows.map((r) => r.time)).toEqual(stats.timeline.map((p) => p.time))
    rows.forEach((r, i) => {
      const p = stats.timeline[i] as Point
      expect([r.values[0], r.values[4]]).toEqual([asCell(p.articles), asCell(p.net_tone)])
    })

    // And the plot: at each place the pointer rests, the legend's period, articles and net tone are that period's.
    const byDay = new Map(stats.timeline.map((p) => [p.time.slice(0, 10), p]))
    const hovered = await hoveredPoints(page, 15)
    let withArticles = 0
    for (const [day, articles, tone] of hovered) {
      const p = byDay.get(day ?? '')
      expect(p).toBeDefined()
      expect(articles).toBe(String(p?.articles))
      expect(tone).toBe(p?.net_tone === null || p?.net_tone === undefined ? '—' : p.net_tone.toFixed(3))
      if ((p?.articles ?? 0) > 0) withArticles++
    }
    expect(withArticles).toBeGreaterThan(0)
    const volumePixels = await page
      .locator('#coverage-chart canvas')
      .evaluate((c) => (c as HTMLCanvasElement).toDataURL())

    // Share of all coverage: asked with normalize=share, kept in the URL, plotted in percent.
    await page.getByLabel('Share of all coverage').check()
    await page.waitForSelector('#coverage-chart[data-normalize="share"] canvas')
    expect(param(page, 'normalize')).toBe('share')
    const shared = await api<Stats>(page, `/v1/stats?${search}&normalize=share`)
    const shareRows = await tableRows(page)
    expect(shareRows.map((r) => r.time)).toEqual(shared.timeline.map((p) => p.time))
    shareRows.forEach((r, i) => {
      const p = shared.timeline[i] as Point
      expect(r.values.slice(0, 3)).toEqual([asCell(p.articles), asCell(p.all_articles), asCell(p.share)])
    })
    const sharedByDay = new Map(shared.timeline.map((p) => [p.time.slice(0, 10), p]))
    for (const [day, share] of await hoveredPoints(page, 15)) {
      const p = sharedByDay.get(day ?? '')
      expect(share).toBe(
        p?.share === null || p?.share === undefined
          ? '—'
          : `${(p.share * 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`,
      )
    }
    expect(await page.locator('#coverage-chart canvas').evaluate((c) => (c as HTMLCanvasElement).toDataURL())).not.toBe(
      volumePixels,
    )
    await page.reload()
    await page.waitForSelector('#coverage-chart[data-normalize="share"] canvas')
    expect(await page.getByLabel('Share of all coverage').isChecked()).toBe(true)
    await screenshot(page, 'signals-share')

    // A range of at most 72 hours is charted by the hour.
    await page.goto(`${e2e.served.base}?${search}&date=48h`)
    await page.waitForSelector('#coverage-chart[data-grain="hour"] canvas')
    const hourly = await api<Stats>(page, `/v1/stats?${search}&date=48h&normalize=share`)
    expect(Number(await page.locator('#coverage-chart').getAttribute('data-points'))).toBe(hourly.timeline.length)
    expect(w.problems).toEqual([])
    await w.close()
  },
)

const facetButton = (page: Page, facet: string, value: string) =>
  page.locator(`#facets [data-facet="${facet}"] button[data-value="${value}"]`)
const resultsTotal = async (page: Page) =>
  Number((await page.locator('#search-range').textContent())?.match(/of ([\d,]+)$/)?.[1]?.replaceAll(',', ''))

test.skipIf(!HAS_CHROMIUM)(
  'a category facet filters the results; the URL keeps it through a reload, back and forward',
  async () => {
    const w = await openPage(e2e.browsing)
    const { page } = w
    await page.goto(`${e2e.served.base}?q=bitcoin`)
    await page.waitForSelector('#facets [data-facet="category"] button')
    await settled(page)
    const before = await api<Stats>(page, '/v1/stats?q=bitcoin')
    const shownCategories = await page
      .locator('#facets [data-facet="category"] button')
      .evaluateAll((bs) => bs.map((b) => [b.getAttribute('data-value'), b.querySelector('.facet-count')?.textContent]))
    expect(shownCategories).toEqual(before.categories.map((c) => [c.key, String(c.articles)]))
    const chosen = before.categories[1] ?? before.categories[0]
    if (chosen === undefined) throw new Error('the fixture has no categories')

    await facetButton(page, 'category', chosen.key).click()
    await page.waitForFunction((c) => new URLSearchParams(location.search).get('category') === c, chosen.key)
    await page.waitForFunction(() => document.querySelector('#search-results[aria-busy]') === null)
    await settled(page)
    const check = async () => {
      const shown = await shownSignals(page)
      expect(shown.length).toBeGreaterThan(0)
      for (const s of shown) expect(s.category).toBe(chosen.key)
      expect(await resultsTotal(page)).toBe(chosen.articles)
      expect(await facetButton(page, 'category', chosen.key).getAttribute('aria-pressed')).toBe('true')
      // The chart follows the filter too.
      const filtered = await api<Stats>(page, `/v1/stats?q=bitcoin&category=${chosen.key}`)
      expect(filtered.total).toBe(chosen.articles)
      expect((await tableRows(page)).map((r) => r.values[0])).toEqual(filtered.timeline.map((p) => String(p.articles)))
    }
    await check()
    // The other categories stay on offer (counted without the category filter) and add to it.
    expect(await page.locator('#facets [data-facet="category"] button').count()).toBe(before.categories.length)
    await screenshot(page, 'signals-category')

    await page.reload()
    await page.waitForSelector('#search-results li.hit')
    await settled(page)
    await check()

    await page.goBack()
    await page.waitForFunction(() => new URLSearchParams(location.search).get('category') === null)
    await page.waitForFunction(() => document.querySelector('#facets button[aria-pressed="true"]') === null)
    await settled(page)
    expect(new Set((await shownSignals(page)).map((s) => s.category)).size).toBeGreaterThan(1)
    await page.goForward()
    await page.waitForFunction(
      (c) =>
        document
          .querySelector(`#facets [data-facet="category"] button[data-value="${c}"]`)
          ?.getAttribute('aria-pressed') === 'true',
      chosen.key,
    )
    await settled(page)
    await check()

    // Pressed again, the value is removed.
    await facetButton(page, 'category', chosen.key).click()
    await page.waitForFunction(() => new URLSearchParams(location.search).get('category') === null)
    await settled(page)
    expect(await resultsTotal(page)).toBe(before.total)
    expect(w.problems).toEqual([])
    await w.close()
  },
)

test.skipIf(!HAS_CHROMIUM)(
  'headlines only sets in=title, the tone boxes set sentiment, and both round-trip',
  async () => {
    const w = await openPage(e2e.browsing)
    const { page } = w
    await page.goto(e2e.served.base)
    await page.waitForSelector('#search-results li.hit')
    await page.getByLabel('Words', { exact: true }).fill('bitcoin')
    await page.getByLabel('Headlines only').check()
    await page.locator('#f-sentiment').getByLabel('negative').check()
    await page.getByRole('button', { name: 'Search' }).click()
    await page.waitForFunction(() => new URLSearchParams(location.search).get('in') === 'title')
    expect(param(page, 'sentiment')).toBe('neg')
    await page.waitForSelector('#search-results li.hit')
    await settled(page)
    const answer = await api<{ total: number; results: Hit[] }>(page, '/v1/search?q=bitcoin&in=title&sentiment=neg')
    const everywhere = await api<{ total: number }>(page, '/v1/search?q=bitcoin&sentiment=neg')
    expect(answer.total).toBeLessThan(everywhere.total)
    expect(await resultsTotal(page)).toBe(answer.total)
    for (const title of await page.locator('#search-results h3').allTextContents())
      expect(title.toLowerCase()).toContain('bitcoin')
    for (const s of await shownSignals(page)) expect(s.sentiment).toBe('neg')
    expect(await facetButton(page, 'sentiment', 'neg').getAttribute('aria-pressed')).toBe('true')

    await page.reload()
    await page.waitForSelector('#search-results li.hit')
    expect(await page.getByLabel('Headlines only').isChecked()).toBe(true)
    expect(await page.locator('#f-sentiment').getByLabel('negative').isChecked()).toBe(true)
    expect(await page.locator('#f-sentiment').getByLabel('positive').isChecked()).toBe(false)

    // The tone facet adds to the same list.
    await settled(page)
    await facetButton(page, 'sentiment', 'pos').click()
    await page.waitForFunction(() => new URLSearchParams(location.search).get('sentiment') === 'neg,pos')
    await settled(page)
    expect(await page.locator('#f-sentiment').getByLabel('positive').isChecked()).toBe(true)
    for (const s of await shownSignals(page)) expect(['neg', 'pos']).toContain(s.sentiment ?? 'none')
    expect(w.problems).toEqual([])
    await w.close()
  },
)

test.skipIf(!HAS_CHROMIUM)('a tone score out of bounds shows the API 422 message, naming the bound', async () => {
  const w = await openPage(e2e.browsing)
  const { page } = w
  await page.goto(`${e2e.served.base}?q=bitcoin&min_score=5`)
  const status = page.locator('#search-status[data-state="error"]')
  await status.waitFor()
  expect(await status.getAttribute('data-http-status')).toBe('422')
  const doc = await api<{
    paths: Record<string, { get: { parameters: { name: string; schema: { maximum?: number } }[] } }>
  }>(page, '/openapi.json')
  const max = doc.paths['/v1/search']?.get.parameters.find((p) => p.name === 'min_score')?.schema.maximum
  expect(await status.textContent()).toContain(`min_score: Input should be less than or equal to ${max}`)
  const coverage = page.locator('#coverage-status[data-state="error"]')
  await coverage.waitFor()
  expect(await coverage.textContent()).toContain('min_score: Input should be less than or equal to')
  expect(await page.locator('#search-results li').count()).toBe(0)
  expect(await page.locator('#coverage-chart canvas').count()).toBe(0)
  await screenshot(page, 'signals-422', false)
  expect(
    w.problems.filter(
      (p) => !p.startsWith('console: Failed to load resource: the server responded with a status of 422 '),
    ),
  ).toEqual([])
  await w.close()
})

test.skipIf(!HAS_CHROMIUM)('on a phone the chart, badges and facets fit the screen', async () => {
  const w = await openPage(e2e.browsing, PHONE)
  const { page } = w
  await page.goto(`${e2e.served.base}?q=bitcoin&category=sport`)
  await page.waitForSelector('#coverage-chart canvas')
  await page.waitForSelector('#search-results .badge.tone')
  await settled(page)
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  const canvas = await page.locator('#coverage-chart canvas').boundingBox()
  expect(canvas?.width ?? 0).toBeGreaterThan(200)
  expect((canvas?.width ?? 0) <= PHONE.width).toBe(true)
  await screenshot(page, 'signals-phone')
  await page.evaluate(() => document.getElementById('h-coverage')?.scrollIntoView({ block: 'start' }))
  await screenshot(page, 'signals-phone-chart', false)
  await page.evaluate(() => document.getElementById('h-facets')?.scrollIntoView({ block: 'start' }))
  await screenshot(page, 'signals-phone-facets', false)
  expect(w.problems).toEqual([])
  await w.close()
})

test.skipIf(!HAS_CHROMIUM)(
  'hiding a publisher leaves it out (exclude_host in the URL, the same total as the API), and showing it brings it back',
  async () => {
    const w = await openPage(e2e.browsing)
    const { page } = w
    await page.goto(`${e2e.served.base}?q=market`)
    await page.waitForSelector('#search-results li.hit')
    await settled(page)
    const before = await api<{ total: number }>(page, '/v1/search?q=market')
    expect(await resultsTotal(page)).toBe(before.total)
    const host = (await page.locator('#search-results button.hide-host').first().getAttribute('data-host')) ?? ''
    expect(host).not.toBe('')
    await page.locator('#search-results button.hide-host').first().click()
    await page.waitForFunction((h) => new URLSearchParams(location.search).get('exclude_host') === h, host)
    await settled(page)
    const after = await api<{ total: number }>(page, `/v1/search?q=market&exclude_host=${encodeURIComponent(host)}`)
    expect(after.total).toBeLessThan(before.total)
    expect(await resultsTotal(page)).toBe(after.total)
    const shown = await page
      .locator('#search-results button.hide-host')
      .evaluateAll((bs) => bs.map((b) => b.getAttribute('data-host')))
    expect(shown).not.toContain(host)
    expect(await page.locator(`#search-hidden button.show-host[data-host="${host}"]`).count()).toBe(1)

    await page.reload()
    await page.waitForSelector(`#search-hidden button.show-host[data-host="${host}"]`)
    await page.locator(`#search-hidden button.show-host[data-host="${host}"]`).click()
    await page.waitForFunction(() => !new URLSearchParams(location.search).has('exclude_host'))
    await settled(page)
    expect(await resultsTotal(page)).toBe(before.total)
    expect(await page.locator('#search-hidden').isHidden()).toBe(true)
    expect(w.problems).toEqual([])
    await w.close()
  },
)
