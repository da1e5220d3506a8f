/**
 * The batch job's command line, the I/O edge of batch/: reads the configuration and the clock
 * once, then hands plain values down.
 *
 *   bun run demo                          generate (or extend) the demo archive in $NEWSDESK_DATA/demo
 *   bun run ingest <inputs...>            ingest WARC files, directories, globs, URLs, cc-news:YYYY/MM[/DD]
 *   bun run ingest:prices <slug> <files>  load kline / daily close files for one instrument
 *   bun run build [--with-text|--no-export]  one batch run: new inputs, prices, retention, snapshot + research bundle
 *   import-bundle <folder>                reload a downloaded research bundle into $NEWSDESK_DATA (an empty store)
 */
import type { SourceFailure } from '../contract/source-failure.ts'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Config, ConfigError, clockFrom, parseConfig } from '../core/config.ts'
import { openStore, storePath } from '../store/open.ts'
import { DEMO_DEFAULTS, generateDemoArchive } from '../demo/index.ts'
import {
  DEMO_INPUT,
  type InputPlan,
  OriginError,
  type StoreState,
  isDemoArchive,
  planInputs,
  publicName,
} from './origin.ts'
import { holdsData, ingestedSources, readOrigin, writeOrigin } from '../store/origin.ts'
import { type IngestHooks, type IngestSummary, ingest } from './ingest/run.ts'
import { type PriceLoad, loadPriceFiles } from './load-prices.ts'
import type { PublishHooks } from './snapshot/publish.ts'
import { buildSnapshot } from './snapshot/run.ts'
import { writePage } from './page.ts'
import { importBundle } from './export/load.ts'
import { verifyBundle } from './verify.ts'
import { countArticles } from '../store/articles.ts'
import { resolveInputs } from './warc/inputs.ts'
import { isCcNewsLive, listCcNewsLive } from './warc/cc-news-live.ts'
import type { RetryPolicy } from './warc/retry-policy.ts'
import { getWarcFile, lastFailures } from '../store/warc-files.ts'
import { refreshTermCounts } from '../store/term-counts.ts'
import { compactFullText } from '../store/fts-maintenance.ts'
import { pendingLiveFiles } from './live-files.ts'
import { type StreamConfig, parseStreamConfig } from '../core/stream-config.ts'
import { acquireRunLock } from './run-lock.ts'
import type { Database } from 'bun:sqlite'
import { syncOpenSearch } from '../store/opensearch/bulk.ts'
import { RETENTION_DAYS } from './ingest/run.ts'
import { DAILY_INDEX_LAYOUT } from '../store/opensearch/index-template.ts'
import { asyncTransport, openSearchClient } from '../store/opensearch/transport.ts'

