/**
 * Stories from articles: per country, headline units (units.ts) weighted by TF-IDF, bursty words
 * marked (burst.ts), clustered against centroids (centroids.ts), then turned into stories
 * (story.ts) with slugs unique per country and a score (score.ts).
 *
 * Everything is per country: IDF, bursts, clusters, shown keyword forms and slugs depend only on
 * the country's own articles and background, so the live node may cluster one country and get
 * the same stories as the full build. Articles are ordered by (published_at, id) first, so the
 * output depends only on the input set, never on its order.
 */
import { markBursts } from './burst.ts'
import { type Cluster, STORY_GAP_S, clusterUnits } from './centroids.ts'
import { type HeadlineTerm, TermMemo, headlineTerms } from './headline-terms.ts'
import {
  type BackgroundCounts,
  type KeyCounts,
  type WindowCounts,
  byTimeThenId,
  countBackground,
  isTopical,
  residualScore,
} from './score.ts'
import { uniqueSlugs } from './slug.ts'
import { type StoryContext, buildStory } from './story.ts'
import type { Story, TrendArticle } from './types.ts'
import { type IdfPrior, type Vocabulary, buildUnits, idfWeights, termIdsOf, vectorize } from './units.ts'

/** Cosine a headline needs to join a story's centroid. */
export const JOIN_THRESHOLD = 0.35
/** Cosine two story centroids need to merge. */
export const MERGE_THRESHOLD = 0.2
/** The IDF prior (units.ts): weights of a few dozen headlines stay close to equal. */
export const IDF_PRIOR: IdfPrior = { docs: 100, rate: 0.01 }

export interface ClusterOptions {
  /** Only articles with sinceMs ≤ published_at·1000 < untilMs take part (when given). */
  sinceMs?: number
  untilMs?: number
  /**
   * The BACKGROUND_DAYS before the window, as articles or as counts (score.ts). It weighs words
   * (units.ts), tells bursty words (burst.ts) and scores stories; without it: IDF of the window
   * alone, no burst rule unless the window spans 4 days, and every score 0.
   */
  background?: readonly TrendArticle[] | BackgroundCounts
  /** Overrides of the tuned constants, for experiments (bench); production passes none. */
  tuning?: Partial<Tuning>
}

export interface Tuning {
  join: number
  merge: number
  prior: IdfPrior
}

const COUNTRY = /^[A-Z]{2}$/

/** Every story of the articles, in the order of `sort=publishers`, slugs unique per country. */
export function clusterStories(articles: readonly TrendArticle[], opts: ClusterOptions = {}): Story[] {
  const memo = new TermMemo()
  const background =
    opts.background === undefined
      ? new Map<string, KeyCounts>()
      : isCounts(opts.background)
        ? opts.background
        : countBackground(opts.background, memo)
  const tuning: Tuning = { join: JOIN_THRESHOLD, merge: MERGE_THRESHOLD, prior: IDF_PRIOR, ...opts.tuning }
  const byCountry = new Map<string, TrendArticle[]>()
  for (const a of articles) {
    if (!isEligible(a, opts)) continue
    const list = byCountry.get(a.country)
    if (list === undefined) byCountry.set(a.country, [a])
    else list.push(a)
  }
  const stories: Story[] = []
  for (const country of [...byCountry.keys()].sort()) {
    stories.push(...clusterCountry(byCountry.get(country) ?? [], background.get(country), tuning, memo))
  }
  return stories.sort(compareByPublishers)
}

/** Whether an article can be part of a story: a two-letter country, a headline, inside the scope. */
export function isEligible(a: TrendArticle, scope: Pick<ClusterOptions, 'sinceMs' | 'untilMs'>): boolean {
  if (!COUNTRY.test(a.country) || a.title.trim() === '') return false
  const ms = a.published_at * 1000
  return (scope.sinceMs === undefined || ms >= scope.sinceMs) && (scope.untilMs === undefined || ms < scope.untilMs)
}

function isCounts(b: readonly TrendArticle[] | BackgroundCounts): b is BackgroundCounts {
  return !Array.isArray(b)
}

/** The order of `sort=publishers`: publishers, articles, last_seen (all descending), country, slug. */
export function compareByPublishers(a: Story, b: Story): number {
  return (
    b.publishers - a.publishers ||
    b.articles - a.articles ||
    b.lastSeen - a.lastSeen ||
    cmp(a.country, b.country) ||
    cmp(a.slug, b.slug)
  )
}

