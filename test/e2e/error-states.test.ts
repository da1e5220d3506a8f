/**
 * Error states in Chromium: a node with no data yet (503 + Retry-After on every data endpoint) and
 * a request the API refuses (422). The browser itself logs each non-2xx fetch as a console error
 * ("Failed to load resource"); exactly those, for the statuses provoked here, are allowed.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import {
  type Browsing,
  HAS_CHROMIUM,
  PHONE,
  type Served,
  announceSkip,
  launch,
  openPage,
  screenshot,
  serve,
} from './browser-support.ts'

announceSkip('test/e2e/error-states.test.ts')
let empty: Served
let data: Served
let browsing: Browsing
beforeAll(async () => {
  if (!HAS_CHROMIUM) return
  empty = serve('empty')
  data = serve('data')
  browsing = await launch()
})
afterAll(async () => {
  if (!HAS_CHROMIUM) return
  await browsing.close()
  await empty.stop()
  await data.stop()
})

const notExpected = (problems: readonly string[], status: number) =>
  problems.filter(
    (p) => !p.startsWith(`console: Failed to load resource: the server responded with a status of ${status} `),
  )

test.skipIf(!HAS_CHROMIUM)('a node without data yet: every view says so, with when to retry', async () => {
  const w = await openPage(browsing)
  const { page } = w
  await page.goto(empty.base)
  const searchError = page.locator('#search-status[data-state="error"]')
  await searchError.waitFor()
  expect(await searchError.getAttribute('role')).toBe('alert')
  expect(await searchError.textContent()).toBe('No data loaded yet: the first build is running. Try again in 30 s.')
  expect(await page.locator('#search-results li').count()).toBe(0)
  await screenshot(page, 'error-503-search')

  for (const [view, box] of [
    ['trends', '#trends-status'],
    ['btc', '#btc-series-status'],
    ['btc', '#btc-corr-status'],
    ['btc', '#btc-tiles-status'],
    ['markets', '#markets-status'],
  ] as const) {
    await page.locator(`a[data-view="${view}"]`).click()
    const status = page.locator(`${box}[data-state="error"]`)
    await status.waitFor()
    expect(await status.getAttribute('data-http-status')).toBe('503')
    expect(await status.textContent()).toContain('Try again in 30 s')
  }
  await screenshot(page, 'error-503-markets')
  await page.locator('a[data-view="btc"]').click()
  await screenshot(page, 'error-503-btc')
  expect(w.problems.length).toBeGreaterThan(0)
  expect(notExpected(w.problems, 503)).toEqual([])
  await w.close()
})

test.skipIf(!HAS_CHROMIUM)('a request the API refuses shows its 422 message, with the bound it names', async () => {
  const w = await openPage(browsing, PHONE)
  const { page } = w
  await page.goto(`${data.base}?q=bitcoin&offset=99999`)
  const status = page.locator('#search-status[data-state="error"]')
  await status.waitFor()
  expect(await status.getAttribute('data-http-status')).toBe('422')
  const text = await status.textContent()
  expect(text).toContain('The API did not accept these parameters:')
  const doc = (await (await page.request.get(`${data.base}openapi.json`)).json()) as {
    paths: Record<string, { get: { parameters: { name: string; schema: { maximum?: number } }[] } }>
  }
  const max = doc.paths['/v1/search']?.get.parameters.find((p) => p.name === 'offset')?.schema.maximum
  expect(text).toContain(`offset: Input should be less than or equal to ${max}`)
  await screenshot(page, 'error-422-phone', false)
  expect(notExpected(w.problems, 422)).toEqual([])
  await w.close()
})
