import { describe, expect, test } from 'bun:test'
import { summaryBody } from '../../core/btc/summary.ts'
import type { Candle } from '../../core/candle.ts'
import { HOUR, article, flatHour, ms, sec } from './fixtures.ts'

const NOW = ms('2026-11-21T14:20:00Z')

function hourly(): Candle[] {
  const out: Candle[] = []
  for (let t = ms('2026-10-21T00:00:00Z'); t <= ms('2026-11-21T15:00:00Z'); t += HOUR) out.push(flatHour(t, 1000))
  const set = (iso: string, over: Partial<Candle>) => {
    const i = out.findIndex((c) => c.openTimeMs === ms(iso))
    out[i] = { ...(out[i] as Candle), ...over }
  }
  set('2026-11-21T14:00:00Z', { close: 110, high: 110, low: 110 }) // latest before now
  set('2026-11-21T13:00:00Z', { close: 100, high: 100, low: 100 }) // 1h: 110/100 − 1 = +10%
  set('2026-11-20T14:00:00Z', { close: 88, high: 9999, low: 88 }) // 24h: 110/88 − 1 = +25%; outside the 24 slots
  set('2026-11-14T14:00:00Z', { close: 220 }) // 7d: 110/220 − 1 = −50%
  set('2026-11-20T15:00:00Z', { high: 5000 }) // first of the 24 slots (other hours: 1000 and below)
  set('2026-11-21T03:00:00Z', { low: 1 })
  set('2026-11-21T15:00:00Z', { close: 5, high: 1e6, low: 0.5 }) // after now: not a price
  return out.filter((c) => c.openTimeMs !== ms('2026-10-22T14:00:00Z')) // 30d before the latest: missing
}

const ARTICLES = [
  article({ published_at: sec('2026-11-21T00:00:00Z'), sentiment: 'pos' }),
  article({ published_at: sec('2026-11-21T09:00:00Z'), sentiment: 'pos', labelled_by: 'lexicon' }),
  article({ published_at: sec('2026-11-21T14:19:59Z'), sentiment: 'neg' }),
  article({ published_at: sec('2026-11-21T12:00:00Z'), sentiment: 'neu' }),
  article({ published_at: sec('2026-11-20T23:59:59Z'), sentiment: 'neg' }), // yesterday
  article({ published_at: sec('2026-11-21T14:20:00Z'), sentiment: 'neg', labelled_by: 'lexicon' }), // at now: not today yet
  article({ published_at: sec('2026-10-01T08:00:00Z'), sentiment: 'neu' }),
]

describe('summaryBody', () => {
  test('price, change_pct, tone today and coverage (hand-computed)', () => {
    const candles = hourly()
    expect(summaryBody(candles, ARTICLES, NOW)).toEqual({
      price: { time: '2026-11-21T14:00:00Z', close: 110, high_24h: 5000, low_24h: 1 },
      change_pct: { '1h': 10, '24h': 25, '7d': -50, '30d': null },
      tone_today: { positive: 2, neutral: 1, negative: 1, net: 1, articles: 4 },
      coverage: {
        price: { from: '2026-10-21T00:00:00Z', to: '2026-11-21T15:00:00Z', candles: candles.length },
        news: { from: '2026-10-01T08:00:00Z', to: '2026-11-21T14:20:00Z', articles: 7 },
        labelled_by_model: 5,
        // 5 / 7 = 71.428…%
        labelled_by_model_pct: 71.43,
      },
    })
  })

  test('a gap in the last 24 hours is not filled with older hours', () => {
    const candles = hourly().filter((c) => c.openTimeMs !== ms('2026-11-21T03:00:00Z'))
    expect(summaryBody(candles, [], NOW).price.low_24h).toBe(100)
  })

  test('change_pct is null when the earlier hour is missing', () => {
    const candles = hourly().filter((c) => c.openTimeMs !== ms('2026-11-21T13:00:00Z'))
    expect(summaryBody(candles, [], NOW).change_pct['1h']).toBeNull()
  })

  test('no data: nulls and zeros, same shape', () => {
    expect(summaryBody([], [], NOW)).toEqual({
      price: { time: null, close: null, high_24h: null, low_24h: null },
      change_pct: { '1h': null, '24h': null, '7d': null, '30d': null },
      tone_today: { positive: 0, neutral: 0, negative: 0, net: 0, articles: 0 },
      coverage: {
        price: { from: null, to: null, candles: 0 },
        news: { from: null, to: null, articles: 0 },
        labelled_by_model: 0,
        labelled_by_model_pct: null,
      },
    })
  })
})
