/**
 * One article's full-text row as migration 16 writes it, frozen: title and description in their
 * index form (v4-index-form.ts), the facets column with every token of migration 16 (language,
 * country, TLD, host, category, tone label, default-country mark, every-article token, crawl hour,
 * score tenth), and the word pairs of title and description, tokenized exactly as FTS5's
 * `unicode61 remove_diacritics 2` did when this was frozen (v16-fts-code-points.json, a copy of
 * core/search/fts-code-points.json as it was then). NEVER CHANGE THIS FILE OR ITS JSON
 * (store/migrations/README.md); the live row is store/fts-row.ts.
 *
 * Migrations 7 and 15 write this form too: they called the live facetText and ftsValues until these
 * were frozen, which by then were this form, and 16 rewrites every row anyway.
 */
import table from './v16-fts-code-points.json' with { type: 'json' }
import { indexFormV4 } from './v4-index-form.ts'

/** The full-text index as migration 15 leaves it (migration 16 recreates it the same way). */
export const FTS_PAIRS_TABLE_SQL_V15 = `CREATE VIRTUAL TABLE articles_fts USING fts5(title, description, facets, tpairs, dpairs, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2')`

export const FTS_INSERT_SQL_V15 =
  'INSERT INTO articles_fts (rowid, title, description, facets, tpairs, dpairs) VALUES (?, ?, ?, ?, ?, ?)'

export interface FtsSourceV16 {
  title: string
  description: string
  lang: string
  country: string
  tld: string
  host: string
  country_source: string
  category: string
  sentiment: string
  score: number
  /** Epoch seconds. */
  crawled_at: number
}

const hex = (s: string): string => Buffer.from(s.toLowerCase(), 'utf8').toString('hex')

/** The facets column's text. */
export function facetTextV16(a: FtsSourceV16): string {
  const tokens: string[] = []
  if (/^[a-z]{2,3}$/i.test(a.lang)) tokens.push(`l${a.lang.toLowerCase()}`)
  if (/^[a-z]{2}$/i.test(a.country)) tokens.push(`c${a.country.toLowerCase()}`)
  if (a.tld !== '') tokens.push(`t${hex(a.tld)}`)
  if (a.host !== '') tokens.push(`h${hex(a.host)}`)
  if (/^[a-z]{1,40}$/.test(a.category)) tokens.push(`g${a.category}`)
  if (a.sentiment === 'pos' || a.sentiment === 'neu' || a.sentiment === 'neg') tokens.push(`s${a.sentiment}`)
  if (a.country_source === 'default') tokens.push('xd')
  tokens.push('xa')
  if (Number.isFinite(a.crawled_at)) tokens.push(`k${Math.floor(a.crawled_at / 3600)}`)
  if (Number.isFinite(a.score)) tokens.push(`v${Math.min(19, Math.max(0, Math.floor((a.score + 1) * 10)))}`)
  return tokens.join(' ')
}

const separator = new Uint8Array(0x10ffff + 1)
for (const [first, last] of table.separators as [number, number][]) separator.fill(1, first, last + 1)
const folds = new Map<number, string>()
for (const [cp, folded] of Object.entries(table.folds as Record<string, string>))
  folds.set(Number.parseInt(cp, 16), folded)

/** FTS5's tokens of index-form text; a lone surrogate reaches SQLite as U+FFFD, a separator. */
function ftsTokensV16(text: string): string[] {
  const out: string[] = []
  let token = ''
  for (const ch of text) {
    const raw = ch.codePointAt(0) as number
    const cp = raw >= 0xd800 && raw <= 0xdfff ? 0xfffd : raw
    if (separator[cp] === 1) {
      if (token !== '') out.push(token)
      token = ''
      continue
    }
    const f = folds.get(cp)
    token += f === undefined ? String.fromCodePoint(cp) : f
  }
  if (token !== '') out.push(token)
  return out
}

/** The pair tokens of one field: `<length of a in code points>x<a><b>` for adjacent tokens a, b. */
export function pairTextV16(text: string): string {
  const tokens = ftsTokensV16(indexFormV4(text))
  const pairs: string[] = []
  for (let i = 1; i < tokens.length; i++) {
    const a = tokens[i - 1] as string
    pairs.push(`${[...a].length}x${a}${tokens[i] as string}`)
  }
  return pairs.join(' ')
}

export function ftsValuesV16(a: FtsSourceV16): [string, string, string, string, string] {
  return [
    indexFormV4(a.title),
    indexFormV4(a.description),
    facetTextV16(a),
    pairTextV16(a.title),
    pairTextV16(a.description),
  ]
}