/** Code-unit order: the same everywhere, unlike localeCompare. */
export function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

function clusterCountry(
  articles: TrendArticle[],
  background: KeyCounts | undefined,
  tuning: Tuning,
  memo: TermMemo,
): Story[] {
  articles.sort(byTimeThenId)
  const terms = articles.map((a) => headlineTerms(a.title, a.lang, memo))
  const vocabulary: Vocabulary = { ids: new Map(), terms: [] }
  const termIds = termIdsOf(terms, vocabulary)
  const raw = buildUnits(articles, termIds, STORY_GAP_S)
  const idf = idfWeights(raw, vocabulary, background, tuning.prior)
  const units = raw.map((r) => vectorize(r, idf))
  markBursts(units, vocabulary, background)
  const clusters = clusterUnits(units, vocabulary.terms.length, tuning.join, tuning.merge).filter((c) => c.alive)

  const window = countWindow(articles, termIds, vocabulary)
  const context: StoryContext = {
    units,
    terms: vocabulary.terms,
    words: shownWords(terms, termIds, vocabulary),
    score: (keys) => residualScore(keys, window, background),
    topical: (key, inStory) => isTopical(key, inStory, window, background),
  }
  const stories = clusters.map((c) => buildStory(c, context))
  // The most prominent story of the country keeps the bare slug; its first article settles full ties.
  const firstId = (c: Cluster): string => units[c.units[0] ?? 0]?.members[0]?.id ?? ''
  const order = stories.map((_, i) => i)
  order.sort((i, j) => {
    const a = stories[i] as Story
    const b = stories[j] as Story
    return (
      b.publishers - a.publishers ||
      b.articles - a.articles ||
      a.firstSeen - b.firstSeen ||
      cmp(firstId(clusters[i] as Cluster), firstId(clusters[j] as Cluster))
    )
  })
  const slugs = uniqueSlugs(order.map((i) => (stories[i] as Story).slug))
  order.forEach((i, k) => {
    const s = stories[i] as Story
    s.slug = slugs[k] ?? s.slug
  })
  return stories
}

/** Window documents (one per syndication group) and, per term, how many carry it: for the score. */
function countWindow(
  articles: readonly TrendArticle[],
  termIds: readonly number[][],
  vocabulary: Vocabulary,
): WindowCounts {
  const df = new Int32Array(vocabulary.terms.length)
  const seen = new Set<string>()
  articles.forEach((a, i) => {
    if (seen.has(a.dup_key)) return
    seen.add(a.dup_key)
    for (const id of termIds[i] ?? []) df[id] = (df[id] ?? 0) + 1
  })
  return { docs: seen.size, carrying: (key) => df[vocabulary.ids.get(key) ?? -1] ?? 0 }
}

/**
 * The shown word of each term id: its most frequent lower-case surface in the country's
 * headlines, ties by code units. Most keys have one surface (the memo hands out one term object
 * per surface), so only keys met with a second surface are tallied.
 */
function shownWords(terms: readonly HeadlineTerm[][], termIds: readonly number[][], vocabulary: Vocabulary): string[] {
  const words = vocabulary.terms.map((t) => t.surface)
  const tally = new Map<number, Map<string, number>>()
  terms.forEach((list, i) => {
    const ids = termIds[i] ?? []
    list.forEach((t, k) => {
      const id = ids[k] ?? 0
      let m = tally.get(id)
      if (m === undefined) {
        if (t.surface === words[id]) return
        m = new Map()
        tally.set(id, m)
      }
      m.set(t.surface, (m.get(t.surface) ?? 0) + 1)
    })
  })
  if (tally.size === 0) return words
  // Second pass: the first surface of a multi-surface key was skipped before the key was known.
  for (const [id, m] of tally) m.set(words[id] ?? '', 0)
  terms.forEach((list, i) => {
    const ids = termIds[i] ?? []
    list.forEach((t, k) => {
      const m = tally.get(ids[k] ?? 0)
      if (m !== undefined && t.surface === words[ids[k] ?? 0]) m.set(t.surface, (m.get(t.surface) ?? 0) + 1)
    })
  })
  for (const [id, m] of tally) {
    let best = ''
    let bestN = 0
    for (const [surface, n] of m) {
      if (n > bestN || (n === bestN && surface < best)) {
        best = surface
        bestN = n
      }
    }
    words[id] = best
  }
  return words
}