class UsageError extends Error {}

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
function demoParams(dir: string, now: Date): { seed: number; articlesPerDay: number; days: number } {
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

function storeState(db: Database): StoreState {
  return { origin: readOrigin(db), holdsData: holdsData(db), sources: ingestedSources(db) }
}

/** Applies the origin rules (batch/origin.ts) and records the run's origin in the store before anything is ingested. */
function planRun(config: Config, configured: readonly string[], command: string): InputPlan {
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
function loadDemoPrices(config: Config, dir: string, nowSeconds: number): PriceLoad[] {
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

/** A progress line every 2 s; with files left, an ETA from this run's pace (files finished per second). */
function progressPrinter(label: string): (s: IngestSummary) => void {
  let last = 0
  const started = performance.now()
  return (s) => {
    const t = performance.now()
    if (t - last < 2000) return
    last = t
    const seconds = (t - started) / 1000
    const rate = Math.round(s.articles / seconds)
    const done = s.files_ingested + s.files_already_done
    const left = s.files - done - s.files_failed.length
    const eta =
      s.files_ingested > 0 && left > 0
        ? `, ETA ${formatDuration((left * seconds) / s.files_ingested)} (stop any time: the next run resumes)`
        : ''
    process.stderr.write(`${label}: ${done}/${s.files} files, ${s.articles} new articles, ${rate} articles/s${eta}\n`)
  }
}

function formatDuration(seconds: number): string {
  const s = Math.round(seconds)
  if (s < 120) return `${s} s`
  if (s < 7200) return `${Math.round(s / 60)} min`
  return `${(s / 3600).toFixed(1)} h`
}

function printSummary(s: IngestSummary): void {
  const skipped = Object.entries(s.skipped)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')
  console.log(
    [
      `files: ${s.files} (${s.files_ingested} ingested, ${s.files_already_done} already done, ${s.files_failed.length} failed)`,
      `records: ${s.records}, html responses: ${s.html}`,
      `articles: ${s.articles} new, ${s.duplicates} duplicate URLs, ${s.replaced} replaced by an earlier crawl, ${s.out_of_window} outside the ${90}-day window`,
      `skipped: ${skipped === '' ? 'none' : skipped}`,
      `retention: ${s.retention_deleted} deleted`,
      `elapsed: ${(s.elapsed_ms / 1000).toFixed(1)} s`,
    ].join('\n'),
  )
  for (const f of s.files_failed) console.log(`failed: ${f.source}: ${f.message}`)
}

function printPriceLoads(loads: readonly PriceLoad[]): void {
  for (const l of loads) {
    console.log(`prices ${l.instrument}: ${l.files} files, ${l.saved} saved, ${l.skipped} skipped`)
    for (const e of l.errors.slice(0, 5)) console.log(`  ${e}`)
  }
}

/** A run's ingest: what failed to list (cc-news:live's monthly listings) beside the ingest summary. */
interface RunIngest {
  summary: IngestSummary
  listingsFailed: { source: string; message: string }[]
}

async function runIngest(
  config: Config,
  now: Date,
  specs: readonly string[],
  opts: BuildOptions = {},
): Promise<RunIngest> {
  const stream = opts.stream ?? parseStreamConfig({})
  const retry: RetryPolicy = {
    retries: stream.fetchRetries,
    backoffMs: stream.fetchBackoffMs,
    maxBackoffMs: stream.fetchMaxBackoffMs,
  }
  const live = specs.filter(isCcNewsLive)
  const sources = await resolveInputs(
    specs.filter((s) => !isCcNewsLive(s)),
    { ccNewsBaseUrl: config.ccNewsBaseUrl, retry },
  )
  const db = openStore(storePath(config.dataDir))
  try {
    const listingsFailed: RunIngest['listingsFailed'] = []
    if (live.length > 0) {
      const listing = await listCcNewsLive({
        nowMs: now.getTime(),
        windowDays: RETENTION_DAYS,
        baseUrl: config.ccNewsBaseUrl,
        sample: stream.liveSample,
        retry,
      })
      listingsFailed.push(...listing.failed)
      const failed = lastFailures(db)
      const known = (url: string) => {
        const file = getWarcFile(db, url)
        const failedAt = failed.get(url) ?? null
        return file === null && failedAt === null ? null : { status: file?.status ?? 'running', failedAt }
      }
      sources.push(
        ...pendingLiveFiles(
          listing.files.map((f) => f.url),
          known,
          stream.liveMaxFiles,
        ),
      )
    }
    const workers = config.workers ?? undefined
    const summary = await ingest({
      db,
      sources: [...new Set(sources)],
      now,
      retry,
      hostConnections: stream.hostConnections,
      onProgress: progressPrinter('ingest'),
      ...(workers === undefined ? {} : { workers }),
      ...(opts.fetchTimeoutMs === undefined ? {} : { fetchTimeoutMs: opts.fetchTimeoutMs }),
      ...(opts.ingestHooks === undefined ? {} : { hooks: opts.ingestHooks }),
    })
    // Before any snapshot is written, so its watermark finds the counts of every day up to date.
    // The counts only make stats faster (a stale day is read from the articles), so a refresh
    // that fails is reported and the run goes on to publish.
    const started = performance.now()
    try {
      const counts = refreshTermCounts(db, Math.floor(now.getTime() / 1000))
      console.log(
        `word counts: ${counts.keys} words (${counts.added} new, ${counts.dropped} dropped${counts.reselected ? ', chosen again' : ''}), ${counts.staleDays} days recounted (${((performance.now() - started) / 1000).toFixed(1)} s)`,
      )
    } catch (e) {
      console.error(
        `warning: word counts not refreshed (stats read the articles for the days written since): ${e instanceof Error ? e.message : String(e)}`,
      )
    }
    // A lookup probes every segment of the full-text index: segments on one level are merged,
    // and past FTS_SEGMENTS_MAX all into one (store/fts-maintenance.ts). Only speed depends on
    // it, so a failure is reported and the run goes on.
    const compactStarted = performance.now()
    try {
      const c = compactFullText(db)
      if (c.after !== c.before) {
        const how = c.after === c.afterLevels ? 'level merges' : `level merges left ${c.afterLevels}, merged into one`
        console.log(
          `full-text index: ${c.before} segments → ${c.after} (${how}, ${((performance.now() - compactStarted) / 1000).toFixed(1)} s)`,
        )
      }
    } catch (e) {
      console.error(`warning: full-text index not merged: ${e instanceof Error ? e.message : String(e)}`)
    }
    return { summary, listingsFailed }
  } finally {
    db.close()
  }
}

async function commandDemo(config: Config, now: Date, args: readonly string[]): Promise<void> {
  const perDay = flag(args, '--per-day')
  const days = flag(args, '--days')
  const summary = await generateDemoArchive({
    outDir: demoDir(config),
    now,
    seed: flag(args, '--seed') ?? 20261121,
    days: days ?? 90,
    articlesPerDay: perDay ?? 800,
  })
  console.log(JSON.stringify(summary, null, 2))
}

async function commandIngest(config: Config, now: Date, args: readonly string[]): Promise<void> {
  const specs = args.filter((a) => !a.startsWith('--'))
  if (specs.length === 0) throw new UsageError('usage: bun run ingest <file|dir|glob|url|cc-news:YYYY/MM[/DD]>...')
  planRun(config, specs, `bun run ingest ${specs.join(' ')}`)
  const { summary, listingsFailed } = await runIngest(config, now, specs, { stream: parseStreamConfig(process.env) })
  printSummary(summary)
  for (const f of listingsFailed) console.log(`failed: ${f.source}: ${f.message}`)
  const nowSeconds = Math.floor(now.getTime() / 1000)
  for (const spec of specs) {
    if (isDemoArchive(spec)) printPriceLoads(loadDemoPrices(config, spec, nowSeconds))
  }
  if (summary.files_failed.length > 0 || listingsFailed.length > 0) process.exitCode = 1
}

function commandIngestPrices(config: Config, now: Date, args: readonly string[]): void {
  const source = stringFlag(args, '--source')
  const [slug, ...files] = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--source')
  if (slug === undefined || files.length === 0) {
    throw new UsageError(
      'usage: bun run ingest:prices <bitcoin|gold|silver|usd-brl|usd-inr> <files...> [--source NAME]',
    )
  }
  const db = openStore(storePath(config.dataDir))
  try {
    const load = loadPriceFiles(
      db,
      slug,
      files,
      source ?? (slug === 'bitcoin' ? 'binance' : 'file'),
      Math.floor(now.getTime() / 1000),
    )
    printPriceLoads([load])
  } finally {
    db.close()
  }
}

export interface BuildOptions {
  /** Live feed, retry and connection knobs (core/stream-config.ts); the defaults when absent. */
  stream?: StreamConfig
  /** WARC URL silence limit (default batch/warc/byte-source.ts WARC_TIMEOUT_MS). */
  fetchTimeoutMs?: number
  /** Fault tests kill the run at chosen points through these. */
  ingestHooks?: IngestHooks
  publishHooks?: PublishHooks
}

export type { SourceFailure }

const publicMessage = (message: string): string => message.replace(/(?:\/[^\s/:]+)+\/([^\s/:]+)/g, '$1')

export function sourceFailures(
  ingest: IngestSummary,
  prices: readonly PriceLoad[],
  listings: readonly { source: string; message: string }[] = [],
): SourceFailure[] {
  const failures: SourceFailure[] = ingest.files_failed.map((f) => ({
    kind: 'warc',
    source: publicName(f.source),
    message: publicMessage(f.message),
  }))
  for (const l of listings) failures.push({ kind: 'listing', source: l.source, message: publicMessage(l.message) })
  for (const p of prices) {
    if (p.files_failed > 0 || (p.saved === 0 && p.errors.length > 0)) {
      failures.push({ kind: 'prices', source: p.instrument, message: publicMessage(p.errors.slice(0, 3).join('; ')) })
    }
  }
  return failures
}

/** Copies the run's new articles into the daily indices and applies their retention; throws (the run fails) on any error. */
async function indexIntoOpenSearch(db: Database, url: string, nowSeconds: number): Promise<void> {
  const started = performance.now()
  const client = openSearchClient(url)
  try {
    const s = await syncOpenSearch({
      db,
      send: asyncTransport(client),
      nowS: nowSeconds,
      retentionDays: RETENTION_DAYS,
      ...DAILY_INDEX_LAYOUT,
    })
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    console.log(
      `opensearch: ${s.indexed} indexed, ${s.regrouped} regrouped, ${s.deletedIndices.length} indices deleted, ${s.trimmed} trimmed (${seconds} s)`,
    )
  } finally {
    await client.close()
  }
}

/** One batch run over the configured inputs, never two at once on one data directory (batch/run-lock.ts). */
export async function commandBuild(
  config: Config,
  now: Date,
  args: readonly string[] = [],
  opts: BuildOptions = {},
): Promise<void> {
  const release = acquireRunLock(config.dataDir)
  try {
    await runBuild(config, now, args, opts)
  } finally {
    release()
  }
}

async function runBuild(config: Config, now: Date, args: readonly string[], opts: BuildOptions): Promise<void> {
  const specs: string[] = []
  const nowSeconds = Math.floor(now.getTime() / 1000)
  const prices: PriceLoad[] = []
  const plan = planRun(config, config.inputs, `NEWSDESK_INPUTS=${config.inputs.join(',')} npm start`)
  console.log(
    `origin: ${plan.origin ?? 'empty store'}, following: ${plan.inputs.length === 0 ? 'nothing (the store alone)' : plan.inputs.map(publicName).join(', ')}`,
  )
  for (const input of plan.inputs) {
    if (input === DEMO_INPUT) {
      const dir = demoDir(config)
      const demo = await generateDemoArchive({ outDir: dir, now, ...demoParams(dir, now) })
      console.log(`demo archive: ${JSON.stringify(demo)}`)
      specs.push(join(dir, 'warc'))
      prices.push(...loadDemoPrices(config, dir, nowSeconds))
    } else {
      specs.push(input)
      // A demo archive folder named as an input brings its prices, as with `bun run ingest`.
      if (isDemoArchive(input)) prices.push(...loadDemoPrices(config, input, nowSeconds))
    }
  }
  printPriceLoads(prices)
  const { summary, listingsFailed } = await runIngest(config, now, specs, opts)
  printSummary(summary)
  const failed = sourceFailures(summary, prices, listingsFailed)
  const db = openStore(storePath(config.dataDir))
  try {
    // Before the snapshot: its watermark must be searchable in OpenSearch when latest.json moves.
    if (config.search === 'opensearch' && config.openSearchUrl !== null)
      await indexIntoOpenSearch(db, config.openSearchUrl, nowSeconds)
    const bundle = args.includes('--no-export') ? false : { withText: args.includes('--with-text') }
    const started = performance.now()
    const manifest = buildSnapshot({
      db,
      root: config.snapshotsDir,
      now,
      sources: { origin: plan.origin, following: plan.inputs.map(publicName), ingest: summary, prices, failed },
      bundle,
      ...(opts.publishHooks === undefined ? {} : { hooks: opts.publishHooks }),
    })
    const exported = manifest.export === undefined ? 'no bundle' : `bundle of ${manifest.export.articles} articles`
    console.log(
      `snapshot ${manifest.version}: ${manifest.files.length} files, ${exported}, watermark ${manifest.watermark} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
    )
  } finally {
    db.close()
  }
  // After the snapshot, so a page that fails to bundle fails the run without holding back the data.
  const page = await writePage(config.snapshotsDir)
  console.log(
    `page: ${page.files.join(', ')} (${page.written.length} written, ${page.removed.length} old assets removed)`,
  )
  // A failed source does not fail the build: it is in the manifest and /health, the rest is published.
  for (const f of failed) console.error(`warning: ${f.kind} source failed: ${f.source}: ${f.message}`)
}

async function commandImportBundle(config: Config, args: readonly string[]): Promise<void> {
  const dir = args.find((a) => !a.startsWith('--'))
  if (dir === undefined) throw new UsageError('usage: main.ts import-bundle <folder>')
  const check = await verifyBundle(dir)
  if (!check.ok) throw new UsageError(`${dir} does not match its SHA256SUMS: run bun run verify ${dir}`)
  const db = openStore(storePath(config.dataDir))
  try {
    if (countArticles(db) > 0)
      throw new UsageError(`${storePath(config.dataDir)} already holds articles: import into an empty NEWSDESK_DATA`)
    const summary = importBundle(db, dir)
    console.log(
      `imported ${summary.articles} articles, ${JSON.stringify(summary.rows)} into ${storePath(config.dataDir)}`,
    )
  } finally {
    db.close()
  }
}

function flag(args: readonly string[], name: string): number | undefined {
  const text = stringFlag(args, name)
  if (text === undefined) return undefined
  if (!/^\d+$/.test(text)) throw new UsageError(`${name} takes a whole number, got "${text}"`)
  return Number(text)
}

function stringFlag(args: readonly string[], name: string): string | undefined {
  const i = args.indexOf(name)
  if (i === -1) return undefined
  const value = args[i + 1]
  if (value === undefined) throw new UsageError(`${name} needs a value`)
  return value
}

async function main(argv: readonly string[]): Promise<void> {
  const config = parseConfig(process.env)
  const now = clockFrom(config)()
  const [command, ...args] = argv
  switch (command) {
    case 'demo':
      return commandDemo(config, now, args)
    case 'ingest':
      return commandIngest(config, now, args)
    case 'ingest-prices':
      return commandIngestPrices(config, now, args)
    case 'build':
      return commandBuild(config, now, args, { stream: parseStreamConfig(process.env) })
    case 'import-bundle':
      return commandImportBundle(config, args)
    default:
      throw new UsageError('usage: main.ts demo|ingest|ingest-prices|build|import-bundle')
  }
}

if (import.meta.main) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    const known = error instanceof ConfigError || error instanceof UsageError || error instanceof OriginError
    console.error(known ? (error as Error).message : `error: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(known ? 2 : 1)
  })
}
