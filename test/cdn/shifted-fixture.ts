/**
 * The fixture store moved forward by whole hours so that its build instant is the last full hour
 * before the wall clock: nginx computes Cache-Control from the real clock and a file's mtime, so
 * the parity test needs a snapshot built "now" (with the same stories as at FIXTURE_NOW).
 */
import type { Database } from 'bun:sqlite'
import { isoSeconds } from '../../core/config.ts'
import { FIXTURE_NOW, buildFixtureStore, fixtureArticles } from '../support/fixture-store.ts'

const HOUR_MS = 3_600_000
const DAY_MS = 86_400_000

export function shiftedFixtureStore(path: string, wallMs = Date.now()): { db: Database; builtAt: Date } {
  const shiftMs = Math.max(0, Math.floor((wallMs - FIXTURE_NOW.getTime()) / HOUR_MS) * HOUR_MS)
  const shift = (iso: string) => isoSeconds(new Date(Date.parse(iso) + shiftMs))
  const articles = fixtureArticles().map((a) => ({
    ...a,
    published_at: shift(a.published_at),
    crawled_at: shift(a.crawled_at),
  }))
  const db = buildFixtureStore(path, articles)
  // Through negative keys: a plain shift would collide with the next row's primary key mid-update.
  db.query('UPDATE candles SET open_time = -(open_time + ?)').run(shiftMs)
  db.query('UPDATE candles SET open_time = -open_time').run()
  db.query('UPDATE daily_closes SET day = -(day + ?)').run(Math.floor(shiftMs / DAY_MS) * DAY_MS)
  db.query('UPDATE daily_closes SET day = -day').run()
  return { db, builtAt: new Date(FIXTURE_NOW.getTime() + shiftMs) }
}
