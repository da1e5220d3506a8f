/** The seven `/v1/btc/*` answers: store reads at the edge, core/btc computes. */
import { correlationBody } from '../core/btc/correlation.ts'
import { newsBody } from '../core/btc/news.ts'
import type { TimeRange } from '../core/btc/periods.ts'
import { priceBody } from '../core/btc/price-body.ts'
import {
  type RangeResolution,
  correlationRange,
  newsRange,
  priceRange,
  sentimentRange,
  seriesRange,
  sourcesRange,
} from '../core/btc/ranges.ts'
import { intervalParam, maxShiftParam, newsQuery, sourcesParams } from '../core/btc/request.ts'
import { sentimentBody } from '../core/btc/sentiment-buckets.ts'
import { seriesBody } from '../core/btc/series.ts'
import { sourcesBody } from '../core/btc/sources.ts'
import { summaryBody } from '../core/btc/summary.ts'
import type { Params } from '../core/validate.ts'
import { unprocessable } from '../core/validation-error.ts'
import { loadBtcArticles } from '../store/btc-articles.ts'
import { loadCandles } from '../store/prices.ts'
import type { DataView, Handler, Payload } from './context.ts'

const BTC = 'bitcoin'
const ALL_MS = Number.MAX_SAFE_INTEGER

/** Runs `body` over a resolved range, or answers the range's 422. */
function withRange(resolution: RangeResolution, body: (range: TimeRange) => unknown): Payload {
  return resolution.ok ? { status: 200, body: body(resolution.range) } : unprocessable(resolution.detail)
}

const articles = (data: DataView, r: TimeRange) =>
  loadBtcArticles(data.db, Math.ceil(r.fromMs / 1000), Math.ceil(r.toMs / 1000), data.watermark)
const candles = (data: DataView, r: TimeRange) => loadCandles(data.db, BTC, r.fromMs, r.toMs)

export const btcSummary: Handler = (_params, { data, nowMs }) => ({
  status: 200,
  body: summaryBody(
    loadCandles(data.db, BTC, 0, ALL_MS),
    loadBtcArticles(data.db, 0, Math.ceil(ALL_MS / 1000), data.watermark),
    nowMs,
  ),
})

export const btcPrice: Handler = (params: Params, { data, nowMs }) => {
  const interval = intervalParam(params)
  return withRange(priceRange(params, nowMs, interval), (r) => priceBody(candles(data, r), interval, r))
}

export const btcSentiment: Handler = (params, { data, nowMs }) => {
  const interval = intervalParam(params)
  return withRange(sentimentRange(params, nowMs, interval), (r) => sentimentBody(articles(data, r), interval, r))
}

export const btcSeries: Handler = (params, { data, nowMs }) => {
  const interval = intervalParam(params)
  return withRange(seriesRange(params, nowMs, interval), (r) =>
    seriesBody(candles(data, r), articles(data, r), interval, r),
  )
}

export const btcCorrelation: Handler = (params, { data, nowMs }) => {
  const interval = intervalParam(params)
  return withRange(correlationRange(params, nowMs, interval), (r) =>
    correlationBody(candles(data, r), articles(data, r), interval, r, maxShiftParam(params)),
  )
}

export const btcNews: Handler = (params, { data, nowMs }) =>
  withRange(newsRange(params, nowMs), (r) => newsBody(articles(data, r), newsQuery(params), r))

export const btcSources: Handler = (params, { data, nowMs }) => {
  const { by, top } = sourcesParams(params)
  return withRange(sourcesRange(params, nowMs), (r) => sourcesBody(articles(data, r), by, top, r))
}
