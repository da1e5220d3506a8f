/**
 * Entities on the page, in Chromium (issue 27): each result's entity chips, a chip as a filter
 * that round-trips through the URL and can be dropped again, and the trending names in the Trends
 * view linking to the search. Expected values come from the API over HTTP, never from numbers
 * written here.
 */
import { expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { HAS_CHROMIUM, announceSkip, openPage, screenshot, servedBrowser } from './browser-support.ts'

announceSkip('test/e2e/entities.test.ts')
const e2e = servedBrowser('data')

interface Named {
  key: string
  name: string
  type: string
}
interface Hit {
  url: string
  entities: Named[]
}

const api = async <T>(page: Page, path: string): Promise<T> => {
  const r = await page.request.get(`${e2e.served.base}${path.replace(/^\//, '')}`)
  expect(r.status()).toBe(200)
  return (await r.json()) as T
}
const settled = (page: Page, id = 'search-status') =>
  page.waitForFunction((el) => ['ok', 'empty', 'error'].includes(document.getElementById(el)?.dataset.state ?? ''), id)
const shownChips = (page: Page) =>
  page
    .locator('#search-results li.hit')
    .evaluateAll((items) =>
      items.map((li) => [...li.querySelectorAll('.chip.entity')].map((c) => c.getAttribute('data-entity') ?? '')),
    )

test.skipIf(!HAS_CHROMIUM)('each result shows the entities /v1/search gives it, most mentioned first', async () => {
  const { page, close, problems } = await openPage(e2e.browsing)
  try {
    await page.goto(`${e2e.served.base}?q=market`)
    await page.waitForSelector('#search-results li.hit')
    await settled(page)
    const answer = await api<{ results: Hit[] }>(page, '/v1/search?q=market')
    const shown = await shownChips(page)
    expect(shown).toEqual(answer.results.map((r) => r.entities.slice(0, 6).map((e) => e.key)))
    expect(shown.some((chips) => chips.length > 0)).toBe(true)
    expect(problems).toEqual([])
  } finally {
    await close()
  }
})

test.skipIf(!HAS_CHROMIUM)('a chip keeps the search to articles naming it; its × drops the filter', async () => {
  const { page, close, problems } = await openPage(e2e.browsing)
  try {
    await page.goto(`${e2e.served.base}?q=market`)
    await page.waitForSelector('#search-results li.hit .chip.entity')
    await settled(page)
    const chip = page.locator('#search-results li.hit .chip.entity').first()
    const key = (await chip.getAttribute('data-entity')) ?? ''
    expect(key).toMatch(/^(person|organisation|place):/)
    await chip.click()
    await page.waitForFunction((k) => new URL(location.href).searchParams.get('entity') === k, key)
    await settled(page)
    await page.waitForSelector(`#search-entities button[data-entity="${key}"]`)
    const answer = await api<{ total: number; results: Hit[] }>(
      page,
      `/v1/search?q=market&entity=${encodeURIComponent(key)}`,
    )
    expect(answer.total).toBeGreaterThan(0)
    const shown = await shownChips(page)
    expect(shown.length).toBe(answer.results.length)
    for (const chips of shown) expect(chips).toContain(key)
    await screenshot(page, 'entities-filter')
    // Reloading keeps it (the URL holds it); × drops it.
    await page.reload()
    await page.waitForSelector(`#search-entities button[data-entity="${key}"]`)
    await page.locator(`#search-entities button[data-entity="${key}"]`).click()
    await page.waitForFunction(() => new URL(location.href).searchParams.get('entity') === null)
    await settled(page)
    expect(await page.locator('#search-entities').isHidden()).toBe(true)
    expect(problems).toEqual([])
  } finally {
    await close()
  }
})

test.skipIf(!HAS_CHROMIUM)(
  'the Trends view lists the trending names /v1/entities gives, each opening its search',
  async () => {
    const { page, close, problems } = await openPage(e2e.browsing)
    try {
      await page.goto(`${e2e.served.base}?view=trends`)
      await settled(page, 'entities-status')
      const answer = await api<{ entities: Named[] }>(page, '/v1/entities?size=20')
      const shown = await page.locator('#trending-entities li').evaluateAll((items) =>
        items.map((li) => ({
          key: li.getAttribute('data-entity') ?? '',
          name: li.querySelector('a')?.textContent ?? '',
          href: li.querySelector('a')?.getAttribute('href') ?? '',
        })),
      )
      expect(shown).toEqual(
        answer.entities.map((e) => ({
          key: e.key,
          name: e.name,
          href: `?view=search&entity=${encodeURIComponent(e.key)}`,
        })),
      )
      if (answer.entities.length === 0)
        expect(await page.locator('#entities-status').textContent()).toContain('No name')
      expect(problems).toEqual([])
    } finally {
      await close()
    }
  },
)

test.skipIf(!HAS_CHROMIUM)(
  'a search kept to one entity shows its card (/v1/entities/{key}); a name named with it moves the search there',
  async () => {
    const { page, close, problems } = await openPage(e2e.browsing)
    try {
      const top = await api<{ entities: Named[] }>(page, '/v1/entities?size=50&window=30d&min_articles=1')
      const pick = top.entities[0]
      if (pick === undefined) throw new Error('the demo has no trending entity in 30 days')
      const cardOf = (key: string) =>
        api<{ name: string; total: number; related: Named[] }>(
          page,
          `/v1/entities/${encodeURIComponent(key)}?related=8&stories=0`,
        )
      const want = await cardOf(pick.key)
      await page.goto(`${e2e.served.base}?entity=${encodeURIComponent(pick.key)}`)
      await page.waitForSelector(`#entity-card[data-entity="${pick.key}"]:not([hidden])`)
      expect(await page.locator('#entity-card .entity-name').textContent()).toBe(want.name)
      expect(await page.locator('#entity-card .entity-total').textContent()).toBe(want.total.toLocaleString('en-US'))
      const related = await page
        .locator('#entity-card .entity-related button')
        .evaluateAll((bs) => bs.map((b) => b.getAttribute('data-entity') ?? ''))
      expect(related).toEqual(want.related.map((r) => r.key))
      const next = want.related[0]
      if (next !== undefined) {
        await page.locator(`#entity-card .entity-related button[data-entity="${next.key}"]`).click()
        await page.waitForFunction((k) => new URL(location.href).searchParams.get('entity') === k, next.key)
        await page.waitForSelector(`#entity-card[data-entity="${next.key}"]`)
        expect(await page.locator('#entity-card .entity-name').textContent()).toBe((await cardOf(next.key)).name)
      }
      // Two entities: no card (it describes one).
      await page.goto(
        `${e2e.served.base}?entity=${encodeURIComponent(`${pick.key},${top.entities[1]?.key ?? 'person:x'}`)}`,
      )
      await settled(page)
      expect(await page.locator('#entity-card').isHidden()).toBe(true)
      expect(problems).toEqual([])
    } finally {
      await close()
    }
  },
)

test.skipIf(!HAS_CHROMIUM)(
  'the Named facet lists what /v1/stats?entities=10 gives for the search; a name keeps the search to it',
  async () => {
    const { page, close, problems } = await openPage(e2e.browsing)
    try {
      await page.goto(`${e2e.served.base}?q=market`)
      await page.waitForSelector('#facets section[data-facet="entity"] li')
      const want = await api<{ entities: { key: string; name: string; articles: number }[] }>(
        page,
        '/v1/stats?q=market&entities=10',
      )
      expect(want.entities.length).toBeGreaterThan(0)
      const shown = await page.locator('#facets section[data-facet="entity"] button.facet-value').evaluateAll((bs) =>
        bs.map((b) => ({
          key: b.getAttribute('data-value') ?? '',
          name: b.querySelector('.facet-label')?.textContent ?? '',
          articles: Number((b.querySelector('.facet-count')?.textContent ?? '').replaceAll(',', '')),
        })),
      )
      expect(shown).toEqual(want.entities.map((e) => ({ key: e.key, name: e.name, articles: e.articles })))
      const first = want.entities[0]
      if (first === undefined) throw new Error('no entity to press')
      await page.locator(`#facets section[data-facet="entity"] button[data-value="${first.key}"]`).click()
      await page.waitForFunction((k) => new URL(location.href).searchParams.get('entity') === k, first.key)
      await settled(page)
      const answer = await api<{ total: number; results: Hit[] }>(
        page,
        `/v1/search?q=market&entity=${encodeURIComponent(first.key)}`,
      )
      // The facet counts the newest matching articles only: at least that many name it.
      expect(answer.total).toBeGreaterThanOrEqual(first.articles)
      for (const chips of await shownChips(page)) expect(chips).toContain(first.key)
      expect(problems).toEqual([])
    } finally {
      await close()
    }
  },
)
