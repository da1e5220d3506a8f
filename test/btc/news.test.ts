import { describe, expect, test } from 'bun:test'
import { type NewsQuery, foldText, newsBody } from '../../core/btc/news.ts'
import { article, ms, sec } from './fixtures.ts'

const RANGE = { fromMs: ms('2026-11-14T14:00:00Z'), toMs: ms('2026-11-21T14:00:00Z') }

const A = [
  article({
    url: 'https://a.com/1',
    host: 'a.com',
    lang: 'en',
    title: 'Bitcoin SURGES past record',
    published_at: sec('2026-11-20T10:00:00Z'),
    sentiment: 'pos',
    score: 0.9,
  }),
  article({
    url: 'https://b.fr/2',
    host: 'b.fr',
    lang: 'fr',
    country: 'FR',
    title: 'Un e\u0301te\u0301 record pour le bitcoin',
    published_at: sec('2026-11-19T10:00:00Z'),
    sentiment: 'pos',
    score: 0.7,
  }),
  article({
    url: 'https://c.de/3',
    host: 'c.de',
    lang: 'de',
    country: 'DE',
    title: 'Bitcoin-Kurs fällt STARK',
    published_at: sec('2026-11-19T10:00:00Z'),
    sentiment: 'neg',
    score: -0.8,
  }),
  article({
    url: 'https://a.com/0',
    host: 'a.com',
    lang: 'en',
    title: 'Bitcoin flat as markets wait',
    published_at: sec('2026-11-19T10:00:00Z'),
    sentiment: 'neu',
    score: 0.7,
  }),
  article({
    url: 'https://d.ru/5',
    host: 'd.ru',
    lang: 'ru',
    country: 'RU',
    title: 'БИТКОИН растёт',
    published_at: sec('2026-11-15T08:00:00Z'),
    sentiment: 'pos',
    score: 0.4,
    labelled_by: 'lexicon',
    lexicon_score: 2,
    lexicon_terms: '+растёт,+рекорд',
  }),
  article({
    url: 'https://a.com/old',
    host: 'a.com',
    title: 'Bitcoin before the range',
    published_at: sec('2026-11-14T13:59:59Z'),
  }),
  article({
    url: 'https://a.com/late',
    host: 'a.com',
    title: 'Bitcoin at to (excluded)',
    published_at: sec('2026-11-21T14:00:00Z'),
  }),
]

const q = (over: Partial<NewsQuery> = {}): NewsQuery => ({ sort: 'date', size: 20, offset: 0, ...over })
const urls = (over: Partial<NewsQuery>) => newsBody(A, q(over), RANGE).results.map((r) => r.url)

describe('newsBody filters', () => {
  test.each([
    {
      name: 'none: range only, date desc, ties by url',
      over: {},
      want: ['https://a.com/1', 'https://a.com/0', 'https://b.fr/2', 'https://c.de/3', 'https://d.ru/5'],
    },
    { name: 'label pos', over: { label: 'pos' }, want: ['https://a.com/1', 'https://b.fr/2', 'https://d.ru/5'] },
    { name: 'label neg', over: { label: 'neg' }, want: ['https://c.de/3'] },
    { name: 'host list', over: { host: ['b.fr', 'c.de'] }, want: ['https://b.fr/2', 'https://c.de/3'] },
    { name: 'lang list', over: { lang: ['ru', 'de'] }, want: ['https://c.de/3', 'https://d.ru/5'] },
    {
      name: 'empty lists filter nothing',
      over: { host: [], lang: [] },
      want: ['https://a.com/1', 'https://a.com/0', 'https://b.fr/2', 'https://c.de/3', 'https://d.ru/5'],
    },
    { name: 'q case-insensitive', over: { q: 'surges' }, want: ['https://a.com/1'] },
    { name: 'q upper vs lower', over: { q: 'BITCOIN-KURS' }, want: ['https://c.de/3'] },
    { name: 'q precomposed ÉTÉ meets decomposed été', over: { q: 'ÉTÉ' }, want: ['https://b.fr/2'] },
    { name: 'q Cyrillic', over: { q: 'биткоин' }, want: ['https://d.ru/5'] },
    { name: 'q umlaut', over: { q: 'FÄLLT' }, want: ['https://c.de/3'] },
    { name: 'q trimmed', over: { q: '  surges  ' }, want: ['https://a.com/1'] },
    { name: 'q blank is no filter', over: { q: '   ', label: 'neg' }, want: ['https://c.de/3'] },
    { name: 'q is a substring of the headline only', over: { q: 'markets wait' }, want: ['https://a.com/0'] },
    {
      name: 'combined',
      over: { label: 'pos', lang: ['en', 'fr'], q: 'record' },
      want: ['https://a.com/1', 'https://b.fr/2'],
    },
  ] as { name: string; over: Partial<NewsQuery>; want: string[] }[])('$name', ({ over, want }) =>
    expect(urls(over)).toEqual(want),
  )
})

