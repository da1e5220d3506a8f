/**
 * Two-word phrases through word-pair tokens (store/fts-pairs.ts): the token is one FTS5 token,
 * kept as written, distinct for distinct pairs; phrase searches on a store with pairs, on one
 * migrated to them and on one without them all equal a brute-force scan under the reference
 * semantics (core/search/query-syntax.ts `matchesFields`).
 */
import type { Database } from 'bun:sqlite'
import { afterAll, describe, expect, test } from 'bun:test'
import table from '../../core/search/fts-code-points.json' with { type: 'json' }
import { ftsTokens } from '../../core/search/fts-tokens.ts'
import { matchesFields, parseQuery } from '../../core/search/query-syntax.ts'
import { indexForm, indexTokens } from '../../core/search/tokens.ts'
import type { SearchRequest, SearchSort } from '../../core/search/types.ts'
import { articleId } from '../../core/article-id.ts'
import { mulberry32 } from '../../core/random.ts'
import { pairText, pairToken } from '../../store/fts-pairs.ts'
import { openStore } from '../../store/open.ts'
import { ArticleWriter } from '../../store/articles.ts'
import { compactFullText, ftsSegments, mergeLevels } from '../../store/fts-maintenance.ts'
import { SqliteSearchIndex } from '../../store/search-sqlite.ts'
import { buildFixtureStore, FIXTURE_NOW, fixtureArticles, type FixtureArticle } from '../support/fixture-store.ts'
import { tempDir } from '../support/tmp.ts'

describe('pair tokens', () => {
  test('every folded code point is a token character that folds to itself, so FTS5 keeps a pair token as written', () => {
    const bad: string[] = []
    for (const folded of Object.values(table.folds as Record<string, string>)) {
      if (folded === '') continue
      const t = ftsTokens(`a${folded}b`)
      if (t.length !== 1 || t[0] !== `a${folded}b`) bad.push(folded)
    }
    expect(bad).toEqual([])
  })

  test.each([
    ['1', '0123456789x'],
    ['10', '123456789'],
    ['a', 'bc'],
    ['ab', 'c'],
    ['1x', 'a'],
    ['1', 'xa'],
  ])('(%p, %p) has a token no other pair of the table has', (a, b) => {
    const all = [
      ['1', '0123456789x'],
      ['10', '123456789'],
      ['a', 'bc'],
      ['ab', 'c'],
      ['1x', 'a'],
      ['1', 'xa'],
    ].map(([x, y]) => pairToken(x as string, y as string))
    expect(all.filter((t) => t === pairToken(a, b))).toHaveLength(1)
    expect(ftsTokens(pairToken(a, b))).toEqual([pairToken(a, b)])
  })

  test("a field's pairs are its adjacent tokens in order, one per position", () => {
    const [bo, oe, eb] = [pairToken('bank', 'of'), pairToken('of', 'england'), pairToken('england', 'bank')]
    expect(pairText('Bank of England, bank of England!')).toBe([bo, oe, eb, bo, oe].join(' '))
    expect(pairText('one')).toBe('')
    expect(pairText('Ёлка в Москве')).toBe([pairToken('ёлка', 'в'), pairToken('в', 'москве')].join(' '))
  })
})

/** Articles whose words come from a small vocabulary, so words often co-occur without being adjacent. */
function phraseArticles(count: number, seed: number): FixtureArticle[] {
  const rnd = mulberry32(seed)
  // Lone surrogates (text cut inside an emoji) are separators to FTS5, as U+FFFD.
  const words = [
    'bank',
    'bank',
    'of',
    'of',
    'england',
    'england',
    'rate',
    'cut',
    'new',
    'york',
    'ёлка',
    'Straße',
    'e-mail',
    'ελληνικός',
    '東京',
    'new\ud83dyork',
    '\udc00',
  ]
  const pick = () => words[Math.floor(rnd() * words.length)] as string
  const line = (n: number) => Array.from({ length: n }, pick).join(rnd() < 0.2 ? ', ' : ' ')
  return fixtureArticles(count, seed).map((a, i) => {
    const url = `https://${a.host}/phrase/${i}`
    // Titles of one word too: a phrase then can only be in the description.
    return {
      ...a,
      url,
      target_uri: url,
      id: articleId(url),
      title: line(1 + Math.floor(rnd() * 6)),
      description: line(Math.floor(rnd() * 7)),
    }
  })
}

const QUERIES = [
  '"bank of"',
  '"of england"',
  '"new york"',
  '"york new"',
  '"rate cut"',
  '"cut rate"',
  '"ёлка straße"',
  '"ΕΛΛΗΝΙΚΌΣ bank"',
  'e-mail',
  '"e mail"',
  '"bank of england"',
  '"new york" rate',
  '"bank of" OR "rate cut"',
  'rate -"rate cut"',
  '"new york" -"of england"',
  '-"bank bank"',
  '"bank bank"',
  '"england bank"',
  '"東京 new"',
  '"absent pair"',
  '"bank of england" rate',
  '"new york rate"',
  '"rate cut new york"',
  '"of england bank of"',
  '"bank bank bank"',
  '-"bank of england"',
  '"new york rate" OR "cut rate cut"',
  '"ёлка straße ελληνικός"',
  '"new york" OR rate',
  'cut OR "of england" bank',
]
const SORTS: SearchSort[] = ['date', 'date_asc', 'relevance', 'crawled']

