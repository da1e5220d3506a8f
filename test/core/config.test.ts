import { describe, expect, test } from 'bun:test'
import { ConfigError, clockFrom, isoSeconds, parseConfig } from '../../core/config.ts'

describe('parseConfig', () => {
  test('defaults when nothing is set', () => {
    const c = parseConfig({})
    expect(c).toEqual({
      dataDir: './data',
      snapshotsDir: './snapshots',
      port: 8000,
      host: '0.0.0.0',
      now: null,
      ccNewsBaseUrl: 'https://data.commoncrawl.org/',
      inputs: [],
      workers: null,
      search: 'sqlite',
      openSearchUrl: null,
      sqliteMmapMb: 4096,
      queryWorkers: 2,
      queryBudgetMs: 5000,
    })
  })

  test('reads every variable', () => {
    const c = parseConfig({
      NEWSDESK_DATA: '/tmp/d',
      NEWSDESK_SNAPSHOTS: '/tmp/s',
      PORT: '0',
      NEWSDESK_NOW: '2026-11-21T14:00:00Z',
      NEWSDESK_CC_BASE: 'http://127.0.0.1:9/base',
      NEWSDESK_INPUTS: 'a.warc.gz, cc-news:2024/01  /x/*.warc.gz',
      NEWSDESK_WORKERS: '0',
      NEWSDESK_SQLITE_MMAP_MB: '192',
      NEWSDESK_QUERY_WORKERS: '0',
      NEWSDESK_QUERY_BUDGET_MS: '250',
    })
    expect(c.dataDir).toBe('/tmp/d')
    expect(c.snapshotsDir).toBe('/tmp/s')
    expect(c.port).toBe(0)
    expect(c.now?.toISOString()).toBe('2026-11-21T14:00:00.000Z')
    expect(c.ccNewsBaseUrl).toBe('http://127.0.0.1:9/base/')
    expect(c.inputs).toEqual(['a.warc.gz', 'cc-news:2024/01', '/x/*.warc.gz'])
    expect(c.workers).toBe(0)
    expect(c.sqliteMmapMb).toBe(192)
    expect(c.queryWorkers).toBe(0)
    expect(c.queryBudgetMs).toBe(250)
  })

  test.each([
    { name: 'offset instant', now: '2026-11-21T16:00:00+02:00', want: '2026-11-21T14:00:00.000Z' },
    { name: 'date only', now: '2026-11-21', want: '2026-11-21T00:00:00.000Z' },
    { name: 'fractional seconds', now: '2026-11-21T14:00:00.250Z', want: '2026-11-21T14:00:00.250Z' },
  ])('NEWSDESK_NOW accepts $name', ({ now, want }) => {
    expect(parseConfig({ NEWSDESK_NOW: now }).now?.toISOString()).toBe(want)
  })

  test.each([
    { env: { PORT: 'eighty' }, says: 'PORT' },
    { env: { PORT: '70000' }, says: 'PORT' },
    { env: { PORT: '-1' }, says: 'PORT' },
    { env: { NEWSDESK_NOW: 'yesterday' }, says: 'NEWSDESK_NOW' },
    { env: { NEWSDESK_NOW: '2026-11-21T14:00:00' }, says: 'NEWSDESK_NOW' }, // no zone: ambiguous
    { env: { NEWSDESK_NOW: '2026-13-45T00:00:00Z' }, says: 'NEWSDESK_NOW' },
    { env: { NEWSDESK_CC_BASE: 'ftp://x' }, says: 'NEWSDESK_CC_BASE' },
    { env: { NEWSDESK_WORKERS: 'many' }, says: 'NEWSDESK_WORKERS' },
    { env: { NEWSDESK_SQLITE_MMAP_MB: '-1' }, says: 'NEWSDESK_SQLITE_MMAP_MB' },
    { env: { NEWSDESK_SQLITE_MMAP_MB: '1e3' }, says: 'NEWSDESK_SQLITE_MMAP_MB' },
    { env: { NEWSDESK_SQLITE_MMAP_MB: '70000' }, says: 'NEWSDESK_SQLITE_MMAP_MB' },
    { env: { NEWSDESK_QUERY_WORKERS: '-1' }, says: 'NEWSDESK_QUERY_WORKERS' },
    { env: { NEWSDESK_QUERY_WORKERS: '65' }, says: 'NEWSDESK_QUERY_WORKERS' },
    { env: { NEWSDESK_QUERY_BUDGET_MS: '99' }, says: 'NEWSDESK_QUERY_BUDGET_MS' },
    { env: { NEWSDESK_QUERY_BUDGET_MS: '600001' }, says: 'NEWSDESK_QUERY_BUDGET_MS' },
    { env: { NEWSDESK_QUERY_BUDGET_MS: '5s' }, says: 'NEWSDESK_QUERY_BUDGET_MS' },
    { env: { NEWSDESK_SEARCH: 'elastic' }, says: 'NEWSDESK_SEARCH' },
    { env: { NEWSDESK_SEARCH: 'SQLite' }, says: 'NEWSDESK_SEARCH' },
    { env: { NEWSDESK_SEARCH: 'opensearch' }, says: 'OPENSEARCH_URL' },
    { env: { NEWSDESK_SEARCH: 'opensearch', OPENSEARCH_URL: 'localhost:9200' }, says: 'OPENSEARCH_URL' },
    { env: { OPENSEARCH_URL: 'ftp://search:9200' }, says: 'OPENSEARCH_URL' },
  ])('rejects $env with a one-line message naming the variable', ({ env, says }) => {
    let error: unknown
    try {
      parseConfig(env)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ConfigError)
    const message = (error as Error).message
    expect(message).toContain(says)
    expect(message).not.toContain('\n')
  })
})

