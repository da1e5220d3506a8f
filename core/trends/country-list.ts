/**
 * `/v1/trends/countries`: per country, its stories and articles in the scope (the default 24h
 * window; DECISIONS.md, Trends), descending by trends, then articles, then country.
 *
 * Decisions beyond DECISIONS.md: `trends` counts every story, also a lone headline, so it equals
 * the `total` of `/v1/trends?country=XX`; `articles` counts every article of the country in the
 * scope. A country appears when it has articles in the scope and at least `min_trends` stories,
 * so countries whose articles formed no story (none had a headline) appear only with
 * `min_trends=0`.
 */
import type { Params } from '../validate.ts'
import { cmp } from './cluster.ts'
import { intParam } from './params.ts'
import type { TrendSet } from './types.ts'

export interface CountryEntry {
  country: string
  trends: number
  articles: number
}

export interface CountriesBody {
  window: string
  countries: CountryEntry[]
}

export function countriesBody(set: TrendSet, params: Params): CountriesBody {
  const minTrends = intParam(params, '/v1/trends/countries', 'min_trends')
  const trends = new Map<string, number>()
  for (const s of set.stories) trends.set(s.country, (trends.get(s.country) ?? 0) + 1)
  const countries = [...set.countryArticles]
    .map(([country, articles]) => ({ country, trends: trends.get(country) ?? 0, articles }))
    .filter((c) => c.trends >= minTrends)
    .sort((a, b) => b.trends - a.trends || b.articles - a.articles || cmp(a.country, b.country))
  return { window: set.scope.window, countries }
}
