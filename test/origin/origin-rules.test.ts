/**
 * Issue 16, item 1: a store holds the demo or real inputs, never both. Every combination of what
 * the store holds and what NEWSDESK_INPUTS (or `bun run ingest`) names, through the real commands:
 * the store's articles, the manifest and /health say which origin and what is followed.
 */
import { afterAll, beforeAll, describe, expect, spyOn, test } from 'bun:test'
import { cpSync, mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { generateDemoArchive } from '../../demo/index.ts'
import { commandBuild } from '../../batch/main.ts'
import { OriginError, type StoreState, isDemoInput, planInputs } from '../../batch/origin.ts'
import { parseConfig } from '../../core/config.ts'
import { createApp } from '../../live/app.ts'
import { SnapshotSource } from '../../live/snapshot-source.ts'
import { openStore, storePath } from '../../store/open.ts'
import { readOrigin } from '../../store/origin.ts'
import { readLatest, readManifest } from '../../contract/snapshot-files.ts'
import { SqliteSearchIndex } from '../../store/search-sqlite.ts'
import { tempDir } from '../support/tmp.ts'

const NOW = new Date('2026-11-21T14:00:00Z')
const tmp = tempDir('origin')
/** A demo archive made apart, whose files stand in for a user's own WARC files (copied into a plain folder). */
const other = join(tmp.dir, 'other-demo')
const mine = join(tmp.dir, 'mine')
let mineArticles = 0

const truthCount = (dir: string): number =>
  (JSON.parse(readFileSync(join(dir, 'ground-truth.json'), 'utf8')) as { counts: { articles: number } }).counts.articles

beforeAll(async () => {
  await generateDemoArchive({
    outDir: other,
    now: new Date('2026-11-20T03:00:00Z'),
    days: 1,
    articlesPerDay: 30,
    seed: 7,
  })
  mineArticles = truthCount(other)
  mkdirSync(mine)
  const warc = join(other, 'warc')
  for (const name of readdirSync(warc, { recursive: true }) as string[])
    if (name.endsWith('.warc.gz')) cpSync(join(warc, name), join(mine, name.split('/').pop() ?? name))
})
afterAll(() => tmp.cleanup())

const empty: StoreState = { origin: null, holdsData: false, sources: [] }
const demoStore: StoreState = { origin: 'demo', holdsData: true, sources: [] }
const realStore: StoreState = { origin: 'real', holdsData: true, sources: [] }

describe('planInputs', () => {
  test.each([
    { name: 'unset, empty store: the demo', inputs: [], state: empty, want: { origin: 'demo', inputs: ['demo'] } },
    { name: 'unset, demo store: the demo', inputs: [], state: demoStore, want: { origin: 'demo', inputs: ['demo'] } },
    { name: 'unset, real store: the store alone', inputs: [], state: realStore, want: { origin: 'real', inputs: [] } },
    { name: 'none, empty store', inputs: ['none'], state: empty, want: { origin: null, inputs: [] } },
    { name: 'none, demo store', inputs: ['none'], state: demoStore, want: { origin: 'demo', inputs: [] } },
    { name: 'none, real store', inputs: ['none'], state: realStore, want: { origin: 'real', inputs: [] } },
    {
      name: 'real, empty store',
      inputs: ['a.warc.gz', 'cc-news:live'],
      state: empty,
      want: { origin: 'real', inputs: ['a.warc.gz', 'cc-news:live'] },
    },
    {
      name: 'real, real store',
      inputs: ['cc-news:2024/01'],
      state: realStore,
      want: { origin: 'real', inputs: ['cc-news:2024/01'] },
    },
    { name: 'demo, demo store', inputs: ['demo'], state: demoStore, want: { origin: 'demo', inputs: ['demo'] } },
    // A store from before origins were recorded: told by the files it read.
    {
      name: 'legacy store of demo files, unset',
      inputs: [],
      state: { origin: null, holdsData: true, sources: [join(other, 'warc', 'x.warc.gz')] },
      want: { origin: 'demo', inputs: ['demo'] },
    },
    {
      name: 'legacy store of real files, unset',
      inputs: [],
      state: { origin: null, holdsData: true, sources: ['https://example.org/a.warc.gz'] },
      want: { origin: 'real', inputs: [] },
    },
  ] as const)('$name', ({ inputs, state, want }) => {
    expect(planInputs(inputs, state, '/d', 'npm start')).toEqual({ origin: want.origin, inputs: [...want.inputs] })
  })

  test.each([
    {
      name: 'real into a demo store',
      inputs: ['a.warc.gz'],
      state: demoStore,
      says: 'NEWSDESK_DATA=/d-real npm start',
    },
    {
      name: 'demo into a real store',
      inputs: ['demo'],
      state: realStore,
      says: 'NEWSDESK_DATA=/d-demo NEWSDESK_INPUTS=demo npm start',
    },
    { name: 'demo and real in one run', inputs: ['demo', 'a.warc.gz'], state: empty, says: 'never go into one store' },
    { name: 'none with another input', inputs: ['none', 'a.warc.gz'], state: empty, says: 'cannot be combined' },
    {
      name: 'legacy demo store, real input',
      inputs: ['a.warc.gz'],
      state: { origin: null, holdsData: true, sources: [join(other, 'warc', 'x.warc.gz')] },
      says: 'holds the demo',
    },
  ] as const)('refused: $name', ({ inputs, state, says }) => {
    let caught: unknown = null
    try {
      planInputs(inputs, state, '/d', 'npm start')
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(OriginError)
    expect((caught as Error).message).toContain(says)
    expect((caught as Error).message).not.toContain('\n')
  })

  test.each([
    { spec: 'demo', want: true },
    { spec: other, want: true },
    { spec: join(other, 'warc'), want: true },
    { spec: mine, want: false },
    { spec: 'cc-news:live', want: false },
    { spec: 'https://example.org/demo/warc/a.warc.gz', want: false },
  ])('isDemoInput($spec)', ({ spec, want }) => expect(isDemoInput(spec)).toBe(want))
})

async function build(dir: string, inputs: string | undefined): Promise<void> {
  const config = parseConfig({
    NEWSDESK_DATA: join(dir, 'data'),
    NEWSDESK_SNAPSHOTS: join(dir, 'snapshots'),
    NEWSDESK_WORKERS: '0',
    ...(inputs === undefined ? {} : { NEWSDESK_INPUTS: inputs }),
  })
  const log = spyOn(console, 'log').mockImplementation(() => undefined)
  const err = spyOn(console, 'error').mockImplementation(() => undefined)
  try {
    await commandBuild(config, NOW, ['--no-export'])
  } finally {
    log.mockRestore()
    err.mockRestore()
  }
}

function cli(
  dir: string,
  args: string[],
  env: Record<string, string> = {},
): { code: number; stderr: string; stdout: string } {
  const r = Bun.spawnSync([process.execPath, 'run', join(import.meta.dir, '../../batch/main.ts'), ...args], {
    env: {
      ...(process.env as Record<string, string>),
      NEWSDESK_DATA: join(dir, 'data'),
      NEWSDESK_SNAPSHOTS: join(dir, 'snapshots'),
      NEWSDESK_NOW: NOW.toISOString(),
      NEWSDESK_WORKERS: '0',
      NEWSDESK_INPUTS: '',
      ...env,
    },
  })
  return { code: r.exitCode, stderr: r.stderr.toString(), stdout: r.stdout.toString() }
}

async function served(
  dir: string,
): Promise<{ articles: number; origin: unknown; following: unknown; manifest: Record<string, unknown> }> {
  const root = join(dir, 'snapshots')
  const manifest = readManifest(root, readLatest(root)?.version ?? '')
  const db = openStore(storePath(join(dir, 'data')), { readonly: true })
  try {
    const snapshots = new SnapshotSource({ root, db: () => db, index: (store) => new SqliteSearchIndex(store) })
    snapshots.refresh()
    const app = createApp({ data: () => snapshots.current, clock: () => NOW, uptimeSeconds: () => 0, version: 'test' })
    const health = (await (await app.handle(new Request('http://localhost/health'))).json()) as {
      articles: number
      origin: unknown
      following: unknown
    }
    return { ...health, manifest: manifest?.sources ?? {} }
  } finally {
    db.close()
  }
}

describe('the commands', () => {
  test('unset NEWSDESK_INPUTS on an empty data directory runs the demo, using the archive `bun run demo` made at its own size', async () => {
    const dir = join(tmp.dir, 'a')
    // `bun run demo --days 1 --per-day 50`: not the default 800 a day the build would make on its own.
    await generateDemoArchive({ outDir: join(dir, 'data', 'demo'), now: NOW, days: 1, articlesPerDay: 50 })
    const truth = truthCount(join(dir, 'data', 'demo'))
    await build(dir, undefined)
    const s = await served(dir)
    expect(s.articles).toBe(truth)
    expect(s.origin).toBe('demo')
    expect(s.following).toEqual(['demo'])
    expect(s.manifest.origin).toBe('demo')
    expect(s.manifest.following).toEqual(['demo'])
    // Real inputs into this store: one line naming the command for a fresh store, exit 2, nothing ingested.
    const r = cli(dir, ['ingest', mine])
    expect(r.code).toBe(2)
    expect(r.stderr.trim().split('\n')).toHaveLength(1)
    expect(r.stderr).toContain(`NEWSDESK_DATA=${join(dir, 'data')}-real bun run ingest ${mine}`)
    expect((await served(dir)).articles).toBe(truth)
  }, 60_000)

  test('`bun run ingest mine && bun run build` serves only mine; the demo is refused; none builds from the store alone', async () => {
    const dir = join(tmp.dir, 'b')
    const r = cli(dir, ['ingest', mine])
    expect(r.code).toBe(0)
    await build(dir, undefined)
    const s = await served(dir)
    expect(s.articles).toBe(mineArticles)
    expect(s.origin).toBe('real')
    expect(s.following).toEqual([])
    const db = openStore(storePath(join(dir, 'data')), { readonly: true })
    expect(readOrigin(db)).toBe('real')
    db.close()

    let caught: unknown = null
    await build(dir, 'demo').catch((error: unknown) => {
      caught = error
    })
    expect(caught).toBeInstanceOf(OriginError)
    expect((caught as Error).message).toContain('NEWSDESK_INPUTS=demo npm start')

    await build(dir, 'none')
    const again = await served(dir)
    expect(again.articles).toBe(mineArticles)
    expect(again.following).toEqual([])
    expect(again.manifest.origin).toBe('real')
  }, 60_000)

  test('NEWSDESK_INPUTS set on an empty store ingests only those and says so', async () => {
    const dir = join(tmp.dir, 'c')
    await build(dir, mine)
    const s = await served(dir)
    expect(s.articles).toBe(mineArticles)
    expect(s.origin).toBe('real')
    expect(s.following).toEqual(['mine'])
  }, 60_000)
})
