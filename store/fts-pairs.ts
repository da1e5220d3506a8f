/**
 * Word pairs as full-text tokens, so a two-word phrase is one posting list. FTS5 checks a phrase
 * by reading the positions of every document that holds all its words: `"actor ws"` read 320k
 * documents to find 10,001 phrase matches at 10M articles (160 ms), and an AND with a rarer list
 * does not help, because FTS5's phrase node scans on to its own next match (docs/DECISIONS.md,
 * "Phrases as word pairs"). Each pair of adjacent tokens of a title goes into the `tpairs`
 * column, of a description into `dpairs`, as one token; `"a b"` is then `{tpairs dpairs} : "<a b>"`.
 *
 * Exact, not approximate: the tokens are FTS5's own (core/search/fts-tokens.ts), a pair never
 * spans title and description (a phrase lies within one field), and the token encodes the pair
 * injectively: the first word's length in code points, `x`, the first word, the second word
 * (the length is read up to the first non-digit, `x`, so no two pairs share a token). Every part
 * is made of FTS5 token characters already folded, so FTS5 keeps the token whole and as it is
 * (test/store/fts-pairs.test.ts checks both on every folded code point).
 */
import { indexTokens } from '../core/search/tokens.ts'

/** The token of the adjacent tokens `a`, `b` (each as FTS5 holds it). */
export function pairToken(a: string, b: string): string {
  return `${[...a].length}x${a}${b}`
}

/** The pair tokens of one field's text (as the article has it; indexForm is applied here), each once. */
export function pairText(text: string): string {
  const tokens = indexTokens(text)
  const pairs = new Set<string>()
  for (let i = 1; i < tokens.length; i++) pairs.add(pairToken(tokens[i - 1] as string, tokens[i] as string))
  return [...pairs].join(' ')
}
