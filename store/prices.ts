import type { Database } from 'bun:sqlite'
import type { Candle, DailyClose } from '../core/candle.ts'

/** Upserts hourly (or coarser) candles of one instrument; the newer load of an open time wins. */
export function saveCandles(db: Database, instrument: string, candles: readonly Candle[]): number {
  const stmt = db.query(
    `INSERT INTO candles (instrument, open_time, open, high, low, close, volume, trades, hours)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(instrument, open_time) DO UPDATE SET open = excluded.open, high = excluded.high,
       low = excluded.low, close = excluded.close, volume = excluded.volume, trades = excluded.trades,
       hours = excluded.hours`,
  )
  db.transaction(() => {
    for (const c of candles) {
      stmt.run(instrument, c.openTimeMs, c.open, c.high, c.low, c.close, c.volume, c.trades, c.hours)
    }
  })()
  return candles.length
}

export function saveDailyCloses(db: Database, instrument: string, closes: readonly DailyClose[]): number {
  const stmt = db.query(
    `INSERT INTO daily_closes (instrument, day, close) VALUES (?, ?, ?)
     ON CONFLICT(instrument, day) DO UPDATE SET close = excluded.close`,
  )
  db.transaction(() => {
    for (const c of closes) stmt.run(instrument, c.dayMs, c.close)
  })()
  return closes.length
}

export function setInstrumentSource(db: Database, instrument: string, source: string, nowSeconds: number): void {
  db.query(
    `INSERT INTO instrument_sources (instrument, source, updated_at) VALUES (?, ?, ?)
     ON CONFLICT(instrument) DO UPDATE SET source = excluded.source, updated_at = excluded.updated_at`,
  ).run(instrument, source, nowSeconds)
}

export function loadCandles(db: Database, instrument: string, fromMs: number, toMs: number): Candle[] {
  return db
    .query<
      {
        open_time: number
        open: number
        high: number
        low: number
        close: number
        volume: number
        trades: number
        hours: number
      },
      [string, number, number]
    >(
      `SELECT open_time, open, high, low, close, volume, trades, hours FROM candles
       WHERE instrument = ? AND open_time >= ? AND open_time < ? ORDER BY open_time`,
    )
    .all(instrument, fromMs, toMs)
    .map((r) => ({
      openTimeMs: r.open_time,
      open: r.open,
      high: r.high,
      low: r.low,
      close: r.close,
      volume: r.volume,
      trades: r.trades,
      hours: r.hours,
    }))
}

export function loadDailyCloses(db: Database, instrument: string, fromMs: number, toMs: number): DailyClose[] {
  return db
    .query<{ day: number; close: number }, [string, number, number]>(
      'SELECT day, close FROM daily_closes WHERE instrument = ? AND day >= ? AND day < ? ORDER BY day',
    )
    .all(instrument, fromMs, toMs)
    .map((r) => ({ dayMs: r.day, close: r.close }))
}
