/**
 * `/v1/trends/keywords`: the shown keywords of the scope's stories (after the country and
 * category filters), each with the number of stories carrying it and their articles, descending
 * by trends, then articles, then word (code units) (DECISIONS.md, Trends).
 *
 * Decisions beyond DECISIONS.md: only a story's topical keywords count (score.ts, isTopical: a
 * word bursting against the background, or without one, a word most of whose headlines are the
 * story's), so template words ("us", "things", "know") are not listed; words are counted in their shown form (story.ts); `starts`
 * compares ignoring case and diacritics ("sao" finds "são"); `min_trends` is applied before
 * paging and `total` counts the words left after `starts` and `min_trends`.
 */
import { fold } from '../search/tokens.ts'
import type { Params } from '../validate.ts'
import { cmp } from './cluster.ts'
import { intParam, listParam, stringParam } from './params.ts'
import type { TrendSet } from './types.ts'
import { scopeFields } from './wire.ts'

export interface KeywordEntry {
  word: string
  trends: number
  articles: number
}

export interface KeywordsBody {
  window: string
  since: string
  until: string
  total: number
  size: number
  offset: number
  keywords: KeywordEntry[]
}

const PATH = '/v1/trends/keywords'

export function keywordsBody(set: TrendSet, params: Params): KeywordsBody {
  const size = intParam(params, PATH, 'size')
  const offset = intParam(params, PATH, 'offset')
  const minTrends = intParam(params, PATH, 'min_trends')
  const countries = new Set(listParam(params, 'country') ?? [])
  const categories = new Set(listParam(params, 'category') ?? [])
  const starts = stringParam(params, 'starts')
  const prefix = starts === undefined ? null : fold(starts.trim())

  const tally = new Map<string, KeywordEntry>()
  for (const s of set.stories) {
    if ((countries.size > 0 && !countries.has(s.country)) || (categories.size > 0 && !categories.has(s.category)))
      continue
    for (const k of new Set(s.keywords.filter((x) => x.topical).map((x) => x.word))) {
      const e = tally.get(k)
      if (e === undefined) tally.set(k, { word: k, trends: 1, articles: s.articles })
      else {
        e.trends++
        e.articles += s.articles
      }
    }
  }
  const words = [...tally.values()]
    .filter((e) => e.trends >= minTrends && (prefix === null || fold(e.word).startsWith(prefix)))
    .sort((a, b) => b.trends - a.trends || b.articles - a.articles || cmp(a.word, b.word))
  return { ...scopeFields(set), total: words.length, size, offset, keywords: words.slice(offset, offset + size) }
}
