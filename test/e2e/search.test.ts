/** The search view in Chromium: a filter, paging, the URL as state, feed links, a phone width, the API view. */
import { expect, test } from 'bun:test'
import { HAS_CHROMIUM, PHONE, announceSkip, openPage, screenshot, servedBrowser } from './browser-support.ts'

announceSkip('test/e2e/search.test.ts')
const e2e = servedBrowser('data')

const rangeText = (w: { page: import('playwright-core').Page }) => w.page.locator('#search-range').textContent()

test.skipIf(!HAS_CHROMIUM)(
  'a search with a language filter, highlighted matches, paging and a shareable URL',
  async () => {
    const w = await openPage(e2e.browsing)
    const { page } = w
    await page.goto(e2e.served.base)
    await page.getByLabel('Words', { exact: true }).fill('bitcoin')
    await page.getByLabel('Language', { exact: true }).fill('en')
    await page.getByRole('button', { name: 'Search' }).click()
    await page.waitForFunction(() => new URLSearchParams(location.search).get('lang') === 'en')
    await page.waitForSelector('#search-results li.hit')
    expect(await rangeText(w)).toMatch(/^Results 1–20 of \d+$/)
    const total = Number((await rangeText(w))?.match(/of (\d+)/)?.[1])
    expect(total).toBeGreaterThan(20)
    const metas = await page.locator('#search-results .meta').allTextContents()
    expect(metas.length).toBe(20)
    for (const m of metas) expect(m).toMatch(/— en · (GB|US)$/)
    expect(await page.locator('#search-results mark').count()).toBeGreaterThan(0)
    for (const m of await page.locator('#search-results mark').allTextContents())
      expect(m.toLowerCase()).toBe('bitcoin')

    await page.getByRole('button', { name: 'Next →' }).click()
    await page.waitForFunction(() => document.querySelector('#search-range')?.textContent?.startsWith('Results 21–'))
    expect(new URL(page.url()).searchParams.get('offset')).toBe('20')
    const secondPage = await page.locator('#search-results h3').allTextContents()

    // The URL is the state: a reload shows the same page of the same search.
    await page.reload()
    await page.waitForFunction(() => document.querySelector('#search-range')?.textContent?.startsWith('Results 21–'))
    expect(await page.getByLabel('Words', { exact: true }).inputValue()).toBe('bitcoin')
    expect(await page.getByLabel('Language', { exact: true }).inputValue()).toBe('en')
    expect(await page.locator('#search-results h3').allTextContents()).toEqual(secondPage)

    const rss = await page.getByRole('link', { name: 'RSS' }).getAttribute('href')
    expect(rss).toContain('/v1/rss?')
    expect(new URL(rss ?? '').searchParams.get('lang')).toBe('en')
    expect(new URL(rss ?? '').searchParams.get('offset')).toBeNull()
    const feed = await page.request.get(rss ?? '')
    expect(feed.status()).toBe(200)
    expect(await feed.text()).toContain('<rss')

    await screenshot(page, 'search-paged')
    await page.getByRole('button', { name: '← Previous' }).click()
    await page.waitForFunction(() => document.querySelector('#search-range')?.textContent?.startsWith('Results 1–20'))
    expect(w.problems).toEqual([])
    expect(w.external.every((u) => /\/img\/\d+\.jpg$/.test(u))).toBe(true)
    await w.close()
  },
)

test.skipIf(!HAS_CHROMIUM)('an empty result is said as such', async () => {
  const w = await openPage(e2e.browsing)
  await w.page.goto(`${e2e.served.base}?q=zzzznothing`)
  const status = w.page.locator('#search-status[data-state="empty"]')
  await status.waitFor()
  expect(await status.textContent()).toContain('No articles match')
  expect(await w.page.locator('#search-results li').count()).toBe(0)
  await screenshot(w.page, 'search-empty')
  expect(w.problems).toEqual([])
  await w.close()
})

test.skipIf(!HAS_CHROMIUM)('a phone-width search fits the screen and is usable by keyboard', async () => {
  const w = await openPage(e2e.browsing, PHONE)
  const { page } = w
  await page.goto(e2e.served.base)
  await page.waitForSelector('#search-results li.hit')
  await page.getByLabel('Words', { exact: true }).focus()
  await page.keyboard.type('market')
  await page.keyboard.press('Enter')
  await page.waitForFunction(() => new URLSearchParams(location.search).get('q') === 'market')
  await page.waitForSelector('#search-results li.hit')
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  await screenshot(page, 'search-phone', false)
  expect(w.problems).toEqual([])
  await w.close()
})

test.skipIf(!HAS_CHROMIUM)('the API view links the reference, openapi.json and the MCP endpoint', async () => {
  const w = await openPage(e2e.browsing)
  const { page } = w
  await page.goto(e2e.served.base)
  await page.getByRole('link', { name: 'API', exact: true }).click()
  await page.locator('#view-api').waitFor({ state: 'visible' })
  expect(new URL(page.url()).searchParams.get('view')).toBe('api')
  const openapi = await page.getByRole('link', { name: 'openapi.json' }).getAttribute('href')
  expect((await page.request.get(new URL(openapi ?? '', page.url()).href)).status()).toBe(200)
  expect(await page.locator('#mcp-cli').textContent()).toBe(
    `claude mcp add --transport http newsdesk ${e2e.served.base}mcp`,
  )
  await screenshot(page, 'api')
  expect(w.problems).toEqual([])
  await w.close()
})
