/** `bun run build`: one batch run over the configured inputs: ingest, prices, OpenSearch sync, snapshot with research bundle, the page. */
import type { SourceFailure } from '../../contract/source-failure.ts'
import { join } from 'node:path'
import type { Config } from '../../core/config.ts'
import { openStore, storePath } from '../../store/open.ts'
import { generateDemoArchive } from '../../demo/index.ts'
import { DEMO_INPUT, type InputPlan, isDemoArchive, publicName } from '../origin.ts'
import { holdsData } from '../../store/origin.ts'
import { FIRST_PASS_DAYS, type FirstPass, splitFirstPass } from '../first-pass.ts'
import type { IngestSummary } from '../ingest/run.ts'
import type { PriceLoad } from '../load-prices.ts'
import { buildSnapshot } from '../snapshot/run.ts'
import { writePage } from '../page.ts'
import { acquireRunLock } from '../run-lock.ts'
import type { Database } from 'bun:sqlite'
import { syncOpenSearch } from '../../store/opensearch/bulk.ts'
import { RETENTION_DAYS } from '../ingest/run.ts'
import { DAILY_INDEX_LAYOUT } from '../../store/opensearch/index-template.ts'
import { asyncTransport, openSearchClient } from '../../store/opensearch/transport.ts'
import { demoDir, demoParams, loadDemoPrices, planRun } from './inputs.ts'
import { printPriceLoads, printSummary } from './report.ts'
import { type BuildOptions, type IngestOnly, runIngest } from './run-ingest.ts'

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
  const context: PassContext = { config, now, args, opts, plan, specs, prices, failed: [] }
  // A first run publishes the newest days first, then the rest (batch/first-pass.ts).
  const split: { pass: FirstPass | null } = { pass: null }
  const pick = storeIsEmpty(config)
    ? (sources: string[]) => {
        split.pass = splitFirstPass(sources)
        return split.pass?.first ?? sources
      }
    : undefined
  await ingestAndPublish(context, { ...(pick === undefined ? {} : { pick }) }, () => split.pass)
  // After the first snapshot, so a page that fails to bundle fails the run without holding back the data.
  const page = await writePage(config.snapshotsDir)
  console.log(
    `page: ${page.files.join(', ')} (${page.written.length} written, ${page.removed.length} old assets removed)`,
  )
  if (split.pass !== null) {
    console.log(
      `first run: the newest ${FIRST_PASS_DAYS} days are served; now the other ${split.pass.rest.length} files`,
    )
    // Exactly the rest, as listed for the first pass: a file that failed there waits for the next
    // run, as it would have in one pass, and listings are not fetched twice.
    await ingestAndPublish(context, { sources: split.pass.rest }, () => null)
  }
  // A failed source does not fail the build: it is in the manifest and /health, the rest is published.
  for (const f of context.failed) console.error(`warning: ${f.kind} source failed: ${f.source}: ${f.message}`)
}

interface PassContext {
  config: Config
  now: Date
  args: readonly string[]
  opts: BuildOptions
  plan: InputPlan
  specs: readonly string[]
  prices: PriceLoad[]
  /** Every source failure of the run's passes, reported at its end. */
  failed: SourceFailure[]
}

function storeIsEmpty(config: Config): boolean {
  const db = openStore(storePath(config.dataDir))
  try {
    return !holdsData(db)
  } finally {
    db.close()
  }
}

/**
 * Ingests the sources `only` keeps (all when empty) and publishes a snapshot of the store; when
 * `pending()` names files left for a later pass, the manifest says so.
 */
async function ingestAndPublish(c: PassContext, only: IngestOnly, pending: () => FirstPass | null): Promise<void> {
  const { config, now, plan, prices } = c
  const { summary, listingsFailed } = await runIngest(config, now, c.specs, c.opts, only)
  printSummary(summary)
  // The manifest names every failure of the run so far: a file that failed in the first pass is
  // not read again in the second, and stays reported until a later run reads it.
  const seen = new Set(c.failed.map((f) => JSON.stringify(f)))
  for (const f of sourceFailures(summary, prices, listingsFailed)) if (!seen.has(JSON.stringify(f))) c.failed.push(f)
  const failed = [...c.failed]
  const left = pending()
  const db = openStore(storePath(config.dataDir))
  try {
    // Before the snapshot: its watermark must be searchable in OpenSearch when latest.json moves.
    if (config.search === 'opensearch' && config.openSearchUrl !== null)
      await indexIntoOpenSearch(db, config.openSearchUrl, Math.floor(now.getTime() / 1000))
    const bundle = c.args.includes('--no-export') ? false : { withText: c.args.includes('--with-text') }
    const started = performance.now()
    const manifest = buildSnapshot({
      db,
      root: config.snapshotsDir,
      now,
      sources: {
        origin: plan.origin,
        following: plan.inputs.map(publicName),
        ingest: summary,
        prices,
        failed,
        ...(left === null
          ? {}
          : { pending: { files: left.rest.length, why: `first run: the newest ${FIRST_PASS_DAYS} days first` } }),
      },
      bundle,
      ...(c.opts.publishHooks === undefined ? {} : { hooks: c.opts.publishHooks }),
    })
    const exported = manifest.export === undefined ? 'no bundle' : `bundle of ${manifest.export.articles} articles`
    console.log(
      `snapshot ${manifest.version}: ${manifest.files.length} files, ${exported}, watermark ${manifest.watermark} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
    )
  } finally {
    db.close()
  }
}
