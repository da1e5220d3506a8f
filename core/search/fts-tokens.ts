/**
 * SQLite FTS5's tokenizer (unicode61, remove_diacritics 2) in TypeScript, exactly: which code
 * points end a token and what each other code point folds to come from FTS5 itself
 * (fts-code-points.json, written by scripts/build-fts-tokens.ts and checked against the running
 * SQLite by a test). The tokenizer is context-free per code point, so the table is all of it.
 *
 * Search needs this to be exact, not close: a query's words are sent as FTS5 tokens, and word
 * pairs are indexed as tokens computed here (store/fts-pairs.ts). A fold of our own (lower case,
 * NFD, strip marks) differed from FTS5 on Cyrillic й and ё, Greek accents and final sigma, and
 * some Latin Extended-B letters, so words holding them never matched (docs/DECISIONS.md,
 * "Search tokens are FTS5's").
 */
import table from './fts-code-points.json' with { type: 'json' }

const LAST_CODE_POINT = 0x10ffff

/** 1 where a code point ends a token. */
const separator = new Uint8Array(LAST_CODE_POINT + 1)
for (const [first, last] of table.separators as [number, number][]) separator.fill(1, first, last + 1)

const folds = new Map<number, string>()
for (const [cp, folded] of Object.entries(table.folds as Record<string, string>))
  folds.set(Number.parseInt(cp, 16), folded)

/**
 * A lone surrogate (a string cut inside an emoji, e.g. by a CMS's JSON) reaches SQLite as U+FFFD,
 * which Bun substitutes when it binds the string: a separator.
 */
const REPLACEMENT = 0xfffd
const codePoint = (ch: string): number => {
  const cp = ch.codePointAt(0) as number
  return cp >= 0xd800 && cp <= 0xdfff ? REPLACEMENT : cp
}

/** The tokens FTS5 makes of `text` (text as it is handed to FTS5: core/search/tokens.ts `indexForm`). */
export function ftsTokens(text: string): string[] {
  const out: string[] = []
  let token = ''
  for (const ch of text) {
    const cp = codePoint(ch)
    if (separator[cp] === 1) {
      // A token of diacritics only folds to '': FTS5 gives it no position.
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
