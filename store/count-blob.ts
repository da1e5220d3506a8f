/**
 * The per-day count rows of store/term-counts.ts: how many articles of each facet combination
 * (`facet_combos`) a day holds, as a compact blob, and the combinations by id. Shared by the batch
 * job that writes them and the stats answer that reads them.
 */
import type { Database } from 'bun:sqlite'

/** A facet combination as stored in `facet_combos`. */
export interface FacetCombo {
  country: string
  lang: string
  tld: string
  host: string
  defaulted: number
}

/** Encodes (combination id, count) pairs, ids ascending, as unsigned LEB128 id gaps and counts. */
export function encodeCounts(pairs: readonly (readonly [number, number])[]): Uint8Array {
  const out: number[] = []
  const put = (v: number) => {
    let x = v
    while (x >= 0x80) {
      out.push((x % 0x80) | 0x80)
      x = Math.floor(x / 0x80)
    }
    out.push(x)
  }
  let last = 0
  for (const [id, n] of pairs) {
    if (id < last || !Number.isSafeInteger(id) || !Number.isSafeInteger(n) || n < 0) throw new Error(`encodeCounts: bad pair ${id}, ${n} after ${last}`)
    put(id - last)
    put(n)
    last = id
  }
  return Uint8Array.from(out)
}

/** Calls `each(id, count)` for every pair of an `encodeCounts` blob. */
export function decodeCounts(blob: Uint8Array, each: (id: number, n: number) => void): void {
  let i = 0
  let id = 0
  const get = () => {
    let v = 0
    let scale = 1
    for (;;) {
      if (i >= blob.length) throw new Error('decodeCounts: truncated blob')
      const b = blob[i++] as number
      v += (b & 0x7f) * scale
      if (b < 0x80) return v
      scale *= 0x80
    }
  }
  while (i < blob.length) {
    id += get()
    each(id, get())
  }
}

/** The combinations by id (index = id; holes are undefined). */
export function loadCombos(db: Database): (FacetCombo | undefined)[] {
  const combos: (FacetCombo | undefined)[] = []
  for (const c of db.query<FacetCombo & { id: number }, []>('SELECT id, country, lang, tld, host, defaulted FROM facet_combos').iterate()) {
    combos[c.id] = { country: c.country, lang: c.lang, tld: c.tld, host: c.host, defaulted: c.defaulted }
  }
  return combos
}

/** Consecutive days as [first, end) runs. */
export function dayRuns(days: readonly number[]): { first: number; end: number }[] {
  const runs: { first: number; end: number }[] = []
  for (const d of days) {
    const last = runs.at(-1)
    if (last !== undefined && last.end === d) last.end = d + 1
    else runs.push({ first: d, end: d + 1 })
  }
  return runs
}
