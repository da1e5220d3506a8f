/** `/v1/btc/price`: the Candle envelope of the contract. */
import type { Candle } from '../candle.ts'
import { type Interval, type TimeRange, alignRange } from './periods.ts'
import { resample } from './resample.ts'
import { VOLUME_DIGITS, isoMs, roundTo } from './serialise.ts'

export interface CandleWire {
  time: string
  open: number
  high: number
  low: number
  close: number
  volume: number
  trades: number
  hours: number
}

export interface PriceBody {
  from: string
  to: string
  interval: Interval
  points: number
  candles: CandleWire[]
}

/** Prices as given; the summed volume is rounded to 8 decimals to drop float summation noise. */
export function candleWire(c: Candle): CandleWire {
  return {
    time: isoMs(c.openTimeMs),
    open: c.open,
    high: c.high,
    low: c.low,
    close: c.close,
    volume: roundTo(c.volume, VOLUME_DIGITS),
    trades: c.trades,
    hours: c.hours,
  }
}

/** `from` is aligned down to the interval start (see alignRange), so the first candle is whole. */
export function priceBody(hourly: readonly Candle[], interval: Interval, range: TimeRange): PriceBody {
  const { fromMs, toMs } = alignRange(range, interval)
  const candles = resample(hourly, interval, fromMs, toMs).map(candleWire)
  return { from: isoMs(fromMs), to: isoMs(toMs), interval, points: candles.length, candles }
}
