/**
 * Headline units and their TF-IDF vectors, the things the clustering compares.
 *
 * A unit is the articles of one syndication group (dup_key) or with the same set of significant
 * terms: compared once and weighted once, so fifty copies of a wire headline are one vote, not
 * fifty. Vectors are binary term frequency × a smoothed IDF, L2-normalised, with their terms
 * sorted heaviest first (the order the prefix filter of centroids.ts probes them in).
 */
import type { HeadlineTerm } from './headline-terms.ts'
import type { KeyCounts } from './score.ts'
import type { TrendArticle } from './types.ts'

export interface Unit {
  /** In (published_at, id) order; the first is the representative. */
  members: TrendArticle[]
  /** Epoch seconds of the first member. */
  time: number
  /** Term ids, heaviest first (ties by id). */
  ids: Int32Array
  /** L2-normalised weights, aligned with ids. */
  weights: Float64Array
  /** 1 where the term is bursty around `time` (burst.ts), aligned with ids; null: no burst rule. */
  bursty: Uint8Array | null
}

/** A unit before weighting: members and the term ids of its first member's headline. */
export interface RawUnit {
  members: TrendArticle[]
  termIds: number[]
}

/** The vocabulary of one country: term id → term. */
export interface Vocabulary {
  ids: Map<string, number>
  terms: HeadlineTerm[]
}

/** The term ids of each headline, adding new terms to the vocabulary. */
export function termIdsOf(terms: readonly HeadlineTerm[][], vocabulary: Vocabulary): number[][] {
  return terms.map((list) =>
    list.map((t) => {
      let id = vocabulary.ids.get(t.key)
      if (id === undefined) {
        id = vocabulary.terms.length
        vocabulary.ids.set(t.key, id)
        vocabulary.terms.push(t)
      }
      return id
    }),
  )
}

/**
 * Units of time-ordered articles, in time order. Union-find joins articles sharing a dup_key, or
 * an exact term set (an empty one counts as the lower-cased title) within `maxGapS` of the
 * previous article with that set.
 */
export function buildUnits(
  articles: readonly TrendArticle[],
  termIds: readonly number[][],
  maxGapS: number,
): RawUnit[] {
  const parent = Int32Array.from(articles, (_, i) => i)
  const find = (i: number): number => {
    let r = i
    while (parent[r] !== r) r = parent[r] ?? r
    for (let j = i; parent[j] !== r; ) {
      const next = parent[j] ?? r
      parent[j] = r
      j = next
    }
    return r
  }
  const union = (a: number, b: number): void => {
    const ra = find(a)
    const rb = find(b)
    // The earlier article stays the root, so each unit's root is its first member.
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb)
  }
  const byDup = new Map<string, number>()
  const bySignature = new Map<string, number>()
  articles.forEach((a, i) => {
    const dup = byDup.get(a.dup_key)
    if (dup === undefined) byDup.set(a.dup_key, i)
    else union(dup, i)
    const ids = termIds[i] ?? []
    const signature =
      ids.length === 0
        ? `\u0001${a.title.trim().toLowerCase().replace(/\s+/g, ' ')}`
        : [...ids].sort((x, y) => x - y).join(',')
    const same = bySignature.get(signature)
    // The same words a day later are another day's headline ("Weather forecast"), not a copy.
    if (same !== undefined && a.published_at - (articles[same]?.published_at ?? 0) <= maxGapS) union(same, i)
    bySignature.set(signature, i)
  })
  const groups = new Map<number, TrendArticle[]>()
  const out: RawUnit[] = []
  articles.forEach((a, i) => {
    const root = find(i)
    const g = groups.get(root)
    if (g !== undefined) {
      g.push(a)
      return
    }
    const members = [a]
    groups.set(root, members)
    out.push({ members, termIds: termIds[root] ?? [] })
  })
  return out
}

/** Prior of the smoothed IDF: `docs` documents in which every word has document rate `rate`. */
export interface IdfPrior {
  docs: number
  rate: number
}

/**
 * IDF over the window's units and the background's documents together, smoothed towards equal
 * weights by a prior of `prior.docs` documents in which every word has rate `prior.rate`:
 *   idf = ln(1 + (N + prior.docs) / (df + prior.docs · prior.rate))
 * The background makes a story's own words rare again (in the window alone, a big story's words
 * are common because of the story); the prior keeps a few dozen headlines from yielding extreme
 * weights. With thousands of documents the prior fades and this is the usual ln(1 + N/df).
 */
export function idfWeights(
  units: readonly RawUnit[],
  vocabulary: Vocabulary,
  background: KeyCounts | undefined,
  prior: IdfPrior,
): Float64Array {
  const df = new Float64Array(vocabulary.terms.length)
  for (const u of units) for (const id of u.termIds) df[id] = (df[id] ?? 0) + 1
  let n = units.length
  if (background !== undefined) {
    n += background.docs
    vocabulary.terms.forEach((t, id) => {
      df[id] = (df[id] ?? 0) + (background.keys.get(t.key) ?? 0)
    })
  }
  const priorDf = prior.docs * prior.rate
  return df.map((d) => Math.log(1 + (n + prior.docs) / (d + priorDf)))
}

export function vectorize(raw: RawUnit, idf: Float64Array): Unit {
  const order = raw.termIds.map((id) => ({ id, w: idf[id] ?? 0 })).sort((a, b) => b.w - a.w || a.id - b.id)
  const norm = Math.sqrt(order.reduce((s, x) => s + x.w * x.w, 0)) || 1
  return {
    members: raw.members,
    time: raw.members[0]?.published_at ?? 0,
    ids: Int32Array.from(order, (x) => x.id),
    weights: Float64Array.from(order, (x) => x.w / norm),
    bursty: null,
  }
}
