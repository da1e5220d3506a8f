/**
 * Every environment variable the project reads, in one table: name, kind, default, bounds or
 * allowed values, and help. The table parses and validates them (a bad value is a one-line
 * ConfigError naming the variable and what it accepts), and docs/configuration.md and the README's
 * list of names are generated from it (core/settings-doc.ts; test/core/settings-doc.test.ts fails
 * when either is stale). Pure: the environment comes in as an argument.
 *
 * core/config.ts and core/stream-config.ts shape these values for the batch job and the live node;
 * the S3 publisher, benches, scripts and test knobs read them here too.
 */

export class ConfigError extends Error {
  override name = 'ConfigError'
}

export type Env = Readonly<Record<string, string | undefined>>

/** Who reads a setting: the doc groups them so. */
export type SettingScope = 'service' | 'stream' | 'publish' | 'bench' | 'test'

interface Common {
  scope: SettingScope
  help: string
  /** The default as the doc states it, when the value alone does not say it (unset, one per core…). */
  defaultText?: string
  /** Never echo the value in an error (it may carry credentials). */
  secret?: boolean
}
export interface IntSetting<D extends number | null = number | null> extends Common {
  kind: 'int'
  default: D
  min: number
  max: number
}
export interface BoolSetting extends Common {
  kind: 'bool'
  default: boolean
}
export interface StringSetting<D extends string = string> extends Common {
  kind: 'string'
  default: D
  /** Allowed values, when the set is closed. */
  allowed?: readonly D[]
}
export interface PathSetting<D extends string | null = string | null> extends Common {
  kind: 'path'
  default: D
}
export interface UrlSetting<D extends string | null = string | null> extends Common {
  kind: 'url'
  default: D
}
export interface ListSetting extends Common {
  kind: 'list'
  default: readonly string[]
}
/** An ISO 8601 instant with a zone, or a date alone (00:00 UTC); unset = null. */
export interface InstantSetting extends Common {
  kind: 'instant'
  default: null
}
export type Setting = IntSetting | BoolSetting | StringSetting | PathSetting | UrlSetting | ListSetting | InstantSetting
export type SettingKind = Setting['kind']

const int = <D extends number | null>(s: Omit<IntSetting<D>, 'kind'>): IntSetting<D> => ({ kind: 'int', ...s })
const bool = (s: Omit<BoolSetting, 'kind'>): BoolSetting => ({ kind: 'bool', ...s })
const str = <D extends string>(s: Omit<StringSetting<D>, 'kind'>): StringSetting<D> => ({ kind: 'string', ...s })
const path = <D extends string | null>(s: Omit<PathSetting<D>, 'kind'>): PathSetting<D> => ({ kind: 'path', ...s })
const url = <D extends string | null>(s: Omit<UrlSetting<D>, 'kind'>): UrlSetting<D> => ({ kind: 'url', ...s })
const list = (s: Omit<ListSetting, 'kind'>): ListSetting => ({ kind: 'list', ...s })
const instant = (s: Omit<InstantSetting, 'kind'>): InstantSetting => ({ kind: 'instant', ...s })

export const SEARCH_ENGINES = ['sqlite', 'opensearch'] as const
export type SearchEngine = (typeof SEARCH_ENGINES)[number]

