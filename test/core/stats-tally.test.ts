import { describe, expect, test } from 'bun:test'
import { mulberry32 } from '../../core/random.ts'
import { StatsTally, compareCodePoints, topBuckets } from '../../core/search/stats-tally.ts'

/** The order SQLite's BINARY collation gives: UTF-8 bytes. */
const byUtf8 = (a: string, b: string) => Math.sign(Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')))

describe('compareCodePoints orders as UTF-8 bytes do', () => {
  test.each([
    ['a', 'b'],
    ['ab', 'a'],
    ['', 'a'],
    ['\u{1F600}', '\uFF5E'], // astral above U+E000–U+FFFF in UTF-8, below in UTF-16
    ['\uE000', '\u{10000}'],
    ['\uD7FF', '\u{10000}'],
    ['zé', 'ze'],
    ['例え.jp', 'example.jp'],
  ])('%p vs %p', (a, b) => {
    expect(Math.sign(compareCodePoints(a, b))).toBe(byUtf8(a, b))
    expect(Math.sign(compareCodePoints(b, a))).toBe(byUtf8(b, a))
  })

  test('random strings over the ranges where UTF-16 and UTF-8 orders differ', () => {
    const rnd = mulberry32(42)
    const pool = ['a', 'z', '\u00e9', '\u4e00', '\uD7FF', '\uE000', '\uFFFD', '\u{10000}', '\u{1F600}', '\u{10FFFF}']
    const word = () =>
      Array.from({ length: 1 + Math.floor(rnd() * 4) }, () => pool[Math.floor(rnd() * pool.length)]).join('')
    for (let i = 0; i < 2000; i++) {
      const [a, b] = [word(), word()]
      expect(Math.sign(compareCodePoints(a, b))).toBe(byUtf8(a, b))
    }
  })
})

describe('StatsTally', () => {
  test('weights add up, negative rows take off, empty keys and periods vanish, ties by key', () => {
    const tally = new StatsTally(86_400)
    const row = (host: string, t: number, n: number) => ({
      country: host.endsWith('.de') ? 'DE' : 'US',
      lang: 'en',
      tld: host.split('.').pop() ?? '',
      host,
      category: 'sport',
      sentiment: host === 'c.com' ? 'neg' : 'pos',
      t,
      n,
      s: 250 * n,
    })
    tally.add(row('b.com', 86_400 * 10 + 5, 3))
    tally.add(row('a.com', 86_400 * 10, 3))
    tally.add(row('x.de', 86_400 * 11 + 100, 2))
    tally.add(row('x.de', 86_400 * 11 + 200, -2)) // the only articles of that day and host, taken off
    tally.add(row('c.com', 86_400 * 9, 1))
    const r = tally.result(2)
    expect(r.total).toBe(7)
    expect(r.hosts).toEqual([
      { key: 'a.com', articles: 3 },
      { key: 'b.com', articles: 3 },
    ])
    expect(r.countries).toEqual([{ key: 'US', articles: 7 }])
    expect([...r.timeline]).toEqual([
      [86_400 * 9, { articles: 1, pos: 0, neu: 0, neg: 1, scoreMilli: 250 }],
      [86_400 * 10, { articles: 6, pos: 6, neu: 0, neg: 0, scoreMilli: 1500 }],
    ])
    expect(r.categories).toEqual([{ key: 'sport', articles: 7 }])
    expect(r.sentiments).toEqual([
      { key: 'pos', articles: 6 },
      { key: 'neg', articles: 1 },
    ])
  })

  test('topBuckets keeps the top keys by count, then by code point', () => {
    const counts = new Map([
      ['\u{1F600}.example', 2],
      ['\uFF5E.example', 2],
      ['z.example', 5],
      ['gone.example', 0],
    ])
    expect(topBuckets(counts, 10).map((b) => b.key)).toEqual(['z.example', '\uFF5E.example', '\u{1F600}.example'])
  })
})
