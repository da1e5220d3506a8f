/**
 * Trend slugs (DECISIONS.md, Trends): the title in lower case, its words joined by hyphens,
 * letters of every script kept ("Eleição em São Paulo" → "eleição-em-são-paulo"), punctuation
 * dropped, and unique per country and window. Words of scripts written without spaces are cut by
 * Intl.Segmenter, as the search index cuts them. Slugs are NFC so that a slug read back from a
 * percent-encoded path compares equal after `normalizeSlug`.
 */
import { indexForm } from '../search/tokens.ts'

/** Longest base slug in characters (code points), before a `-2` collision suffix. */
export const SLUG_MAX_CHARS = 80

/** Used when a title has no letter or digit at all. */
export const EMPTY_SLUG = 'story'

const WORD = /[\p{L}\p{M}\p{N}]+/gu
// "Trump's" → "trumps", "U.S." → "us": one word each, not two.
const INNER_APOSTROPHE = /(?<=[\p{L}\p{N}])['’](?=[\p{L}\p{N}])/gu
const DOTTED_ACRONYM = /\b(?:\p{L}\.){2,}/gu
const ASCII = /^[\x00-\x7f]*$/

/** The base slug of a title. */
export function slugify(title: string): string {
  const ascii = ASCII.test(title)
  let text = ascii ? title : title.normalize('NFC')
  if (text.includes('.')) text = text.replace(DOTTED_ACRONYM, (m) => m.replaceAll('.', ''))
  if (text.includes("'") || text.includes('’')) text = text.replace(INNER_APOSTROPHE, '')
  text = indexForm(text).toLowerCase()
  const words = (ascii ? text : text.normalize('NFC')).match(WORD) ?? []
  let slug = ''
  let chars = 0
  for (const word of words) {
    const wordChars = [...word].length
    if (slug === '') {
      const head = wordChars > SLUG_MAX_CHARS ? [...word].slice(0, SLUG_MAX_CHARS).join('') : word
      slug = head
      chars = Math.min(wordChars, SLUG_MAX_CHARS)
      continue
    }
    if (chars + 1 + wordChars > SLUG_MAX_CHARS) break
    slug += `-${word}`
    chars += 1 + wordChars
  }
  return slug === '' ? EMPTY_SLUG : slug
}

/**
 * Unique slugs for base slugs given in priority order: the first keeps its base, later equal
 * bases get `-2`, `-3`, … (skipping any form already taken, including a base that itself ends
 * in `-2`).
 */
export function uniqueSlugs(bases: readonly string[]): string[] {
  const used = new Set<string>()
  return bases.map((base) => {
    let slug = base
    for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`
    used.add(slug)
    return slug
  })
}

/** A slug as a client sent it (already percent-decoded), in the form slugs are stored in. */
export function normalizeSlug(slug: string): string {
  return slug.normalize('NFC').toLowerCase()
}
