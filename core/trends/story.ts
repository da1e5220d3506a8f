/**
 * From a cluster of headline units to the fields of a trend: title, category, counts, keywords,
 * headlines. The slug is the title's base slug here; `clusterStories` makes it unique per country.
 */
import { CATEGORIES } from '../categories.ts'
import { findEndpoint } from '../endpoints.ts'
import type { Cluster } from './centroids.ts'
import type { HeadlineTerm } from './headline-terms.ts'
import { byTimeThenId } from './score.ts'
import { slugify } from './slug.ts'
import type { Story, StoryKeyword, TrendArticle } from './types.ts'
import type { Unit } from './units.ts'

export const KEYWORDS_PER_STORY = 5
/** Two headlines this similar (cosine of their term vectors) are one line in `headlines`. */
export const NEAR_DUPLICATE = 0.8

/** Headlines kept per story: the most `/v1/trends` can ask for. */
const HEADLINES_KEPT = (() => {
  const spec = findEndpoint('/v1/trends')?.query.headlines
  if (spec?.kind !== 'int') throw new Error('registry: /v1/trends headlines is not an int parameter')
  return spec.max
})()

/** What `buildStory` reads of its country. */
export interface StoryContext {
  units: readonly Unit[]
  /** Term id → term. */
  terms: readonly HeadlineTerm[]
  /** Term id → shown word. */
  words: readonly string[]
  score: (keys: readonly string[]) => number
  /** Whether a keyword trends (score.ts, isTopical), given the story's documents carrying it. */
  topical: (key: string, inStory: number) => boolean
}

export function buildStory(c: Cluster, ctx: StoryContext): Story {
  const mine = c.units.map((i) => ctx.units[i] as Unit)
  const first = mine[0]?.members[0] as TrendArticle
  const keywords = topKeywords(c, ctx)
  const score = ctx.score(keywords.map((k) => k.key))
  if (mine.length === 1 && first !== undefined && mine[0]?.members.length === 1) {
    // A lone headline, most stories of a window: nothing to vote on.
    const title = tidy(first.title)
    return {
      title,
      category: first.category,
      country: first.country,
      slug: slugify(title),
      articles: 1,
      publishers: 1,
      firstSeen: first.published_at,
      lastSeen: first.published_at,
      keywords,
      langs: [first.lang],
      items: [first],
      headlines: [first],
      score,
    }
  }
  const items = mine.flatMap((u) => u.members).sort(newestFirst)
  const title = tidy((representative(mine, c.sum).members[0] as TrendArticle).title)
  return {
    title,
    category: majorityCategory(items),
    country: first.country,
    slug: slugify(title),
    articles: items.length,
    publishers: countPublishers(items),
    firstSeen: first.published_at,
    lastSeen: items[0]?.published_at ?? first.published_at,
    keywords,
    langs: [...new Set(items.map((a) => a.lang))].sort(),
    items,
    headlines: distinctHeadlines(mine),
    score,
  }
}

function tidy(title: string): string {
  return title.trim().replace(/\s+/g, ' ')
}

export function newestFirst(a: TrendArticle, b: TrendArticle): number {
  return b.published_at - a.published_at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
}

/**
 * The unit with the highest mean similarity to the others: argmax of u·S where S is the sum of
 * all unit vectors (u·S − 1 is n−1 times that mean). Ties: more copies, then earlier, then id.
 */
function representative(mine: readonly Unit[], sum: ReadonlyMap<number, number>): Unit {
  let best = mine[0] as Unit
  let bestDot = Number.NEGATIVE_INFINITY
  for (const u of mine) {
    let dot = 0
    for (let i = 0; i < u.ids.length; i++) dot += (u.weights[i] ?? 0) * (sum.get(u.ids[i] ?? 0) ?? 0)
    const better =
      dot > bestDot + 1e-12 ||
      (Math.abs(dot - bestDot) <= 1e-12 &&
        (u.members.length > best.members.length ||
          (u.members.length === best.members.length &&
            byTimeThenId(u.members[0] as TrendArticle, best.members[0] as TrendArticle) < 0)))
    if (better) {
      best = u
      bestDot = Math.max(dot, bestDot)
    }
  }
  return best
}

/** Most frequent category of the articles; a tie goes to the category listed first in CATEGORIES. */
function majorityCategory(items: readonly TrendArticle[]): string {
  const counts = new Map<string, number>()
  for (const a of items) counts.set(a.category, (counts.get(a.category) ?? 0) + 1)
  const rank = (c: string): number => {
    const i = (CATEGORIES as readonly string[]).indexOf(c)
    return i < 0 ? CATEGORIES.length : i
  }
  let best = ''
  let bestN = 0
  for (const [cat, n] of counts) {
    if (n > bestN || (n === bestN && (rank(cat) < rank(best) || (rank(cat) === rank(best) && cat < best)))) {
      best = cat
      bestN = n
    }
  }
  return best
}

/** Distinct hosts, each syndication group (dup_key) counted once, for the host of its first article. */
export function countPublishers(items: readonly TrendArticle[]): number {
  const firstOfGroup = new Map<string, TrendArticle>()
  for (const a of items) {
    const seen = firstOfGroup.get(a.dup_key)
    if (seen === undefined || byTimeThenId(a, seen) < 0) firstOfGroup.set(a.dup_key, a)
  }
  return new Set([...firstOfGroup.values()].map((a) => a.host)).size
}

/**
 * The heaviest showable terms of the centroid, in their shown word; equal weights in order of
 * first appearance in the country's headlines (term id).
 */
function topKeywords(c: Cluster, ctx: StoryContext): StoryKeyword[] {
  const pick = (ids: Iterable<number>): StoryKeyword[] => {
    const out: StoryKeyword[] = []
    for (const id of ids) {
      const t = ctx.terms[id]
      if (t?.showable !== true) continue
      out.push({ key: t.key, word: ctx.words[id] ?? t.key, topical: ctx.topical(t.key, documentsCarrying(c, ctx, id)) })
      if (out.length === KEYWORDS_PER_STORY) break
    }
    return out
  }
  // A lone unit's terms are already in that order.
  if (c.units.length === 1) return pick(ctx.units[c.units[0] ?? 0]?.ids ?? [])
  return pick([...c.sum].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([id]) => id))
}

/** The story's documents (distinct dup_keys) in units whose headline carries term `id`. */
function documentsCarrying(c: Cluster, ctx: StoryContext, id: number): number {
  const groups = new Set<string>()
  for (const i of c.units) {
    const u = ctx.units[i] as Unit
    if (u.ids.includes(id)) for (const a of u.members) groups.add(a.dup_key)
  }
  return groups.size
}

/** One article per unit (its first), newest first, skipping a headline nearly equal to a newer one listed. */
function distinctHeadlines(mine: readonly Unit[]): TrendArticle[] {
  const byNewest = [...mine].sort((a, b) => newestFirst(a.members[0] as TrendArticle, b.members[0] as TrendArticle))
  const kept: Unit[] = []
  for (const u of byNewest) {
    if (kept.length >= HEADLINES_KEPT) break
    if (kept.some((k) => cosine(k, u) >= NEAR_DUPLICATE)) continue
    kept.push(u)
  }
  return kept.map((u) => u.members[0] as TrendArticle)
}

function cosine(a: Unit, b: Unit): number {
  let dot = 0
  for (let i = 0; i < a.ids.length; i++) {
    const j = b.ids.indexOf(a.ids[i] ?? -1)
    if (j >= 0) dot += (a.weights[i] ?? 0) * (b.weights[j] ?? 0)
  }
  return dot
}
