/** Issue 6 on the demo archive: the correlation endpoint finds the lag the generator planted. */
import { beforeAll, expect, test } from 'bun:test'
import { createApp } from '../../live/app.ts'
import { SqliteSearchIndex } from '../../store/search-sqlite.ts'
import { DEMO_DAYS, DEMO_NOW, type DemoStore, demoStore } from '../support/demo-store.ts'

let demo: DemoStore
beforeAll(async () => {
  demo = await demoStore()
}, 120_000)

test('the planted lag is the best shift, and significant', async () => {
  const db = demo.db
  const app = createApp({ data: () => ({ db, index: new SqliteSearchIndex(db), version: 't', watermark: null }), clock: () => DEMO_NOW, uptimeSeconds: () => 0, version: 't' })
  const r = (await (await app.handle(new Request(`http://localhost/v1/btc/correlation?interval=day&from=now-${DEMO_DAYS - 1}d&max_shift=3`))).json()) as {
    best: { shift: number; r: number; significant: boolean } | null
    by_shift: { shift: number; r: number | null }[]
  }
  console.log(`correlation: planted shift ${demo.truth.planted_lag.shift}, by shift ${r.by_shift.map((s) => `${s.shift}:${s.r}`).join(' ')}`)
  expect(r.best?.shift).toBe(demo.truth.planted_lag.shift)
  expect(r.best?.significant).toBe(true)
})
