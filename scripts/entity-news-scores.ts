/**
 * Document-level entity scores on the annotated English news pages (bench/data/entity-news-gold.json;
 * guidelines and matching rule in docs/entities-data.md, "English news pages (own annotation)").
 * The gold is a set of distinct entities per page, each with a type, a name and the other names the
 * page gives it (`U.S.` for `United States`). This file scores the document level; the mention level
 * (offsets: bench/data/entity-news-mentions.json) is scored by scripts/entity-news-mention-scores.ts.
 *
 * Matching, per page and type, on slugs (core/entity.ts entitySlug; a leading `the` dropped from
 * names that are not people, as the tagger drops it):
 * 1. a predicted entity whose slug equals the slug of a gold entity's name or alias matches it;
 * 2. left over, a predicted entity whose words are the first or last words of a gold name or alias
 *    (`Putin` for `Vladimir Putin`, `Sharif` for `Shehbaz Sharif`: what the tagger's own folding
 *    does inside an article) matches the first such gold entity not yet matched; a longer
 *    prediction never matches a shorter gold name (`Apple AirPods` is not `Apple`);
 * 3. a prediction that matches, by 1 or 2, a gold entity already matched is a duplicate: counted
 *    apart, neither right nor wrong (`US` and `United States` both predicted for one country);
 * 4. every other prediction is a false positive, every unmatched gold entity a miss.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ArticleEntity, EntityType } from '../core/entity.ts'
import { ENTITY_TYPES, entitySlug } from '../core/entity.ts'
import { type Counts, emptyCounts } from './entity-scores.ts'

export interface NewsGoldEntity {
  type: EntityType
  name: string
  aliases?: string[]
}

export interface NewsGoldPage {
  /** `benchmark/<id>` or `fundus/<country>/<file>` (scripts/entity-news-pages.ts). */
  path: string
  split: 'dev' | 'test'
  /** sha256 of the text that was annotated (entityText of the extracted article). */
  sha256: string
  entities: NewsGoldEntity[]
}

export const NEWS_GOLD_PATH = join(import.meta.dir, '..', 'bench', 'data', 'entity-news-gold.json')
/** The second annotator's labels (B) of the same pages, written blind to the first file and to system output. */
export const NEWS_GOLD_B_PATH = join(import.meta.dir, '..', 'bench', 'data', 'entity-news-gold-b.json')

export function loadNewsGold(path = NEWS_GOLD_PATH): NewsGoldPage[] {
  const doc = JSON.parse(readFileSync(path, 'utf8')) as { pages: NewsGoldPage[] }
  return doc.pages
}

/** A name's slug as the tagger keys it: a leading `the` off for organisations and places. */
export function newsSlug(type: EntityType, name: string): string {
  const words = name.trim().split(/\s+/)
  if (type !== 'person' && words.length > 1 && words[0]?.toLowerCase() === 'the') words.shift()
  return entitySlug(words.join(' '))
}

const isEdge = (long: readonly string[], short: readonly string[]): boolean => {
  if (short.length >= long.length) return false
  const off = long.length - short.length
  let head = true
  let tail = true
  for (let i = 0; i < short.length; i++) {
    if (long[i] !== short[i]) head = false
    if (long[off + i] !== short[i]) tail = false
  }
  return head || tail
}

export interface NewsPageScore {
  counts: Counts
  duplicates: number
  /** Gold entities missed and predictions unmatched, as `type|slug`, for error analysis. */
  missed: string[]
  wrong: string[]
}

const goldSlugs = (g: NewsGoldEntity) =>
  [g.name, ...(g.aliases ?? [])].map((n) => newsSlug(g.type, n)).filter((s) => s !== '')

/** Scores one page's predicted entities against its gold entities. */
export function scoreNewsPage(gold: readonly NewsGoldEntity[], pred: readonly ArticleEntity[]): NewsPageScore {
  return scoreSlugs(
    gold,
    pred.map((p) => ({ type: p.type, slugs: [p.key.slice(p.key.indexOf(':') + 1)] })),
  )
}

/**
 * Inter-annotator agreement on one page: annotator B's entities scored as predictions against A's, by the
 * same rule; a B entity carries its name and other names, and matches when one of them would.
 */
export function scoreNewsAnnotation(gold: readonly NewsGoldEntity[], other: readonly NewsGoldEntity[]): NewsPageScore {
  return scoreSlugs(
    gold,
    other.map((e) => ({ type: e.type, slugs: goldSlugs(e) })),
  )
}

function scoreSlugs(
  gold: readonly NewsGoldEntity[],
  pred: readonly { type: EntityType; slugs: string[] }[],
): NewsPageScore {
  const counts = emptyCounts()
  const golds = gold.map((g) => ({ type: g.type, slugs: goldSlugs(g), matched: false }))
  const preds = pred.map((p) => ({ ...p, slug: p.slugs[0] ?? '', done: false }))
  let duplicates = 0
  const exact = (p: (typeof preds)[number], g: (typeof golds)[number]) =>
    g.type === p.type && p.slugs.some((s) => g.slugs.includes(s))
  const edge = (p: (typeof preds)[number], g: (typeof golds)[number]) => {
    if (g.type !== p.type) return false
    return p.slugs.some((ps) => {
      const words = ps.split('-')
      return g.slugs.some((s) => isEdge(s.split('-'), words))
    })
  }
  for (const match of [exact, edge]) {
    for (const p of preds) {
      if (p.done) continue
      const g = golds.find((g) => !g.matched && match(p, g))
      if (g === undefined) continue
      g.matched = true
      p.done = true
      counts[p.type].tp++
    }
  }
  const wrong: string[] = []
  for (const p of preds) {
    if (p.done) continue
    if (golds.some((g) => g.matched && (exact(p, g) || edge(p, g)))) duplicates++
    else {
      counts[p.type].fp++
      wrong.push(`${p.type}|${p.slug}`)
    }
  }
  const missed: string[] = []
  for (const g of golds) {
    if (g.matched) continue
    counts[g.type].fn++
    missed.push(`${g.type}|${g.slugs[0] ?? ''}`)
  }
  return { counts, duplicates, missed, wrong }
}

export function addCounts(into: Counts, from: Counts): void {
  for (const t of ENTITY_TYPES) {
    into[t].tp += from[t].tp
    into[t].fp += from[t].fp
    into[t].fn += from[t].fn
  }
}

/** Page scores added up over a set: counts by type and the duplicates (a second name of a matched entity). */
export class NewsScoreTally {
  readonly counts: Counts = emptyCounts()
  duplicates = 0

  add(score: Pick<NewsPageScore, 'counts' | 'duplicates'>): void {
    addCounts(this.counts, score.counts)
    this.duplicates += score.duplicates
  }
}