export const SETTINGS = {
  NEWSDESK_DATA: path({
    scope: 'service',
    default: './data',
    help: 'data directory: the SQLite store `newsdesk.sqlite`, the demo archive `demo/`',
  }),
  NEWSDESK_SNAPSHOTS: path({
    scope: 'service',
    default: './snapshots',
    help: 'snapshot output (versioned folders + `latest.json`)',
  }),
  PORT: int({ scope: 'service', default: 8000, min: 0, max: 65535, help: 'HTTP port of the live node' }),
  HOST: str({
    scope: 'service',
    default: '0.0.0.0',
    help: 'address the live node listens on (`127.0.0.1` keeps it to this machine)',
  }),
  NEWSDESK_NOW: instant({
    scope: 'service',
    default: null,
    defaultText: 'unset (wall clock)',
    help: 'an ISO 8601 instant with a zone (`2026-11-21T14:00:00Z`) or a date that replaces the clock everywhere: tests and reproducible demos',
  }),
  NEWSDESK_INPUTS: list({
    scope: 'service',
    default: [],
    defaultText: 'unset',
    help: 'what `bun run build` ingests: input specs as `bun run ingest` takes them, comma- or space-separated; `demo` = the generated archive; `cc-news:live` = the real stream ([README](../README.md#run-on-the-real-stream)); `none` = nothing, snapshots from the store alone. Unset: the demo on an empty or demo store, the store alone on a real one. A store holds the demo or real data, never both: mixing stops with a one-line message naming the command for a fresh store',
  }),
  NEWSDESK_WORKERS: int({
    scope: 'service',
    default: null,
    min: 0,
    max: 64,
    defaultText: 'one per core',
    help: 'ingest worker threads; `0` runs ingest on the main thread',
  }),
  NEWSDESK_SQLITE_MMAP_MB: int({
    scope: 'service',
    default: 4096,
    min: 0,
    max: 65536,
    help: "how much of the store the live node maps into memory; mapped pages are the OS page cache's but count in RSS: `192` keeps a 1M-article node under 300 MB RSS at ~1.35× the median search time, `0` reads through a 32 MiB cache",
  }),
  NEWSDESK_QUERY_WORKERS: int({
    scope: 'service',
    default: 2,
    min: 0,
    max: 64,
    help: 'worker threads that answer search, stats, feeds, `/v1/article` and `/v1/btc/news` with their own read-only connections, so a slow query never stalls `/health` or snapshot reads; `0` answers them on the main thread',
  }),
  NEWSDESK_QUERY_BUDGET_MS: int({
    scope: 'service',
    default: 5000,
    min: 100,
    max: 600_000,
    help: 'time budget of one such query: past it the query is stopped (its worker replaced) and the request gets `503 {detail}` naming the budget, with `Retry-After: 5`',
  }),
  NEWSDESK_SEARCH: str({
    scope: 'service',
    default: 'sqlite' as SearchEngine,
    allowed: SEARCH_ENGINES,
    help: 'search engine: `sqlite` (FTS5 in the store) or `opensearch` ([docs/opensearch.md](opensearch.md))',
  }),
  OPENSEARCH_URL: url({
    scope: 'service',
    default: null,
    defaultText: 'unset',
    secret: true,
    help: 'the cluster for `NEWSDESK_SEARCH=opensearch`, required there (also enables its contract tests); may carry credentials, so it is never echoed',
  }),
  NEWSDESK_CC_BASE: url({
    scope: 'stream',
    default: 'https://data.commoncrawl.org/',
    help: 'base URL for `cc-news:` listing specs',
  }),
  NEWSDESK_LIVE_MAX_FILES: int({
    scope: 'stream',
    default: 0,
    min: 0,
    max: 1_000_000,
    defaultText: '`0` (no cap)',
    help: '`cc-news:live`: most files one run starts; the rest wait for the next runs. Half-read files go first, then new ones (newest first), then files whose last attempt failed before committing anything, longest-failed first, so a file that keeps failing never blocks new ones',
  }),
  NEWSDESK_LIVE_SAMPLE: int({
    scope: 'stream',
    default: 1,
    min: 1,
    max: 1000,
    help: '`cc-news:live`: follow every Nth file (by its serial number)',
  }),
  NEWSDESK_FETCH_RETRIES: int({
    scope: 'stream',
    default: 6,
    min: 0,
    max: 100,
    help: 'WARC URLs: retries on 429/5xx/timeouts/resets (exponential backoff, full jitter) before a file is left for the next run',
  }),
  NEWSDESK_FETCH_BACKOFF_MS: int({
    scope: 'stream',
    default: 1000,
    min: 0,
    max: 3_600_000,
    help: 'WARC URLs: first backoff ceiling (doubles per retry)',
  }),
  NEWSDESK_FETCH_MAX_BACKOFF_MS: int({
    scope: 'stream',
    default: 60_000,
    min: 0,
    max: 3_600_000,
    help: 'WARC URLs: largest backoff, and largest `Retry-After` honoured',
  }),
  NEWSDESK_HOST_CONNECTIONS: int({
    scope: 'stream',
    default: 1,
    min: 1,
    max: 64,
    help: 'files read at once from one host',
  }),
  NEWSDESK_S3_BUCKET: str({
    scope: 'publish',
    default: '',
    defaultText: 'unset',
    help: "`bun run publish`: the bucket (required there); credentials as Bun's S3 client reads them (`S3_ACCESS_KEY_ID`, `S3_SECRET_ACCESS_KEY`, `S3_REGION` or the `AWS_` ones): [docs/cdn-and-downloads.md](cdn-and-downloads.md)",
  }),
  NEWSDESK_S3_ENDPOINT: url({
    scope: 'publish',
    default: null,
    defaultText: "unset (the S3 client's own)",
    help: '`bun run publish`: an S3-compatible endpoint',
  }),
  NEWSDESK_S3_PREFIX: str({
    scope: 'publish',
    default: '',
    defaultText: 'empty',
    help: '`bun run publish`: a key prefix for every object',
  }),
  NEWSDESK_CORPUS: path({
    scope: 'bench',
    default: null,
    defaultText: '`../shared/corpus` beside the repository',
    help: 'the labelled corpora some benches, scripts and tests read in place (extraction benchmark, fundus fixtures, UCI headlines, tone and category sets, WARC samples); absent, they print that they skip',
  }),
  NEWSDESK_CORPUS_MARKETS: path({
    scope: 'bench',
    default: null,
    defaultText: '`markets/` in `NEWSDESK_CORPUS`',
    help: 'the price files the price corpus tests read',
  }),
  NEWSDESK_WORD_VECTORS: path({
    scope: 'bench',
    default: null,
    defaultText: 'unset',
    help: '`scripts/build-word-clusters.ts`, `scripts/build-word-vectors.ts`: the word vectors file when `--vectors` is not given',
  }),
  CI: bool({
    scope: 'test',
    default: false,
    help: 'set by CI runners (`.ci/run`): a test whose tool (nginx, Chromium, `moto_server`) or golden file is missing fails instead of skipping',
  }),
  UPDATE_GOLDEN: bool({
    scope: 'test',
    default: false,
    help: 'rewrite the golden files in `test/golden` instead of comparing (review the diff)',
  }),
  FUZZ_RUNS: int({ scope: 'test', default: 100, min: 1, max: 1_000_000, help: 'fuzz suite: cases per endpoint' }),
  FUZZ_SEED: int({ scope: 'test', default: 20261121, min: 0, max: 2 ** 31 - 1, help: 'fuzz suite: the seed' }),
  NEWSDESK_FAULT_RUNS: int({
    scope: 'test',
    default: 20,
    min: 1,
    max: 100_000,
    help: 'fault suite: batch runs killed at random points',
  }),
  NEWSDESK_FAULT_SEED: int({ scope: 'test', default: 9005, min: 0, max: 2 ** 31 - 1, help: 'fault suite: the seed' }),
  HOSTILE_BULK: int({
    scope: 'test',
    default: 20_000,
    min: 1,
    max: 10_000_000,
    help: 'hostile-query suite: articles in its store',
  }),
  OPENSEARCH_ICU: bool({
    scope: 'test',
    default: true,
    help: 'OpenSearch contract tests: `0` uses the `standard` analyzer when the cluster lacks the ICU plugin',
  }),
  NGINX_BIN: path({
    scope: 'test',
    default: null,
    defaultText: "Debian's or a source build's path",
    help: 'the nginx the CDN tests run (only it, when set)',
  }),
} as const satisfies Record<string, Setting>

