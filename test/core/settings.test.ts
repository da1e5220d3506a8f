import { describe, expect, test } from 'bun:test'
import {
  ConfigError,
  type Env,
  SETTING_NAMES,
  SETTINGS,
  type Setting,
  type SettingName,
  readSetting,
  readSettings,
} from '../../core/settings.ts'

/** The error `read` throws, or a failure when it throws none or something else. */
function configError(read: () => unknown): ConfigError {
  try {
    read()
  } catch (e) {
    if (e instanceof ConfigError) return e
    throw e
  }
  throw new Error('no ConfigError')
}

describe('defaults: the values each variable had before the table (written out, not read from it)', () => {
  test.each<{ name: SettingName; want: unknown }>([
    { name: 'NEWSDESK_DATA', want: './data' },
    { name: 'NEWSDESK_SNAPSHOTS', want: './snapshots' },
    { name: 'PORT', want: 8000 },
    { name: 'HOST', want: '0.0.0.0' },
    { name: 'NEWSDESK_NOW', want: null },
    { name: 'NEWSDESK_INPUTS', want: [] },
    { name: 'NEWSDESK_WORKERS', want: null },
    { name: 'NEWSDESK_SQLITE_MMAP_MB', want: 4096 },
    { name: 'NEWSDESK_QUERY_WORKERS', want: 2 },
    { name: 'NEWSDESK_QUERY_BUDGET_MS', want: 5000 },
    { name: 'NEWSDESK_SEARCH', want: 'sqlite' },
    { name: 'OPENSEARCH_URL', want: null },
    { name: 'NEWSDESK_CC_BASE', want: 'https://data.commoncrawl.org/' },
    { name: 'NEWSDESK_LIVE_MAX_FILES', want: 0 },
    { name: 'NEWSDESK_LIVE_SAMPLE', want: 1 },
    { name: 'NEWSDESK_FETCH_RETRIES', want: 6 },
    { name: 'NEWSDESK_FETCH_BACKOFF_MS', want: 1000 },
    { name: 'NEWSDESK_FETCH_MAX_BACKOFF_MS', want: 60_000 },
    { name: 'NEWSDESK_HOST_CONNECTIONS', want: 1 },
    { name: 'NEWSDESK_S3_BUCKET', want: '' },
    { name: 'NEWSDESK_S3_ENDPOINT', want: null },
    { name: 'NEWSDESK_S3_PREFIX', want: '' },
    { name: 'NEWSDESK_CORPUS', want: null },
    { name: 'NEWSDESK_CORPUS_MARKETS', want: null },
    { name: 'NEWSDESK_WORD_VECTORS', want: null },
    { name: 'CI', want: false },
    { name: 'UPDATE_GOLDEN', want: false },
    { name: 'FUZZ_RUNS', want: 100 },
    { name: 'FUZZ_SEED', want: 20261121 },
    { name: 'NEWSDESK_FAULT_RUNS', want: 20 },
    { name: 'NEWSDESK_FAULT_SEED', want: 9005 },
    { name: 'HOSTILE_BULK', want: 20_000 },
    { name: 'OPENSEARCH_ICU', want: true },
    { name: 'NGINX_BIN', want: null },
  ])('$name', ({ name, want }) => {
    expect<unknown>(readSetting({}, name)).toEqual(want)
    // Blank and spaces are unset too.
    expect<unknown>(readSetting({ [name]: '' }, name)).toEqual(want)
    expect<unknown>(readSetting({ [name]: '  ' }, name)).toEqual(want)
  })

  test('the list above names every setting', () => {
    // A new setting needs its default pinned here.
    expect(SETTING_NAMES.length).toBe(34)
  })

  test('readSettings({}) is every default', () => {
    const all = readSettings({})
    for (const name of SETTING_NAMES) expect(all[name]).toEqual(readSetting({}, name))
  })
})

const ints = SETTING_NAMES.filter((n) => SETTINGS[n].kind === 'int')

describe('integers: min, max, min-1, max+1 and non-numbers, for every int setting', () => {
  const cases = ints.flatMap((name) => {
    const s = SETTINGS[name] as Setting & { min: number; max: number }
    return [
      { name, text: String(s.min), want: s.min as number | 'error' },
      { name, text: String(s.max), want: s.max as number | 'error' },
      { name, text: ` ${s.max} `, want: s.max as number | 'error' },
      { name, text: String(s.max + 1), want: 'error' as const },
      { name, text: String(s.min - 1), want: 'error' as const },
      { name, text: '1e3', want: 'error' as const },
      { name, text: '2.5', want: 'error' as const },
      { name, text: 'many', want: 'error' as const },
    ]
  })
  test.each(cases)('$name=$text', ({ name, text, want }) => {
    if (want === 'error') {
      const e = configError(() => readSetting({ [name]: text }, name))
      expect(e.message).toContain(name)
      expect(e.message).toContain('an integer from')
      expect(e.message).not.toContain('\n')
    } else expect(readSetting({ [name]: text }, name)).toBe(want)
  })
})

