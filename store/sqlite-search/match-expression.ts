/**
 * FTS5 MATCH expressions of a parsed query. Built only from index tokens (letters, digits and
 * marks), each term quoted, so no user text reaches FTS5's query syntax unquoted. User terms only
 * ever match the text columns (or their word pairs, store/fts-pairs.ts), never the facets column
 * (store/fts-facets.ts).
 */
import { hasPositive, type ParsedQuery, type QueryNode, type Term } from '../../core/search/query-syntax.ts'
import { EVERY_ARTICLE_MATCH } from '../fts-facets.ts'
import { pairPhrase } from '../fts-pairs.ts'

const phrase = (t: Term): string => `"${t.tokens.join(' ')}"`

const TEXT_COLUMNS = '{title description}'
const PAIR_COLUMNS = '{tpairs dpairs}'

/** How a query's terms are written: with word pairs or not, in both text columns or the title alone. */
export interface TermOptions {
  pairs?: boolean
  title?: boolean
}

/** One term, confined to its columns: a phrase is a phrase of its pair tokens where pairs are asked for. */
function termExpression(t: Term, o: TermOptions): string {
  if (o.pairs === true && t.tokens.length >= 2)
    return `${o.title === true ? '{tpairs}' : PAIR_COLUMNS} : ${pairPhrase(t.tokens)}`
  return `${o.title === true ? '{title}' : TEXT_COLUMNS} : ${phrase(t)}`
}

/**
 * FTS5 MATCH expression for the positive part of a query. Without pair tokens it is the one form
 * the word counts are keyed by (store/term-counts.ts), one column filter around all terms; with
 * them each term carries its own, since FTS5 intersects nested column filters.
 */
export function matchExpression(groups: readonly Term[][], o: TermOptions = {}): string {
  const cols = o.title === true ? '{title}' : TEXT_COLUMNS
  if (o.pairs !== true || !groups.some((g) => g.some((t) => t.tokens.length >= 2))) {
    const words = groups
      .map((g) => (g.length === 1 ? phrase(g[0] as Term) : `(${g.map(phrase).join(' OR ')})`))
      .join(' AND ')
    return `${cols} : (${words})`
  }
  const term = (t: Term) => termExpression(t, o)
  return groups.map((g) => (g.length === 1 ? term(g[0] as Term) : `(${g.map(term).join(' OR ')})`)).join(' AND ')
}

/**
 * FTS5 expression of a group (`(a b) OR c`, `NOT (a b)`). FTS5's NOT is binary, so a NOT without
 * a positive side in its group takes the every-article token as one (store/fts-facets.ts).
 */
export function nodeExpression(n: QueryNode, o: TermOptions = {}): string {
  switch (n.kind) {
    case 'term':
      return termExpression(n.term, o)
    case 'not':
      return `(${EVERY_ARTICLE_MATCH}) NOT (${nodeExpression(n.node, o)})`
    case 'or':
      return n.nodes.map((c) => `(${nodeExpression(c, o)})`).join(' OR ')
    case 'and': {
      const positive = n.nodes.filter((c) => c.kind !== 'not').map((c) => `(${nodeExpression(c, o)})`)
      const negative = n.nodes.flatMap((c) => (c.kind === 'not' ? [nodeExpression(c.node, o)] : []))
      let expr = positive.length > 0 ? positive.join(' AND ') : EVERY_ARTICLE_MATCH
      for (const neg of negative) expr = `(${expr}) NOT (${neg})`
      return expr
    }
  }
}

/** The positive part of a query (its groups of words and its nested groups), or null when it has none. */
export function positiveExpression(q: ParsedQuery | null, o: TermOptions): string | null {
  if (!hasPositive(q)) return null
  const parts = [...(q.all.length > 0 ? [matchExpression(q.all, o)] : []), ...q.nested.map((n) => nodeExpression(n, o))]
  return parts.length === 1 ? (parts[0] as string) : parts.map((p) => `(${p})`).join(' AND ')
}

/** What a query excludes, as one expression (any of it excludes), or null. */
export function excludedExpression(q: ParsedQuery | null, o: TermOptions): string | null {
  if (q === null) return null
  const parts = [
    ...(q.none.length > 0 ? [matchExpression([q.none], o)] : []),
    ...q.notNested.map((n) => nodeExpression(n, o)),
  ]
  if (parts.length === 0) return null
  return parts.length === 1 ? (parts[0] as string) : parts.map((p) => `(${p})`).join(' OR ')
}
