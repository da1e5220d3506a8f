/**
 * Configuration from environment variables, parsed in one pure function so that the batch job,
 * the live node and the tests read it the same way. Each variable's default, bounds and help are
 * in the settings table (core/settings.ts); an invalid value is a ConfigError whose message is one
 * line; the program edges print it and exit non-zero.
 */
import { ConfigError, type Env, type SearchEngine, readSetting } from './settings.ts'

export { ConfigError, parseInstant, SEARCH_ENGINES, type SearchEngine } from './settings.ts'

export interface Config {
  /** Data directory: the SQLite store, the demo archive, downloaded inputs. */
  dataDir: string
  /** Snapshot output directory (versioned folders plus latest.json). */
  snapshotsDir: string
  port: number
  /** Address the live node listens on. */
  host: string
  /** Fixed instant replacing the wall clock everywhere, or null for the real clock. */
  now: Date | null
  /** Base URL for `cc-news:` listing specs. */
  ccNewsBaseUrl: string
  /**
   * What the hourly build ingests: input specs as `bun run ingest` takes them (paths, globs,
   * URLs, `cc-news:YYYY/MM[/DD]`, `cc-news:live`), the word `demo` for the generated demo archive,
   * or `none` (the store alone). Empty when unset: the demo on an empty or demo store, nothing on a
   * real one (batch/origin.ts).
   */
  inputs: string[]
  /** Worker threads for ingest; 0 = in-process. Default: one per core. */
  workers: number | null
  /** The search engine behind /v1/search, /v1/stats and /v1/article (docs/opensearch.md). */
  search: SearchEngine
  /** OpenSearch (or Elasticsearch) base URL; required when `search` is `opensearch`. */
  openSearchUrl: string | null
  /**
   * How much of the store the live node maps into memory (SQLite mmap_size), in MiB. Mapped pages
   * count in the process's RSS though they are the OS page cache's; 0 reads through a 32 MiB cache.
   */
  sqliteMmapMb: number
  /** Worker threads that answer store queries off the event loop (live/query-pool.ts); 0 = on the main thread. */
  queryWorkers: number
  /** Time budget of one pooled query, in ms: past it the query is stopped and answered 503. */
  queryBudgetMs: number
}

/**
 * The configuration the batch job and the live node share, read from the settings table
 * (core/settings.ts), plus the rules between settings: `opensearch` needs its URL.
 */
export function parseConfig(env: Env): Config {
  const search = readSetting(env, 'NEWSDESK_SEARCH')
  const openSearchUrl = readSetting(env, 'OPENSEARCH_URL')
  if (search === 'opensearch' && openSearchUrl === null) {
    throw new ConfigError('NEWSDESK_SEARCH=opensearch needs OPENSEARCH_URL (for example http://localhost:9200)')
  }
  const ccNewsBaseUrl = readSetting(env, 'NEWSDESK_CC_BASE')
  return {
    inputs: readSetting(env, 'NEWSDESK_INPUTS'),
    workers: readSetting(env, 'NEWSDESK_WORKERS'),
    sqliteMmapMb: readSetting(env, 'NEWSDESK_SQLITE_MMAP_MB'),
    queryWorkers: readSetting(env, 'NEWSDESK_QUERY_WORKERS'),
    queryBudgetMs: readSetting(env, 'NEWSDESK_QUERY_BUDGET_MS'),
    search,
    openSearchUrl,
    dataDir: readSetting(env, 'NEWSDESK_DATA'),
    snapshotsDir: readSetting(env, 'NEWSDESK_SNAPSHOTS'),
    port: readSetting(env, 'PORT'),
    host: readSetting(env, 'HOST'),
    now: readSetting(env, 'NEWSDESK_NOW'),
    ccNewsBaseUrl: ccNewsBaseUrl.endsWith('/') ? ccNewsBaseUrl : `${ccNewsBaseUrl}/`,
  }
}

/**
 * The clock every answer and build reads: NEWSDESK_NOW or the wall clock, in whole seconds. The
 * contract's timestamps have second precision, so a range that ends "now" is stated exactly in
 * the answer's `from`/`to`, and replaying the request with those bounds gives the same answer.
 * Edges call this; core receives the value.
 */
export function clockFrom(config: Pick<Config, 'now'>): () => Date {
  const fixed = config.now
  const whole = (ms: number) => new Date(Math.floor(ms / 1000) * 1000)
  return fixed === null ? () => whole(Date.now()) : () => whole(fixed.getTime())
}

/** ISO 8601 UTC with second precision and trailing Z, the contract's timestamp form. */
export function isoSeconds(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`
}
