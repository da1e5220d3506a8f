/** `/v1/entities` (trending entities) and `/v1/entities/{key}` (one entity's coverage), issue 27. */
import { iso } from '../core/trends/wire.ts'
import { ENTITY_PAGE_DAYS } from '../core/endpoints.ts'
import { listParam } from '../core/trends/params.ts'
import { rankTrendingEntities, topByArticles } from '../core/entities/trending.ts'
import { ENTITY_TYPES, type EntityType, entityFilterKeys } from '../core/entity.ts'
import { num, resolveRange, toFilters } from '../core/search/request.ts'
import { BACKGROUND_DAYS } from '../core/trends/score.ts'
import { resolveTrendScope } from '../core/trends/scope.ts'
import { unprocessable, valueError } from '../core/validation-error.ts'
import { gridTooLong } from '../core/time-range.ts'
import {
  entitiesById,
  entityBackgroundCounts,
  entityByKey,
  entityDisplayName,
  entityWindowCounts,
  relatedEntities,
} from '../store/entity-counts.ts'
import { type Handler, memoised } from './context.ts'
import { publicArticle, statsBody, statsPeriodSeconds, toneSummary } from './search.ts'

const DAY_S = 86_400
/** Window entities whose background is looked up: the most named ones (a burst needs articles). */
const CANDIDATES = 2000

export const entities: Handler = (params, { data, nowMs }) => {
  const resolved = resolveTrendScope(params, nowMs)
  if (!resolved.ok) return unprocessable(resolved.detail)
  const { scope } = resolved
  const fromS = Math.ceil(scope.sinceMs / 1000)
  const toS = Math.ceil(scope.untilMs / 1000)
  const countries = listParam(params, 'country') ?? []
  const types = (listParam(params, 'type') ?? []).filter((t): t is EntityType =>
    (ENTITY_TYPES as readonly string[]).includes(t),
  )
  const size = num(params.size)
  const offset = num(params.offset)
  const bgEnd = Math.floor(fromS / DAY_S)
  const bgFirst = bgEnd - BACKGROUND_DAYS
  const memoKey = `entities:${fromS}:${toS}:${countries.join(',')}:${types.join(',')}:${num(params.min_articles)}`
  const ranked = memoised(data, memoKey, () => {
    const window = entityWindowCounts(data.db, { fromS, toS, countries, types, maxSeq: data.watermark })
    const min = num(params.min_articles)
    const candidates = topByArticles(window, min, CANDIDATES)
    const background = entityBackgroundCounts(data.db, [...candidates.keys()], bgFirst, bgEnd, countries)
    return rankTrendingEntities({
      window: candidates,
      background,
      windowSeconds: toS - fromS,
      backgroundSeconds: BACKGROUND_DAYS * DAY_S,
      minArticles: min,
    })
  })
  const page = ranked.slice(offset, offset + size)
  const info = entitiesById(
    data.db,
    page.map((r) => r.id),
  )
  return {
    status: 200,
    body: {
      window: scope.window,
      since: iso(fromS),
      until: iso(toS),
      background_since: iso(bgFirst * DAY_S),
      background_until: iso(bgEnd * DAY_S),
      country: countries,
      type: types,
      total: ranked.length,
      size,
      offset,
      entities: page.flatMap((r) => {
        const e = info.get(r.id)
        if (e === undefined) return []
        return [
          {
            key: e.key,
            name: entityDisplayName(data.db, r.id, data.watermark) ?? e.name,
            type: e.type,
            country: e.country,
            articles: r.articles,
            background_articles: r.background_articles,
            expected: r.expected,
            burst: r.burst,
            tone: toneSummary(r.tone),
          },
        ]
      }),
    },
  }
}

export const entityDetail: Handler = (params, { data, nowMs }) => {
  const key = entityFilterKeys([String(params.key)])[0] ?? String(params.key).toLowerCase()
  const { fromMs, toMs } = resolveRange(params, nowMs, ENTITY_PAGE_DAYS)
  const f = {
    ...toFilters(params, nowMs, data.watermark),
    fromS: Math.ceil(fromMs / 1000),
    toS: Math.ceil(toMs / 1000),
    entity: [key],
  }
  if (f.toS <= f.fromS)
    return unprocessable([valueError(['query', 'to'], 'to must be later than from', String(params.to ?? ''))])
  const period = statsPeriodSeconds(f.fromS, f.toS)
  const tooLong = gridTooLong(f.fromS * 1000, f.toS * 1000, period * 1000, 'day')
  if (tooLong !== null) {
    const name = typeof params.from === 'string' ? 'from' : 'to'
    return unprocessable([valueError(['query', name], tooLong, String(params[name] ?? ''))])
  }
  const record = entityByKey(data.db, key)
  const type = key.slice(0, key.indexOf(':'))
  const related =
    record === null || num(params.related) === 0 ? [] : relatedEntities(data.db, record.id, f, num(params.related))
  const relatedInfo = entitiesById(
    data.db,
    related.map((r) => r.id),
  )
  const stories =
    record === null || num(params.stories) === 0
      ? []
      : data.index
          .search({ ...f, sort: 'date', size: num(params.stories), offset: 0, dedupe: true, fullText: false })
          .articles.map(publicArticle)
  const { q: _q, ...stats } = statsBody(params, f, period, data.index)
  return {
    status: 200,
    body: {
      key,
      name: record === null ? null : (entityDisplayName(data.db, record.id, data.watermark) ?? record.name),
      type,
      country: record?.country ?? null,
      ...stats,
      related: related.flatMap((r) => {
        const e = relatedInfo.get(r.id)
        return e === undefined ? [] : [{ key: e.key, name: e.name, type: e.type, articles: r.articles }]
      }),
      stories,
    },
  }
}
