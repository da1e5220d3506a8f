/**
 * Short views of a labelled row: what an AG-News-like input (a headline and a one-sentence
 * standfirst, wire copy) shows the model, where the labelled sets often carry a longer standfirst
 * or a body's first paragraph (docs/category-data.md, "What the model sees of a row"). The
 * trainer may add them as extra rows (each view a share of its row's weight) and the report
 * measures every held-out set through them as well as whole.
 */
import type { LabelledArticle } from './category-data.ts'

/** A sentence shorter than this is an abbreviation's dot (`U.S.`, `Mr.`), not the sentence's end. */
const MIN_SENTENCE_CHARS = 25
const SENTENCE_END_RE = /[.!?]["'\u2019\u201d)]?\s+(?=["'\u2018\u201c(]?[A-Z0-9])/g
const ABBREVIATION_RE =
  /(?:\b[A-Z]|\bMr|\bMrs|\bMs|\bDr|\bSt|\bNo|\bVs|\bvs|\bInc|\bCo|\bCorp|\bLtd|\bJr|\bSr)\.["']?\s+$/

/** The text up to the end of its first sentence (the whole text when it has one sentence). */
export function firstSentence(text: string): string {
  const t = text.trim()
  for (const m of t.matchAll(SENTENCE_END_RE)) {
    const end = m.index + m[0].length
    if (end < MIN_SENTENCE_CHARS) continue
    if (ABBREVIATION_RE.test(t.slice(0, end))) continue
    return t.slice(0, end).trim()
  }
  return t
}

/** Headline and the standfirst's first sentence: AG News' shape. */
export function shortView(r: LabelledArticle): LabelledArticle {
  return { ...r, description: firstSentence(r.description) }
}

/** Headline alone. */
export function titleView(r: LabelledArticle): LabelledArticle {
  return { ...r, description: '' }
}

/**
 * Every row with its short views (headline + first sentence, headline alone) where they differ
 * from it; a row's views share its weight, so a source or class weighs what it did.
 */
export function withShortViews(rows: readonly LabelledArticle[]): LabelledArticle[] {
  return rows.flatMap(viewsOf)
}

/** The same objects for the same row on every call, so a fit's feature cache finds them again. */
const VIEWS = new WeakMap<LabelledArticle, LabelledArticle[]>()

function viewsOf(r: LabelledArticle): LabelledArticle[] {
  const known = VIEWS.get(r)
  if (known !== undefined) return known
  const views = [r]
  const seen = new Set([r.description])
  for (const v of [shortView(r), titleView(r)]) {
    if (seen.has(v.description)) continue
    seen.add(v.description)
    views.push(v)
  }
  const w = (r.weight ?? 1) / views.length
  const out = views.length === 1 ? views : views.map((v) => ({ ...v, weight: w }))
  VIEWS.set(r, out)
  return out
}
