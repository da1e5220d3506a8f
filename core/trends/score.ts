/**
 * How unusual a story's volume is against the days before the window, after Event Registry's
 * trending concepts (a Pearson residual of recent mentions against a 14-day baseline).
 *
 * Per country c, with documents = headlines counted once per syndication group (dup_key):
 *   N_w = documents in the window, N_b = documents in the background (the BACKGROUND_DAYS before
 *   `since`), O_k = window documents whose headline carries key k, B_k = background documents
 *   carrying k. The expected window count scales the background by volume, not by time, so an
 *   archive that starts inside the background span or a quiet weekend does not look like a burst:
 *     E_k = (B_k + ALPHA) · N_w / N_b        (ALPHA: a word never seen before still expects a little)
 *     r_k = (O_k − E_k) / √E_k
 *   The story's score is the mean r_k over its keywords (at most KEYWORDS_PER_STORY). A story
 *   whose words were absent before scores high; one whose words run every day at the same rate
 *   scores near 0; fading words go negative. No background for the country (N_b = 0), or a story
 *   without keywords: 0. Deterministic: counts and a fixed key order only.
 */
import { BURST_MIN_BACKGROUND_DOCS, BURST_Z } from './burst.ts'
import { TermMemo, headlineTerms } from './headline-terms.ts'
import type { TrendArticle } from './types.ts'

export const BACKGROUND_DAYS = 14
const ALPHA = 0.5

/** Per-country document counts of headline keys. */
export interface KeyCounts {
  /** Documents (syndication groups). */
  docs: number
  keys: Map<string, number>
}

/** Background counts by country: what `clusterStories` needs of the BACKGROUND_DAYS before the window. */
export type BackgroundCounts = ReadonlyMap<string, KeyCounts>

/** The first article of each syndication group per country, in (published_at, id) order. */
function firstOfGroups(articles: readonly TrendArticle[]): TrendArticle[] {
  const sorted = [...articles].sort(byTimeThenId)
  const seen = new Set<string>()
  const out: TrendArticle[] = []
  for (const a of sorted) {
    const group = `${a.country}\u0000${a.dup_key}`
    if (seen.has(group)) continue
    seen.add(group)
    out.push(a)
  }
  return out
}

export function byTimeThenId(a: TrendArticle, b: TrendArticle): number {
  return a.published_at - b.published_at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
}

/** Counts of the background articles (any order; articles of every country). */
export function countBackground(articles: readonly TrendArticle[], memo: TermMemo = new TermMemo()): BackgroundCounts {
  return combineBackground([backgroundPiece(articles, memo)])
}

/**
 * The background of one stretch of time, before it is counted: the first article of each
 * syndication group in it, in (published_at, id) order, with its headline keys. Pieces of
 * consecutive stretches combine into exactly the counts of all their articles (combineBackground),
 * so the live node keeps one piece per whole day and adds the days a window's background spans.
 */
export interface BackgroundPiece {
  /** `country NUL dup_key` of each first article. */
  readonly groups: readonly string[]
  readonly countries: readonly string[]
  readonly keys: readonly (readonly string[])[]
}

export function backgroundPiece(articles: readonly TrendArticle[], memo: TermMemo = new TermMemo()): BackgroundPiece {
  const groups: string[] = []
  const countries: string[] = []
  const keys: string[][] = []
  for (const a of firstOfGroups(articles)) {
    groups.push(`${a.country}\u0000${a.dup_key}`)
    countries.push(a.country)
    keys.push(headlineTerms(a.title, a.lang, memo).map((t) => t.key))
  }
  return { groups, countries, keys }
}

/**
 * Counts of consecutive pieces, oldest first: a group counts once, at its first article (its
 * earliest piece), and documents are added in the order one piece of all the articles would add
 * them, so the counts (and their key order) are those of countBackground over all the articles.
 */
export function combineBackground(pieces: readonly BackgroundPiece[]): BackgroundCounts {
  const out = new Map<string, KeyCounts>()
  const seen = new Set<string>()
  for (const p of pieces)
    for (let i = 0; i < p.groups.length; i++) {
      const group = p.groups[i] as string
      if (pieces.length > 1) {
        if (seen.has(group)) continue
        seen.add(group)
      }
      const country = p.countries[i] as string
      let c = out.get(country)
      if (c === undefined) {
        c = { docs: 0, keys: new Map() }
        out.set(country, c)
      }
      addDocument(c, p.keys[i] as readonly string[])
    }
  return out
}

function addDocument(counts: KeyCounts, keys: readonly string[]): void {
  counts.docs++
  for (const k of keys) counts.keys.set(k, (counts.keys.get(k) ?? 0) + 1)
}

/** Window documents (syndication groups) of a country, and how many carry a key. */
export interface WindowCounts {
  docs: number
  carrying: (key: string) => number
}

/** The mean Pearson residual of `keys` in the window against the background (module comment). */
export function residualScore(
  keys: readonly string[],
  window: WindowCounts,
  background: KeyCounts | undefined,
): number {
  if (background === undefined || background.docs === 0 || keys.length === 0) return 0
  const scale = window.docs / background.docs
  let sum = 0
  for (const k of keys) {
    const expected = ((background.keys.get(k) ?? 0) + ALPHA) * scale
    sum += (window.carrying(k) - expected) / Math.sqrt(expected)
  }
  return sum / keys.length
}

/**
 * Whether a story's keyword is topical, a word of the news rather than of headline templates
 * ("us", "world", "things you need to know"), which /v1/trends/keywords counts:
 * - with a background of at least BURST_MIN_BACKGROUND_DOCS documents for the country, the word
 *   must burst against it: r_k ≥ TOPICAL_Z (the Pearson residual above, the z of burst.ts);
 * - without one (a new archive, a new country), the window is all there is: most (more than half)
 *   of the window documents carrying the word must be in this story. A template word is spread
 *   over many stories; a story's own word is concentrated in it.
 * `inStory`: the story's documents (syndication groups) whose headline carries the key.
 */
export const TOPICAL_Z = BURST_Z

export function isTopical(
  key: string,
  inStory: number,
  window: WindowCounts,
  background: KeyCounts | undefined,
): boolean {
  if (background !== undefined && background.docs >= BURST_MIN_BACKGROUND_DOCS) {
    const expected = ((background.keys.get(key) ?? 0) + ALPHA) * (window.docs / background.docs)
    return (window.carrying(key) - expected) / Math.sqrt(expected) >= TOPICAL_Z
  }
  return inStory * 2 > window.carrying(key)
}
