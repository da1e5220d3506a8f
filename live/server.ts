/**
 * The live node's I/O edge: reads the configuration, listens, follows the snapshot folder, and
 * runs the batch job as a child process (at once when no snapshot exists, then every hour), so a
 * crashed build never takes the HTTP node down. batch/ is never imported here: it is a program.
 */
import type { Database } from 'bun:sqlite'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import cron from 'node-cron'
import { ConfigError, clockFrom, parseConfig } from '../core/config.ts'
import { openStore, StoreNotMigratedError, storePath } from '../store/open.ts'
import type { SearchIndex } from '../core/search/types.ts'
import { syncTransport } from '../store/opensearch/sync-transport.ts'
import { INDEX_PATTERN } from '../store/opensearch/index-template.ts'
import { OpenSearchIndex, storeVariantResolver } from '../store/search-opensearch.ts'
import { SqliteSearchIndex } from '../store/search-sqlite.ts'
import { createApp } from './app.ts'
import { serveWithLimits } from './limits.ts'
import { SnapshotSource } from './snapshot-source.ts'
import { QueryPool } from './query-pool.ts'
import type { QueryWorkerConfig } from './query-worker.ts'

const BUILD_SCRIPT = fileURLToPath(new URL('../batch/main.ts', import.meta.url))
const SNAPSHOT_POLL_MS = 2000

function runBuild(): Promise<number> {
  const child = Bun.spawn([process.execPath, 'run', BUILD_SCRIPT, 'build'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: process.env,
  })
  return child.exited
}

async function main(): Promise<void> {
  const config = parseConfig(process.env)
  const clock = clockFrom(config)
  const path = storePath(config.dataDir)
  const started = performance.now()
  let db: Database | null = null
  let waitingForMigration = false
  // One transport for the process: the OpenSearch engine holds no state beyond the connection.
  const openSearch =
    config.search === 'opensearch' && config.openSearchUrl !== null ? syncTransport(config.openSearchUrl) : null
  const searchIndex = (store: Database): SearchIndex =>
    openSearch === null
      ? new SqliteSearchIndex(store)
      : new OpenSearchIndex(openSearch.send, INDEX_PATTERN, storeVariantResolver(store))
  const snapshots = new SnapshotSource({
    root: config.snapshotsDir,
    db: () => {
      if (db === null && existsSync(path)) {
        try {
          db = openStore(path, { readonly: true, mmapBytes: config.sqliteMmapMb * 1048576 })
        } catch (error) {
          // Not migrated yet: the batch job (started below) migrates it; the next poll tries again.
          if (!(error instanceof StoreNotMigratedError)) throw error
          if (!waitingForMigration) console.error(`newsdesk: ${error.message}; waiting for the batch job`)
          waitingForMigration = true
        }
      }
      return db
    },
    index: searchIndex,
    onSwitch: (view) => console.log(`newsdesk: serving snapshot ${view.version} (watermark ${view.watermark})`),
    onError: (message) => console.error(`newsdesk: ${message}`),
  })
  snapshots.refresh()
  snapshots.watch(SNAPSHOT_POLL_MS)

  // Store queries run in worker threads with their own read-only connections, so a slow search
  // never stalls /health or snapshot reads (live/query-pool.ts). Not for OpenSearch: its calls
  // leave the process anyway.
  const queries =
    config.search === 'sqlite' && config.queryWorkers > 0
      ? new QueryPool({
          workerUrl: new URL('./query-worker.ts', import.meta.url),
          config: { storePath: path, mmapBytes: config.sqliteMmapMb * 1048576 } satisfies QueryWorkerConfig,
          size: config.queryWorkers,
          budgetMs: config.queryBudgetMs,
          clock: () => clock().getTime(),
          log: (line) => console.error(`newsdesk: ${line}`),
        })
      : undefined
  const app = createApp({
    ...(queries === undefined ? {} : { queries }),
    data: () => snapshots.current,
    snapshotsRoot: config.snapshotsDir,
    clock,
    uptimeSeconds: () => Math.floor((performance.now() - started) / 1000),
    version: process.env.npm_package_version ?? '0.1.0',
  })
  // Bun.serve rather than app.listen: the limits (body, idle, in-flight cap) wrap the app's fetch.
  const server = serveWithLimits(app, { port: config.port, hostname: config.host })
  console.log(`newsdesk: search engine ${config.search}`)
  console.log(`newsdesk: listening on http://localhost:${server.port ?? config.port} (docs at /docs, MCP at /mcp)`)

  let building = false
  const build = async (why: string) => {
    if (building) return
    building = true
    console.log(`newsdesk: batch run (${why})`)
    try {
      const code = await runBuild()
      if (code !== 0) console.error(`newsdesk: batch run exited with ${code}; still serving the previous snapshot`)
      snapshots.refresh()
    } finally {
      building = false
    }
  }
  if (snapshots.current === null) {
    console.log(
      waitingForMigration
        ? 'newsdesk: the store is older than this program: a batch run migrates it'
        : 'newsdesk: no snapshot yet: building one (the demo archive is generated and ingested on the first run)',
    )
    void build(waitingForMigration ? 'migration' : 'first run')
  }
  cron.schedule('5 * * * *', () => build('hourly'), { noOverlap: true })
}

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError ? error.message : `error: ${error instanceof Error ? error.message : String(error)}`,
  )
  process.exit(error instanceof ConfigError ? 2 : 1)
})
