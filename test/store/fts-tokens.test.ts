/**
 * Search tokens are FTS5's own (core/search/fts-tokens.ts): the shipped code-point table equals
 * the running SQLite's, random text of many scripts tokenizes the same in both, and words whose
 * folding differs from a plain "lower case, strip marks" (Cyrillic й and ё, Greek accents and
 * final sigma, Latin Extended-B) are found by search.
 */
import { Database } from 'bun:sqlite'
import { afterAll, describe, expect, test } from 'bun:test'
import table from '../../core/search/fts-code-points.json' with { type: 'json' }
import { ftsTokens } from '../../core/search/fts-tokens.ts'
import { highlight, highlightTokens } from '../../core/search/highlight.ts'
import { parseQuery } from '../../core/search/query-syntax.ts'
import { indexForm, indexTokens } from '../../core/search/tokens.ts'
import type { SearchRequest } from '../../core/search/types.ts'
import { mulberry32 } from '../../core/random.ts'
import { readFtsCodePoints, FTS_TOKENIZER } from '../../store/fts-code-points.ts'
import { SqliteSearchIndex } from '../../store/search-sqlite.ts'
import { buildFixtureStore, FIXTURE_NOW, fixtureArticles } from '../support/fixture-store.ts'
import { tempDir } from '../support/tmp.ts'

/** FTS5's tokens of each text, read back through fts5vocab (positions in order). */
function ftsOwnTokens(texts: readonly string[]): string[][] {
  const db = new Database(':memory:')
  db.exec(`CREATE VIRTUAL TABLE t USING fts5(x, tokenize = '${FTS_TOKENIZER}')`)
  db.exec(`CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance')`)
  const insert = db.query('INSERT INTO t (rowid, x) VALUES (?, ?)')
  db.transaction(() => texts.forEach((x, i) => insert.run(i + 1, x)))()
  const out: string[][] = texts.map(() => [])
  for (const r of db
    .query<{ term: string; doc: number; offset: number }, []>('SELECT term, doc, offset FROM v')
    .all()) {
    ;(out[r.doc - 1] as string[])[r.offset] = r.term
  }
  db.close()
  return out
}

describe('the code-point table', () => {
  test('equals what the running SQLite does with every code point', () => {
    const now = readFtsCodePoints()
    expect(now.anomalies).toEqual([])
    expect(now.separators).toEqual(table.separators as [number, number][])
    expect(now.folds).toEqual(table.folds)
  }, 60_000)

  // Alphabet of the random texts: letters and marks where folding is subtle, separators, and
  // code points of scripts written without spaces (indexForm segments them).
  const ALPHABET = [
    ...'abcXYZ09 -_.,"\'’',
    ...'éÉèçÇñÑüÜößẞæøåİıĲǠǡǄǅǆȘțƏə',
    ...'йЙёЁиеЯяїЇґ',
    ...'άΆέήίόύώΐΰσςΣΑΩ',
    '\u0301',
    '\u0306',
    '\u0308',
    '\u0327',
    '\u200d',
    '\ufe0f',
    '\u00a0',
    '\u2019',
    '\u3000',
    ...'比特币市场東京ビットコインไทย한국어',
    '🦄',
    '😀',
    '𝔘',
    '𐐀',
    '①',
    'Ⅻ',
    'ﬁ',
    'ﬀ',
    '٣',
    '७',
    // Lone surrogates (a string cut inside an emoji): SQLite receives U+FFFD.
    '\ud83d',
    '\udc00',
  ]

  test('random text of many scripts tokenizes as FTS5 tokenizes it (2,000 texts, seed 41)', () => {
    const rnd = mulberry32(41)
    const texts = Array.from({ length: 2000 }, () =>
      Array.from({ length: 1 + Math.floor(rnd() * 24) }, () => ALPHABET[Math.floor(rnd() * ALPHABET.length)]).join(''),
    )
    const own = ftsOwnTokens(texts)
    const differ = texts.filter((t, i) => JSON.stringify(ftsTokens(t)) !== JSON.stringify(own[i]))
    expect(differ).toEqual([])
    // The same through indexForm, as the store writes text and parseQuery reads a query.
    const formed = ftsOwnTokens(texts.map(indexForm))
    expect(texts.filter((t, i) => JSON.stringify(indexTokens(t)) !== JSON.stringify(formed[i]))).toEqual([])
  })
})

describe('words FTS5 folds differently from lower case + strip marks are found', () => {
  const tmp = tempDir('newsdesk-fts-tokens-')
  afterAll(() => tmp.cleanup())
  const titles = [
    'Новый закон принят',
    'Ёлка на площади',
    'Ελληνικός τουρισμός σε άνοδο',
    'Αθήνα: νέα μέτρα',
    'Ǡ letter test',
    'Київ і Львів',
  ]
  const articles = fixtureArticles(titles.length, 5).map((a, i) => ({
    ...a,
    title: titles[i] as string,
    description: 'plain words',
  }))
  const db = buildFixtureStore(`${tmp.dir}/s.sqlite`, articles)
  const index = new SqliteSearchIndex(db)
  const nowS = FIXTURE_NOW.getTime() / 1000
  const req = (q: string): SearchRequest => ({
    query: parseQuery(q),
    fromS: nowS - 90 * 86400,
    toS: nowS,
    strictCountry: false,
    maxSeq: null,
    sort: 'date',
    size: 10,
    offset: 0,
    dedupe: false,
    fullText: false,
  })
  test.each([
    { q: 'новый', title: 'Новый закон принят' },
    { q: 'НОВЫЙ закон', title: 'Новый закон принят' },
    { q: 'ёлка', title: 'Ёлка на площади' },
    { q: 'ελληνικός', title: 'Ελληνικός τουρισμός σε άνοδο' },
    { q: 'ΕΛΛΗΝΙΚΌΣ', title: 'Ελληνικός τουρισμός σε άνοδο' },
    { q: 'Αθήνα', title: 'Αθήνα: νέα μέτρα' },
    { q: '"νέα μέτρα"', title: 'Αθήνα: νέα μέτρα' },
    { q: 'ǡ', title: 'Ǡ letter test' },
    { q: 'Київ', title: 'Київ і Львів' },
  ])('$q finds "$title"', ({ q, title }) => {
    const page = index.search(req(q))
    expect(page.articles.map((a) => a.title)).toEqual([title])
    expect(page.total).toBe(1)
  })
})

describe('highlighting follows FTS5 tokens', () => {
  // FTS5 cuts these words at marks it treats as separators; the whole word is still marked.
  test.each([
    { q: 'новый', text: 'Новый закон', want: '<em>Новый</em> закон' },
    { q: 'हिन्दी', text: 'हिन्दी समाचार', want: '<em>हिन्दी</em> समाचार' },
    { q: 'ที่', text: 'ที่ กรุงเทพ', want: '<em>ที่</em> กรุงเทพ' },
    { q: 'שָׁלוֹם', text: 'שָׁלוֹם עולם', want: '<em>שָׁלוֹם</em> עולם' },
    { q: 'élection', text: 'Election day', want: '<em>Election</em> day' },
    { q: 'day', text: 'Election day', want: 'Election <em>day</em>' },
  ])('$q in "$text"', ({ q, text, want }) => {
    expect(highlight(text, highlightTokens(parseQuery(q)))).toBe(want)
  })

  test('a query word of a lone surrogate is no term, as FTS5 sees no token in it', () => {
    expect(parseQuery('\ud83d')).toBeNull()
    expect(parseQuery('bitcoin \ud83d')?.all).toHaveLength(1)
  })
})