describe('other kinds', () => {
  test.each<{ name: SettingName; env: Env; want: unknown }>([
    { name: 'UPDATE_GOLDEN', env: { UPDATE_GOLDEN: '1' }, want: true },
    { name: 'UPDATE_GOLDEN', env: { UPDATE_GOLDEN: 'TRUE' }, want: true },
    { name: 'UPDATE_GOLDEN', env: { UPDATE_GOLDEN: 'no' }, want: false },
    { name: 'OPENSEARCH_ICU', env: { OPENSEARCH_ICU: '0' }, want: false },
    { name: 'NEWSDESK_SEARCH', env: { NEWSDESK_SEARCH: ' opensearch ' }, want: 'opensearch' },
    {
      name: 'NEWSDESK_INPUTS',
      env: { NEWSDESK_INPUTS: 'a.warc.gz, cc-news:2024/01  b' },
      want: ['a.warc.gz', 'cc-news:2024/01', 'b'],
    },
    { name: 'NEWSDESK_INPUTS', env: { NEWSDESK_INPUTS: ' , ' }, want: [] },
    {
      name: 'NEWSDESK_S3_ENDPOINT',
      env: { NEWSDESK_S3_ENDPOINT: 'http://127.0.0.1:9000' },
      want: 'http://127.0.0.1:9000',
    },
    { name: 'NEWSDESK_CORPUS', env: { NEWSDESK_CORPUS: '/data/corpus' }, want: '/data/corpus' },
    { name: 'HOST', env: { HOST: '127.0.0.1' }, want: '127.0.0.1' },
    { name: 'NEWSDESK_NOW', env: { NEWSDESK_NOW: '2026-11-21' }, want: new Date('2026-11-21T00:00:00Z') },
    {
      name: 'NEWSDESK_NOW',
      env: { NEWSDESK_NOW: '2026-11-21T16:00:00+02:00' },
      want: new Date('2026-11-21T14:00:00Z'),
    },
  ])('$name from $env', ({ name, env, want }) => {
    expect<unknown>(readSetting(env, name)).toEqual(want)
  })

  test('a list is a fresh array each time (the default is not shared)', () => {
    const a = readSetting({}, 'NEWSDESK_INPUTS')
    a.push('x')
    expect(readSetting({}, 'NEWSDESK_INPUTS')).toEqual([])
  })

  test.each<{ name: SettingName; text: string; says: string }>([
    { name: 'UPDATE_GOLDEN', text: 'maybe', says: 'one of 1, true' },
    { name: 'NEWSDESK_SEARCH', text: 'elastic', says: 'one of sqlite, opensearch' },
    { name: 'NEWSDESK_SEARCH', text: 'SQLite', says: 'one of sqlite, opensearch' },
    { name: 'HOST', text: 'local host', says: 'text without spaces' },
    { name: 'NEWSDESK_CC_BASE', text: 'ftp://x', says: 'an http(s) URL' },
    { name: 'NEWSDESK_S3_ENDPOINT', text: 'minio:9000', says: 'an http(s) URL' },
    { name: 'NEWSDESK_NOW', text: 'yesterday', says: 'ISO 8601' },
    { name: 'NEWSDESK_NOW', text: '2026-11-21T14:00:00', says: 'ISO 8601' },
    { name: 'NEWSDESK_NOW', text: '2026-13-45T00:00:00Z', says: 'ISO 8601' },
  ])('rejects $name=$text, naming it and what it accepts', ({ name, text, says }) => {
    const e = configError(() => readSetting({ [name]: text }, name))
    expect(e.message).toBe(
      `${name} must be ${e.message.slice(name.length + 9, e.message.indexOf(', got'))}, got "${text}"`,
    )
    expect(e.message).toContain(says)
  })

  test('a secret is never echoed', () => {
    const e = configError(() => readSetting({ OPENSEARCH_URL: 'user:secret@search' }, 'OPENSEARCH_URL'))
    expect(e.message).toBe('OPENSEARCH_URL must be an http(s) URL')
  })

  test('readSettings fails on the first bad value with its one-line message', () => {
    const e = configError(() => readSettings({ PORT: '70000' }))
    expect(e.message).toBe('PORT must be an integer from 0 to 65535, got "70000"')
  })
})

describe('the table itself', () => {
  test.each(SETTING_NAMES.map((name) => ({ name })))('$name: a default within its bounds, and help', ({ name }) => {
    const s: Setting = SETTINGS[name]
    expect(s.help.length).toBeGreaterThan(10)
    if (s.kind === 'int' && s.default !== null) {
      expect(s.default).toBeGreaterThanOrEqual(s.min)
      expect(s.default).toBeLessThanOrEqual(s.max)
    }
    if (s.kind === 'string' && s.allowed !== undefined) expect(s.allowed).toContain(s.default)
  })
})
