/**
 * Word pairs as full-text tokens, so a phrase is a walk of pair lists instead of a read of the
 * positions of every document holding its words. FTS5 checks a phrase by reading the positions
 * of every document that holds all its words: `"actor ws"` read 320k documents to find 10,001
 * phrase matches at 10M articles (160 ms), and an AND with a rarer list does not help, because
 * FTS5's phrase node scans on to its own next match (docs/DECISIONS.md, "Phrases as word pairs").
 *
 * The adjacent tokens of a title go into the `tpairs` column, of a description into `dpairs`,
 * one pair token per position, in order: the pair of tokens k and k+1 is token k of its column.
 * So `"a b"` is the single token `<a b>`, and `"a b c"` is the FTS5 phrase `"<a b> <b c>"` of
 * the pair columns, whose documents are those holding both pairs, far fewer than those holding
 * the three words.
 *
 * Exact, not approximate: the tokens are FTS5's own (core/search/fts-tokens.ts), a pair never
 * spans title and description (a phrase lies within one field), and the token encodes the pair
 * injectively: the first word's length in code points, `x`, the first word, the second word
 * (the length is read up to the first non-digit, `x`, so no two pairs share a token). Every part
 * is made of FTS5 token characters already folded, so FTS5 keeps the token whole and as it is
 * (test/store/fts-pairs.test.ts).
 */
import { indexTokens } from '../core/search/tokens.ts'

/** The token of the adjacent tokens `a`, `b` (each as FTS5 holds it). */
export function pairToken(a: string, b: string): string {
  return `${[...a].length}x${a}${b}`
}

/** The pair tokens of a token sequence, in order: the pair of tokens k and k+1 is the k-th. */
function pairsOf(tokens: readonly string[]): string[] {
  const pairs: string[] = []
  for (let i = 1; i < tokens.length; i++) pairs.push(pairToken(tokens[i - 1] as string, tokens[i] as string))
  return pairs
}

/** The pair tokens of one field's text (as the article has it; indexForm is applied here), in order. */
export function pairText(text: string): string {
  return pairsOf(indexTokens(text)).join(' ')
}

/** The pair tokens of a phrase of two tokens or more, as an FTS5 phrase of the pair columns. */
export function pairPhrase(tokens: readonly string[]): string {
  return `"${pairsOf(tokens).join(' ')}"`
}
