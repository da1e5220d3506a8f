/**
 * Demo price series. Each is a mean-reverting random walk of the log price (an Ornstein–Uhlenbeck
 * process) that starts at a fixed epoch and draws its shocks from a hash of (seed, step), so the
 * price of any hour or day never depends on when the archive was generated or how far it reaches.
 */
import { hashGauss, hashUnit, TAG } from './prng.ts'

export const HOUR_MS = 3_600_000
export const DAY_MS = 86_400_000

const EPOCH_HOUR = Date.UTC(2015, 0, 1) / HOUR_MS
const EPOCH_DAY = Date.UTC(2015, 0, 1) / DAY_MS

/** BTC/USDT: centre ~88k, hourly volatility ~0.65% (about 60% a year), ±2 sd ≈ 60k–125k. */
const BTC_CENTER = Math.log(88_000)
const BTC_SIGMA = 0.0065
const BTC_THETA = 0.0006

/** Hourly BTC/USDT candles, computed lazily from the epoch and cached. */
export class BtcSeries {
  private readonly seed: number
  private logs = new Float64Array(0)
  private filled = 0

  constructor(seed: number) {
    this.seed = seed
  }

  /** Close of the candle that opens at hour `hour` (hours since the Unix epoch). */
  close(hour: number): number {
    return round2(Math.exp(BTC_CENTER + this.deviation(hour)))
  }

  /** Return of UTC day `day` (days since the Unix epoch): last close of the day over the day before's. */
  dailyReturn(day: number): number {
    return this.close(day * 24 + 23) / this.close(day * 24 - 1) - 1
  }

  candle(hour: number): Kline {
    const open = this.close(hour - 1)
    const close = this.close(hour)
    const shock = this.deviation(hour) - this.deviation(hour - 1)
    const wickUp = Math.abs(hashGauss(this.seed, TAG.btc, hour, 3)) * BTC_SIGMA * 0.6
    const wickDown = Math.abs(hashGauss(this.seed, TAG.btc, hour, 4)) * BTC_SIGMA * 0.6
    const high = round2(Math.max(open, close) * Math.exp(wickUp))
    const low = round2(Math.min(open, close) * Math.exp(-wickDown))
    const utcHour = ((hour % 24) + 24) % 24
    const weekday = new Date(hour * HOUR_MS).getUTCDay()
    const session = utcHour >= 12 && utcHour <= 20 ? 1.35 : utcHour <= 5 ? 0.75 : 1
    const weekend = weekday === 0 || weekday === 6 ? 0.6 : 1
    const surprise = Math.min(3, Math.abs(shock) / BTC_SIGMA)
    const volume = round5((350 + 700 * hashUnit(this.seed, TAG.btc, hour, 5) + 320 * surprise) * session * weekend)
    const vwap = (open + high + low + close) / 4
    const buyShare = Math.min(
      0.7,
      Math.max(0.3, 0.5 + 0.12 * Math.tanh(shock / BTC_SIGMA) + 0.03 * hashGauss(this.seed, TAG.btc, hour, 6)),
    )
    const takerBuyBase = round5(volume * buyShare)
    return {
      openTimeMs: hour * HOUR_MS,
      open,
      high,
      low,
      close,
      volume,
      closeTimeMs: hour * HOUR_MS + HOUR_MS - 1,
      quoteVolume: round8(volume * vwap),
      trades: Math.round(volume * (70 + 40 * hashUnit(this.seed, TAG.btc, hour, 7))),
      takerBuyBase,
      takerBuyQuote: round8(takerBuyBase * vwap),
    }
  }

  private deviation(hour: number): number {
    const index = hour - EPOCH_HOUR
    if (index < 0) throw new RangeError('demo BTC series starts on 2015-01-01')
    if (index >= this.filled) this.extend(index + 1)
    return this.logs[index] ?? 0
  }

  private extend(size: number): void {
    if (size > this.logs.length) {
      const grown = new Float64Array(Math.max(size, this.logs.length * 2, 1024))
      grown.set(this.logs.subarray(0, this.filled))
      this.logs = grown
    }
    for (let i = this.filled; i < size; i++) {
      const previous = i === 0 ? 0 : (this.logs[i - 1] ?? 0)
      this.logs[i] = previous * (1 - BTC_THETA) + BTC_SIGMA * hashGauss(this.seed, TAG.btc, EPOCH_HOUR + i)
    }
    this.filled = size
  }
}

/** A Binance public-data kline row. */
export interface Kline {
  openTimeMs: number
  open: number
  high: number
  low: number
  close: number
  volume: number
  closeTimeMs: number
  quoteVolume: number
  trades: number
  takerBuyBase: number
  takerBuyQuote: number
}

/** One CSV line as in data.binance.vision spot klines: 12 columns, no header. */
export function klineCsvLine(k: Kline): string {
  return `${k.openTimeMs},${k.open.toFixed(8)},${k.high.toFixed(8)},${k.low.toFixed(8)},${k.close.toFixed(8)},${k.volume.toFixed(8)},${k.closeTimeMs},${k.quoteVolume.toFixed(8)},${k.trades},${k.takerBuyBase.toFixed(8)},${k.takerBuyQuote.toFixed(8)},0`
}

export interface DailyInstrument {
  slug: string
  file: string
  center: number
  /** Daily volatility of the log price. */
  sigma: number
  /** Stationary standard deviation of the log price around the centre. */
  spread: number
  decimals: number
}

export const DAILY_INSTRUMENTS: readonly DailyInstrument[] = [
  { slug: 'gold', file: 'gold.csv', center: 3900, sigma: 0.01, spread: 0.12, decimals: 2 },
  { slug: 'silver', file: 'silver.csv', center: 48, sigma: 0.018, spread: 0.18, decimals: 3 },
  { slug: 'usd-brl', file: 'usd-brl.csv', center: 5.4, sigma: 0.007, spread: 0.07, decimals: 4 },
  { slug: 'usd-inr', file: 'usd-inr.csv', center: 87.5, sigma: 0.0025, spread: 0.03, decimals: 4 },
]

/** Daily closes of one instrument, computed from the epoch and cached. */
export class DailySeries {
  private readonly logs: number[] = []
  private readonly theta: number

  constructor(
    private readonly seed: number,
    private readonly instrument: DailyInstrument,
    private readonly index: number,
  ) {
    this.theta = (instrument.sigma * instrument.sigma) / (2 * instrument.spread * instrument.spread)
  }

  close(day: number): number {
    const i = day - EPOCH_DAY
    if (i < 0) throw new RangeError('demo daily series start on 2015-01-01')
    for (let k = this.logs.length; k <= i; k++) {
      const previous = k === 0 ? 0 : (this.logs[k - 1] ?? 0)
      this.logs.push(
        previous * (1 - this.theta) +
          this.instrument.sigma * hashGauss(this.seed, TAG.daily, this.index, EPOCH_DAY + k),
      )
    }
    const scale = 10 ** this.instrument.decimals
    return Math.round(this.instrument.center * Math.exp(this.logs[i] ?? 0) * scale) / scale
  }
}

/** Markets for metals and FX close on weekends; the CSVs skip Saturdays and Sundays. */
export function isTradingDay(day: number): boolean {
  const weekday = new Date(day * DAY_MS).getUTCDay()
  return weekday !== 0 && weekday !== 6
}

function round2(value: number): number {
  return Math.round(value * 100) / 100
}
function round5(value: number): number {
  return Math.round(value * 1e5) / 1e5
}
function round8(value: number): number {
  return Math.round(value * 1e8) / 1e8
}