export type SettingName = keyof typeof SETTINGS
export const SETTING_NAMES = Object.keys(SETTINGS) as SettingName[]

type ValueOf<S> =
  S extends IntSetting<infer D>
    ? number | D
    : S extends BoolSetting
      ? boolean
      : S extends StringSetting<infer D>
        ? D
        : S extends PathSetting<infer D>
          ? string | D
          : S extends UrlSetting<infer D>
            ? string | D
            : S extends ListSetting
              ? string[]
              : S extends InstantSetting
                ? Date | null
                : never
export type SettingValue<N extends SettingName> = ValueOf<(typeof SETTINGS)[N]>
export type Settings = { [N in SettingName]: SettingValue<N> }

/** An ISO 8601 instant with an explicit zone (`Z` or ±hh:mm), or a date alone (taken as 00:00 UTC). */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2}))?$/

export function parseInstant(value: string): Date | null {
  if (!ISO_INSTANT.test(value)) return null
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value)
  return Number.isNaN(date.getTime()) ? null : date
}

const HTTP_URL = /^https?:\/\/[^\s/]+\S*$/
const TRUE_WORDS = ['1', 'true', 'yes', 'on']
const FALSE_WORDS = ['0', 'false', 'no', 'off']

/** What a setting accepts, in words: the error messages and the doc say it the same way. */
export function accepts(s: Setting): string {
  switch (s.kind) {
    case 'int':
      return `an integer from ${s.min} to ${s.max}`
    case 'bool':
      return `one of ${[...TRUE_WORDS, ...FALSE_WORDS].join(', ')}`
    case 'string':
      return s.allowed === undefined ? 'text without spaces' : `one of ${s.allowed.join(', ')}`
    case 'path':
      return 'a path'
    case 'url':
      return 'an http(s) URL'
    case 'list':
      return 'values separated by commas or spaces'
    case 'instant':
      return 'an ISO 8601 instant such as 2026-11-21T14:00:00Z, or a date'
  }
}

