/**
 * What the page tests share: a live node over the fixture store (or over no data, for the 503
 * state) on loopback, Debian's Chromium through playwright-core, and a page that records every
 * console error, page error and request that left loopback.
 */
import { afterAll, beforeAll } from 'bun:test'
import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { type Browser, type ConsoleMessage, type Page, chromium } from 'playwright-core'
import { createApp } from '../../live/app.ts'
import { fixtureApp } from '../live/app-support.ts'
import { FIXTURE_NOW, type FixtureArticle } from '../support/fixture-store.ts'
import { requireTool } from '../support/required-tool.ts'

export const CHROMIUM = '/usr/bin/chromium'
export const HAS_CHROMIUM = existsSync(CHROMIUM)
export const SCREENSHOTS = join(import.meta.dir, 'screenshots')
export const PHONE = { width: 390, height: 844 }
export const DESKTOP = { width: 1280, height: 900 }

/**
 * Call once per file at the top. Without Chromium a developer's run prints why the file's tests
 * are skipped; under CI (`CI=true`) the file gets one failing test naming the package instead.
 */
export function announceSkip(file: string): void {
  requireTool({ path: CHROMIUM, debianPackage: 'chromium', usedBy: file })
}

export interface Served {
  base: string
  stop: () => Promise<void>
}

/** The live node over the fixture store (`data`) or with nothing loaded yet (`empty`: every data endpoint is 503). */
export function serve(kind: 'data' | 'empty', editArticles?: (articles: FixtureArticle[]) => void): Served {
  if (kind === 'data') {
    const f = fixtureApp(editArticles === undefined ? {} : { editArticles })
    f.app.listen({ port: 0, hostname: '127.0.0.1' })
    return { base: `http://127.0.0.1:${f.app.server?.port}/`, stop: async () => (await f.app.stop(), f.cleanup()) }
  }
  const app = createApp({
    data: () => null,
    clock: () => new Date(FIXTURE_NOW.getTime()),
    uptimeSeconds: () => 1,
    version: '0.1.0',
    log: () => {},
  })
  app.listen({ port: 0, hostname: '127.0.0.1' })
  return { base: `http://127.0.0.1:${app.server?.port}/`, stop: async () => void (await app.stop()) }
}

export interface Browsing {
  browser: Browser
  close: () => Promise<void>
}

/** Playwright gives every launch a fresh temporary profile (user-data-dir) and removes it on close. */
export async function launch(): Promise<Browsing> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  })
  return { browser, close: () => browser.close() }
}

/**
 * A page test file's live node and browser: started before its tests and stopped after them
 * (neither without Chromium). Read `served` and `browsing` inside tests only.
 */
export function servedBrowser(
  kind: 'data' | 'empty' = 'data',
  editArticles?: (articles: FixtureArticle[]) => void,
): { readonly served: Served; readonly browsing: Browsing } {
  let served: Served | null = null
  let browsing: Browsing | null = null
  beforeAll(async () => {
    if (!HAS_CHROMIUM) return
    served = serve(kind, editArticles)
    browsing = await launch()
  })
  afterAll(async () => {
    await browsing?.close()
    await served?.stop()
  })
  return {
    get served(): Served {
      if (served === null) throw new Error('the live node is started in beforeAll')
      return served
    },
    get browsing(): Browsing {
      if (browsing === null) throw new Error('the browser is launched in beforeAll')
      return browsing
    },
  }
}

/** A 1×1 PNG standing in for article images, which live on the (unreachable) publishers' hosts. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkaPhfDwAE/wJ/lZ0SPQAAAABJRU5ErkJggg==',
  'base64',
)

export interface Watched {
  page: Page
  /** Console errors, page errors and CSP reports seen so far. */
  problems: string[]
  /** Requests that would have left the loopback server (answered here with a placeholder). */
  external: string[]
  close: () => Promise<void>
}

export async function openPage(b: Browsing, viewport = DESKTOP): Promise<Watched> {
  const context = await b.browser.newContext({ viewport, timezoneId: 'UTC', locale: 'en-US' })
  const page = await context.newPage()
  const problems: string[] = []
  const external: string[] = []
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()} (${m.location().url})`)
  })
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`))
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => {
    external.push(route.request().url())
    return route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL })
  })
  return { page, problems, external, close: () => context.close() }
}

/** A screenshot into test/e2e/screenshots/ (git-ignored): the whole page, or only what the screen shows. */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true })
  const path = join(SCREENSHOTS, `${name}.png`)
  await page.screenshot({ path, fullPage })
  return path
}
