/** How the real-trends benchmark scores clusters (bench/real-trends.ts), and the TF-IDF baseline it scores beside ours. */
import type { RealHeadline } from './real-trends-corpus.ts'

/** A found cluster: its articles (by URL) and its keywords. */
export interface FoundCluster {
  urls: string[]
  keywords: string[]
}

export interface Measures {
  purity: number
  recall: number
  found: number
  stories: number
  concentration: number
}

/** Purity, recall, stories found and keyword concentration of `clusters` over the stories in `keep`. */
export function measure(
  clusters: readonly FoundCluster[],
  storyOf: ReadonlyMap<string, string>,
  keep: (story: string) => boolean,
): Measures {
  const sizes = new Map<string, number>()
  for (const s of storyOf.values()) if (keep(s)) sizes.set(s, (sizes.get(s) ?? 0) + 1)
  let pureArticles = 0
  let clusteredArticles = 0
  const best = new Map<string, { n: number; purity: number }>()
  const byKeyword = new Map<string, Map<string, number>>()
  for (const c of clusters) {
    if (c.urls.length < 2) continue
    const counts = new Map<string, number>()
    for (const u of c.urls) {
      const s = storyOf.get(u)
      if (s !== undefined) counts.set(s, (counts.get(s) ?? 0) + 1)
    }
    const [main, mainN] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? ['', 0]
    if (!keep(main)) continue
    pureArticles += mainN
    clusteredArticles += c.urls.length
    const purity = mainN / c.urls.length
    for (const [s, n] of counts) {
      if (!keep(s)) continue
      const b = best.get(s)
      if (b === undefined || n > b.n) best.set(s, { n, purity: s === main ? purity : n / c.urls.length })
    }
    for (const k of new Set(c.keywords)) {
      const m = byKeyword.get(k) ?? new Map<string, number>()
      for (const [s, n] of counts) m.set(s, (m.get(s) ?? 0) + n)
      byKeyword.set(k, m)
    }
  }
  let recall = 0
  let found = 0
  for (const [s, size] of sizes) {
    const b = best.get(s)
    recall += (b?.n ?? 1) / size
    if (b !== undefined && b.purity >= 0.8 && b.n >= size / 2) found++
  }
  let concentration = 0
  for (const m of byKeyword.values()) {
    const total = [...m.values()].reduce((a, b) => a + b, 0)
    concentration += Math.max(...m.values()) / total
  }
  return {
    purity: clusteredArticles === 0 ? 0 : pureArticles / clusteredArticles,
    recall: sizes.size === 0 ? 0 : recall / sizes.size,
    found,
    stories: sizes.size,
    concentration: byKeyword.size === 0 ? 0 : concentration / byKeyword.size,
  }
}

const BASELINE_STOP = new Set(
  'a an the of to in on for and or is are was be at by with as from it its this that after over new says said will up us has have how why what who more than not no into out about'.split(
    ' ',
  ),
)

function baselineTokens(title: string): string[] {
  return (title.toLowerCase().match(/[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu) ?? []).filter(
    (t) => !BASELINE_STOP.has(t) && t.length > 1,
  )
}

/**
 * TF-IDF (log-scaled IDF over the headlines themselves) cosine, average-link agglomerative
 * clustering down to `cut`: each cluster keeps its best neighbour, so a merge costs O(n).
 */
export function baselineClusters(headlines: readonly RealHeadline[], cut: number): FoundCluster[] {
  const docs = headlines.map((h) => baselineTokens(h.title))
  const df = new Map<string, number>()
  for (const d of docs) for (const t of new Set(d)) df.set(t, (df.get(t) ?? 0) + 1)
  const n = docs.length
  const vectors = docs.map((d) => {
    const tf = new Map<string, number>()
    for (const t of d) tf.set(t, (tf.get(t) ?? 0) + 1)
    const v = new Map<string, number>()
    let norm = 0
    for (const [t, c] of tf) {
      const w = c * Math.log(n / (df.get(t) ?? 1))
      v.set(t, w)
      norm += w * w
    }
    norm = Math.sqrt(norm) || 1
    for (const [t, w] of v) v.set(t, w / norm)
    return v
  })
  const sim: Float32Array[] = vectors.map(() => new Float32Array(n))
  for (let i = 0; i < n; i++) {
    const vi = vectors[i] as Map<string, number>
    for (let j = i + 1; j < n; j++) {
      let s = 0
      for (const [t, w] of vectors[j] as Map<string, number>) {
        const x = vi.get(t)
        if (x !== undefined) s += x * w
      }
      ;(sim[i] as Float32Array)[j] = s
      ;(sim[j] as Float32Array)[i] = s
    }
  }
  const alive = new Uint8Array(n).fill(1)
  const size = new Int32Array(n).fill(1)
  const members: number[][] = headlines.map((_, i) => [i])
  const bestOf = (i: number): number => {
    let b = -1
    let bs = Number.NEGATIVE_INFINITY
    const row = sim[i] as Float32Array
    for (let j = 0; j < n; j++)
      if (j !== i && alive[j] === 1 && (row[j] as number) > bs) [b, bs] = [j, row[j] as number]
    return b
  }
  const nearest = Int32Array.from(headlines.map((_, i) => bestOf(i)))
  for (;;) {
    let bi = -1
    let bs = Number.NEGATIVE_INFINITY
    for (let i = 0; i < n; i++) {
      const j = nearest[i] as number
      if (alive[i] === 1 && j >= 0 && ((sim[i] as Float32Array)[j] as number) > bs)
        [bi, bs] = [i, (sim[i] as Float32Array)[j] as number]
    }
    if (bi < 0 || bs < cut) break
    const bj = nearest[bi] as number
    const si = size[bi] as number
    const sj = size[bj] as number
    for (let k = 0; k < n; k++) {
      if (alive[k] === 0 || k === bi || k === bj) continue
      const s = ((sim[bi] as Float32Array)[k] as number) * si + ((sim[bj] as Float32Array)[k] as number) * sj
      ;(sim[bi] as Float32Array)[k] = s / (si + sj)
      ;(sim[k] as Float32Array)[bi] = s / (si + sj)
    }
    alive[bj] = 0
    size[bi] = si + sj
    ;(members[bi] as number[]).push(...(members[bj] as number[]))
    for (let k = 0; k < n; k++)
      if (alive[k] === 1 && (k === bi || nearest[k] === bi || nearest[k] === bj)) nearest[k] = bestOf(k)
  }
  const out: FoundCluster[] = []
  for (let i = 0; i < n; i++) {
    if (alive[i] === 0) continue
    const ms = members[i] as number[]
    const counts = new Map<string, number>()
    for (const m of ms) for (const t of new Set(docs[m] ?? [])) counts.set(t, (counts.get(t) ?? 0) + 1)
    const keywords = [...counts]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, 3)
      .map(([t]) => t)
    out.push({ urls: ms.map((m) => (headlines[m] as RealHeadline).url), keywords })
  }
  return out
}
