/**
 * Migration 5's full-text table and facet tokens, frozen: three columns (title, description,
 * facets), the tokenizer `unicode61 remove_diacritics 2`, and the language and country tokens
 * (`l<lang>`, `c<country>`, lower case). NEVER CHANGE THIS FILE (store/migrations/README.md);
 * the live tokens are store/fts-facets.ts.
 */

/** The full-text index as migration 5 leaves it (migration 7 recreates it the same way). */
export const FTS_TABLE_SQL_V5 = `CREATE VIRTUAL TABLE articles_fts USING fts5(title, description, facets, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2')`

/** The facets column as migration 5 writes it: language and country only. */
export function facetTextV5(a: { lang: string; country: string }): string {
  const tokens: string[] = []
  if (/^[a-z]{2,3}$/i.test(a.lang)) tokens.push(`l${a.lang.toLowerCase()}`)
  if (/^[a-z]{2}$/i.test(a.country)) tokens.push(`c${a.country.toLowerCase()}`)
  return tokens.join(' ')
}
