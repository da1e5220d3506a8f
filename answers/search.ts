import { isoSeconds } from '../core/config.ts'
import { STATS_HOURLY_MAX_HOURS } from '../core/endpoints.ts'
import { type ArticleField, pickFields } from '../core/search/article-fields.ts'
import { highlight, highlightTokens } from '../core/search/highlight.ts'
import { num, toFilters, toSearchRequest } from '../core/search/request.ts'
import { gridTooLong } from '../core/time-range.ts'
import type { ArticleRecord, ArticleSignals } from '../core/search/types.ts'
import { type Handler, NotFound } from './context.ts'

const iso = (ms: number) => isoSeconds(new Date(ms))

/** The Article fields of a record, without the signals the BTC endpoints use. */
export function publicArticle(a: ArticleRecord & ArticleSignals): ArticleRecord {
  const { sentiment: _s, score: _sc, labelled_by: _l, lexicon_score: _ls, lexicon_terms: _lt, dup_group: _d, ...rest } = a
  return rest
}

export const search: Handler = (params, { data, nowMs }) => {
  const req = toSearchRequest(params, nowMs, data.watermark)
  const page = data.index.search(req)
  const marks = params.highlight === true ? highlightTokens(req.query) : null
  const results = page.articles.map((a) => {
    const out = publicArticle(a)
    if (marks !== null) {
      out.title = highlight(out.title, marks)
      out.description = highlight(out.description, marks)
    }
    return Array.isArray(params.fields) ? pickFields(out, params.fields as ArticleField[]) : out
  })
  return {
    status: 200,
    body: {
      q: typeof params.q === 'string' ? params.q : '',
      total: page.total,
      total_relation: page.totalRelation,
      size: req.size,
      offset: req.offset,
      sort: req.sort,
      // The whole seconds the slice was read with (core/search/request.ts), so the stated range replays exactly.
      from: iso(req.fromS * 1000),
      to: iso(req.toS * 1000),
      results,
    },
  }
}

const HOUR_S = 3600
const DAY_S = 86400

/** The stats timeline's bucket: hours for ranges up to STATS_HOURLY_MAX_HOURS (the registry's), days beyond. */
export function statsPeriodSeconds(fromS: number, toS: number): number {
  return toS - fromS <= STATS_HOURLY_MAX_HOURS * HOUR_S ? HOUR_S : DAY_S
}

export const stats: Handler = (params, { data, nowMs }) => {
  const f = toFilters(params, nowMs, data.watermark)
  const period = statsPeriodSeconds(f.fromS, f.toS)
  const tooLong = gridTooLong(f.fromS * 1000, f.toS * 1000, period * 1000, 'day')
  if (tooLong !== null) {
    // Only an explicit from/to can get here (presets and the default window are short).
    const name = typeof params.from === 'string' ? 'from' : 'to'
    return { status: 422, body: { detail: [{ loc: ['query', name], msg: `Value error, ${tooLong}`, type: 'value_error', input: String(params[name] ?? ''), ctx: { error: tooLong } }] } }
  }
  const r = data.index.stats(f, num(params.top), period)
  const timeline: { time: string; articles: number }[] = []
  for (let t = Math.floor(f.fromS / period) * period; t < f.toS; t += period) {
    timeline.push({ time: isoSeconds(new Date(t * 1000)), articles: r.timeline.get(t) ?? 0 })
  }
  return {
    status: 200,
    body: {
      q: typeof params.q === 'string' ? params.q : '',
      total: r.total,
      from: iso(f.fromS * 1000),
      to: iso(f.toS * 1000),
      countries: r.countries,
      langs: r.langs,
      tlds: r.tlds,
      hosts: r.hosts,
      timeline,
    },
  }
}

export const article: Handler = (params, { data }) => {
  const a = data.index.article(String(params.url), params.full_text === true, data.watermark)
  if (a === null) throw new NotFound('No article with this URL')
  return { status: 200, body: publicArticle(a) }
}
