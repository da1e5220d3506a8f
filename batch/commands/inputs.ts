import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Config } from '../../core/config.ts'
import { openStore, storePath } from '../../store/open.ts'
import { DEMO_DEFAULTS } from '../../demo/index.ts'
import { type InputPlan, type StoreState, planInputs } from '../origin.ts'
import { holdsData, ingestedSources, readOrigin, writeOrigin } from '../../store/origin.ts'
import { type PriceLoad, loadPriceFiles } from '../load-prices.ts'
import type { Database } from 'bun:sqlite'

const DEMO_PRICE_FILES: Record<string, (name: string) => boolean> = {
  bitcoin: (n) => /^BTCUSDT-1h-\d{4}-\d{2}\.csv$/.test(n),
  gold: (n) => n === 'gold.csv',
  silver: (n) => n === 'silver.csv',
  'usd-brl': (n) => n === 'usd-brl.csv',
  'usd-inr': (n) => n === 'usd-inr.csv',
}

export function demoDir(config: Config): string {
  return join(config.dataDir, 'demo')
}

/**
 * The archive already in `dir` is extended with the seed and volume it was made with (`bun run demo
 * --per-day 11100` then `bun run build` uses that archive), back to its first hour at most 90 days.
 */
export function demoParams(dir: string, now: Date): { seed: number; articlesPerDay: number; days: number } {
  const fallback = { seed: DEMO_DEFAULTS.seed, articlesPerDay: DEMO_DEFAULTS.articlesPerDay, days: DEMO_DEFAULTS.days }
  const path = join(dir, 'ground-truth.json')
  if (!existsSync(path)) return fallback
  let truth: { seed?: unknown; articles_per_day?: unknown; first_hour?: unknown }
  try {
    truth = JSON.parse(readFileSync(path, 'utf8')) as typeof truth
  } catch {
    return fallback
  }
  const firstMs = typeof truth.first_hour === 'string' ? Date.parse(truth.first_hour) : Number.NaN
  const spanDays = Number.isFinite(firstMs) ? Math.ceil((now.getTime() - firstMs) / 86_400_000) : DEMO_DEFAULTS.days
  return {
    seed: typeof truth.seed === 'number' ? truth.seed : fallback.seed,
    articlesPerDay: typeof truth.articles_per_day === 'number' ? truth.articles_per_day : fallback.articlesPerDay,
    days: Math.min(DEMO_DEFAULTS.days, Math.max(1, spanDays)),
  }
}

export function storeState(db: Database): StoreState {
  return { origin: readOrigin(db), holdsData: holdsData(db), sources: ingestedSources(db) }
}

/** Applies the origin rules (batch/origin.ts) and records the run's origin in the store before anything is ingested. */
export function planRun(config: Config, configured: readonly string[], command: string): InputPlan {
  const db = openStore(storePath(config.dataDir))
  try {
    const plan = planInputs(configured, storeState(db), config.dataDir, command)
    if (plan.origin !== null && (plan.inputs.length > 0 || holdsData(db))) writeOrigin(db, plan.origin)
    return plan
  } finally {
    db.close()
  }
}

/** Loads the price files a demo archive ships, with `demo` as their source. */
export function loadDemoPrices(config: Config, dir: string, nowSeconds: number): PriceLoad[] {
  const pricesDir = join(dir, 'prices')
  if (!existsSync(pricesDir)) return []
  const names = readdirSync(pricesDir).sort()
  const db = openStore(storePath(config.dataDir))
  try {
    return Object.entries(DEMO_PRICE_FILES).map(([slug, match]) =>
      loadPriceFiles(
        db,
        slug,
        names.filter(match).map((n) => join(pricesDir, n)),
        'demo',
        nowSeconds,
      ),
    )
  } finally {
    db.close()
  }
}
