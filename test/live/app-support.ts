import type { Database } from 'bun:sqlite'
import { SqliteSearchIndex } from '../../store/search-sqlite.ts'
import { createApp } from '../../live/app.ts'
import { FIXTURE_NOW, buildFixtureStore, fixtureArticles } from '../support/fixture-store.ts'
import { tempDir } from '../support/tmp.ts'

export function fixtureApp() {
  const tmp = tempDir('live')
  const articles = fixtureArticles()
  const db: Database = buildFixtureStore(`${tmp.dir}/s.sqlite`, articles)
  const app = createApp({
    data: () => ({ db, index: new SqliteSearchIndex(db), version: 'test-version', watermark: null }),
    clock: () => new Date(FIXTURE_NOW.getTime()),
    uptimeSeconds: () => 42,
    version: '0.1.0',
    log: () => {},
  })
  const get = async (path: string, init?: RequestInit) => app.handle(new Request(`http://localhost${path}`, init))
  const json = async (path: string) => {
    const r = await get(path)
    return { status: r.status, body: (await r.json()) as Record<string, unknown>, headers: r.headers }
  }
  return { app, db, articles, get, json, cleanup: () => (db.close(), tmp.cleanup()) }
}
