/** The interactive API reference at /docs: Swagger UI from our own dependency, complete offline. */
import { afterAll, expect, test } from 'bun:test'
import { fixtureApp } from '../live/app-support.ts'
import { HAS_CHROMIUM, announceSkip, openPage, screenshot, servedBrowser } from './browser-support.ts'

const f = fixtureApp()
afterAll(() => f.cleanup())

test('/docs loads its script and stylesheet from this server only', async () => {
  const r = await f.get('/docs')
  expect(r.status).toBe(200)
  const html = await r.text()
  const refs = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '')
  expect(refs.sort()).toEqual(['/docs/assets/swagger-ui-bundle.js', '/docs/assets/swagger-ui.css'])
  for (const [path, type] of [
    ['/docs/assets/swagger-ui-bundle.js', 'text/javascript'],
    ['/docs/assets/swagger-ui.css', 'text/css'],
  ] as const) {
    const a = await f.get(path)
    expect(a.status).toBe(200)
    expect(a.headers.get('content-type')).toStartWith(type)
    expect((await a.text()).length).toBeGreaterThan(10_000)
  }
})

test.each([
  '/docs/assets/index.html',
  '/docs/assets/package.json',
  '/docs/assets/..%2F..%2Fpackage.json',
  '/docs/assets/swagger-ui-bundle.js.map',
])('%s is a 404', async (path) => {
  expect((await f.get(path)).status).toBe(404)
})

test('the asset routes are not in the OpenAPI document', async () => {
  const doc = (await (await f.get('/openapi.json')).json()) as { paths: Record<string, unknown> }
  expect(Object.keys(doc.paths).filter((p) => p.startsWith('/docs'))).toEqual([])
})

announceSkip('test/e2e/docs-page.test.ts')
const e2e = servedBrowser('data')

test.skipIf(!HAS_CHROMIUM)(
  'in Chromium, /docs lists every operation of the OpenAPI document without leaving loopback',
  async () => {
    const w = await openPage(e2e.browsing)
    await w.page.goto(`${e2e.served.base}docs`)
    await w.page.waitForSelector('.opblock-summary-path', { timeout: 20_000 })
    const shown = await w.page
      .locator('.opblock-summary-path')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-path') ?? e.textContent ?? ''))
    const doc = (await (await w.page.request.get(`${e2e.served.base}openapi.json`)).json()) as {
      paths: Record<string, unknown>
    }
    expect(new Set(shown.map((p) => p.replace(/\u200b/g, '')))).toEqual(new Set(Object.keys(doc.paths)))
    await screenshot(w.page, 'docs')
    expect(w.external).toEqual([])
    expect(w.problems).toEqual([])
    await w.close()
  },
)
