import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { cpSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { DemoArchiveMismatchError, generateDemoArchive } from '../../demo/index.ts'
import { listFiles, NOW, tempDir } from './fixtures.ts'

const OPTIONS = { days: 2, articlesPerDay: 300, seed: 20261121 }
const dirs: string[] = []

describe('demo archive determinism', () => {
  let a = ''
  let b = ''
  let c = ''
  let summaryC: Awaited<ReturnType<typeof generateDemoArchive>>

  beforeAll(async () => {
    a = tempDir('a')
    b = tempDir('b')
    c = tempDir('c')
    dirs.push(a, b, c)
    await generateDemoArchive({ outDir: a, now: NOW, ...OPTIONS })
    await generateDemoArchive({ outDir: b, now: NOW, ...OPTIONS })
    cpSync(a, c, { recursive: true })
    summaryC = await generateDemoArchive({ outDir: c, now: new Date(NOW.getTime() + 3_600_000), ...OPTIONS })
  }, 30_000)

  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  test('two runs with the same seed and clock write identical bytes', () => {
    const files = listFiles(a)
    expect(files).toEqual(listFiles(b))
    expect(files.filter((f) => f.endsWith('.warc.gz'))).toHaveLength(48)
    for (const file of files) expect(Bun.hash(readFileSync(join(b, file)))).toBe(Bun.hash(readFileSync(join(a, file))))
  })

  test('a run one hour later adds exactly one WARC file and changes none', () => {
    const before = listFiles(a).filter((f) => f.endsWith('.warc.gz'))
    const after = listFiles(c).filter((f) => f.endsWith('.warc.gz'))
    const added = after.filter((f) => !before.includes(f))
    expect(added).toEqual(['warc/2026/11/21/CC-NEWS-20261121140000-89750.warc.gz'])
    expect(summaryC.hoursWritten).toBe(1)
    expect(summaryC.hours).toBe(49)
    for (const file of before) expect(Bun.hash(readFileSync(join(c, file)))).toBe(Bun.hash(readFileSync(join(a, file))))
  })

  test('a run one hour later appends one candle and keeps every earlier line', () => {
    const month = 'prices/BTCUSDT-1h-2026-11.csv'
    const old = readFileSync(join(a, month), 'utf8')
    const extended = readFileSync(join(c, month), 'utf8')
    expect(extended.startsWith(old)).toBe(true)
    expect(extended.slice(old.length).trim().split('\n')).toHaveLength(1)
    for (const file of ['prices/gold.csv', 'prices/silver.csv', 'prices/usd-brl.csv', 'prices/usd-inr.csv']) {
      expect(readFileSync(join(c, file), 'utf8').startsWith(readFileSync(join(a, file), 'utf8'))).toBe(true)
    }
  })

  test('an hour is the same whatever the archive around it', async () => {
    // A 1-day archive ending at the same hour shares its last 24 files with the 2-day one.
    const d = tempDir('d')
    dirs.push(d)
    await generateDemoArchive({ outDir: d, now: NOW, ...OPTIONS, days: 1 })
    const files = listFiles(d).filter((f) => f.endsWith('.warc.gz'))
    expect(files).toHaveLength(24)
    for (const file of files) expect(Bun.hash(readFileSync(join(d, file)))).toBe(Bun.hash(readFileSync(join(a, file))))
  }, 30_000)

  test('rendering in worker threads writes the same bytes', async () => {
    const w = tempDir('workers')
    dirs.push(w)
    const summary = await generateDemoArchive({ outDir: w, now: NOW, ...OPTIONS, workers: 2 })
    expect(summary.hoursWritten).toBe(48)
    const files = listFiles(a)
    expect(listFiles(w)).toEqual(files)
    for (const file of files) expect(Bun.hash(readFileSync(join(w, file)))).toBe(Bun.hash(readFileSync(join(a, file))))
  }, 30_000)

  test('an archive is only extended with the seed and volume it was made with', async () => {
    await expect(generateDemoArchive({ outDir: a, now: NOW, ...OPTIONS, seed: 7 })).rejects.toBeInstanceOf(
      DemoArchiveMismatchError,
    )
  })

  test.each([
    { name: 'days 0', patch: { days: 0 } },
    { name: 'days 1.5', patch: { days: 1.5 } },
    { name: 'articlesPerDay 0', patch: { articlesPerDay: 0 } },
    { name: 'gzipLevel 10', patch: { gzipLevel: 10 } },
    { name: 'workers 0', patch: { workers: 0 } },
  ])('rejects $name', async ({ patch }) => {
    const dir = tempDir('bad')
    dirs.push(dir)
    await expect(generateDemoArchive({ outDir: dir, now: NOW, ...OPTIONS, ...patch })).rejects.toBeInstanceOf(
      RangeError,
    )
  })
})
