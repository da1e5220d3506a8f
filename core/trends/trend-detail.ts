/**
 * `/v1/trends/{cc}/{slug}`: one story of the scope (the default 24h window) with its articles,
 * newest first, at most `size` of them (contract, Trend detail).
 *
 * Decisions beyond the contract: `cc` is matched case-insensitively and `slug` after NFC
 * normalisation and lower-casing (slug.ts), so a percent-decoded slug with non-ASCII letters
 * finds its story however the client composed it. An unknown country (no story in the scope) and
 * an unknown slug are both "not found", with different messages.
 */
import type { Params } from '../validate.ts'
import { intParam } from './params.ts'
import { normalizeSlug } from './slug.ts'
import type { Story, TrendHeadline, TrendSet } from './types.ts'
import { iso, toHeadline } from './wire.ts'

export interface TrendDetailBody {
  title: string
  category: string
  country: string
  slug: string
  articles: number
  publishers: number
  first_seen: string
  last_seen: string
  items: TrendHeadline[]
}

/** `story`: the whole story (every article, not only the `size` listed), for what the caller adds. */
export type TrendDetailResult = { ok: true; body: TrendDetailBody; story: Story } | { ok: false; detail: string }

export function trendDetailBody(set: TrendSet, cc: string, slug: string, params: Params): TrendDetailResult {
  const country = cc.trim().toUpperCase()
  const wanted = normalizeSlug(slug)
  const ofCountry = set.stories.filter((s) => s.country === country)
  if (ofCountry.length === 0)
    return { ok: false, detail: `No trends for country ${country} in the last ${set.scope.window}` }
  const s = ofCountry.find((x) => x.slug === wanted)
  if (s === undefined) return { ok: false, detail: `No trend ${country}/${wanted} in the last ${set.scope.window}` }
  const size = intParam(params, '/v1/trends/{cc}/{slug}', 'size')
  return {
    ok: true,
    story: s,
    body: {
      title: s.title,
      category: s.category,
      country: s.country,
      slug: s.slug,
      articles: s.articles,
      publishers: s.publishers,
      first_seen: iso(s.firstSeen),
      last_seen: iso(s.lastSeen),
      items: s.items.slice(0, size).map(toHeadline),
    },
  }
}
