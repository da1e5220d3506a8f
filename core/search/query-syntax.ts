/**
 * The `q` syntax of `/v1/search` (DECISIONS.md): words (all must match), `"exact phrase"`,
 * `-word` or `-"phrase"` to exclude, `OR` between words, parentheses to group, and `NOT` or `-`
 * before a group to exclude it: `decision NOT (police OR coach)`, `(rate OR rates) -(bank hike)`.
 * OR binds tighter than the implicit AND between words (`a OR b c` is `(a OR b) AND c`).
 * Parsed into plain data so that the SQLite engine, a scale-out engine and the tests'
 * brute-force scan read the same meaning.
 */
import { indexTokens } from './tokens.ts'

/** A word or phrase, as its index tokens (a CJK word may be several tokens: a phrase). */
export type Term = { tokens: string[]; phrase: boolean; raw: string }

/** A boolean expression over terms: what a group in parentheses parses to. */
export type QueryNode =
  | { kind: 'term'; term: Term }
  | { kind: 'and'; nodes: QueryNode[] }
  | { kind: 'or'; nodes: QueryNode[] }
  | { kind: 'not'; node: QueryNode }

export interface ParsedQuery {
  /** Every group must match; a group matches when any of its terms does (groups of one are plain words). */
  all: Term[][]
  /** No term here may match. */
  none: Term[]
  /** Further conditions that must hold, where a group is more than an OR of words (`(a b) OR c`). */
  nested: QueryNode[]
  /** Further conditions none of which may hold (`-(a b)`). */
  notNested: QueryNode[]
}

/** Caps that keep a query cheap; past them the query is refused with a 422 that says why. */
export const QUERY_LIMITS = { maxTerms: 32, maxOrGroups: 16, maxDepth: 8 } as const

export class QuerySyntaxError extends Error {
  override name = 'QuerySyntaxError'
}

type Lexeme = { kind: 'term'; text: string; phrase: boolean } | { kind: 'or' | 'not' | 'and' | 'open' | 'close' }

function lex(q: string): Lexeme[] {
  const out: Lexeme[] = []
  // A quoted phrase, a parenthesis, a lone minus before a group or phrase, or a run of other characters.
  const re = /"([^"]*)"?|([()])|(\S+?)(?=[()"]|\s|$)/gu
  for (const m of q.matchAll(re)) {
    if (m[1] !== undefined) out.push({ kind: 'term', text: m[1], phrase: true })
    else if (m[2] !== undefined) out.push({ kind: m[2] === '(' ? 'open' : 'close' })
    else if (m[3] !== undefined) {
      const word = m[3]
      if (word === 'OR') out.push({ kind: 'or' })
      else if (word === 'NOT' || word === '-') out.push({ kind: 'not' })
      else if (word === 'AND') out.push({ kind: 'and' })
      else if (word.startsWith('-') && word.length > 1) {
        out.push({ kind: 'not' })
        out.push({ kind: 'term', text: word.slice(1), phrase: false })
      } else out.push({ kind: 'term', text: word, phrase: false })
    }
  }
  return out
}

/** Recursive descent over the lexemes; lenient like a search box: a missing `)` closes at the end, a stray one is ignored. */
class Parser {
  #at = 0
  terms = 0
  constructor(private readonly lexemes: readonly Lexeme[]) {}

