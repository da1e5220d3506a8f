/** The four trends answers: the articles of the scope (plus the 14-day background) from the store, stories from core/trends. */
import { countriesBody } from '../core/trends/country-list.ts'
import { keywordsBody } from '../core/trends/keyword-list.ts'
import { BACKGROUND_DAYS, type BackgroundPiece, backgroundPiece, combineBackground } from '../core/trends/score.ts'
import { TermMemo } from '../core/trends/headline-terms.ts'
import { defaultTrendScope, resolveTrendScope } from '../core/trends/scope.ts'
import { trendDetailBody } from '../core/trends/trend-detail.ts'
import { trendsBody } from '../core/trends/trend-list.ts'
import { buildTrendSet } from '../core/trends/trend-set.ts'
import type { TrendScope, TrendSet } from '../core/trends/types.ts'
import type { Params } from '../core/validate.ts'
import { unprocessable } from '../core/validation-error.ts'
import { loadTrendArticles } from '../store/trend-articles.ts'
import { articleIdsNaming, storySignals } from '../store/entity-counts.ts'
import { addTone, emptyTone } from '../core/search/stats-tally.ts'
import { toneSummary } from './search.ts'
import { storyTimeline } from '../core/trends/story-timeline.ts'
import { isoSeconds } from '../core/config.ts'
import { entityFilterKeys } from '../core/entity.ts'
import { type DataView, type Handler, memoised, NotFound, type Payload } from './context.ts'

const DAY_S = 86_400
/** Entities a story's detail lists, most named first. */
const STORY_ENTITIES = 10

/**
 * The stories of a scope, memoised on the data view (so per snapshot version): countries are
 * clustered independently, so a country-filtered request clusters only those countries.
 */
export function trendSetFor(data: DataView, scope: TrendScope, countries?: readonly string[]): TrendSet {
  const key = `trends:${scope.sinceMs}:${scope.untilMs}:${scope.window}:${countries?.join(',') ?? '*'}`
  return memoised(data, key, () => {
    const sinceS = Math.ceil(scope.sinceMs / 1000)
    const window = loadTrendArticles(data.db, sinceS, Math.ceil(scope.untilMs / 1000), data.watermark, countries)
    const background = combineBackground(backgroundPieces(data, sinceS - BACKGROUND_DAYS * DAY_S, sinceS, countries))
    return buildTrendSet(window, scope, background)
  })
}

/** Whole days whose background piece a data view keeps (per country filter): a background and ten days more (about 2.8 MB of heap a day at 1M). */
const BACKGROUND_DAYS_KEPT = 24

/**
 * The background [fromS, toS) as consecutive pieces: the part days at either end read each time,
 * every whole UTC day between from a piece the data view keeps (per snapshot version, so per
 * watermark), the least recently used dropped past BACKGROUND_DAYS_KEPT. Counting a day's
 * headlines is most of a trend set's cost (`/v1/trends?date=…` at 1M: 1.7–2.0 s of 2.3–2.9 s), and
 * the backgrounds of two dates or windows share all but a few days.
 */
function backgroundPieces(
  data: DataView,
  fromS: number,
  toS: number,
  countries: readonly string[] | undefined,
): BackgroundPiece[] {
  const load = (a: number, b: number) => loadTrendArticles(data.db, a, b, data.watermark, countries)
  // Nothing kept between requests (the batch job's one set): one read and one piece, as cheap as before.
  if (data.memo === undefined) return [backgroundPiece(load(fromS, toS))]
  const scope = countries?.join(',') ?? '*'
  const days = memoised(data, `trends:background-days:${scope}`, () => new Map<number, BackgroundPiece>())
  const terms = memoised(data, 'trends:background-terms', () => new TermMemo())
  const firstDay = Math.ceil(fromS / DAY_S)
  const endDay = Math.floor(toS / DAY_S)
  if (firstDay >= endDay) return [backgroundPiece(load(fromS, toS), terms)]
  const pieces: BackgroundPiece[] = []
  if (fromS < firstDay * DAY_S) pieces.push(backgroundPiece(load(fromS, firstDay * DAY_S), terms))
  for (let day = firstDay; day < endDay; day++) {
    let piece = days.get(day)
    if (piece === undefined) piece = backgroundPiece(load(day * DAY_S, (day + 1) * DAY_S), terms)
    else days.delete(day)
    days.set(day, piece)
    pieces.push(piece)
  }
  while (days.size > BACKGROUND_DAYS_KEPT) days.delete(days.keys().next().value as number)
  if (endDay * DAY_S < toS) pieces.push(backgroundPiece(load(endDay * DAY_S, toS), terms))
  return pieces
}