describe('newsBody sorts (stable tie-break by url)', () => {
  test.each([
    {
      sort: 'date',
      want: ['https://a.com/1', 'https://a.com/0', 'https://b.fr/2', 'https://c.de/3', 'https://d.ru/5'],
    },
    {
      sort: 'date_asc',
      want: ['https://d.ru/5', 'https://a.com/0', 'https://b.fr/2', 'https://c.de/3', 'https://a.com/1'],
    },
    // scores 0.9, 0.7 (a.com/0), 0.7 (b.fr/2), 0.4, −0.8
    {
      sort: 'score',
      want: ['https://a.com/1', 'https://a.com/0', 'https://b.fr/2', 'https://d.ru/5', 'https://c.de/3'],
    },
    {
      sort: 'score_asc',
      want: ['https://c.de/3', 'https://d.ru/5', 'https://a.com/0', 'https://b.fr/2', 'https://a.com/1'],
    },
  ] as { sort: NewsQuery['sort']; want: string[] }[])('$sort', ({ sort, want }) => {
    expect(urls({ sort })).toEqual(want)
    expect(newsBody([...A].reverse(), q({ sort }), RANGE).results.map((r) => r.url)).toEqual(want)
  })
})

describe('newsBody paging and fields', () => {
  test.each([
    { size: 2, offset: 0, want: ['https://a.com/1', 'https://a.com/0'] },
    { size: 2, offset: 4, want: ['https://d.ru/5'] },
    { size: 1, offset: 5, want: [] },
    { size: 100, offset: 9900, want: [] },
  ] as { size: number; offset: number; want: string[] }[])('size $size offset $offset', ({ size, offset, want }) => {
    const body = newsBody(A, q({ size, offset }), RANGE)
    expect(body.total).toBe(5)
    expect(body.size).toBe(size)
    expect(body.offset).toBe(offset)
    expect(body.results.map((r) => r.url)).toEqual(want)
  })

  test('result fields in the contract order, published_at as ISO seconds', () => {
    const body = newsBody(A, q({ lang: ['ru'] }), RANGE)
    expect(body.from).toBe('2026-11-14T14:00:00Z')
    expect(body.to).toBe('2026-11-21T14:00:00Z')
    expect(body.results[0]).toEqual({
      published_at: '2026-11-15T08:00:00Z',
      title: 'БИТКОИН растёт',
      description: '',
      url: 'https://d.ru/5',
      host: 'd.ru',
      lang: 'ru',
      country: 'RU',
      sentiment: 'pos',
      score: 0.4,
      labelled_by: 'lexicon',
      lexicon_score: 2,
      lexicon_terms: '+растёт,+рекорд',
    })
    expect(Object.keys(body.results[0] ?? {})).toEqual([
      'published_at',
      'title',
      'description',
      'url',
      'host',
      'lang',
      'country',
      'sentiment',
      'score',
      'labelled_by',
      'lexicon_score',
      'lexicon_terms',
    ])
  })
})

test.each([
  ['ÉTÉ', 'été'],
  ['e\u0301te\u0301', 'été'],
  ['İstanbul', 'i\u0307stanbul'], // root locale, not Turkish: dotted İ → i + combining dot
  ['ΣΟΦΊΑ', 'σοφία'],
])('foldText(%s) = %s', (input, want) => expect(foldText(input)).toBe(want.normalize('NFC')))
