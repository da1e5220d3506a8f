/**
 * The `entities` facet of `/v1/stats` (issue 27): the entities most often named among a slice's
 * newest articles. Counting every entity row of a large slice would read millions of rows, so the
 * facet counts the newest ENTITY_FACET_SAMPLE articles of the slice (all of them when fewer) and
 * says how many it counted. Pure: articles in, ranked entities out.
 */
import type { ArticleEntity, EntityType } from '../entity.ts'
import { compareCodePoints } from '../search/stats-tally.ts'

/** Articles the facet counts at most: the newest of the slice. */
export const ENTITY_FACET_SAMPLE = 1000

export interface EntityFacetBucket {
  key: string
  /** The name most of the counted articles used (ties: the shorter, then the first in code-point order). */
  name: string
  type: EntityType
  country: string | null
  /** Counted articles naming it. */
  articles: number
}

/** The `top` entities named by the most of these articles, ties by key. */
export function entityFacet(
  articles: readonly { entities?: readonly ArticleEntity[] }[],
  top: number,
): EntityFacetBucket[] {
  const byKey = new Map<string, { e: ArticleEntity; articles: number; names: Map<string, number> }>()
  for (const a of articles) {
    const seen = new Set<string>()
    for (const e of a.entities ?? []) {
      if (seen.has(e.key)) continue
      seen.add(e.key)
      let b = byKey.get(e.key)
      if (b === undefined) byKey.set(e.key, (b = { e, articles: 0, names: new Map() }))
      b.articles++
      b.names.set(e.name, (b.names.get(e.name) ?? 0) + 1)
    }
  }
  return [...byKey.values()]
    .sort((x, y) => y.articles - x.articles || compareCodePoints(x.e.key, y.e.key))
    .slice(0, top)
    .map((b) => ({
      key: b.e.key,
      name: commonest(b.names),
      type: b.e.type,
      country: b.e.country,
      articles: b.articles,
    }))
}

function commonest(names: ReadonlyMap<string, number>): string {
  let best = ''
  let bestN = -1
  for (const [name, n] of names)
    if (
      n > bestN ||
      (n === bestN && (name.length < best.length || (name.length === best.length && compareCodePoints(name, best) < 0)))
    ) {
      best = name
      bestN = n
    }
  return best
}
