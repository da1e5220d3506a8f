/** Builders for the BTC and markets tests: explicit candles and articles, seeded randomness. */
import type { Candle } from '../../core/candle.ts'
import type { BtcArticle } from '../../core/btc/btc-article.ts'
import { mulberry32 } from '../../core/random.ts'

export const HOUR = 3_600_000
export const DAY = 86_400_000

export const ms = (iso: string): number => Date.parse(iso)
export const sec = (iso: string): number => Date.parse(iso) / 1000

export function hourCandle(
  iso: string,
  open: number,
  high: number,
  low: number,
  close: number,
  volume = 1,
  trades = 1,
): Candle {
  return { openTimeMs: ms(iso), open, high, low, close, volume, trades, hours: 1 }
}

/** A flat hourly candle (open = high = low = close) at epoch ms. */
export function flatHour(openTimeMs: number, close: number): Candle {
  return { openTimeMs, open: close, high: close, low: close, close, volume: 1, trades: 1, hours: 1 }
}

/** 24 flat hourly candles per day, each day at its given close. */
export function dailyFlatHours(firstDayMs: number, closes: readonly number[]): Candle[] {
  return closes.flatMap((close, d) =>
    Array.from({ length: 24 }, (_, h) => flatHour(firstDayMs + d * DAY + h * HOUR, close)),
  )
}

let serial = 0

export function article(over: Partial<BtcArticle> & Pick<BtcArticle, 'published_at'>): BtcArticle {
  serial += 1
  return {
    title: `Bitcoin story ${serial}`,
    description: '',
    url: `https://example.com/${String(serial).padStart(5, '0')}`,
    host: 'example.com',
    lang: 'en',
    country: 'US',
    sentiment: 'neu',
    score: 0,
    labelled_by: 'model',
    lexicon_score: 0,
    lexicon_terms: '',
    ...over,
  }
}

/** Articles making `net` for the day starting at dayMs: |net| pos or neg ones plus `neutral` neutral ones. */
export function articlesWithNet(dayMs: number, net: number, neutral = 1): BtcArticle[] {
  const at = dayMs / 1000 + 3600
  const out: BtcArticle[] = []
  for (let i = 0; i < Math.abs(net); i++)
    out.push(article({ published_at: at + i, sentiment: net > 0 ? 'pos' : 'neg' }))
  for (let i = 0; i < neutral; i++) out.push(article({ published_at: at + 600 + i, sentiment: 'neu' }))
  return out
}

/** The textbook two-pass Pearson r, written independently of core/btc/pearson.ts. */
export function twoPassR(xs: readonly number[], ys: readonly number[]): number | null {
  const n = xs.length
  if (n < 3) return null
  const mx = xs.reduce((s, v) => s + v, 0) / n
  const my = ys.reduce((s, v) => s + v, 0) / n
  let sxy = 0
  let sxx = 0
  let syy = 0
  for (let i = 0; i < n; i++) {
    const dx = (xs[i] as number) - mx
    const dy = (ys[i] as number) - my
    sxy += dx * dy
    sxx += dx * dx
    syy += dy * dy
  }
  if (sxx === 0 || syy === 0) return null
  return sxy / Math.sqrt(sxx * syy)
}

export { mulberry32 }
