/**
 * `/v1/markets` and `/v1/markets/{slug}`. A market's price is a list of `{t, close}` at the
 * instrument's grain: the close of each hourly candle (bitcoin) or each daily close (metals, FX).
 */
import type { Candle, DailyClose } from '../candle.ts'
import { isoSeconds } from '../config.ts'
import { findEndpoint } from '../endpoints.ts'
import { INSTRUMENTS, type Instrument } from '../instruments.ts'
import type { WindowSpec } from '../time-range.ts'
import { parseWindow } from '../time-range.ts'

/** `source` of an instrument for which no data has been loaded. */
export const NO_SOURCE = 'none'

/** One price point: start of its hour or day (epoch ms) and the close. */
export interface PricePoint {
  timeMs: number
  close: number
}

export interface InstrumentWire {
  slug: string
  name: string
  kind: Instrument['kind']
  unit: string
  grain: Instrument['grain']
  source: string
}

export interface MarketsBody {
  instruments: InstrumentWire[]
}

export interface MarketBody {
  instrument: InstrumentWire
  window: string
  price: { t: string; close: number }[]
}

/** The shipped instruments with the provider of their loaded data (NO_SOURCE when none). */
export function withSources(sourceBySlug: Readonly<Record<string, string>>): Instrument[] {
  return INSTRUMENTS.map((i) => ({ ...i, source: sourceBySlug[i.slug] ?? NO_SOURCE }))
}

function instrumentWire(i: Instrument): InstrumentWire {
  return { slug: i.slug, name: i.name, kind: i.kind, unit: i.unit, grain: i.grain, source: i.source }
}

/** In the order given (the registry order of core/instruments.ts: bitcoin first). */
export function marketsBody(instruments: readonly Instrument[]): MarketsBody {
  return { instruments: instruments.map(instrumentWire) }
}

export function pointsFromCandles(candles: readonly Candle[]): PricePoint[] {
  return candles.map((c) => ({ timeMs: c.openTimeMs, close: c.close }))
}

export function pointsFromDailyCloses(closes: readonly DailyClose[]): PricePoint[] {
  return closes.map((d) => ({ timeMs: d.dayMs, close: d.close }))
}

/** The window forms of `/v1/markets/{slug}`, as the registry defines them. */
export function marketWindowSpec(): WindowSpec {
  const param = findEndpoint('/v1/markets/{slug}')?.query.window
  if (param?.kind !== 'window') throw new Error('/v1/markets/{slug} has no window parameter in the endpoint registry')
  return param.window
}

/**
 * The points whose hour or day starts within [now − window, now), oldest first. At day grain a
 * window of N days gives at most N points; a window shorter than a day (`1h` on gold) gives
 * today's point only when the day started within it, usually none. `windowText` has passed the
 * registry's validation; an invalid one is a programming error and throws.
 */
export function marketBody(
  instrument: Instrument,
  windowText: string,
  points: readonly PricePoint[],
  nowMs: number,
): MarketBody {
  const windowMs = parseWindow(windowText, marketWindowSpec())
  if (windowMs === null) throw new RangeError(`invalid market window "${windowText}"`)
  const fromMs = nowMs - windowMs
  const price = points
    .filter((p) => p.timeMs >= fromMs && p.timeMs < nowMs)
    .sort((a, b) => a.timeMs - b.timeMs)
    .map((p) => ({ t: isoSeconds(new Date(p.timeMs)), close: p.close }))
  return { instrument: instrumentWire(instrument), window: windowText.trim(), price }
}
