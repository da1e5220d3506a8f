/**
 * One article's row of the full-text index, the same wherever it is written (ArticleWriter, the
 * bundle import; the migrations that rebuild the index use their frozen copy, store/migrations/v16-fts-row.ts): title and description in their index
 * form, the facet tokens (store/fts-facets.ts) and the word pairs (store/fts-pairs.ts).
 */
import { indexForm } from '../core/search/tokens.ts'
import { FTS_TOKENIZER } from './fts-code-points.ts'
import { type FacetSource, facetText } from './fts-facets.ts'
import { pairText } from './fts-pairs.ts'

/** The full-text index as migration 15 leaves it: text columns, facets, title pairs, description pairs. */
export const FTS_PAIRS_TABLE_SQL = `CREATE VIRTUAL TABLE articles_fts USING fts5(title, description, facets, tpairs, dpairs, content = '', contentless_delete = 1, tokenize = '${FTS_TOKENIZER}')`

export const FTS_INSERT_SQL =
  'INSERT INTO articles_fts (rowid, title, description, facets, tpairs, dpairs) VALUES (?, ?, ?, ?, ?, ?)'

export type FtsValues = [title: string, description: string, facets: string, tpairs: string, dpairs: string]

export function ftsValues(a: FacetSource & { title: string; description: string }): FtsValues {
  return [indexForm(a.title), indexForm(a.description), facetText(a), pairText(a.title), pairText(a.description)]
}
