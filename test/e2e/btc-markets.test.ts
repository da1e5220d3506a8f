/** BTC versus news and markets in Chromium: switching the interval redraws the chart; a window button reloads one instrument. */
import { expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { HAS_CHROMIUM, PHONE, announceSkip, openPage, screenshot, servedBrowser } from './browser-support.ts'

announceSkip('test/e2e/btc-markets.test.ts')
const e2e = servedBrowser('data')

/** The plotted pixels of a chart, to tell a redraw from the same picture. */
const canvasPixels = (page: Page, figure: string) =>
  page.locator(`${figure} canvas`).evaluate((c) => (c as HTMLCanvasElement).toDataURL())

test.skipIf(!HAS_CHROMIUM)('switching the BTC interval redraws price over tone and the correlation chart', async () => {
  const w = await openPage(e2e.browsing)
  const { page } = w
  await page.goto(`${e2e.served.base}?view=btc`)
  const series = page.locator('#btc-series-chart')
  await page.waitForSelector('#btc-series-chart[data-interval] canvas')
  await page.waitForSelector('#btc-corr-chart canvas')
  const interval = page.getByLabel('Interval', { exact: true })
  const choices = await interval.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))
  const doc = (await (await page.request.get(`${e2e.served.base}openapi.json`)).json()) as {
    paths: Record<string, { get: { parameters: { name: string; schema: { enum?: string[]; default?: string } }[] } }>
  }
  const spec = doc.paths['/v1/btc/series']?.get.parameters.find((p) => p.name === 'interval')?.schema
  expect(choices).toEqual(spec?.enum ?? [])
  expect(await interval.inputValue()).toBe(spec?.default ?? '')

  const before = {
    points: Number(await series.getAttribute('data-points')),
    pixels: await canvasPixels(page, '#btc-series-chart'),
  }
  const tiles = await page.locator('#btc-tiles dt').allTextContents()
  expect(tiles.some((t) => t.startsWith('Price'))).toBe(true)
  expect(tiles).toContain('Change 24h')
  expect(tiles).toContain('Tone today (net)')
  expect(await page.locator('#btc-corr-note').textContent()).toMatch(/causation/i)
  expect(await page.locator('#btc-corr-best').textContent()).not.toBe('')

  await interval.selectOption('week')
  await page.waitForSelector('#btc-series-chart[data-interval="week"] canvas')
  const after = {
    points: Number(await series.getAttribute('data-points')),
    pixels: await canvasPixels(page, '#btc-series-chart'),
  }
  expect(new URL(page.url()).searchParams.get('interval')).toBe('week')
  expect(before.points).toBeGreaterThan(after.points)
  expect(after.points).toBeGreaterThan(0)
  expect(after.pixels).not.toBe(before.pixels)
  expect(await page.locator('#btc-series-chart figcaption').textContent()).toContain(`${after.points} week periods`)

  await page.getByLabel('Range', { exact: true }).selectOption('365d')
  await page.waitForFunction(
    (n) => Number(document.querySelector('#btc-series-chart')?.getAttribute('data-points')) > n,
    after.points,
  )
  await page.waitForFunction(() => document.querySelector('#btc-corr-status')?.getAttribute('data-state') === 'ok')
  await screenshot(page, 'btc-week')
  expect(w.problems).toEqual([])
  await w.close()
})

test.skipIf(!HAS_CHROMIUM)('a market window button reloads that instrument, by keyboard too', async () => {
  const w = await openPage(e2e.browsing)
  const { page } = w
  await page.goto(`${e2e.served.base}?view=markets`)
  const gold = page.locator('article[data-slug="gold"]')
  await gold.locator('figure[data-points] canvas').waitFor()
  expect(await gold.locator('button[aria-pressed="true"]').textContent()).toBe('7d')
  const weekPoints = Number(await gold.locator('figure').getAttribute('data-points'))

  await gold.getByRole('button', { name: '30d' }).focus()
  await page.keyboard.press('Enter')
  await page.waitForFunction(
    () => document.querySelector('article[data-slug="gold"] figure')?.getAttribute('data-window') === '30d',
  )
  await page.waitForFunction(
    (n) => Number(document.querySelector('article[data-slug="gold"] figure')?.getAttribute('data-points')) > n,
    weekPoints,
  )
  expect(await gold.getByRole('button', { name: '30d' }).getAttribute('aria-pressed')).toBe('true')
  expect(await gold.getByRole('button', { name: '7d' }).getAttribute('aria-pressed')).toBe('false')
  // An instrument without a data source says so instead of drawing an empty box.
  const silver = page.locator('article[data-slug="silver"] .status[data-state="empty"]')
  await silver.waitFor()
  expect(await silver.textContent()).toContain('No data source')
  await screenshot(page, 'markets-30d')
  expect(w.problems).toEqual([])
  await w.close()
})

test.skipIf(!HAS_CHROMIUM)('BTC on a phone fits the screen', async () => {
  const w = await openPage(e2e.browsing, PHONE)
  const { page } = w
  await page.goto(`${e2e.served.base}?view=btc`)
  await page.waitForSelector('#btc-series-chart[data-points] canvas')
  await page.waitForSelector('#btc-corr-chart[data-points] canvas')
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  await screenshot(page, 'btc-phone')
  expect(w.problems).toEqual([])
  await w.close()
})
