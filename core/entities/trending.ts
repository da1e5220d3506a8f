/**
 * Trending entities (issue 27): the people, organisations and places named clearly more often in
 * a window than their background rate predicts. Pure: counts in, ranked list out.
 *
 * An entity's window count c is compared with e = b · (window length / background length), its
 * background count b scaled to the window: the score is the Poisson residual (c − e) / √(e + 1),
 * the same one-sided test in spirit as the bursty words of the trends (core/trends/burst.ts). An
 * entity never seen in the background scores c / 1, so a new name rises with its count; a name
 * that is always in the news (a head of state) needs many more mentions than usual to trend.
 */

/** An entity's articles in the window by tone, and the sum of their scores in thousandths. */
export interface EntityWindowCount {
  articles: number
  pos: number
  neu: number
  neg: number
  scoreMilli: number
}

export interface TrendingInput {
  /** Window counts by entity id. */
  window: ReadonlyMap<number, EntityWindowCount>
  /** Background articles by entity id (absent: none). */
  background: ReadonlyMap<number, number>
  windowSeconds: number
  backgroundSeconds: number
  /** Entities with fewer articles in the window are left out. */
  minArticles: number
}

export interface TrendingEntity {
  id: number
  articles: number
  background_articles: number
  /** Articles the background rate predicts for the window. */
  expected: number
  /** (c − e) / √(e + 1), three decimals. */
  burst: number
  tone: EntityWindowCount
}

const round3 = (x: number): number => Math.round(x * 1000) / 1000

/** Ranked by burst, then window articles, then id (the store's first-seen order), highest first. */
export function rankTrendingEntities(input: TrendingInput): TrendingEntity[] {
  const scale = input.backgroundSeconds > 0 ? input.windowSeconds / input.backgroundSeconds : 0
  const out: TrendingEntity[] = []
  for (const [id, tone] of input.window) {
    if (tone.articles < input.minArticles) continue
    const b = input.background.get(id) ?? 0
    const e = b * scale
    out.push({
      id,
      articles: tone.articles,
      background_articles: b,
      expected: round3(e),
      burst: round3((tone.articles - e) / Math.sqrt(e + 1)),
      tone,
    })
  }
  return out.sort((x, y) => y.burst - x.burst || y.articles - x.articles || x.id - y.id)
}

/**
 * The `k` entities of the window with the most articles (at least `min`), ties by the lower id:
 * the set a sort by (articles desc, id asc) would cut at k, found with a numeric sort of the
 * counts alone (a full sort of ~50,000 entries was a third of a 30-day list's time).
 */
export function topByArticles<C extends { articles: number }>(
  window: ReadonlyMap<number, C>,
  min: number,
  k: number,
): Map<number, C> {
  const counts: number[] = []
  for (const c of window.values()) if (c.articles >= min) counts.push(c.articles)
  if (counts.length <= k) return new Map([...window].filter(([, c]) => c.articles >= min))
  const sorted = Float64Array.from(counts).sort()
  const cut = sorted[sorted.length - k] as number
  const out = new Map<number, C>()
  const ties: number[] = []
  for (const [id, c] of window) {
    if (c.articles > cut) out.set(id, c)
    else if (c.articles === cut) ties.push(id)
  }
  ties.sort((a, b) => a - b)
  for (const id of ties.slice(0, k - out.size)) out.set(id, window.get(id) as C)
  return out
}