function checkAgainstBruteForce(db: Database, articles: FixtureArticle[], label: string): void {
  const index = new SqliteSearchIndex(db)
  const nowS = FIXTURE_NOW.getTime() / 1000
  const fromS = nowS - 90 * 86400
  const tokens = new Map(articles.map((a) => [a.url, [indexTokens(a.title), indexTokens(a.description)]]))
  for (const q of QUERIES) {
    const parsed = parseQuery(q)
    const want = articles.filter((a) => {
      const t = Date.parse(a.published_at) / 1000
      return t >= fromS && t < nowS && parsed !== null && matchesFields(parsed, tokens.get(a.url) as string[][])
    })
    for (const sort of SORTS) {
      const req: SearchRequest = {
        query: parsed,
        fromS,
        toS: nowS,
        strictCountry: false,
        maxSeq: null,
        sort,
        size: 1000,
        offset: 0,
        dedupe: false,
        fullText: false,
      }
      const page = index.search(req)
      const got = page.articles.map((a) => a.url).sort()
      if (page.total !== want.length || JSON.stringify(got) !== JSON.stringify(want.map((a) => a.url).sort())) {
        throw new Error(`${label}: q=${q} sort=${sort}: total ${page.total}, want ${want.length}`)
      }
      if (sort === 'relevance') {
        // The first tier: every positive term in the title, phrases by their title pairs.
        const inTitle = (a: { url: string }) =>
          parsed !== null &&
          parsed.all.length > 0 &&
          matchesFields({ all: parsed.all, none: [], nested: [], notNested: [] }, [
            (tokens.get(a.url) as string[][])[0] as string[],
          ])
        const tierOf = page.articles.map((a) => (inTitle(a) ? 0 : 1))
        expect(tierOf).toEqual([...tierOf].sort((x, y) => x - y))
        expect(tierOf.filter((x) => x === 0)).toHaveLength(want.filter(inTitle).length)
      }
    }
  }
}

describe('phrase searches equal a brute-force scan', () => {
  const tmp = tempDir('fts-pairs')
  afterAll(() => tmp.cleanup())
  const articles = phraseArticles(500, 29)

  test('on a store written with pairs (schema 15)', () => {
    const db = buildFixtureStore(`${tmp.dir}/new.sqlite`, articles)
    expect(
      db.query<{ v: number }, []>('SELECT user_version AS v FROM pragma_user_version').get()?.v,
    ).toBeGreaterThanOrEqual(15)
    checkAgainstBruteForce(db, articles, 'pairs')
    // The pair columns hold what the phrases need: a two-word phrase is one pair token, a
    // three-word phrase two consecutive ones.
    const count = (expr: string) =>
      db.query<{ n: number }, [string]>('SELECT count(*) AS n FROM articles_fts WHERE articles_fts MATCH ?').get(expr)
        ?.n
    expect(count(`{tpairs dpairs} : "${pairToken('new', 'york')}"`)).toBe(count('{title description} : "new york"'))
    expect(count(`{tpairs dpairs} : "${pairToken('bank', 'of')} ${pairToken('of', 'england')}"`)).toBe(
      count('{title description} : "bank of england"'),
    )
    expect(count('{title description} : "bank of england"')).toBeGreaterThan(0)
    db.close()
  })

  test('on a store without pairs (schema 14), once migrated on open', () => {
    const path = `${tmp.dir}/old.sqlite`
    const db = buildFixtureStore(path, articles)
    // Back to schema 14: the index of migration 7, without pair columns.
    db.exec('DROP TABLE articles_fts')
    db.exec(
      `CREATE VIRTUAL TABLE articles_fts USING fts5(title, description, facets, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2')`,
    )
    const insert = db.query('INSERT INTO articles_fts (rowid, title, description, facets) VALUES (?, ?, ?, ?)')
    for (const r of db
      .query<{ tkey: number; title: string; description: string; lang: string; country: string }, []>(
        'SELECT tkey, title, description, lang, country FROM articles',
      )
      .all()) {
      insert.run(r.tkey, indexForm(r.title), indexForm(r.description), `l${r.lang} c${r.country.toLowerCase()} xa`)
    }
    db.exec('PRAGMA user_version = 14')
    db.close()
    const migrated = openStore(path)
    expect(
      migrated.query<{ v: number }, []>('SELECT user_version AS v FROM pragma_user_version').get()?.v,
    ).toBeGreaterThanOrEqual(15)
    checkAgainstBruteForce(migrated, articles, 'migrated')
    expect(ftsSegments(migrated)).toBe(1)
    migrated.close()
  })

  test("through the batch job's upkeep: a merge cut off by its page budget, level merges, one segment", () => {
    const db = openStore(`${tmp.dir}/segments.sqlite`)
    const writer = new ArticleWriter(db)
    // One transaction per article: FTS5 writes a segment each and merges them only in steps.
    for (const a of articles) db.transaction(() => writer.write(a, 0))()
    const before = ftsSegments(db)
    expect(before).toBeGreaterThan(4)
    // A budget of a few pages stops merges midway (FTS5 keeps the half-merged state): still exact.
    expect(mergeLevels(db, 3, 1)).toBe(3)
    checkAgainstBruteForce(db, articles, 'a merge cut off midway')
    const levels = compactFullText(db, 1000)
    expect(levels.before).toBeGreaterThan(0)
    expect(levels.afterLevels).toBeLessThan(before)
    expect(levels.after).toBe(levels.afterLevels)
    checkAgainstBruteForce(db, articles, 'level merges')
    // Past the line (here 1), the whole index becomes one segment.
    const one = compactFullText(db, 1)
    expect(one).toEqual({ before: levels.after, afterLevels: one.afterLevels, after: 1 })
    checkAgainstBruteForce(db, articles, 'one segment')
    expect(compactFullText(db, 1)).toEqual({ before: 1, afterLevels: 1, after: 1 })
    db.close()
  })
})
