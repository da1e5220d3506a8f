/**
 * The q syntax (core/search/query-syntax.ts): groups, NOT before a group, OR binding tighter than
 * the space, the lenient handling of stray operators and parentheses, and the caps that answer 422.
 * Expected forms are written out by hand from the grammar in DECISIONS.md, not printed by the parser.
 */
import { describe, expect, test } from 'bun:test'
import {
  type ParsedQuery,
  QUERY_LIMITS,
  QuerySyntaxError,
  type QueryNode,
  matchesFields,
  parseQuery,
} from '../../core/search/query-syntax.ts'

/** A compact spelling of a parse: words, OR groups as a|b, exclusions as -x, nested groups in prefix form. */
function spell(q: ParsedQuery | null): string {
  if (q === null) return 'null'
  const node = (n: QueryNode): string =>
    n.kind === 'term'
      ? n.term.phrase
        ? `"${n.term.tokens.join(' ')}"`
        : n.term.tokens.join(' ')
      : n.kind === 'not'
        ? `not(${node(n.node)})`
        : `${n.kind}(${n.nodes.map(node).join(',')})`
  const term = (t: { tokens: string[]; phrase: boolean }) => (t.phrase ? `"${t.tokens.join(' ')}"` : t.tokens.join(' '))
  return [
    ...q.all.map((g) => g.map(term).join('|')),
    ...q.none.map((t) => `-${term(t)}`),
    ...q.nested.map(node),
    ...q.notNested.map((n) => `-${node(n)}`),
  ].join(' ')
}

describe('parseQuery', () => {
  test.each([
    { q: 'decision NOT (police OR coach)', want: 'decision -police -coach' },
    { q: '(police OR coach) decision', want: 'police|coach decision' },
    { q: 'a OR b c', want: 'a|b c' },
    { q: 'bitcoin -rally', want: 'bitcoin -rally' },
    { q: 'bitcoin -(market crash)', want: 'bitcoin -and(market,crash)' },
    { q: '(market crash) OR (court vaccine)', want: 'or(and(market,crash),and(court,vaccine))' },
    { q: '(bitcoin OR -market) crash', want: 'crash or(bitcoin,not(market))' },
    { q: '-(bitcoin OR market)', want: '-bitcoin -market' },
    { q: 'NOT NOT bitcoin', want: 'bitcoin' },
    { q: '((a))', want: 'a' },
    { q: 'a AND b', want: 'a b' },
    { q: '"market crash" OR vaccine', want: '"market crash"|vaccine' },
    { q: '-"market crash" bitcoin', want: 'bitcoin -"market crash"' },
    // Lenient like a search box: a missing ) closes at the end, a stray ) or dangling operator is dropped.
    { q: '(a OR b', want: 'a|b' },
    { q: 'a) b', want: 'a b' },
    { q: 'OR a OR', want: 'a' },
    { q: 'a NOT', want: 'a' },
    { q: '()', want: 'null' },
    { q: '-', want: 'null' },
    // Lower-case not and or are words.
    { q: 'not or', want: 'not or' },
  ])('$q → $want', ({ q, want }) => expect(spell(parseQuery(q))).toBe(want))

  test.each([
    {
      name: 'terms',
      q: Array.from({ length: QUERY_LIMITS.maxTerms + 1 }, (_, i) => `w${i}`).join(' '),
      msg: `at most ${QUERY_LIMITS.maxTerms}`,
    },
    // Every OR has two operands, so 17 ORs of plain words would pass the term cap first; a negated
    // inner group reaches 18 ORs with 27 terms at depth 2: (a OR -(b OR c)) nine times.
    {
      name: 'OR groups',
      q: Array.from({ length: 9 }, () => '(a OR -(b OR c))').join(' '),
      msg: `18 OR groups; at most ${QUERY_LIMITS.maxOrGroups}`,
    },
    {
      name: 'depth',
      q: `${'('.repeat(QUERY_LIMITS.maxDepth + 1)}a${')'.repeat(QUERY_LIMITS.maxDepth + 1)}`,
      msg: `more than ${QUERY_LIMITS.maxDepth} deep`,
    },
  ])('past the cap on $name: QuerySyntaxError', ({ q, msg }) => {
    expect(() => parseQuery(q)).toThrow(QuerySyntaxError)
    expect(() => parseQuery(q)).toThrow(msg)
  })

  test.each([
    { name: 'terms', q: Array.from({ length: QUERY_LIMITS.maxTerms }, (_, i) => `w${i}`).join(' ') },
    { name: 'depth', q: `${'('.repeat(QUERY_LIMITS.maxDepth)}a${')'.repeat(QUERY_LIMITS.maxDepth)}` },
  ])('at the cap on $name: parses', ({ q }) => expect(parseQuery(q)).not.toBeNull())
})

describe('matchesFields on groups', () => {
  const doc = (title: string, description = '') => [title.split(' '), description.split(' ').filter((w) => w !== '')]
  test.each([
    { q: 'decision NOT (police OR coach)', title: 'coach decision', want: false },
    { q: 'decision NOT (police OR coach)', title: 'decision day', want: true },
    { q: 'bitcoin -(market crash)', title: 'bitcoin market', want: true },
    { q: 'bitcoin -(market crash)', title: 'bitcoin market crash', want: false },
    { q: '(market crash) OR (court vaccine)', title: 'vaccine', description: 'court', want: true },
    { q: '(market crash) OR (court vaccine)', title: 'market vaccine', want: false },
    { q: '(bitcoin OR -market) crash', title: 'crash', want: true },
    { q: '(bitcoin OR -market) crash', title: 'market crash', want: false },
  ])('$q on "$title" / "$description" → $want', ({ q, title, description, want }) => {
    const parsed = parseQuery(q)
    if (parsed === null) throw new Error('no parse')
    expect(matchesFields(parsed, doc(title, description))).toBe(want)
  })
})
