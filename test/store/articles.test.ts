import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import type { Database } from 'bun:sqlite'
import { articleId } from '../../core/article-id.ts'
import { dupKey } from '../../core/enrich/dup-key.ts'
import { ArticleWriter, type ArticleRow, applyRetention, countArticles } from '../../store/articles.ts'
import { openStore } from '../../store/open.ts'
import { tempDir } from '../support/tmp.ts'

const NOW_S = Date.parse('2026-11-21T14:00:00Z') / 1000
const DAY_S = 86400

function row(url: string, over: Partial<ArticleRow> = {}): ArticleRow {
  return {
    id: articleId(url),
    url,
    target_uri: url,
    title: 'A headline',
    description: '',
    published_at: '2026-11-20T10:00:00Z',
    date_source: 'meta',
    crawled_at: '2026-11-20T11:00:00Z',
    host: 'example.co.uk',
    tld: 'uk',
    image: '',
    authors: ['Ann Author'],
    tags: ['x'],
    text: 'Body text.',
    entities: [],
    words: 2,
    declared_lang: 'en-GB',
    section: '',
    site_country: '',
    lang: 'en',
    country: 'GB',
    country_source: 'tld',
    category: 'world',
    category_confidence: 0,
    category_by: 'terms',
    sentiment: 'neu',
    score: 0,
    labelled_by: 'lexicon',
    lexicon_score: 0,
    lexicon_terms: '',
    is_bitcoin: false,
    dup_key: 'k',
    source_file: 'f.warc.gz',
    ...over,
  }
}

let tmp: ReturnType<typeof tempDir>
let db: Database
beforeEach(() => {
  tmp = tempDir('store')
  db = openStore(`${tmp.dir}/s.sqlite`)
})
afterEach(() => {
  db.close()
  tmp.cleanup()
})

describe('ArticleWriter', () => {
  test('a row published more than 36 h after its crawl is refused (searches by crawl time rely on it)', () => {
    const w = new ArticleWriter(db)
    expect(() =>
      w.write(
        row('https://example.co.uk/late', { published_at: '2026-11-22T00:00:01Z', crawled_at: '2026-11-20T12:00:00Z' }),
        0,
      ),
    ).toThrow(/more than 36 h after crawled_at/)
    expect(
      w.write(
        row('https://example.co.uk/ok', { published_at: '2026-11-22T00:00:00Z', crawled_at: '2026-11-20T12:00:00Z' }),
        0,
      ),
    ).toBe('inserted')
  })

  test('a URL seen twice is stored once; the later crawl is a duplicate', () => {
    const w = new ArticleWriter(db)
    expect(w.write(row('https://example.co.uk/a'), 0)).toBe('inserted')
    expect(w.write(row('https://example.co.uk/a', { crawled_at: '2026-11-20T12:00:00Z', title: 'Later' }), 0)).toBe(
      'duplicate',
    )
    expect(countArticles(db)).toBe(1)
    expect(db.query('SELECT title FROM articles').get()).toEqual({ title: 'A headline' })
  })

  test('an earlier crawl replaces a later one, whatever the order files finish in', () => {
    const w = new ArticleWriter(db)
    w.write(
      row('https://example.co.uk/a', { crawled_at: '2026-11-20T12:00:00Z', title: 'Later', text: 'later body' }),
      0,
    )
    expect(
      w.write(
        row('https://example.co.uk/a', { crawled_at: '2026-11-20T09:00:00Z', title: 'Earlier', text: 'earlier body' }),
        0,
      ),
    ).toBe('replaced')
    expect(countArticles(db)).toBe(1)
    expect(db.query('SELECT a.title, t.text FROM articles a JOIN article_text t USING (seq)').get()).toEqual({
      title: 'Earlier',
      text: 'earlier body',
    })
  })

  test('every crawled variant is kept as an alias of the canonical URL', () => {
    const w = new ArticleWriter(db)
    w.write(row('https://example.co.uk/a', { target_uri: 'https://www.example.co.uk/a?utm=1' }), 0)
    w.write(row('https://example.co.uk/a', { target_uri: 'https://example.co.uk/a' }), 0)
    const aliases = db.query<{ target_uri: string }, []>('SELECT target_uri FROM url_aliases ORDER BY target_uri').all()
    expect(aliases.map((a) => a.target_uri)).toEqual(['https://example.co.uk/a', 'https://www.example.co.uk/a?utm=1'])
  })

  test('articles older than the window are not stored', () => {
    const w = new ArticleWriter(db)
    expect(
      w.write(row('https://example.co.uk/old', { published_at: '2026-08-01T00:00:00Z' }), NOW_S - 90 * DAY_S),
    ).toBe('out-of-window')
    expect(countArticles(db)).toBe(0)
  })
})

test('retention deletes old articles with their bodies and aliases', () => {
  const w = new ArticleWriter(db)
  w.write(row('https://example.co.uk/old', { published_at: '2026-08-01T00:00:00Z' }), 0)
  w.write(row('https://example.co.uk/new'), 0)
  expect(applyRetention(db, NOW_S - 90 * DAY_S)).toBe(1)
  expect(db.query('SELECT url FROM articles').all()).toEqual([{ url: 'https://example.co.uk/new' }])
  expect(db.query<{ n: number }, []>('SELECT count(*) AS n FROM article_text').get()?.n).toBe(1)
  expect(db.query<{ n: number }, []>('SELECT count(*) AS n FROM url_aliases').get()?.n).toBe(1)
})

