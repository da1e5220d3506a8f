/** A price candle as stored and as served by `/v1/btc/price` (contract: Candle). */
export interface Candle {
  /** Start of the candle, epoch milliseconds UTC. */
  openTimeMs: number
  open: number
  high: number
  low: number
  close: number
  volume: number
  trades: number
  /** Hours the candle covers: 1 for hourly candles, up to 24 or 168 for resampled ones. */
  hours: number
}

/** A daily close, for instruments that only have a daily series (metals, FX). */
export interface DailyClose {
  /** 00:00 UTC of the day, epoch milliseconds. */
  dayMs: number
  close: number
}
