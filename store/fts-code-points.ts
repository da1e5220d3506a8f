import { Database } from 'bun:sqlite'

/**
 * What SQLite FTS5's tokenizer (unicode61, remove_diacritics 2, as store/schema.ts declares it)
 * does with each code point, read from FTS5 itself: every code point is put between two letters
 * (`qa<c>zq`) and the tokens FTS5 makes of that are read back through fts5vocab. A code point
 * either splits the two (a separator) or joins them, folded to zero or one code points. The
 * tokenizer is context-free per code point, so this table is the whole tokenizer
 * (core/search/fts-tokens.ts; scripts/build-fts-tokens.ts writes it, a test rebuilds and compares).
 */
export interface FtsCodePoints {
  /** Code points that end a token, as inclusive [first, last] ranges. */
  separators: [number, number][]
  /** Token code points that do not fold to themselves: code point → folded text ('' = dropped). */
  folds: Record<string, string>
  /** Code points whose tokens were neither shape (none expected; reported, never guessed). */
  anomalies: number[]
}

/** The tokenizer the store's full-text index declares (store/fts-row.ts takes it from here; the migrations keep frozen copies in store/migrations/). */
export const FTS_TOKENIZER = 'unicode61 remove_diacritics 2'

const LAST_CODE_POINT = 0x10ffff
const isSurrogate = (c: number) => c >= 0xd800 && c <= 0xdfff

/** Reads the table for code points [from, to] (all of Unicode by default). */
export function readFtsCodePoints(from = 0, to = LAST_CODE_POINT): FtsCodePoints {
  const db = new Database(':memory:')
  try {
    db.exec(`CREATE VIRTUAL TABLE probe USING fts5(x, tokenize = '${FTS_TOKENIZER}')`)
    db.exec(`CREATE VIRTUAL TABLE probe_terms USING fts5vocab(probe, 'instance')`)
    const insert = db.query('INSERT INTO probe (rowid, x) VALUES (?, ?)')
    const tokens = new Map<number, string[]>()
    const read = db.query<{ term: string; doc: number; offset: number }, []>(
      'SELECT term, doc, offset FROM probe_terms',
    )
    const CHUNK = 65_536
    for (let start = from; start <= to; start += CHUNK) {
      const end = Math.min(to, start + CHUNK - 1)
      db.exec('DELETE FROM probe')
      db.transaction(() => {
        for (let c = start; c <= end; c++) if (!isSurrogate(c)) insert.run(c + 1, `qa${String.fromCodePoint(c)}zq`)
      })()
      for (const r of read.all()) {
        const list = tokens.get(r.doc - 1) ?? []
        list[r.offset] = r.term
        tokens.set(r.doc - 1, list)
      }
    }
    const separators: [number, number][] = []
    const folds: Record<string, string> = {}
    const anomalies: number[] = []
    for (let c = from; c <= to; c++) {
      if (isSurrogate(c)) continue
      const t = tokens.get(c) ?? []
      if (t.length === 2 && t[0] === 'qa' && t[1] === 'zq') {
        const last = separators.at(-1)
        if (last !== undefined && last[1] === c - 1) last[1] = c
        else separators.push([c, c])
      } else if (t.length === 1 && t[0]?.startsWith('qa') && t[0].endsWith('zq')) {
        const folded = t[0].slice(2, -2)
        if ([...folded].length > 1) anomalies.push(c)
        else if (folded !== String.fromCodePoint(c)) folds[c.toString(16)] = folded
      } else anomalies.push(c)
    }
    return { separators, folds, anomalies }
  } finally {
    db.close()
  }
}