function withScope(params: Params, nowMs: number, body: (scope: TrendScope) => unknown): Payload {
  const resolved = resolveTrendScope(params, nowMs)
  return resolved.ok ? { status: 200, body: body(resolved.scope) } : unprocessable(resolved.detail)
}

const countriesOf = (params: Params) => (Array.isArray(params.country) ? params.country : undefined)

export const trends: Handler = (params, { data, nowMs }) =>
  withScope(params, nowMs, (scope) => {
    const set = trendSetFor(data, scope, countriesOf(params))
    if (!Array.isArray(params.entity)) return trendsBody(set, params)
    // `entity`: stories with at least one article naming one of the entities.
    const ids = articleIdsNaming(
      data.db,
      entityFilterKeys(params.entity),
      Math.ceil(scope.sinceMs / 1000),
      Math.ceil(scope.untilMs / 1000),
      data.watermark,
    )
    return trendsBody(set, params, (s) => s.items.some((a) => ids.has(a.id)))
  })

export const trendKeywords: Handler = (params, { data, nowMs }) =>
  withScope(params, nowMs, (scope) => keywordsBody(trendSetFor(data, scope, countriesOf(params)), params))

export const trendCountries: Handler = (params, { data, nowMs }) => ({
  status: 200,
  body: countriesBody(trendSetFor(data, defaultTrendScope(nowMs)), params),
})

export const trendDetail: Handler = (params, { data, nowMs }) => {
  const cc = String(params.cc).toUpperCase()
  const scope = defaultTrendScope(nowMs)
  const result = trendDetailBody(trendSetFor(data, scope, [cc]), cc, String(params.slug), params)
  if (!result.ok) throw new NotFound(result.detail)
  // The story's tone and the people, organisations and places its articles name (issues 25, 27),
  // over all its articles; each listed item with its own tone; and both per hour of the window.
  const signals = storySignals(
    data.db,
    result.story.items.map((a) => a.url),
    STORY_ENTITIES,
  )
  const tone = emptyTone()
  for (const s of signals.byUrl.values()) addTone(tone, s.sentiment, 1, Math.round(s.score * 1000))
  // The same articles as the tone above (one per URL found in the store), so the points add up to it.
  const publishedAt = new Map(result.story.items.map((a) => [a.url, a.published_at]))
  const timed = [...signals.byUrl].map(([url, s]) => ({
    published_at: publishedAt.get(url) ?? 0,
    sentiment: s.sentiment,
    score: s.score,
  }))
  const timeline = storyTimeline(timed, Math.ceil(scope.sinceMs / 1000), Math.ceil(scope.untilMs / 1000)).map((p) => ({
    time: isoSeconds(new Date(p.t * 1000)),
    articles: p.tone.articles,
    ...toneSummary(p.tone),
  }))
  const { items, ...rest } = result.body
  return {
    status: 200,
    body: {
      ...rest,
      tone: toneSummary(tone),
      entities: signals.entities,
      timeline,
      items: items.map((i) => {
        const s = signals.byUrl.get(i.url)
        return { ...i, sentiment: s?.sentiment ?? 'neu', score: s?.score ?? 0 }
      }),
    },
  }
}
