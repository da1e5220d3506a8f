import { describe, expect, test } from 'bun:test'
import { sourcesBody } from '../../core/btc/sources.ts'
import { article, ms, sec } from './fixtures.ts'

const RANGE = { fromMs: ms('2026-10-22T14:00:00Z'), toMs: ms('2026-11-21T14:00:00Z') }
const at = sec('2026-11-10T12:00:00Z')

const A = [
  article({ published_at: at, host: 'b.com', lang: 'en', country: 'US', sentiment: 'pos', score: 0.1 }),
  article({ published_at: at, host: 'b.com', lang: 'en', country: 'US', sentiment: 'pos', score: 0.2 }),
  article({ published_at: at, host: 'b.com', lang: 'en', country: 'GB', sentiment: 'neg', score: 0.2 }),
  article({ published_at: at, host: 'a.fr', lang: 'fr', country: 'FR', sentiment: 'neg', score: -0.5 }),
  article({ published_at: at, host: 'a.fr', lang: 'fr', country: 'FR', sentiment: 'neu', score: 0 }),
  article({ published_at: at, host: 'c.de', lang: 'de', country: 'DE', sentiment: 'neg', score: -1 }),
  article({ published_at: at, host: 'z.com', lang: 'en', country: 'US', sentiment: 'pos', score: 1 }),
  article({
    published_at: sec('2026-11-21T14:00:00Z'),
    host: 'late.com',
    lang: 'en',
    country: 'US',
    sentiment: 'pos',
    score: 1,
  }), // at to: out
]

describe('sourcesBody', () => {
  test('by host: articles desc then key; net; mean_score to 4 decimals', () => {
    expect(sourcesBody(A, 'host', 25, RANGE)).toEqual({
      from: '2026-10-22T14:00:00Z',
      to: '2026-11-21T14:00:00Z',
      by: 'host',
      buckets: [
        // (0.1 + 0.2 + 0.2) / 3 = 0.16666… → 0.1667
        { host: 'b.com', articles: 3, positive: 2, negative: 1, net: 1, mean_score: 0.1667 },
        // (−0.5 + 0) / 2
        { host: 'a.fr', articles: 2, positive: 0, negative: 1, net: -1, mean_score: -0.25 },
        { host: 'c.de', articles: 1, positive: 0, negative: 1, net: -1, mean_score: -1 },
        { host: 'z.com', articles: 1, positive: 1, negative: 0, net: 1, mean_score: 1 },
      ],
    })
  })

  test.each([
    {
      by: 'lang',
      top: 25,
      want: [
        ['en', 4],
        ['fr', 2],
        ['de', 1],
      ],
    },
    {
      by: 'country',
      top: 25,
      want: [
        ['US', 3],
        ['FR', 2],
        ['DE', 1],
        ['GB', 1],
      ],
    },
    {
      by: 'country',
      top: 2,
      want: [
        ['US', 3],
        ['FR', 2],
      ],
    },
    { by: 'host', top: 1, want: [['b.com', 3]] },
  ] as const)('by $by, top $top', ({ by, top, want }) => {
    const body = sourcesBody(A, by, top, RANGE)
    expect(body.by).toBe(by)
    expect(body.buckets.map((b) => [b[by], b.articles])).toEqual(want.map((w) => [...w]))
    expect(body.buckets.every((b) => Object.keys(b)[0] === by && Object.keys(b).length === 6)).toBe(true)
  })

  test('the same answer whatever the input order', () => {
    expect(sourcesBody([...A].reverse(), 'country', 25, RANGE)).toEqual(sourcesBody(A, 'country', 25, RANGE))
  })
})
