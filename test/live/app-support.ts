import type { Database } from 'bun:sqlite'
import type { SearchIndex } from '../../core/search/types.ts'
import { SqliteSearchIndex } from '../../store/search-sqlite.ts'
import { createApp } from '../../live/app.ts'
import { FIXTURE_NOW, type FixtureArticle, buildFixtureStore, fixtureArticles } from '../support/fixture-store.ts'
import { tempDir } from '../support/tmp.ts'

export interface FixtureAppOptions {
  /** Mounts the snapshot downloads as live/server.ts does. */
  snapshotsRoot?: string
  /** Wraps the real index, e.g. to make it fail on demand. */
  index?: (real: SearchIndex) => SearchIndex
  log?: (line: string) => void
  /** Changes the fixture articles before they are written (e.g. a hostile headline). */
  editArticles?: (articles: FixtureArticle[]) => void
}

export function fixtureApp(options: FixtureAppOptions = {}) {
  const tmp = tempDir('live')
  const articles = fixtureArticles()
  options.editArticles?.(articles)
  const db: Database = buildFixtureStore(`${tmp.dir}/s.sqlite`, articles)
  const real = new SqliteSearchIndex(db)
  const index = options.index === undefined ? real : options.index(real)
  const app = createApp({
    data: () => ({ db, index, version: 'test-version', watermark: null }),
    clock: () => new Date(FIXTURE_NOW.getTime()),
    uptimeSeconds: () => 42,
    version: '0.1.0',
    log: options.log ?? (() => {}),
    ...(options.snapshotsRoot === undefined ? {} : { snapshotsRoot: options.snapshotsRoot }),
  })
  const get = async (path: string, init?: RequestInit) => app.handle(new Request(`http://localhost${path}`, init))
  const json = async (path: string) => {
    const r = await get(path)
    return { status: r.status, body: (await r.json()) as Record<string, unknown>, headers: r.headers }
  }
  return { app, db, articles, get, json, cleanup: () => (db.close(), tmp.cleanup()) }
}

/** Starts the app on an ephemeral loopback port and returns its base URL. */
export function listenOnLoopback(app: ReturnType<typeof fixtureApp>['app']): string {
  app.listen({ port: 0, hostname: '127.0.0.1' })
  const port = app.server?.port
  if (port === undefined) throw new Error('the app did not start listening')
  return `http://127.0.0.1:${port}`
}
