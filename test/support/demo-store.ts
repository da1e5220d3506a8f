/**
 * One generated demo archive ingested into a real store, shared by the integration tests of a
 * `bun test` run (test files run in one process, so the promise is built once).
 */
import type { Database } from 'bun:sqlite'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { generateDemoArchive } from '../../demo/index.ts'
import { ingest } from '../../batch/ingest/run.ts'
import { loadPriceFiles } from '../../batch/load-prices.ts'
import { resolveInputs } from '../../batch/warc/inputs.ts'
import { openStore } from '../../store/open.ts'
import { atEndOfRun } from './end-of-run.ts'
import { tempDir } from './tmp.ts'

export const DEMO_NOW = new Date('2026-11-21T14:00:00Z')
export const DEMO_DAYS = 20
export const DEMO_PER_DAY = 400

export interface TruthArticle {
  url: string
  canonical_url: string
  host: string
  lang: string
  country: string
  country_source: string
  category: string
  story_id: string | null
  is_bitcoin: boolean
  tone: 'pos' | 'neu' | 'neg' | null
  published_at: string
  title: string
  syndicated_of: string | null
  recrawl: boolean
}

export interface TruthStory {
  id: string
  country: string
  category: string
  lang: string
  title: string
  publishers: number
  hosts: string[]
  articles: number
  first_seen: string
  last_seen: string
  urls: string[]
}

export interface DemoStore {
  db: Database
  dir: string
  truth: { planted_lag: { interval: string; shift: number }; stories: TruthStory[]; counts: { articles: number } }
  articles: TruthArticle[]
}

let pending: Promise<DemoStore> | null = null

export function demoStore(): Promise<DemoStore> {
  pending ??= build()
  return pending
}

async function build(): Promise<DemoStore> {
  const tmp = tempDir('demo-store')
  atEndOfRun(tmp.cleanup)
  const demo = join(tmp.dir, 'demo')
  await generateDemoArchive({ outDir: demo, now: DEMO_NOW, days: DEMO_DAYS, articlesPerDay: DEMO_PER_DAY })
  const db = openStore(join(tmp.dir, 'store.sqlite'))
  const sources = await resolveInputs([join(demo, 'warc')], { ccNewsBaseUrl: 'http://127.0.0.1:9/' })
  await ingest({ db, sources, now: DEMO_NOW })
  const prices = join(demo, 'prices')
  const btc = readdirSync(prices)
    .filter((n) => n.startsWith('BTCUSDT'))
    .map((n) => join(prices, n))
  loadPriceFiles(db, 'bitcoin', btc, 'demo', DEMO_NOW.getTime() / 1000)
  const truth = JSON.parse(readFileSync(join(demo, 'ground-truth.json'), 'utf8')) as DemoStore['truth']
  const articles = gunzipSync(readFileSync(join(demo, 'ground-truth-articles.ndjson.gz')))
    .toString('utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as TruthArticle)
  return { db, dir: tmp.dir, truth, articles }
}
