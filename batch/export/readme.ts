/** The bundle's README: what the folder holds and every column of every table, from columns.ts. */
import { ARTICLES, CSV_TABLES, type TableSpec } from './columns.ts'
import { ARTICLES_PARQUET, PARQUET_TYPE_NAMES, parquetKind } from './parquet.ts'

export interface ReadmeFacts {
  version: string
  builtAt: string
  watermark: number
  articles: number
  withText: boolean
}

function table(spec: TableSpec, note: string): string {
  const rows = spec.columns.map((c) => `| \`${c.name}\` | ${c.type} | ${c.description} |`)
  return [`### \`${spec.file}\``, '', note, '', '| column | type | meaning |', '|---|---|---|', ...rows, ''].join('\n')
}

function parquetSection(withText: boolean): string {
  const cols = ARTICLES.columns.filter((c) => withText || c.name !== 'text')
  return [
    `### \`${ARTICLES_PARQUET}\``,
    '',
    `The same rows, in the same order, with the same columns as \`${ARTICLES.file}\` (meanings above), as one Parquet file`,
    "(Snappy-compressed, a first row group of 1,000 rows then groups of 100,000). Column types are Parquet's own:",
    "the two instants are timestamps (the same second as the NDJSON's ISO string), `authors` and `tags` are lists.",
    "Read it with `pandas.read_parquet`, `polars.read_parquet`, DuckDB (`SELECT * FROM 'articles.parquet'`) or hyparquet.",
    '',
    '| column | Parquet type |',
    '|---|---|',
    ...cols.map((c) => `| \`${c.name}\` | ${PARQUET_TYPE_NAMES[parquetKind(c)]} |`),
    '',
  ].join('\n')
}

export function bundleReadme(f: ReadmeFacts): string {
  return [
    `# Newsdesk snapshot ${f.version}`,
    '',
    `Built at ${f.builtAt}; watermark (highest article \`seq\`) ${f.watermark}; ${f.articles} articles${f.withText ? ' with body text' : ''}.`,
    `Every live answer carrying \`X-Snapshot-Version: ${f.version}\` can be recomputed from this folder.`,
    '',
    '## Files',
    '',
    '- `manifest.json`: the version, build instant, watermark, counts, what each input source did, and every file with its size and sha256.',
    '- `SHA256SUMS`: sha256 of every other file (`sha256sum -c SHA256SUMS`, or `bun run verify <folder>`).',
    '- `v1/…json`: the default-parameter answer of each snapshot-served URL, byte for byte what the API returned (`/v1/trends` → `v1/trends.json`, `/v1/trends?country=XX` → `v1/trends/by-country/XX.json`).',
    '- `data/`: the tables below. Times are UTC. Rows are sorted by their key, so a rebuild gives the same bytes.',
    '',
    '## Tables',
    '',
    table(
      ARTICLES,
      'One JSON object per line, gzip-compressed, ordered by `seq`. Every article of the 90-day window the version sees.',
    ),
    parquetSection(f.withText),
    ...CSV_TABLES.map((t) =>
      table(t, `CSV (RFC 4180, header row, UTF-8)${t.file.endsWith('.gz') ? ', gzip-compressed' : ''}.`),
    ),
    '## Reload',
    '',
    "`bun run batch/main.ts import-bundle <folder>` with `NEWSDESK_DATA` set to an empty directory rebuilds a store from this folder (search index included); answers at this version's watermark and build instant are then identical to the API's.",
    '',
  ].join('\n')
}
