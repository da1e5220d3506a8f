/** `/v1/markets` and `/v1/markets/{slug}`. */
import { findInstrument } from '../core/instruments.ts'
import {
  marketBody,
  marketWindowSpec,
  marketsBody,
  pointsFromCandles,
  pointsFromDailyCloses,
  withSources,
} from '../core/markets/markets-body.ts'
import { parseWindow } from '../core/time-range.ts'
import { loadInstrumentSources } from '../store/btc-articles.ts'
import { loadCandles, loadDailyCloses } from '../store/prices.ts'
import { type Handler, NotFound } from './context.ts'

export const markets: Handler = (_params, { data }) => ({
  status: 200,
  body: marketsBody(withSources(loadInstrumentSources(data.db))),
})

export const market: Handler = (params, { data, nowMs }) => {
  const slug = String(params.slug)
  if (findInstrument(slug) === undefined) throw new NotFound(`No instrument "${slug}"; see /v1/markets`)
  const instrument = withSources(loadInstrumentSources(data.db)).find((i) => i.slug === slug)
  if (instrument === undefined) throw new NotFound(`No instrument "${slug}"; see /v1/markets`)
  const window = String(params.window)
  const windowMs = parseWindow(window, marketWindowSpec()) ?? 0
  const fromMs = nowMs - windowMs - 86_400_000 // a day of margin: daily points start at 00:00
  const points =
    instrument.grain === 'hour'
      ? pointsFromCandles(loadCandles(data.db, slug, fromMs, nowMs))
      : pointsFromDailyCloses(loadDailyCloses(data.db, slug, fromMs, nowMs))
  return { status: 200, body: marketBody(instrument, window, points, nowMs) }
}