  parse(): QueryNode | null {
    const nodes: QueryNode[] = []
    while (this.#at < this.lexemes.length) {
      const node = this.#and(0)
      if (node !== null) nodes.push(node)
      // A stray `)` at the top level.
      if (this.lexemes[this.#at]?.kind === 'close') this.#at++
    }
    return combine('and', nodes)
  }

  /** Juxtaposed (or AND-joined) operands up to a `)` or the end. */
  #and(depth: number): QueryNode | null {
    const nodes: QueryNode[] = []
    for (;;) {
      const next = this.lexemes[this.#at]
      if (next === undefined || next.kind === 'close') break
      if (next.kind === 'and' || next.kind === 'or') {
        this.#at++ // a dangling operator
        continue
      }
      const node = this.#or(depth)
      if (node !== null) nodes.push(node)
    }
    return combine('and', nodes)
  }

  #or(depth: number): QueryNode | null {
    const nodes: QueryNode[] = []
    const first = this.#unary(depth)
    if (first !== null) nodes.push(first)
    while (this.lexemes[this.#at]?.kind === 'or') {
      this.#at++
      const next = this.lexemes[this.#at]
      if (next === undefined || next.kind === 'close' || next.kind === 'or' || next.kind === 'and') break
      const node = this.#unary(depth)
      if (node !== null) nodes.push(node)
    }
    return combine('or', nodes)
  }

  #unary(depth: number): QueryNode | null {
    const lexeme = this.lexemes[this.#at]
    if (lexeme === undefined) return null
    if (lexeme.kind === 'not') {
      this.#at++
      const next = this.lexemes[this.#at]
      if (next === undefined || next.kind === 'close' || next.kind === 'or' || next.kind === 'and') return null
      const inner = this.#unary(depth)
      return inner === null ? null : inner.kind === 'not' ? inner.node : { kind: 'not', node: inner }
    }
    if (lexeme.kind === 'open') {
      this.#at++
      if (depth + 1 > QUERY_LIMITS.maxDepth) {
        throw new QuerySyntaxError(`q nests parentheses more than ${QUERY_LIMITS.maxDepth} deep`)
      }
      const inner = this.#and(depth + 1)
      if (this.lexemes[this.#at]?.kind === 'close') this.#at++
      return inner
    }
    this.#at++
    if (lexeme.kind !== 'term') return null
    const tokens = indexTokens(lexeme.text)
    if (tokens.length === 0) return null
    this.terms++
    // A multi-token word (CJK, or "e-mail") is matched as a phrase of its tokens.
    return { kind: 'term', term: { tokens, phrase: lexeme.phrase || tokens.length > 1, raw: lexeme.text } }
  }
}

/** One node of `kind` over `nodes`, flattening nested nodes of the same kind; null when empty. */
function combine(kind: 'and' | 'or', nodes: QueryNode[]): QueryNode | null {
  const flat = nodes.flatMap((n) => (n.kind === kind ? n.nodes : [n]))
  if (flat.length === 0) return null
  if (flat.length === 1) return flat[0] as QueryNode
  return { kind, nodes: flat }
}

/** The terms of an OR of plain terms (or of one term), or null when the node is anything else. */
function termsOf(node: QueryNode): Term[] | null {
  if (node.kind === 'term') return [node.term]
  if (node.kind !== 'or') return null
  const terms: Term[] = []
  for (const n of node.nodes) {
    if (n.kind !== 'term') return null
    terms.push(n.term)
  }
  return terms
}

/** Parses `q`; null when it holds nothing searchable (empty, or only punctuation). */
export function parseQuery(q: string): ParsedQuery | null {
  const parser = new Parser(lex(q))
  const root = parser.parse()
  if (parser.terms > QUERY_LIMITS.maxTerms) {
    throw new QuerySyntaxError(`q has ${parser.terms} terms; at most ${QUERY_LIMITS.maxTerms} are allowed`)
  }
  if (root === null) return null
  const query: ParsedQuery = { all: [], none: [], nested: [], notNested: [] }
  let orGroups = 0
  const countOr = (n: QueryNode): void => {
    if (n.kind === 'or') orGroups++
    if (n.kind === 'and' || n.kind === 'or') n.nodes.forEach(countOr)
    else if (n.kind === 'not') countOr(n.node)
  }
  countOr(root)
  if (orGroups > QUERY_LIMITS.maxOrGroups) {
    throw new QuerySyntaxError(`q has ${orGroups} OR groups; at most ${QUERY_LIMITS.maxOrGroups} are allowed`)
  }
  for (const conjunct of root.kind === 'and' ? root.nodes : [root]) {
    if (conjunct.kind === 'not') {
      const terms = termsOf(conjunct.node)
      if (terms !== null) query.none.push(...terms)
      else query.notNested.push(conjunct.node)
      continue
    }
    const terms = termsOf(conjunct)
    if (terms !== null) query.all.push(terms)
    else query.nested.push(conjunct)
  }
  return query
}

/** Whether the query has a condition that must hold (a word or a group), not only exclusions. */
export function hasPositive(q: ParsedQuery | null): q is ParsedQuery {
  return q !== null && (q.all.length > 0 || q.nested.length > 0)
}

/** Whether the query is of the plain form (words, OR between words, excluded words): no group beyond that. */
export function isFlat(q: ParsedQuery): boolean {
  return q.nested.length === 0 && q.notNested.length === 0
}

/** The terms a match shows (every term not under a NOT), for highlighting. */
export function positiveTerms(q: ParsedQuery | null): Term[] {
  if (q === null) return []
  const out: Term[] = q.all.flat()
  const walk = (n: QueryNode): void => {
    if (n.kind === 'term') out.push(n.term)
    else if (n.kind === 'and' || n.kind === 'or') n.nodes.forEach(walk)
  }
  q.nested.forEach(walk)
  return out
}

/**
 * Does a document match? `fields` are the token lists of its indexed fields (title, description);
 * a phrase must lie within one field. The reference semantics for tests and other engines.
 */
export function matchesFields(query: ParsedQuery, fields: readonly (readonly string[])[]): boolean {
  const has = (t: Term) => fields.some((f) => containsSequence(f, t.tokens))
  const holds = (n: QueryNode): boolean => {
    switch (n.kind) {
      case 'term':
        return has(n.term)
      case 'and':
        return n.nodes.every(holds)
      case 'or':
        return n.nodes.some(holds)
      case 'not':
        return !holds(n.node)
    }
  }
  return (
    query.all.every((group) => group.some(has)) &&
    !query.none.some(has) &&
    query.nested.every(holds) &&
    !query.notNested.some(holds)
  )
}

function containsSequence(hay: readonly string[], needle: readonly string[]): boolean {
  if (needle.length === 0) return false
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer
    return true
  }
  return false
}
