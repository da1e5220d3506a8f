/**
 * Filter values written into the full-text index as tokens of a third column, `facets`, so FTS5
 * intersects a word's posting list with a language's or country's instead of SQLite joining every
 * match to its row to test the filter: `bank` in Japanese from Brazil walks only the documents that
 * have all three. Tokens are letters only (`len` for lang en, `cbr` for country BR), as the
 * unicode61 tokenizer keeps them whole; user terms are confined to the title and description
 * columns, so a search for `len` never matches a facet.
 */

/** The facets column's text for one article. */
export function facetText(lang: string, country: string): string {
  const tokens: string[] = []
  if (/^[a-z]{2,3}$/i.test(lang)) tokens.push(`l${lang.toLowerCase()}`)
  if (/^[a-z]{2}$/i.test(country)) tokens.push(`c${country.toLowerCase()}`)
  return tokens.join(' ')
}

/** Whether a filter value can be matched through the facets column (else it stays a SQL test). */
export function isFacetValue(kind: 'lang' | 'country', value: string): boolean {
  return kind === 'lang' ? /^[a-z]{2,3}$/i.test(value) : /^[a-z]{2}$/i.test(value)
}

/** FTS5 expression for "one of these values" of a facet. */
export function facetMatch(kind: 'lang' | 'country', values: readonly string[]): string {
  const prefix = kind === 'lang' ? 'l' : 'c'
  return `facets : (${values.map((v) => `"${prefix}${v.toLowerCase()}"`).join(' OR ')})`
}
