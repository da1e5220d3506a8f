/**
 * Entity scores (issue 27), shared by bench/entities.ts and the corpus floor test: precision,
 * recall and F1 per type, mention-level (per document, the multiset of type + slug) and
 * document-level (per document, the distinct entities after within-document folding, for gold and
 * prediction alike).
 */
import { type EntityMention, foldMentions } from '../core/enrich/entities.ts'
import { type ArticleEntity, ENTITY_TYPES, type EntityType, entitySlug } from '../core/entity.ts'
import type { EntitySet, LabelledSentence } from './entity-data.ts'

export type Counts = Record<EntityType, { tp: number; fp: number; fn: number }>
export const emptyCounts = (): Counts => ({
  person: { tp: 0, fp: 0, fn: 0 },
  organisation: { tp: 0, fp: 0, fn: 0 },
  place: { tp: 0, fp: 0, fn: 0 },
})

/** Adds multiset matches of `type|slug` items to the counts. */
export function score(counts: Counts, gold: readonly string[], pred: readonly string[]): void {
  const left = new Map<string, number>()
  for (const g of gold) left.set(g, (left.get(g) ?? 0) + 1)
  for (const p of pred) {
    const type = p.slice(0, p.indexOf('|')) as EntityType
    const n = left.get(p) ?? 0
    if (n > 0) {
      counts[type].tp++
      left.set(p, n - 1)
    } else counts[type].fp++
  }
  for (const [g, n] of left) counts[g.slice(0, g.indexOf('|')) as EntityType].fn += n
}

export function goldMentions(s: LabelledSentence): EntityMention[] {
  const out: EntityMention[] = []
  const typeOf: Record<string, EntityType> = { PER: 'person', ORG: 'organisation', LOC: 'place' }
  s.tags.forEach((tag, i) => {
    const word = s.tokens[i] as string
    if (tag === 'O') return
    const type = typeOf[tag.slice(2)] as EntityType
    const last = out[out.length - 1]
    if (tag.startsWith('I-') && last !== undefined && last.type === type && s.tags[i - 1] !== 'O') last.words.push(word)
    else out.push({ type, words: [word] })
  })
  return out
}

export const mentionKey = (m: EntityMention) =>
  `${m.type}|${entitySlug(m.words.filter((w) => w !== "'s" && w !== '’s').join(' '))}`

export interface Result {
  mention: Counts
  document: Counts
  ms: number
}

/**
 * Each document is read as one text (its sentences one per line, as an article's paragraphs are),
 * so what ships sees a name's other mentions as it does at ingest.
 */
export function evaluate(set: EntitySet, system: (text: string) => EntityMention[]): Result {
  const mention = emptyCounts()
  const document = emptyCounts()
  let ms = 0
  const keys = (ms: EntityMention[]) => foldMentions(ms).map(entityItem)
  for (const doc of documentsOf(set)) {
    const text = documentText(doc)
    const t = performance.now()
    const pred = system(text)
    ms += performance.now() - t
    const gold = doc.flatMap(goldMentions)
    const named = (m: EntityMention) => !mentionKey(m).endsWith('|')
    score(mention, gold.filter(named).map(mentionKey), pred.filter(named).map(mentionKey))
    score(document, keys(gold), keys(pred))
  }
  return { mention, document, ms }
}

/** A set's documents: runs of consecutive sentences with the same document id. */
export function documentsOf(set: Pick<EntitySet, 'sentences'>): LabelledSentence[][] {
  const docs: LabelledSentence[][] = []
  for (const s of set.sentences) {
    const last = docs[docs.length - 1]
    if (last !== undefined && last[0]?.doc === s.doc) last.push(s)
    else docs.push([s])
  }
  return docs
}

/** A document as the systems read it: its sentences' tokens joined by spaces, a sentence a line. */
export const documentText = (doc: readonly LabelledSentence[]): string => doc.map((s) => s.tokens.join(' ')).join('\n')

/** An entity as the document level scores it: `type|slug`. */
export const entityItem = (e: Pick<ArticleEntity, 'type' | 'key'>): string =>
  `${e.type}|${e.key.slice(e.key.indexOf(':') + 1)}`

/** A document's gold entities, folded as the document level folds them, as `type|slug`. */
export const goldDocumentKeys = (doc: readonly LabelledSentence[]): string[] =>
  foldMentions(doc.flatMap(goldMentions)).map(entityItem)

export const prf = (c: { tp: number; fp: number; fn: number }) => {
  const p = c.tp + c.fp === 0 ? 0 : c.tp / (c.tp + c.fp)
  const r = c.tp + c.fn === 0 ? 0 : c.tp / (c.tp + c.fn)
  return { p, r, f: p + r === 0 ? 0 : (2 * p * r) / (p + r) }
}
export const total = (c: Counts) =>
  ENTITY_TYPES.reduce((s, t) => ({ tp: s.tp + c[t].tp, fp: s.fp + c[t].fp, fn: s.fn + c[t].fn }), {
    tp: 0,
    fp: 0,
    fn: 0,
  })
