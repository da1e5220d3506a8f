/**
 * What each migration writes, pinned (store/migrations/README.md): a real SQLite file at schema 1
 * gets four fixed articles, then migrations 2…22 run one at a time, and after each the objects it
 * changed (schema SQL by hash, every row of every table, every token of the full-text index read
 * back through fts5vocab) are compared with test/golden/migrations.txt. The golden file was written
 * once from the migrations as they shipped and reviewed by hand; the hand-computed checks below come
 * from the definitions (the time key's bits, the facet tokens, FTS5's folding, the pair tokens),
 * not from running the code. `UPDATE_GOLDEN=1` rewrites the file: a diff there means an old
 * migration now writes something else, which it must never do.
 *
 * Only SQL reads the store here, so no live code (tokenizer, facet tokens, time key) is in the loop.
 * A migration added after 22 gets its own section when it is pinned (PINNED_THROUGH).
 */
import { Database } from 'bun:sqlite'
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { readSetting } from '../../core/settings.ts'
import { MIGRATIONS } from '../../store/schema.ts'
import { tempDir } from '../support/tmp.ts'

const PINNED_THROUGH = 22
const GOLDEN = join(import.meta.dir, '../golden/migrations.txt')

/** 2025-11-21T12:00:00Z, a whole hour. */
const T0 = 1_763_726_400

const ROWS = [
  {
    id: 'a1b2c3d4e5f60718',
    title: 'Bitcoin climbs again',
    description: 'Café owners accept crypto payments.',
    published_at: T0,
    crawled_at: T0 + 3600,
    host: 'example.com',
    tld: 'com',
    lang: 'en',
    country: 'US',
    country_source: 'default',
    category: 'business',
    sentiment: 'pos',
    score: 0.35,
    dup_key: 'bitcoin climbs again:5f3a',
  },
  {
    // Same second and same first five hex digits as the first: migration 4 gives it the next key.
    id: 'a1b2c000ffff0000',
    title: 'Ärger über Zölle',
    description: 'Die Regierung plant neue Zölle.',
    published_at: T0,
    crawled_at: T0 + 7200,
    host: 'nachrichten.example.de',
    tld: 'de',
    lang: 'de',
    country: 'DE',
    country_source: 'tld',
    category: 'politics',
    sentiment: 'neg',
    score: -0.62,
    dup_key: 'arger uber zolle:0a11',
  },
  {
    id: '0f0e0d0c0b0a0908',
    title: 'Новый рынок',
    description: 'Ёлки подешевели.',
    published_at: T0 - 86_400 * 5,
    crawled_at: T0 - 86_400 * 5 + 60,
    host: 'новости.рф',
    tld: 'рф',
    lang: 'ru',
    country: 'RU',
    country_source: 'lang',
    category: 'economy',
    sentiment: 'neu',
    score: 0,
    dup_key: 'новый рынок:77aa',
  },
  {
    id: 'ffff000011112222',
    title: 'Markets: S&P 500 hits record',
    description: '',
    published_at: T0 - 86_400 * 70,
    crawled_at: T0 - 86_400 * 70,
    host: 'markets.test',
    tld: '',
    lang: 'x',
    country: '',
    country_source: 'lang',
    category: 'Sport',
    sentiment: 'neu',
    score: 1,
    dup_key: 'markets s p 500 hits record:1234',
  },
] as const

function insertRows(db: Database): void {
  const insert = db.query(
    `INSERT INTO articles (id, url, target_uri, title, description, published_at, date_source, crawled_at, host, tld,
       image, authors, tags, words, declared_lang, section, site_country, lang, country, country_source, category,
       category_confidence, sentiment, score, labelled_by, lexicon_score, lexicon_terms, is_bitcoin, dup_key, source_file)
     VALUES (?, ?, ?, ?, ?, ?, 'meta', ?, ?, ?, '', '[]', '[]', 120, '', '', '', ?, ?, ?, ?, 0.75, ?, ?, 'model', 0, '[]', ?, ?, 'fixed.warc.gz')`,
  )
  for (const r of ROWS)
    insert.run(
      r.id,
      `https://${r.host}/${r.id}`,
      `https://${r.host}/${r.id}?utm=x`,
      r.title,
      r.description,
      r.published_at,
      r.crawled_at,
      r.host,
      r.tld,
      r.lang,
      r.country,
      r.country_source,
      r.category,
      r.sentiment,
      r.score,
      r.title.startsWith('Bitcoin') ? 1 : 0,
      r.dup_key,
    )
}

