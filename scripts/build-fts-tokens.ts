/**
 * Writes core/search/fts-code-points.json: what SQLite FTS5's unicode61 tokenizer (with
 * remove_diacritics 2) does with every Unicode code point, read from the SQLite that Bun embeds
 * (store/fts-code-points.ts). core/search/fts-tokens.ts tokenizes with it, so the words a query
 * sends and the word pairs an article is indexed under are FTS5's own tokens.
 *
 *   bun run scripts/build-fts-tokens.ts
 *
 * Run it again when Bun's SQLite changes its tokenizer tables; test/store/fts-tokens.test.ts
 * rebuilds the table from the running SQLite and fails when the file is stale.
 */
import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { readFtsCodePoints } from '../store/fts-code-points.ts'

const table = readFtsCodePoints()
if (table.anomalies.length > 0) {
  throw new Error(
    `FTS5 made neither one token nor two of ${table.anomalies.length} code points: ${table.anomalies
      .slice(0, 10)
      .map((c) => c.toString(16))
      .join(', ')}`,
  )
}
const out = resolve(import.meta.dir, '../core/search/fts-code-points.json')
writeFileSync(out, `${JSON.stringify({ separators: table.separators, folds: table.folds })}\n`)
console.log(`${out}: ${table.separators.length} separator ranges, ${Object.keys(table.folds).length} folds`)
