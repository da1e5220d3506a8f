/**
 * The live node's I/O edge: reads the configuration, listens, and runs the batch job as a child
 * process (first on an empty data directory, then every hour), so a crashed build never takes the
 * HTTP node down with it. build/ is never imported here: it is started as a program.
 */
import type { Database } from 'bun:sqlite'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import cron from 'node-cron'
import { ConfigError, clockFrom, parseConfig } from '../core/config.ts'
import { countArticles } from '../store/articles.ts'
import { openStore, storePath } from '../store/open.ts'
import { SqliteSearchIndex } from '../store/search-sqlite.ts'
import { createApp } from './app.ts'
import type { DataView } from '../answers/context.ts'

const BUILD_SCRIPT = fileURLToPath(new URL('../build/main.ts', import.meta.url))

function runBuild(): Promise<number> {
  const child = Bun.spawn([process.execPath, 'run', BUILD_SCRIPT, 'build'], { stdio: ['ignore', 'inherit', 'inherit'], env: process.env })
  return child.exited
}

async function main(): Promise<void> {
  const config = parseConfig(process.env)
  const clock = clockFrom(config)
  const path = storePath(config.dataDir)
  const started = performance.now()
  let data: DataView | null = null
  const tryOpen = () => {
    if (data === null && existsSync(path)) {
      const db: Database = openStore(path, { readonly: true })
      if (countArticles(db) > 0) data = { db, index: new SqliteSearchIndex(db), version: null, watermark: null }
      else db.close()
    }
  }
  tryOpen()

  const app = createApp({
    data: () => data,
    clock,
    uptimeSeconds: () => Math.floor((performance.now() - started) / 1000),
    version: process.env.npm_package_version ?? '0.1.0',
  })
  app.listen({ port: config.port, hostname: process.env.HOST ?? '0.0.0.0' })
  console.log(`newsdesk: listening on http://localhost:${app.server?.port ?? config.port}`)

  let building = false
  const build = async (why: string) => {
    if (building) return
    building = true
    console.log(`newsdesk: batch run (${why})`)
    try {
      const code = await runBuild()
      if (code !== 0) console.error(`newsdesk: batch run exited with ${code}; still serving the previous data`)
      tryOpen()
    } finally {
      building = false
    }
  }
  if (data === null) {
    console.log('newsdesk: empty data directory, generating and ingesting the demo archive first')
    void build('first run')
  }
  cron.schedule('5 * * * *', () => build('hourly'), { noOverlap: true })
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : `error: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(error instanceof ConfigError ? 2 : 1)
})
