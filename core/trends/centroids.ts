/**
 * Single-pass clustering of headline units against story centroids (the Topic Detection and
 * Tracking recipe for news), then a merge pass for stories split by arrival order. Comparing with
 * centroids, never with single headlines, guards against chaining: a headline joins a story only
 * when it is close to what the story as a whole is about.
 *
 * - Single pass, in time order: a unit joins the story whose centroid is most similar (cosine) if
 *   that is ≥ `join`, they share at least two terms (one for a one-term headline), at least
 *   BURSTY_SHARE of the similarity comes from shared words bursty at the time (burst.ts; when a
 *   baseline exists), and the story had an article within STORY_GAP_S. Otherwise it starts a
 *   story.
 * - Candidates come from an inverted index over centroid terms, probed only with the unit's
 *   prefix terms (heaviest first, until the rest of the vector weighs less than the threshold):
 *   a centroid sharing none of them cannot reach the threshold, so it is never compared.
 * - Merge pass: stories of two or more units, largest first, absorb stories started within
 *   STORY_GAP_S of their span whose centroids are ≥ `merge` similar (same rules, same filter).
 *
 * Ties go to the lower cluster index (the earlier story), so the result depends only on the
 * ordered units.
 */
import type { Unit } from './units.ts'

/** A story that received nothing for this long is closed: a later headline starts a new one. */
export const STORY_GAP_S = 24 * 3600
/** Share of a similarity that must come from words bursty at the time (burst.ts). */
export const BURSTY_SHARE = 0.5

/** A cluster under construction: the sum of its units' vectors. */
export interface Cluster {
  /** Unit indices, ascending once clustering is done. */
  units: number[]
  sum: Map<number, number>
  /** Squared norm of `sum`. */
  norm2: number
  firstSeen: number
  lastSeen: number
  alive: boolean
  /** Terms bursty in any of its units; null: no burst rule. */
  bursty: Set<number> | null
}

export function clusterUnits(units: readonly Unit[], termCount: number, join: number, merge: number): Cluster[] {
  const clusters = singlePass(units, termCount, join)
  mergePass(clusters, termCount, merge)
  return clusters
}

function singlePass(units: readonly Unit[], termCount: number, threshold: number): Cluster[] {
  const clusters: Cluster[] = []
  const postings: number[][] = Array.from({ length: termCount }, () => [])
  let stamp = new Int32Array(64).fill(-1)
  units.forEach((u, ui) => {
    const probe = prefixLength(u.weights, threshold)
    let best = -1
    let bestCos = 0
    let bestDot = 0
    for (let p = 0; p < probe; p++) {
      const list = postings[u.ids[p] ?? 0] ?? []
      let keep = 0
      for (let k = 0; k < list.length; k++) {
        const ci = list[k] ?? 0
        const c = clusters[ci] as Cluster
        if (!c.alive || u.time - c.lastSeen > STORY_GAP_S) continue // closed for good: time only grows
        list[keep++] = ci
        if (stamp[ci] === ui) continue
        stamp[ci] = ui
        let dot = 0
        let burstyDot = 0
        let shared = 0
        for (let i = 0; i < u.ids.length; i++) {
          const s = c.sum.get(u.ids[i] ?? 0)
          if (s !== undefined) {
            const d = (u.weights[i] ?? 0) * s
            dot += d
            if (u.bursty === null || u.bursty[i] === 1) burstyDot += d
            shared++
          }
        }
        if (shared < Math.min(2, u.ids.length) || burstyDot < BURSTY_SHARE * dot || dot === 0) continue
        const cos = dot / Math.sqrt(c.norm2)
        if (cos > bestCos || (cos === bestCos && ci < best)) {
          best = ci
          bestCos = cos
          bestDot = dot
        }
      }
      list.length = keep
    }
    if (best >= 0 && bestCos >= threshold) {
      const c = clusters[best] as Cluster
      addUnit(c, u, best, postings)
      c.norm2 += 2 * bestDot + 1
      c.units.push(ui)
      c.lastSeen = Math.max(c.lastSeen, u.time)
      return
    }
    const ci = clusters.length
    const c: Cluster = {
      units: [ui],
      sum: new Map(),
      norm2: 1,
      firstSeen: u.time,
      lastSeen: u.time,
      alive: true,
      bursty: u.bursty === null ? null : new Set(),
    }
    clusters.push(c)
    addUnit(c, u, ci, postings)
    if (ci >= stamp.length) {
      const grown = new Int32Array(stamp.length * 2).fill(-1)
      grown.set(stamp)
      stamp = grown
    }
  })
  return clusters
}

function addUnit(c: Cluster, u: Unit, ci: number, postings: number[][]): void {
  for (let i = 0; i < u.ids.length; i++) {
    const id = u.ids[i] ?? 0
    const old = c.sum.get(id)
    if (old === undefined) postings[id]?.push(ci)
    c.sum.set(id, (old ?? 0) + (u.weights[i] ?? 0))
    if (u.bursty?.[i] === 1) c.bursty?.add(id)
  }
}