test('reopening a migrated store keeps its data and schema version', () => {
  new ArticleWriter(db).write(row('https://example.co.uk/a'), 0)
  db.close()
  db = openStore(`${tmp.dir}/s.sqlite`)
  expect(countArticles(db)).toBe(1)
  expect(db.query<{ user_version: number }, []>('PRAGMA user_version').get()?.user_version).toBeGreaterThan(0)
  expect(db.query<{ journal_mode: string }, []>('PRAGMA journal_mode').get()?.journal_mode).toBe('wal')
})

describe('syndication groups', () => {
  const text =
    'The central bank held rates steady on Thursday, citing slowing inflation and a cooling labour market across the region. '.repeat(
      8,
    )
  const copy = (host: string, over: Partial<ArticleRow> = {}) => {
    const url = `https://${host}/story`
    const r = row(url, { host, title: 'Central bank holds rates steady', text, ...over })
    return { ...r, dup_key: dupKey(r) }
  }
  const groups = () =>
    db
      .query<{ host: string; dup_group: string; id: string }, []>(
        'SELECT host, dup_group, id FROM articles ORDER BY host',
      )
      .all()

  test.each([['forward'], ['reverse']])(
    'copies on other hosts share the smallest id as group, in %s order',
    (order) => {
      const rows = [
        copy('a.example.com'),
        copy('b.example.org', { text: `${text} Reporting by staff.` }),
        copy('c.example.net'),
      ]
      const w = new ArticleWriter(db)
      for (const r of order === 'forward' ? rows : [...rows].reverse()) w.write(r, 0)
      const g = groups()
      const smallest = [...g.map((x) => x.id)].sort()[0] ?? ''
      expect(new Set(g.map((x) => x.dup_group))).toEqual(new Set([smallest]))
    },
  )

  test('a different story with the same title is not grouped', () => {
    const w = new ArticleWriter(db)
    w.write(copy('a.example.com'), 0)
    w.write(
      copy('b.example.org', {
        text: 'Completely different body about a football match and the weather in the north. '.repeat(8),
      }),
      0,
    )
    const g = groups()
    expect(g[0]?.dup_group).not.toBe(g[1]?.dup_group)
  })
})

describe('entity rows (migration 18)', () => {
  const paris = { key: 'place:paris', name: 'Paris', type: 'place', count: 2, country: 'FR' } as const
  const ada = { key: 'person:ada-lovelace', name: 'Ada Lovelace', type: 'person', count: 1, country: null } as const
  const un = { key: 'organisation:un', name: 'UN', type: 'organisation', count: 1, country: null } as const
  /** What entity_days must hold: its GROUP BY over the entity rows, from SQL written here. */
  const daysFromRows = () =>
    db
      .query(
        'SELECT day, country, entity, sentiment, count(*) AS n, sum(score_milli) AS s FROM article_entities GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4',
      )
      .all()
  const days = () =>
    db.query('SELECT day, country, entity, sentiment, n, score_milli AS s FROM entity_days ORDER BY 1, 2, 3, 4').all()
  const keysOf = (url: string) =>
    db
      .query<{ key: string }, [string]>(
        'SELECT e.key FROM article_entities ae JOIN entities e ON e.id = ae.entity JOIN articles a ON a.seq = ae.seq WHERE a.url = ? ORDER BY e.key',
      )
      .all(url)
      .map((r) => r.key)

  test('inserts, a re-crawl that changes day, country and entities, a rolled-back batch and retention keep entity_days equal to the rows', () => {
    const w = new ArticleWriter(db)
    db.transaction(() => {
      w.write(row('https://example.co.uk/a', { entities: [paris, ada], score: 0.5, sentiment: 'pos' }), 0)
      w.write(row('https://example.co.uk/b', { entities: [paris], published_at: '2026-11-19T10:00:00Z' }), 0)
      w.write(row('https://example.co.uk/c', { entities: [ada, un], published_at: '2026-10-01T10:00:00Z' }), 0)
    })()
    expect(days()).toEqual(daysFromRows())
    expect(days().length).toBe(5)
    // A re-crawl that replaces /a: another day, country, tone and entity list.
    expect(
      db.transaction(() =>
        w.write(
          row('https://example.co.uk/a', {
            crawled_at: '2026-11-20T10:30:00Z',
            published_at: '2026-11-18T09:00:00Z',
            country: 'DE',
            sentiment: 'neg',
            score: -0.4,
            entities: [un],
          }),
          0,
        ),
      )(),
    ).toBe('replaced')
    expect(keysOf('https://example.co.uk/a')).toEqual(['organisation:un'])
    expect(days()).toEqual(daysFromRows())
    // A batch that fails after writing a new entity: nothing of it stays, and the next one works.
    const tom = { key: 'person:tom', name: 'Tom', type: 'person', count: 1, country: null } as const
    expect(() =>
      db.transaction(() => {
        w.write(row('https://example.co.uk/d', { entities: [tom] }), 0)
        throw new Error('batch failed')
      })(),
    ).toThrow('batch failed')
    expect(db.query("SELECT count(*) AS n FROM entities WHERE key = 'person:tom'").get()).toEqual({ n: 0 })
    db.transaction(() => w.write(row('https://example.co.uk/d', { entities: [tom] }), 0))()
    expect(keysOf('https://example.co.uk/d')).toEqual(['person:tom'])
    expect(days()).toEqual(daysFromRows())
    // Retention: /c (October) goes with its entity rows and its days.
    expect(applyRetention(db, Date.parse('2026-11-01T00:00:00Z') / 1000)).toBe(1)
    expect(keysOf('https://example.co.uk/c')).toEqual([])
    expect(days()).toEqual(daysFromRows())
    expect(
      db.query('SELECT count(*) AS n FROM article_entities WHERE seq NOT IN (SELECT seq FROM articles)').get(),
    ).toEqual({
      n: 0,
    })
  })
})