function parseValue(name: string, s: Setting, text: string): unknown {
  const reject = (): never => {
    const got = s.secret === true ? '' : `, got "${text}"`
    throw new ConfigError(`${name} must be ${accepts(s)}${got}`)
  }
  switch (s.kind) {
    case 'int': {
      const n = /^\d{1,10}$/.test(text) ? Number(text) : Number.NaN
      return n >= s.min && n <= s.max ? n : reject()
    }
    case 'bool':
      if (TRUE_WORDS.includes(text.toLowerCase())) return true
      return FALSE_WORDS.includes(text.toLowerCase()) ? false : reject()
    case 'string':
      if (s.allowed !== undefined) return (s.allowed as readonly string[]).includes(text) ? text : reject()
      return /\s/.test(text) ? reject() : text
    case 'path':
      return text
    case 'url':
      return HTTP_URL.test(text) ? text : reject()
    case 'list':
      return text.split(/[\s,]+/).filter((v) => v !== '')
    case 'instant':
      return parseInstant(text) ?? reject()
  }
}

/** One setting: its value in `env` (trimmed; unset or blank = the default), or a ConfigError. */
export function readSetting<N extends SettingName>(env: Env, name: N): SettingValue<N> {
  const s: Setting = SETTINGS[name]
  const text = env[name]?.trim() ?? ''
  const value = text === '' ? s.default : parseValue(name, s, text)
  return (Array.isArray(value) ? [...value] : value) as SettingValue<N>
}

/** Every setting, validated (the first bad one throws). */
export function readSettings(env: Env): Settings {
  const out: Partial<Record<SettingName, unknown>> = {}
  for (const name of SETTING_NAMES) out[name] = readSetting(env, name)
  return out as Settings
}
