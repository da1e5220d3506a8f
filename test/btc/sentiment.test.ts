import { describe, expect, test } from 'bun:test'
import { sentimentBody } from '../../core/btc/sentiment-buckets.ts'
import { article, ms, sec } from './fixtures.ts'

const ARTICLES = [
  article({ published_at: sec('2026-11-17T03:00:00Z'), sentiment: 'pos' }),
  article({ published_at: sec('2026-11-17T09:00:00Z'), sentiment: 'pos' }),
  article({ published_at: sec('2026-11-17T23:59:59Z'), sentiment: 'neg' }),
  article({ published_at: sec('2026-11-17T12:00:00Z'), sentiment: 'neu' }),
  article({ published_at: sec('2026-11-19T00:00:00Z'), sentiment: 'neg' }), // at `to`: excluded
  article({ published_at: sec('2026-11-15T23:59:59Z'), sentiment: 'pos' }), // before from: excluded
]

const zero = (time: string) => ({ time, articles: 0, positive: 0, neutral: 0, negative: 0, net: 0 })

describe('sentimentBody', () => {
  test('zero-filled days, counts by label, net = positive − negative, to exclusive', () => {
    expect(sentimentBody(ARTICLES, 'day', { fromMs: ms('2026-11-16'), toMs: ms('2026-11-19') })).toEqual({
      from: '2026-11-16T00:00:00Z',
      to: '2026-11-19T00:00:00Z',
      interval: 'day',
      points: 3,
      buckets: [
        zero('2026-11-16T00:00:00Z'),
        { time: '2026-11-17T00:00:00Z', articles: 4, positive: 2, neutral: 1, negative: 1, net: 1 },
        zero('2026-11-18T00:00:00Z'),
      ],
    })
  })

  test('weeks aligned to Monday even when from is a Wednesday; the earlier article now counts', () => {
    const body = sentimentBody(ARTICLES, 'week', { fromMs: ms('2026-11-18T10:00:00Z'), toMs: ms('2026-11-24') })
    expect(body.from).toBe('2026-11-16T00:00:00Z')
    expect(body.buckets).toEqual([
      { time: '2026-11-16T00:00:00Z', articles: 5, positive: 2, neutral: 1, negative: 2, net: 0 },
      zero('2026-11-23T00:00:00Z'),
    ])
  })

  test('hours: one bucket per hour, the last one partial', () => {
    const body = sentimentBody(ARTICLES, 'hour', {
      fromMs: ms('2026-11-17T02:15:00Z'),
      toMs: ms('2026-11-17T04:30:00Z'),
    })
    expect(body.points).toBe(3)
    expect(body.buckets.map((b) => [b.time, b.articles])).toEqual([
      ['2026-11-17T02:00:00Z', 0],
      ['2026-11-17T03:00:00Z', 1],
      ['2026-11-17T04:00:00Z', 0],
    ])
  })

  test('no articles: all zeros, still one bucket per period', () => {
    const body = sentimentBody([], 'day', { fromMs: ms('2026-10-22T14:00:00Z'), toMs: ms('2026-11-21T14:00:00Z') })
    expect(body.points).toBe(31)
    expect(body.buckets.every((b) => b.articles === 0 && b.net === 0)).toBe(true)
  })
})
