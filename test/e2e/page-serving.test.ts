/** The page's routes without a browser: `/` and its hashed assets are served, offline-complete, and stay out of OpenAPI. */
import { afterAll, expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fixtureApp } from '../live/app-support.ts'

const f = fixtureApp()
afterAll(() => f.cleanup())

const assetsOf = (html: string) => [...html.matchAll(/(?:src|href)="(assets\/[^"]+)"/g)].map((m) => m[1] ?? '')

test('`/` serves the page with its script and stylesheet, under a content security policy', async () => {
  const r = await f.get('/')
  expect(r.status).toBe(200)
  expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8')
  expect(r.headers.get('content-security-policy')).toContain("script-src 'self'")
  const html = await r.text()
  const assets = assetsOf(html)
  expect(assets.map((a) => a.split('.').pop()).sort()).toEqual(['css', 'js'])
  for (const asset of assets) {
    const a = await f.get(`/${asset}`)
    expect(a.status).toBe(200)
    expect(a.headers.get('cache-control')).toContain('immutable')
    const body = await a.text()
    expect(body.length).toBeGreaterThan(1000)
    // Works offline: the bundle loads nothing from another host.
    expect(body).not.toMatch(/https?:\/\/(?!www\.w3\.org)[a-z0-9.-]+\.[a-z]{2,}\/[^"'\s]*\.(js|css|mjs)/i)
  }
})

test.each(['/assets/nope.js', '/assets/..%2Fpackage.json'])('%s is a 404', async (path) => {
  expect((await f.get(path)).status).toBe(404)
})

test('the page routes are not in the OpenAPI document', async () => {
  const doc = (await f.json('/openapi.json')).body as { paths: Record<string, unknown> }
  expect(Object.keys(doc.paths).filter((p) => p === '/' || p.startsWith('/assets'))).toEqual([])
})

test('public/ imports nothing from live/ and no chart library from a CDN', () => {
  const dir = join(import.meta.dir, '../../public')
  for (const name of readdirSync(dir).filter((n) => /\.(ts|html|css)$/.test(n))) {
    const text = readFileSync(join(dir, name), 'utf8')
    expect({ name, live: /from ['"][./]*live\//.test(text) }).toEqual({ name, live: false })
    expect({ name, cdn: /<script[^>]+src="https?:|@import\s+url\(["']?https?:/.test(text) }).toEqual({
      name,
      cdn: false,
    })
  }
})