/** One object of the store as text: its schema SQL by hash, and its rows or full-text tokens in a fixed order. */
function dump(db: Database): Map<string, string> {
  const objects = db
    .query<{ type: string; name: string; sql: string | null }, []>(
      "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' AND name NOT LIKE 'articles_fts_%' ORDER BY name",
    )
    .all()
  const out = new Map<string, string>()
  for (const o of objects) {
    const lines = [
      `${o.type} ${o.name} sql:${createHash('sha256')
        .update(o.sql ?? '')
        .digest('hex')
        .slice(0, 16)}`,
    ]
    if (o.type === 'table' && o.sql?.startsWith('CREATE VIRTUAL TABLE')) {
      db.exec(`CREATE VIRTUAL TABLE temp.pin_terms USING fts5vocab(main, ${o.name}, instance)`)
      const terms = db
        .query<{ doc: number; col: string; offset: number; term: string }, []>(
          'SELECT doc, col, offset, term FROM temp.pin_terms ORDER BY doc, col, offset',
        )
        .all()
      db.exec('DROP TABLE temp.pin_terms')
      for (const t of terms) lines.push(`  ${t.doc} ${t.col} ${t.offset} ${t.term}`)
    } else if (o.type === 'table') {
      const columns = db.query<{ name: string }, []>(`PRAGMA table_info(${o.name})`).all()
      const order = columns.map((_, i) => i + 1).join(', ')
      for (const row of db.query<Record<string, unknown>, []>(`SELECT * FROM ${o.name} ORDER BY ${order}`).all())
        lines.push(`  ${JSON.stringify(row)}`)
    }
    out.set(o.name, lines.join('\n'))
  }
  return out
}

/** The objects migration `n` added, changed or dropped, as text. */
function changes(before: Map<string, string>, after: Map<string, string>): string {
  const names = [...new Set([...before.keys(), ...after.keys()])].sort()
  const lines: string[] = []
  for (const name of names) {
    const a = before.get(name)
    const b = after.get(name)
    if (a === b) continue
    lines.push(b === undefined ? `dropped ${name}` : b)
  }
  return lines.join('\n')
}

const tmp = tempDir('migrations-frozen')
let db: Database
/** After migration n: the whole store's dump, and the text of what n changed. */
const states = new Map<number, Map<string, string>>()
const sections = new Map<number, string>()

beforeAll(() => {
  db = new Database(join(tmp.dir, 'store.sqlite'), { create: true, strict: true })
  db.exec(MIGRATIONS[0] as string)
  db.exec('PRAGMA user_version = 1')
  insertRows(db)
  states.set(1, dump(db))
  sections.set(1, changes(new Map(), states.get(1) ?? new Map()))
  for (let n = 2; n <= PINNED_THROUGH; n++) {
    const step = MIGRATIONS[n - 1]
    db.transaction(() => {
      if (typeof step === 'function') step(db)
      else db.exec(step as string)
      db.exec(`PRAGMA user_version = ${n}`)
    })()
    states.set(n, dump(db))
    sections.set(n, changes(states.get(n - 1) ?? new Map(), states.get(n) ?? new Map()))
  }
})

afterAll(() => {
  db?.close()
  tmp.cleanup()
})

/** The full-text tokens of one document and column after migration n. */
function tokens(n: number, doc: number, col: string): string[] {
  const text = states.get(n)?.get('articles_fts') ?? ''
  return text
    .split('\n')
    .slice(1)
    .map((l) => l.trim().split(' '))
    .filter((p) => Number(p[0]) === doc && p[1] === col)
    .map((p) => p[3] ?? '')
}

/** A count-table row after migration n, by a predicate on its JSON. */
function rows(n: number, table: string): Record<string, unknown>[] {
  const text = states.get(n)?.get(table) ?? ''
  return text
    .split('\n')
    .slice(1)
    .map((l) => JSON.parse(l) as Record<string, unknown>)
}

// The time keys migration 4 assigns, from its definition: published_at * 2^20 + the id's first 20 bits,
// the second article of a colliding key taking the next one. Exact in BigInt.
const keyOf = (publishedAt: number, id: string) =>
  Number(BigInt(publishedAt) * 1_048_576n + BigInt(`0x${id.slice(0, 5)}`))