describe('search engine selection', () => {
  test.each([
    { env: {}, search: 'sqlite', url: null },
    {
      env: { NEWSDESK_SEARCH: 'sqlite', OPENSEARCH_URL: 'http://search:9200' },
      search: 'sqlite',
      url: 'http://search:9200',
    },
    {
      env: { NEWSDESK_SEARCH: ' opensearch ', OPENSEARCH_URL: 'https://search.internal:9200/' },
      search: 'opensearch',
      url: 'https://search.internal:9200/',
    },
    { env: { NEWSDESK_SEARCH: '', OPENSEARCH_URL: '' }, search: 'sqlite', url: null },
  ])('$env', ({ env, search, url }) => {
    const c = parseConfig(env)
    expect(c.search).toBe(search as 'sqlite' | 'opensearch')
    expect(c.openSearchUrl).toBe(url)
  })

  test('an invalid OPENSEARCH_URL is not echoed (it may hold credentials)', () => {
    expect(() => parseConfig({ OPENSEARCH_URL: 'user:secret@search' })).toThrow(ConfigError)
    try {
      parseConfig({ OPENSEARCH_URL: 'user:secret@search' })
    } catch (e) {
      expect((e as Error).message).not.toContain('secret')
    }
  })
})

test('clockFrom: a fixed instant replaces the wall clock and is not shared mutable state', () => {
  const clock = clockFrom({ now: new Date('2026-11-21T14:00:00Z') })
  const a = clock()
  a.setUTCFullYear(1999)
  expect(isoSeconds(clock())).toBe('2026-11-21T14:00:00Z')
})

test.each([
  ['2026-11-21T14:00:00.999Z', '2026-11-21T14:00:00.000Z'],
  ['2026-11-21T14:00:01.001Z', '2026-11-21T14:00:01.000Z'],
  ['1970-01-01T00:00:00.500Z', '1970-01-01T00:00:00.000Z'],
])('clockFrom reads whole seconds: %s → %s', (given, want) => {
  expect(clockFrom({ now: new Date(given) })().toISOString()).toBe(want)
})

test('clockFrom: the wall clock in whole seconds too', () => {
  const before = Math.floor(Date.now() / 1000) * 1000
  const t = clockFrom({ now: null })().getTime()
  expect(t % 1000).toBe(0)
  expect(t).toBeGreaterThanOrEqual(before)
})