function mergePass(clusters: Cluster[], termCount: number, threshold: number): void {
  // Clusters were created in time order, so by index their first articles ascend; posting lists
  // hold indices in ascending order and a query reads only the slice of clusters started within
  // STORY_GAP_S of the absorber's span. (A long story started earlier is met the other way round:
  // as the absorber itself, or, as a lone headline, it has no span to miss.)
  const createdAt = Float64Array.from(clusters, (c) => c.firstSeen)
  const postings: number[][] = Array.from({ length: termCount }, () => [])
  clusters.forEach((c, ci) => {
    for (const id of c.sum.keys()) postings[id]?.push(ci)
  })
  const order = clusters
    .map((_, i) => i)
    .sort((a, b) => {
      const ca = clusters[a] as Cluster
      const cb = clusters[b] as Cluster
      return cb.units.length - ca.units.length || ca.firstSeen - cb.firstSeen || a - b
    })
  const stamp = new Int32Array(clusters.length).fill(-1)
  let round = 0
  for (const xi of order) {
    const x = clusters[xi] as Cluster
    // Two lone headlines were compared when the later one arrived (at the lower join threshold),
    // so only stories of two or more units look for others to absorb.
    if (!x.alive || x.units.length < 2) continue
    // Each scan absorbs, best first, every candidate still similar enough once the ones before
    // it are in; a rescan looks for stories the grown centroid now reaches.
    for (;;) {
      round++
      const norm = Math.sqrt(x.norm2)
      const heavy = [...x.sum].sort((a, b) => b[1] - a[1] || a[0] - b[0])
      const probe = prefixLength(
        heavy.map(([, v]) => v / norm),
        threshold,
      )
      const lo = lowerBound(createdAt, x.firstSeen - STORY_GAP_S)
      const hi = lowerBound(createdAt, x.lastSeen + STORY_GAP_S + 1)
      const found: { yi: number; cos: number }[] = []
      for (let p = 0; p < probe; p++) {
        const list = postings[heavy[p]?.[0] ?? 0] ?? []
        for (let k = lowerBound(list, lo); k < list.length; k++) {
          const yi = list[k] ?? 0
          if (yi >= hi) break
          const y = clusters[yi] as Cluster
          if (!y.alive || yi === xi || stamp[yi] === round) continue
          stamp[yi] = round
          const cos = centroidCosine(x, y)
          if (cos >= threshold) found.push({ yi, cos })
        }
      }
      found.sort((a, b) => b.cos - a.cos || a.yi - b.yi)
      let absorbed = 0
      for (const { yi } of found) {
        const y = clusters[yi] as Cluster
        if (absorbed > 0 && centroidCosine(x, y) < threshold) continue
        absorb(x, xi, y, postings)
        absorbed++
      }
      if (absorbed === 0) break
    }
  }
  for (const c of clusters) c.units.sort((a, b) => a - b)
}

/**
 * Cosine of two centroids, or 0 when they are more than STORY_GAP_S apart, share fewer than two
 * terms, or owe less than BURSTY_SHARE of it to terms bursty in either.
 */
function centroidCosine(x: Cluster, y: Cluster): number {
  if (y.firstSeen - x.lastSeen > STORY_GAP_S || x.firstSeen - y.lastSeen > STORY_GAP_S) return 0
  const [small, large] = y.sum.size < x.sum.size ? [y.sum, x.sum] : [x.sum, y.sum]
  let dot = 0
  let burstyDot = 0
  let shared = 0
  for (const [id, v] of small) {
    const w = large.get(id)
    if (w !== undefined) {
      dot += v * w
      if (x.bursty === null || x.bursty.has(id) || y.bursty?.has(id) === true) burstyDot += v * w
      shared++
    }
  }
  return shared < 2 || burstyDot < BURSTY_SHARE * dot ? 0 : dot / Math.sqrt(x.norm2 * y.norm2)
}

function absorb(x: Cluster, xi: number, y: Cluster, postings: number[][]): void {
  let dot = 0
  for (const [id, v] of y.sum) {
    const old = x.sum.get(id)
    if (old === undefined) {
      const list = postings[id]
      if (list !== undefined) list.splice(lowerBound(list, xi), 0, xi)
    } else {
      dot += old * v
    }
    x.sum.set(id, (old ?? 0) + v)
  }
  x.norm2 += 2 * dot + y.norm2
  x.units.push(...y.units)
  x.firstSeen = Math.min(x.firstSeen, y.firstSeen)
  x.lastSeen = Math.max(x.lastSeen, y.lastSeen)
  if (x.bursty !== null) for (const id of y.bursty ?? []) x.bursty.add(id)
  y.alive = false
}

/** How many leading (heaviest) terms must be probed: a vector sharing none of them stays below `threshold`. */
function prefixLength(weights: ArrayLike<number>, threshold: number): number {
  let rest = 1
  let i = 0
  const t2 = threshold * threshold
  while (i < weights.length && rest >= t2) {
    const w = weights[i] ?? 0
    rest -= w * w
    i++
  }
  return i
}

/** First index whose value is ≥ `value` in an ascending array. */
function lowerBound(values: ArrayLike<number>, value: number): number {
  let lo = 0
  let hi = values.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if ((values[mid] ?? 0) < value) lo = mid + 1
    else hi = mid
  }
  return lo
}
