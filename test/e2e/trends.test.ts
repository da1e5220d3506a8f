/** The trends view in Chromium: the country picker, opening a story, keywords as a list. */
import { expect, test } from 'bun:test'
import { plantTwoCountryStory } from '../support/fixture-store.ts'
import { HAS_CHROMIUM, PHONE, announceSkip, openPage, screenshot, servedBrowser } from './browser-support.ts'

announceSkip('test/e2e/trends.test.ts')
// The fixture plus one story told in GB and US, so that a keyword trends (min_trends=2).
const e2e = servedBrowser('data', plantTwoCountryStory)

test.skipIf(!HAS_CHROMIUM)(
  'picking a country and opening a trend shows its headlines, and the URL reopens it',
  async () => {
    const w = await openPage(e2e.browsing)
    const { page } = w
    await page.goto(`${e2e.served.base}?view=trends`)
    await page.waitForSelector('#trends-list li')
    const countries = await page
      .locator('#t-country option')
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))
    const fed = (await (await page.request.get(`${e2e.served.base}v1/trends/countries`)).json()) as {
      countries: { country: string }[]
    }
    expect(countries).toEqual(['', ...fed.countries.map((c) => c.country)])

    await page.locator('#view-trends').getByLabel('Country').selectOption('FR')
    await page.waitForFunction(() => new URLSearchParams(location.search).get('tc') === 'FR')
    await page.waitForFunction(() => document.querySelector('#trends-status')?.getAttribute('data-state') === 'ok')
    const metas = await page.locator('#trends-list > li > .meta').allTextContents()
    expect(metas.length).toBeGreaterThan(0)
    for (const m of metas) expect(m).toMatch(/\d+ publishers? · \d+ articles? · France · /)

    const first = page.locator('#trends-list > li > button').first()
    const title = await first.textContent()
    await first.focus()
    await page.keyboard.press('Enter')
    await page.waitForFunction((t) => document.querySelector('#h-trend-detail')?.textContent === t, title)
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('h-trend-detail')
    expect(new URL(page.url()).searchParams.get('trend')).toMatch(/^fr\//)
    const headlines = await page.locator('#trend-detail-body ol li').count()
    expect(headlines).toBeGreaterThan(0)
    expect(await page.locator('#trend-detail-body .meta').first().textContent()).toMatch(
      /France · \w+ · \d+ publishers · \d+ articles/,
    )
    // The story's hourly timeline, charted and tabled from the answer the page was given.
    const key = new URL(page.url()).searchParams.get('trend') ?? ''
    const [cc, slug] = [key.slice(0, 2), key.slice(3)]
    const story = (await (
      await page.request.get(`${e2e.served.base}v1/trends/${cc.toUpperCase()}/${encodeURIComponent(slug)}`)
    ).json()) as { articles: number; timeline: { time: string; articles: number }[] }
    await page.waitForSelector('#story-chart[data-points]')
    expect(await page.locator('#story-chart').getAttribute('data-points')).toBe(String(story.timeline.length))
    const cells = await page
      .locator('#story-table tbody tr')
      .evaluateAll((rows) =>
        rows.map((r) => ({ time: r.getAttribute('data-time'), articles: Number(r.querySelector('td')?.textContent) })),
      )
    expect(cells).toEqual(story.timeline.map((p) => ({ time: p.time, articles: p.articles })))
    expect(cells.reduce((s, c) => s + c.articles, 0)).toBe(story.articles)

    await page.locator('#view-trends').getByLabel('list').check()
    await page.waitForSelector('#keywords ol.kwlist li, #keywords-status[data-state="empty"]')
    await screenshot(page, 'trends-detail')

    await page.reload()
    await page.waitForFunction((t) => document.querySelector('#h-trend-detail')?.textContent === t, title)
    expect(await page.locator('#view-trends').getByLabel('Country').inputValue()).toBe('FR')
    expect(w.problems).toEqual([])
    await w.close()
  },
)

test.skipIf(!HAS_CHROMIUM)('trends on a phone: keywords as a cloud', async () => {
  const w = await openPage(e2e.browsing, PHONE)
  const { page } = w
  await page.goto(`${e2e.served.base}?view=trends`)
  await page.waitForSelector('#trends-list li')
  await page.waitForSelector('#keywords .cloud span')
  const words = await page.locator('#keywords .cloud span').allTextContents()
  expect(words.join(' ')).toContain('volcano')
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  await screenshot(page, 'trends-phone', false)
  expect(w.problems).toEqual([])
  await w.close()
})
