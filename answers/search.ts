import { isoSeconds } from '../core/config.ts'
import { STATS_HOURLY_MAX_HOURS } from '../core/endpoints.ts'
import { type ArticleField, pickFields } from '../core/search/article-fields.ts'
import { highlight, highlightTokens } from '../core/search/highlight.ts'
import { num, toFilters, toSearchRequest } from '../core/search/request.ts'
import { gridTooLong } from '../core/time-range.ts'
import { unprocessable, valueError } from '../core/validation-error.ts'
import { emptyTone } from '../core/search/stats-tally.ts'
import type { ArticleRecord, ArticleSignals, PeriodTone, SearchFilters, SearchIndex } from '../core/search/types.ts'
import type { Params } from '../core/validate.ts'
import { type Handler, NotFound } from './context.ts'
import { ENTITY_FACET_SAMPLE, entityFacet } from '../core/entities/facet.ts'

const iso = (ms: number) => isoSeconds(new Date(ms))

/** The Article fields of a record (tone included), without the lexicon details only the BTC endpoints give. */
export function publicArticle(a: ArticleRecord & ArticleSignals): ArticleRecord {
  const { lexicon_score: _ls, lexicon_terms: _lt, dup_group: _d, ...rest } = a
  return rest
}

export const search: Handler = (params, { data, nowMs }) => {
  const req = toSearchRequest(params, nowMs, data.watermark)
  const page = data.index.search(req)
  // With in=title the standfirst holds no match, so only the headline is marked.
  const marks = params.highlight === true ? highlightTokens(req.query) : null
  const descriptionMarks = req.titleOnly === true ? new Set<string>() : marks
  const results = page.articles.map((a) => {
    const out = publicArticle(a)
    if (marks !== null) {
      out.title = highlight(out.title, marks)
      out.description = highlight(out.description, descriptionMarks ?? marks)
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

const round3 = (x: number): number => Math.round(x * 1000) / 1000

/** A tone summary: the counts, net (pos − neg), net tone ((pos − neg) / articles) and mean score; null ratios when empty. */
export function toneSummary(t: PeriodTone): {
  pos: number
  neu: number
  neg: number
  net: number
  net_tone: number | null
  mean_score: number | null
} {
  return {
    pos: t.pos,
    neu: t.neu,
    neg: t.neg,
    net: t.pos - t.neg,
    net_tone: t.articles === 0 ? null : round3((t.pos - t.neg) / t.articles),
    mean_score: t.articles === 0 ? null : round3(t.scoreMilli / 1000 / t.articles),
  }
}

export const stats: Handler = (params, { data, nowMs }) => {
  const f = toFilters(params, nowMs, data.watermark)
  const period = statsPeriodSeconds(f.fromS, f.toS)
  const tooLong = gridTooLong(f.fromS * 1000, f.toS * 1000, period * 1000, 'day')
  if (tooLong !== null) {
    // Only an explicit from/to can get here (presets and the default window are short).
    const name = typeof params.from === 'string' ? 'from' : 'to'
    return unprocessable([valueError(['query', name], tooLong, String(params[name] ?? ''))])
  }
  return { status: 200, body: statsBody(params, f, period, data.index) }
}

/**
 * The stats answer of a slice (`/v1/stats`, and the timeline of `/v1/entities/{key}`): the
 * facets, the tone summary and the zero-filled timeline, with shares when `normalize=share`.
 */
export function statsBody(
  params: Params,
  f: SearchFilters,
  period: number,
  index: SearchIndex,
): Record<string, unknown> {
  const r = index.stats(f, num(params.top), period)
  // normalize=share: every article of each period, whatever the filters, as the denominator.
  const volume = params.normalize === 'share' ? index.volume(f.fromS, f.toS, period, f.maxSeq) : null
  const whole = emptyTone()
  const timeline: Record<string, unknown>[] = []
  for (let t = Math.floor(f.fromS / period) * period; t < f.toS; t += period) {
    const tone = r.timeline.get(t) ?? emptyTone()
    whole.articles += tone.articles
    whole.pos += tone.pos
    whole.neu += tone.neu
    whole.neg += tone.neg
    whole.scoreMilli += tone.scoreMilli
    const point: Record<string, unknown> = {
      time: isoSeconds(new Date(t * 1000)),
      articles: tone.articles,
      ...toneSummary(tone),
    }
    if (volume !== null) {
      const all = volume.get(t) ?? 0
      point.all_articles = all
      point.share = all === 0 ? null : Math.round((tone.articles / all) * 1e6) / 1e6
    }
    timeline.push(point)
  }
  return {
    q: typeof params.q === 'string' ? params.q : '',
    total: r.total,
    from: iso(f.fromS * 1000),
    to: iso(f.toS * 1000),
    tone: toneSummary(whole),
    countries: r.countries,
    langs: r.langs,
    tlds: r.tlds,
    hosts: r.hosts,
    categories: r.categories,
    sentiments: r.sentiments,
    ...entityFacetOf(params, f, index),
    normalize: params.normalize === 'share' ? 'share' : 'none',
    timeline,
  }
}

/** `entities=N` (`/v1/stats` only): the entities most named among the slice's newest articles (core/entities/facet.ts). */
function entityFacetOf(params: Params, f: SearchFilters, index: SearchIndex): Record<string, unknown> {
  const top = typeof params.entities === 'number' ? params.entities : 0
  if (top <= 0) return {}
  const newest = index.search({
    ...f,
    sort: 'date',
    size: ENTITY_FACET_SAMPLE,
    offset: 0,
    dedupe: false,
    fullText: false,
  })
  return { entities: entityFacet(newest.articles, top), entities_counted: newest.articles.length }
}

export const article: Handler = (params, { data }) => {
  const a = data.index.article(String(params.url), params.full_text === true, data.watermark)
  if (a === null) throw new NotFound('No article with this URL')
  return { status: 200, body: publicArticle(a) }
}
