/**
 * `highlight=true`: matched words of title and description wrapped in `<em>…</em>`, everything
 * else HTML-escaped, so the result can be inserted into a page as HTML safely.
 */
import type { ParsedQuery } from './query-syntax.ts'
import { ftsTokens } from './fts-tokens.ts'

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c)
}

const NO_SPACE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u
const WORD = /[\p{L}\p{N}\p{M}\p{Co}]+/gu

/** Words of `text` with their offsets; runs of no-space scripts are cut by Intl.Segmenter. */
function* words(text: string): Generator<{ start: number; end: number; word: string }> {
  for (const m of text.matchAll(WORD)) {
    const start = m.index ?? 0
    if (!NO_SPACE.test(m[0])) {
      yield { start, end: start + m[0].length, word: m[0] }
      continue
    }
    const seg = new Intl.Segmenter(/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(m[0]) ? 'ja' : 'zh', {
      granularity: 'word',
    })
    for (const s of seg.segment(m[0])) {
      if (s.isWordLike) yield { start: start + s.index, end: start + s.index + s.segment.length, word: s.segment }
    }
  }
}

export function highlightTokens(query: ParsedQuery | null): Set<string> {
  const set = new Set<string>()
  for (const group of query?.all ?? []) for (const term of group) for (const t of term.tokens) set.add(t)
  return set
}

export function highlight(text: string, tokens: ReadonlySet<string>): string {
  if (tokens.size === 0) return escapeHtml(text)
  let out = ''
  let at = 0
  for (const w of words(text)) {
    // FTS5 cuts some words at marks it treats as separators (Devanagari and Thai vowel signs,
    // Hebrew points): a word is matched when every one of its tokens is.
    const parts = ftsTokens(w.word)
    if (parts.length === 0 || !parts.every((p) => tokens.has(p))) continue
    out += `${escapeHtml(text.slice(at, w.start))}<em>${escapeHtml(w.word)}</em>`
    at = w.end
  }
  return out + escapeHtml(text.slice(at))
}
