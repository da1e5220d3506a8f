/**
 * Configuration from environment variables, parsed in one pure function so that the batch job,
 * the live node and the tests read it the same way. An invalid value is a ConfigError whose
 * message is one line; the program edges print it and exit non-zero.
 */

export interface Config {
  /** Data directory: the SQLite store, the demo archive, downloaded inputs. */
  dataDir: string
  /** Snapshot output directory (versioned folders plus latest.json). */
  snapshotsDir: string
  port: number
  /** Fixed instant replacing the wall clock everywhere, or null for the real clock. */
  now: Date | null
  /** Base URL for `cc-news:` listing specs. */
  ccNewsBaseUrl: string
  /**
   * What the hourly build ingests: input specs as `bun run ingest` takes them (paths, globs,
   * URLs, `cc-news:YYYY/MM[/DD]`, `cc-news:live`), the word `demo` for the generated demo archive,
   * or `none` (the store alone). Empty when unset: the demo on an empty or demo store, nothing on a
   * real one (build/origin.ts).
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

export const SEARCH_ENGINES = ['sqlite', 'opensearch'] as const
export type SearchEngine = (typeof SEARCH_ENGINES)[number]

export class ConfigError extends Error {
  override name = 'ConfigError'
}

export const DEFAULTS = {
  NEWSDESK_DATA: './data',
  NEWSDESK_SNAPSHOTS: './snapshots',
  PORT: '8000',
  NEWSDESK_CC_BASE: 'https://data.commoncrawl.org/',
  NEWSDESK_INPUTS: '',
  NEWSDESK_WORKERS: '',
  NEWSDESK_SEARCH: 'sqlite',
  OPENSEARCH_URL: '',
  NEWSDESK_SQLITE_MMAP_MB: '4096',
  NEWSDESK_QUERY_WORKERS: '2',
  NEWSDESK_QUERY_BUDGET_MS: '5000',
} as const

/** An ISO 8601 instant with an explicit zone (`Z` or ±hh:mm), or a date alone (taken as 00:00 UTC). */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2}))?$/

export function parseInstant(value: string): Date | null {
  if (!ISO_INSTANT.test(value)) return null
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value)
  return Number.isNaN(date.getTime()) ? null : date
}

export function parseConfig(env: Readonly<Record<string, string | undefined>>): Config {
  const pick = (name: keyof typeof DEFAULTS): string => {
    const raw = env[name]
    return raw === undefined || raw.trim() === '' ? DEFAULTS[name] : raw.trim()
  }

  const portText = pick('PORT')
  const port = /^\d{1,5}$/.test(portText) ? Number(portText) : Number.NaN
  if (!(port >= 0 && port <= 65535)) {
    throw new ConfigError(`PORT must be an integer from 0 to 65535, got "${portText}"`)
  }

  const nowText = env.NEWSDESK_NOW?.trim() ?? ''
  let now: Date | null = null
  if (nowText !== '') {
    now = parseInstant(nowText)
    if (now === null) {
      throw new ConfigError(`NEWSDESK_NOW must be an ISO 8601 instant such as 2026-11-21T14:00:00Z, got "${nowText}"`)
    }
  }

  const ccNewsBaseUrl = pick('NEWSDESK_CC_BASE')
  if (!/^https?:\/\/[^\s/]+/.test(ccNewsBaseUrl)) {
    throw new ConfigError(`NEWSDESK_CC_BASE must be an http(s) URL, got "${ccNewsBaseUrl}"`)
  }

  const inputs = pick('NEWSDESK_INPUTS')
    .split(/[\s,]+/)
    .filter((s) => s !== '')

  const workersText = env.NEWSDESK_WORKERS?.trim() ?? ''
  let workers: number | null = null
  if (workersText !== '') {
    workers = /^\d{1,3}$/.test(workersText) ? Number(workersText) : Number.NaN
    if (!(workers >= 0 && workers <= 64)) {
      throw new ConfigError(`NEWSDESK_WORKERS must be an integer from 0 to 64, got "${workersText}"`)
    }
  }

  const search = pick('NEWSDESK_SEARCH')
  if (!(SEARCH_ENGINES as readonly string[]).includes(search)) {
    throw new ConfigError(`NEWSDESK_SEARCH must be one of ${SEARCH_ENGINES.join(', ')}, got "${search}"`)
  }
  const openSearchText = pick('OPENSEARCH_URL')
  if (openSearchText !== '' && !/^https?:\/\/[^\s/]+\S*$/.test(openSearchText)) {
    // The value is not echoed: it may carry credentials (https://user:password@host).
    throw new ConfigError('OPENSEARCH_URL must be an http(s) URL such as http://localhost:9200')
  }
  if (search === 'opensearch' && openSearchText === '') {
    throw new ConfigError('NEWSDESK_SEARCH=opensearch needs OPENSEARCH_URL (for example http://localhost:9200)')
  }

  const mmapText = pick('NEWSDESK_SQLITE_MMAP_MB')
  const sqliteMmapMb = /^\d{1,6}$/.test(mmapText) ? Number(mmapText) : Number.NaN
  if (!(sqliteMmapMb >= 0 && sqliteMmapMb <= 65536)) {
    throw new ConfigError(`NEWSDESK_SQLITE_MMAP_MB must be an integer from 0 to 65536, got "${mmapText}"`)
  }

  const queryWorkersText = pick('NEWSDESK_QUERY_WORKERS')
  const queryWorkers = /^\d{1,2}$/.test(queryWorkersText) ? Number(queryWorkersText) : Number.NaN
  if (!(queryWorkers >= 0 && queryWorkers <= 64)) {
    throw new ConfigError(`NEWSDESK_QUERY_WORKERS must be an integer from 0 to 64, got "${queryWorkersText}"`)
  }
  const budgetText = pick('NEWSDESK_QUERY_BUDGET_MS')
  const queryBudgetMs = /^\d{1,6}$/.test(budgetText) ? Number(budgetText) : Number.NaN
  if (!(queryBudgetMs >= 100 && queryBudgetMs <= 600_000)) {
    throw new ConfigError(`NEWSDESK_QUERY_BUDGET_MS must be an integer from 100 to 600000, got "${budgetText}"`)
  }

  return {
    inputs,
    workers,
    sqliteMmapMb,
    queryWorkers,
    queryBudgetMs,
    search: search as SearchEngine,
    openSearchUrl: openSearchText === '' ? null : openSearchText,
    dataDir: pick('NEWSDESK_DATA'),
    snapshotsDir: pick('NEWSDESK_SNAPSHOTS'),
    port,
    now,
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
