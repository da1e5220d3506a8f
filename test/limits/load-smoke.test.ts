/**
 * A bounded smoke version of bench/load.ts: the real app behind serveWithLimits on loopback, the
 * same 60/30/10 mix for at most 2 s or 1,500 requests, a hot swap of the data half way through.
 * Every answer is 2xx and no connection fails. The figures come from the benchmark, not from here.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { DataView } from '../../answers/context.ts'
import { fixedSnapshotUrls } from '../../batch/snapshot/compute.ts'
import { createApp } from '../../live/app.ts'
import { serveWithLimits } from '../../live/limits.ts'
import { runMix } from '../../bench/load-mix.ts'
import { DEMO_NOW, demoStore } from '../support/demo-store.ts'
import { SqliteSearchIndex } from '../../store/search-sqlite.ts'

let server: ReturnType<typeof serveWithLimits>
let current: DataView | null = null

beforeAll(async () => {
  const { db } = await demoStore()
  current = {
    db,
    index: new SqliteSearchIndex(db),
    version: '20261121T1300Z',
    watermark: null,
    builtAt: '2026-11-21T13:00:00Z',
    memo: new Map(),
  }
  const app = createApp({ data: () => current, clock: () => DEMO_NOW, uptimeSeconds: () => 0, version: 'test' })
  server = serveWithLimits(app, { port: 0, hostname: '127.0.0.1' })
}, 60_000)
afterAll(() => server.stop(true))

test('the load mix for 2 s: only 2xx, no connection errors, across a hot swap', async () => {
  const swap = setTimeout(() => {
    if (current !== null)
      current = { ...current, version: '20261121T1400Z', builtAt: '2026-11-21T14:00:00Z', memo: new Map() }
  }, 1000)
  const result = await runMix({
    base: `http://127.0.0.1:${server.port}`,
    seconds: 2,
    connections: 16,
    snapshotUrls: fixedSnapshotUrls(),
    seed: 1,
    maxRequests: 1500,
  })
  clearTimeout(swap)
  expect(result.unexpected).toEqual([])
  expect(result.connectionErrors).toBe(0)
  expect(result.requests).toBeGreaterThan(100)
  expect(Object.keys(result.byKind).sort()).toEqual(['btc-range', 'search', 'snapshot'])
}, 30_000)
