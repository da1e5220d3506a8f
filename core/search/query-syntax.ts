/**
 * The `q` syntax of `/v1/search` (DECISIONS.md): words (all must match), `"exact phrase"`,
 * `-word` or `-"phrase"` to exclude, `OR` between words. Parsed into plain data so that the
 * SQLite engine, a scale-out engine and the tests' brute-force scan read the same meaning.
 */
import { indexTokens } from './tokens.ts'

/** A word or phrase, as its index tokens (a CJK word may be several tokens: a phrase). */
export type Term = { tokens: string[]; phrase: boolean; raw: string }

export interface ParsedQuery {
  /** Every group must match; a group matches when any of its terms does (groups of one are plain words). */
  all: Term[][]
  /** No term here may match. */
  none: Term[]
}

/** Caps that keep a query cheap; past them the query is refused with a 422 that says why. */
export const QUERY_LIMITS = { maxTerms: 32, maxOrGroups: 16 } as const

export class QuerySyntaxError extends Error {
  override name = 'QuerySyntaxError'
}

type Lexeme = { kind: 'term'; text: string; phrase: boolean; negated: boolean } | { kind: 'or' }

function lex(q: string): Lexeme[] {
  const out: Lexeme[] = []
  const re = /(-?)"([^"]*)"?|(\S+)/gu
  for (const m of q.matchAll(re)) {
    if (m[2] !== undefined) {
      out.push({ kind: 'term', text: m[2], phrase: true, negated: m[1] === '-' })
    } else if (m[3] !== undefined) {
      const word = m[3]
      if (word === 'OR') out.push({ kind: 'or' })
      else if (word.startsWith('-') && word.length > 1) out.push({ kind: 'term', text: word.slice(1), phrase: false, negated: true })
      else out.push({ kind: 'term', text: word, phrase: false, negated: false })
    }
  }
  return out
}

/** Parses `q`; null when it holds nothing searchable (empty, or only punctuation). */
export function parseQuery(q: string): ParsedQuery | null {
  const all: Term[][] = []
  const none: Term[] = []
  let pendingOr = false
  let terms = 0
  for (const lexeme of lex(q)) {
    if (lexeme.kind === 'or') {
      pendingOr = all.length > 0
      continue
    }
    const tokens = indexTokens(lexeme.text)
    if (tokens.length === 0) continue
    // A multi-token word (CJK, or "e-mail") is matched as a phrase of its tokens.
    const term: Term = { tokens, phrase: lexeme.phrase || tokens.length > 1, raw: lexeme.text }
    terms++
    if (lexeme.negated) none.push(term)
    else if (pendingOr) (all.at(-1) as Term[]).push(term)
    else all.push([term])
    pendingOr = false
  }
  if (terms > QUERY_LIMITS.maxTerms) {
    throw new QuerySyntaxError(`q has ${terms} terms; at most ${QUERY_LIMITS.maxTerms} are allowed`)
  }
  if (all.filter((g) => g.length > 1).length > QUERY_LIMITS.maxOrGroups) {
    throw new QuerySyntaxError(`q has too many OR groups; at most ${QUERY_LIMITS.maxOrGroups} are allowed`)
  }
  return all.length === 0 && none.length === 0 ? null : { all, none }
}

/**
 * Does a document match? `fields` are the token lists of its indexed fields (title, description);
 * a phrase must lie within one field. The reference semantics for tests and other engines.
 */
export function matchesFields(query: ParsedQuery, fields: readonly (readonly string[])[]): boolean {
  const has = (t: Term) => fields.some((f) => containsSequence(f, t.tokens))
  return query.all.every((group) => group.some(has)) && !query.none.some(has)
}

function containsSequence(hay: readonly string[], needle: readonly string[]): boolean {
  if (needle.length === 0) return false
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer
    return true
  }
  return false
}
