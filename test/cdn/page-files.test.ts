/**
 * batch/page.ts: the page the batch job writes beside the snapshots is the live node's `/` and
 * assets byte for byte; a rewrite replaces files by rename (a reader holding the old index.html
 * keeps a whole old page), leaves unchanged files alone, keeps the previous page's assets and
 * removes older ones.
 */
import { afterAll, expect, test } from 'bun:test'
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  readdirSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import { writePage } from '../../batch/page.ts'
import { createPage } from '../../live/page.ts'
import { tempDir } from '../support/tmp.ts'

const tmp = tempDir('page-files')
afterAll(() => tmp.cleanup())

const refsOf = (html: string) => [...html.matchAll(/(?:src|href)="assets\/([^"]+)"/g)].map((m) => m[1] ?? '')

test('the written page is what the live node serves at `/` and under /assets/', async () => {
  const root = join(tmp.dir, 'same')
  const page = await writePage(root)
  const live = createPage(() => {})
  const html = readFileSync(join(root, 'index.html'), 'utf8')
  expect(html).toBe(await (await live.index()).text())
  const refs = refsOf(html)
  expect(refs.map((r) => r.split('.').pop()).sort()).toEqual(['css', 'js'])
  expect(readdirSync(join(root, 'assets')).sort()).toEqual([...refs].sort())
  for (const name of refs) {
    const served = await live.asset(name)
    expect(served.status).toBe(200)
    expect(readFileSync(join(root, 'assets', name)).equals(Buffer.from(await served.arrayBuffer()))).toBe(true)
  }
  expect([...page.written].sort()).toEqual(['index.html', ...refs.map((r) => `assets/${r}`)].sort())
  expect([...page.files].sort()).toEqual([...page.written].sort())
  // Only the page: no temporary file is left at the root.
  expect(readdirSync(root).sort()).toEqual(['assets', 'index.html'])
})

test('a second run with the same bundle writes nothing (mtimes, hence ETags, stay)', async () => {
  const root = join(tmp.dir, 'again')
  const first = await writePage(root)
  const mtimes = first.files.map((f) => statSync(join(root, f)).mtimeMs)
  const second = await writePage(root)
  expect(second.written).toEqual([])
  expect(second.removed).toEqual([])
  expect(second.files.map((f) => statSync(join(root, f)).mtimeMs)).toEqual(mtimes)
})

test("a new page replaces index.html by rename, keeps the previous page's assets one run, drops older ones", async () => {
  const root = join(tmp.dir, 'swap')
  mkdirSync(join(root, 'assets'), { recursive: true })
  // A previous page whose bundle differs from today's, and an asset no page names any more.
  const oldHtml =
    '<!doctype html><link rel="stylesheet" href="assets/app-old00001.css"><script type="module" src="assets/app-old00001.js"></script>'
  writeFileSync(join(root, 'index.html'), oldHtml)
  for (const name of ['app-old00001.css', 'app-old00001.js', 'app-older002.js'])
    writeFileSync(join(root, 'assets', name), `/* ${name} */`)
  const oldInode = statSync(join(root, 'index.html')).ino
  const reader = openSync(join(root, 'index.html'), 'r')
  let page: Awaited<ReturnType<typeof writePage>>
  try {
    page = await writePage(root)
    // The reader that opened the old file still reads the whole old page: it was renamed over, never truncated.
    const buf = Buffer.alloc(oldHtml.length + 16)
    const n = readSync(reader, buf, 0, buf.length, 0)
    expect(buf.subarray(0, n).toString()).toBe(oldHtml)
  } finally {
    closeSync(reader)
  }
  expect(statSync(join(root, 'index.html')).ino).not.toBe(oldInode)
  const refs = refsOf(readFileSync(join(root, 'index.html'), 'utf8'))
  for (const name of refs) expect(existsSync(join(root, 'assets', name))).toBe(true)
  expect(page.removed).toEqual(['assets/app-older002.js'])
  expect(readdirSync(join(root, 'assets')).sort()).toEqual(['app-old00001.css', 'app-old00001.js', ...refs].sort())

  // One run later the previous page is today's: the old bundle goes.
  const next = await writePage(root)
  expect([...next.removed].sort()).toEqual(['assets/app-old00001.css', 'assets/app-old00001.js'])
  expect(readdirSync(join(root, 'assets')).sort()).toEqual([...refs].sort())
})