const KEY_A = keyOf(T0, ROWS[0].id)
const KEY_B = KEY_A + 1
const KEY_C = keyOf(ROWS[2].published_at, ROWS[2].id)
const KEY_D = keyOf(ROWS[3].published_at, ROWS[3].id)

describe('hand-computed from the definitions', () => {
  test('migration 4: time keys, the collision taking the next key', () => {
    const keys = rows(4, 'articles').map((r) => r.tkey)
    expect(keys).toEqual([KEY_A, KEY_B, KEY_C, KEY_D])
    expect(tokens(4, KEY_A, 'title')).toEqual(['bitcoin', 'climbs', 'again'])
    // remove_diacritics 2 folds Latin letters; Cyrillic й and ё are kept (lower-cased).
    expect(tokens(4, KEY_B, 'title')).toEqual(['arger', 'uber', 'zolle'])
    expect(tokens(4, KEY_C, 'description')).toEqual(['ёлки', 'подешевели'])
  })

  test.each<{ doc: number; want: string[] }>([
    { doc: KEY_A, want: ['len', 'cus'] },
    { doc: KEY_B, want: ['lde', 'cde'] },
    { doc: KEY_C, want: ['lru', 'cru'] },
    { doc: KEY_D, want: [] }, // lang "x" and an empty country are not tokens
  ])('migration 5: language and country tokens of $doc', ({ doc, want }) => {
    expect(tokens(5, doc, 'facets')).toEqual(want)
  })

  test.each([7, 15, 16])('migration %i: every facet token of two articles', (n) => {
    // example.com = 65 78 61 6d 70 6c 65 2e 63 6f 6d; com = 63 6f 6d; crawl hour (T0 + 3600) / 3600;
    // score 0.35 is in tenth floor(1.35 * 10) = 13.
    expect(tokens(n, KEY_A, 'facets')).toEqual([
      'len',
      'cus',
      't636f6d',
      'h6578616d706c652e636f6d',
      'gbusiness',
      'spos',
      'xd',
      'xa',
      `k${T0 / 3600 + 1}`,
      'v13',
    ])
    // markets.test = 6d 61 72 6b 65 74 73 2e 74 65 73 74; "Sport" is not a category token (lower case
    // only); a score of 1 is in the top tenth, 19.
    expect(tokens(n, KEY_D, 'facets')).toEqual([
      'h6d61726b6574732e74657374',
      'sneu',
      'xa',
      `k${(T0 - 86_400 * 70) / 3600}`,
      'v19',
    ])
  })

  test.each([15, 16])('migration %i: word pairs (length of the first word, x, both words)', (n) => {
    expect(tokens(n, KEY_A, 'tpairs')).toEqual(['7xbitcoinclimbs', '6xclimbsagain'])
    expect(tokens(n, KEY_A, 'dpairs')).toEqual(['4xcafeowners', '6xownersaccept', '6xacceptcrypto', '6xcryptopayments'])
    expect(tokens(n, KEY_B, 'tpairs')).toEqual(['5xargeruber', '4xuberzolle'])
    expect(tokens(n, KEY_C, 'tpairs')).toEqual(['5xновыйрынок'])
    expect(tokens(n, KEY_D, 'tpairs')).toEqual(['7xmarketss', '1xsp', '1xp500', '3x500hits', '4xhitsrecord'])
    expect(tokens(n, KEY_D, 'dpairs')).toEqual([])
  })

  test('migration 16: per-day counts by category and tone, scores in thousandths', () => {
    const day0 = Math.floor(T0 / 86_400)
    const facets = rows(16, 'article_day_facets').filter((r) => r.day === day0)
    expect(facets).toEqual([
      {
        day: day0,
        lang: 'de',
        country: 'DE',
        tld: 'de',
        defaulted: 0,
        category: 'politics',
        sentiment: 'neg',
        n: 1,
        score_milli: -620,
      },
      {
        day: day0,
        lang: 'en',
        country: 'US',
        tld: 'com',
        defaulted: 1,
        category: 'business',
        sentiment: 'pos',
        n: 1,
        score_milli: 350,
      },
    ])
  })

  test('migration 17: per-day and span counts by tone label and category, host first among the rest', () => {
    const day = Math.floor(T0 / 86_400)
    const spans = rows(17, 'article_tone_spans').filter((r) => r.host === 'example.com')
    expect(spans.map((r) => [r.level, r.span, r.sentiment, r.category, r.n, r.score_milli])).toEqual([
      [0, day, 'pos', 'business', 1, 350],
      [1, Math.floor(day / 4), 'pos', 'business', 1, 350],
      [2, Math.floor(day / 16), 'pos', 'business', 1, 350],
      [3, Math.floor(day / 64), 'pos', 'business', 1, 350],
    ])
  })

  test('migration 18: the entity tables, empty until articles are ingested again', () => {
    for (const table of ['entities', 'article_entities', 'entity_days']) expect(rows(18, table)).toEqual([])
  })

  // The tenth is min(19, floor((score + 1) * 10)): 0.35 -> 13, -0.62 -> 3, 0 -> 10, 1 -> 19 (capped).
  test('migration 19: per-day counts by tone label and score tenth', () => {
    const day = (s: number) => Math.floor(s / 86_400)
    expect(rows(19, 'article_score_days').map((r) => [r.day, r.sentiment, r.tenth, r.n, r.score_milli])).toEqual([
      [day(ROWS[3].published_at), 'neu', 19, 1, 1000],
      [day(ROWS[2].published_at), 'neu', 10, 1, 0],
      [day(T0), 'neg', 3, 1, -620],
      [day(T0), 'pos', 13, 1, 350],
    ])
  })

  // The country index holds every count row and answers a country's timeline without the table.
  test('migration 21: the counts by score tenth indexed by level and country', () => {
    const all = db.query<{ n: number }, []>('SELECT count(*) AS n FROM article_score_facets').get()?.n
    const indexed = db
      .query<{ n: number }, []>(
        'SELECT count(*) AS n FROM article_score_facets INDEXED BY article_score_facets_country',
      )
      .get()?.n
    expect(indexed).toBe(all)
    const plan = db
      .query<{ detail: string }, []>(
        "EXPLAIN QUERY PLAN SELECT span, sentiment, sum(n), sum(score_milli) FROM article_score_facets WHERE level = 0 AND span >= 0 AND span < 99999 AND tenth >= 3 AND tenth <= 13 AND country IN ('DE') GROUP BY span, sentiment",
      )
      .all()
      .map((r) => r.detail)
    expect(plan).toEqual([
      'SEARCH article_score_facets USING COVERING INDEX article_score_facets_country (level=? AND country=? AND span>? AND span<?)',
    ])
  })

  // Every counted word starts without pair blobs: the refresh marks the common ones when it chooses again.
  test('migration 22: term_keys.full defaults to 0, and term_full_days is keyed by word and day', () => {
    const cols = db
      .query<{ name: string; dflt_value: string | null; notnull: number; pk: number }, []>(
        'PRAGMA table_info(term_keys)',
      )
      .all()
    expect(cols.find((c) => c.name === 'full')).toMatchObject({ dflt_value: '0', notnull: 1 })
    const pk = db
      .query<{ name: string; pk: number }, []>('PRAGMA table_info(term_full_days)')
      .all()
      .filter((c) => c.pk > 0)
      .map((c) => c.name)
    expect(pk).toEqual(['key_id', 'day'])
  })

  test('migration 11: host counts over 4-, 16- and 64-day spans', () => {
    const day = Math.floor(T0 / 86_400)
    const spans = rows(11, 'article_spans').filter((r) => r.host === 'example.com')
    expect(spans.map((r) => [r.level, r.span, r.n])).toEqual([
      [1, Math.floor(day / 4), 1],
      [2, Math.floor(day / 16), 1],
      [3, Math.floor(day / 64), 1],
    ])
  })
})

test(`every migration through ${PINNED_THROUGH} writes what test/golden/migrations.txt says`, () => {
  const text = [...sections]
    .map(([n, body]) => `== after migration ${n}\n${body}`)
    .join('\n\n')
    .concat('\n')
  if (readSetting(process.env, 'UPDATE_GOLDEN') || !existsSync(GOLDEN)) {
    if (readSetting(process.env, 'CI') && !existsSync(GOLDEN)) throw new Error('test/golden/migrations.txt is missing')
    writeFileSync(GOLDEN, text)
  }
  const golden = readFileSync(GOLDEN, 'utf8')
  // Section by section, so a failure names the migration.
  const split = (t: string) => t.split(/^== /m).filter((s) => s !== '')
  const want = split(golden)
  const got = split(text)
  for (let i = 0; i < Math.max(want.length, got.length); i++) expect(got[i]).toBe(want[i])
})
