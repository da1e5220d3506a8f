/**
 * Mention-level entity scores on the annotated English news pages (gold: bench/data/entity-news-mentions.json,
 * scripts/entity-news-mentions.ts; conventions in docs/entities-data.md). Per page, gold and predicted
 * mentions are character spans of the page's text (entityText) with a type. A system's mention counts by
 * the words its document level keys it by (core/enrich/entities.ts nameRange: titles off a person,
 * a leading article off the rest, a possessive off; a title alone is no mention), so both systems' spans
 * are cut alike and the gold follows the same extents.
 *
 * Three rules, each one-to-one, per type:
 * - exact: same start, end and type;
 * - overlap: same type and the spans share a character (exact matches first, then the rest in text order);
 * - name: the sentence sets' mention rule (scripts/entity-scores.ts evaluate): per page the multiset of
 *   type + slug of the span's text, no positions.
 */
import { type EntityMention, type MentionSpan, nameRange } from '../core/enrich/entities.ts'
import { tokenizeForEntities } from '../core/enrich/entity-tokens.ts'
import { tokenOffsets } from '../core/enrich/entities.ts'
import { entitySlug, type EntityType } from '../core/entity.ts'
import { type Counts, emptyCounts, score } from './entity-scores.ts'

export interface Span {
  start: number
  end: number
  type: EntityType
}

/** A mention cut to its name (nameRange), or null when the document level would skip it. */
export function nameSpan(m: MentionSpan): Span | null {
  const r = nameRange(m)
  if (r === null) return null
  const [from, to] = r
  return {
    type: m.type,
    start: m.at[from] as number,
    end: m.ends[to - 1] as number,
  }
}

/** A character span of `text` read as a mention (for compromise's matches): its tokens, edge punctuation off. */
export function spanMention(text: string, type: EntityType, start: number, end: number): MentionSpan | null {
  const piece = text.slice(start, end)
  const tokens = tokenizeForEntities(piece)
  const offsets = tokenOffsets(piece, tokens)
  const isWord = (w: string) => /[\p{L}\p{N}]/u.test(w)
  let a = 0
  let b = tokens.length
  while (a < b && !isWord(tokens[a]?.text as string)) a++
  while (b > a && !isWord(tokens[b - 1]?.text as string)) b--
  if (a === b) return null
  const words = tokens.slice(a, b).map((t) => t.text)
  const at = offsets.slice(a, b).map((x) => x + start)
  const ends = at.map((x, k) => x + (words[k] as string).length)
  return { type, words, at, ends, start: at[0] as number, end: ends[ends.length - 1] as number }
}

const slugOf = (type: EntityType, words: readonly string[]) => `${type}|${entitySlug(words.join(' '))}`

/**
 * A title-case headline's mentions are weak in extractEntities: they count only where a mention of the
 * body gives them an entity. Kept here when a non-weak mention of the same type has the same name or
 * one that folds with it (the one's words the first or last words of the other's).
 */
export function keepSupported(mentions: readonly MentionSpan[]): MentionSpan[] {
  const strong = mentions
    .filter((m) => m.weak !== true)
    .map((m) => ({ type: m.type, words: entitySlug(m.words.join(' ')).split('-') }))
  const edge = (long: string[], short: string[]) =>
    short.length <= long.length &&
    (short.every((w, k) => long[k] === w) || short.every((w, k) => long[long.length - short.length + k] === w))
  return mentions.filter((m) => {
    if (m.weak !== true) return true
    const words = entitySlug(m.words.join(' ')).split('-')
    return strong.some((s) => s.type === m.type && (edge(s.words, words) || edge(words, s.words)))
  })
}

/** One page's mentions scored by the three rules (counts added to `into`). */
export function scoreMentionSpans(
  into: { exact: Counts; overlap: Counts; name: Counts },
  text: string,
  gold: readonly Span[],
  pred: readonly Span[],
): void {
  const used = new Set<number>()
  const key = (s: Span) => `${s.type}|${s.start}|${s.end}`
  // exact: a multiset of type + span
  score(into.exact, gold.map(key), pred.map(key))
  // overlap: exact pairs first, then any overlap of the same type, one to one
  const predLeft = pred.map((_, k) => k)
  const matchedPred = new Set<number>()
  for (const pass of ['exact', 'overlap'] as const) {
    gold.forEach((g, gi) => {
      if (used.has(gi)) return
      const k = predLeft.find((pk) => {
        if (matchedPred.has(pk)) return false
        const p = pred[pk] as Span
        if (p.type !== g.type) return false
        return pass === 'exact' ? p.start === g.start && p.end === g.end : p.start < g.end && g.start < p.end
      })
      if (k === undefined) return
      used.add(gi)
      matchedPred.add(k)
      into.overlap[g.type].tp++
    })
  }
  gold.forEach((g, gi) => {
    if (!used.has(gi)) into.overlap[g.type].fn++
  })
  pred.forEach((p, k) => {
    if (!matchedPred.has(k)) into.overlap[p.type].fp++
  })
  // name: the sentence sets' rule, type + slug of the span's words
  const named = (s: Span) => {
    const m = spanMention(text, s.type, s.start, s.end) as EntityMention | null
    return m === null
      ? `${s.type}|`
      : slugOf(
          s.type,
          m.words.filter((w) => w !== "'s" && w !== '’s'),
        )
  }
  score(
    into.name,
    gold.map(named).filter((k) => !k.endsWith('|')),
    pred.map(named).filter((k) => !k.endsWith('|')),
  )
}

export const emptyMentionCounts = () => ({ exact: emptyCounts(), overlap: emptyCounts(), name: emptyCounts() })
