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
  category: string
  sentiment: string
}

/** Signed to unsigned, small magnitudes staying small (0, -1, 1, -2 … → 0, 1, 2, 3 …). */
const zigzag = (v: number): number => (v >= 0 ? 2 * v : -2 * v - 1)
const unzigzag = (u: number): number => (u % 2 === 0 ? u / 2 : -(u + 1) / 2)

/** Appends `v` (a non-negative safe integer) as unsigned LEB128. */
function putLeb128(out: number[], v: number): void {
  let x = v
  while (x >= 0x80) {
    out.push((x % 0x80) | 0x80)
    x = Math.floor(x / 0x80)
  }
  out.push(x)
}

/** Reads one unsigned LEB128 value at `at.i`, moving it on. */
function getLeb128(blob: Uint8Array, at: { i: number }, what: string): number {
  let v = 0
  let scale = 1
  for (;;) {
    if (at.i >= blob.length) throw new Error(`${what}: truncated blob`)
    const b = blob[at.i++] as number
    v += (b & 0x7f) * scale
    if (b < 0x80) return v
    scale *= 0x80
  }
}

/**
 * Encodes (combination id, count, score sum in thousandths) triples, ids ascending, as unsigned
 * LEB128 id gaps, counts and zigzagged score sums (migration 16; before it, pairs without sums).
 */
export function encodeCounts(pairs: readonly (readonly [number, number, number])[]): Uint8Array {
  const out: number[] = []
  const put = (v: number) => putLeb128(out, v)
  let last = 0
  for (const [id, n, s] of pairs) {
    if (id < last || !Number.isSafeInteger(id) || !Number.isSafeInteger(n) || n < 0 || !Number.isSafeInteger(s))
      throw new Error(`encodeCounts: bad entry ${id}, ${n}, ${s} after ${last}`)
    put(id - last)
    put(n)
    put(zigzag(s))
    last = id
  }
  return Uint8Array.from(out)
}

/** Calls `each(id, count, scoreMilli)` for every entry of an `encodeCounts` blob. */
export function decodeCounts(blob: Uint8Array, each: (id: number, n: number, scoreMilli: number) => void): void {
  const r = { i: 0 }
  let id = 0
  const get = () => getLeb128(blob, r, 'decodeCounts')
  while (r.i < blob.length) {
    id += get()
    const n = get()
    each(id, n, unzigzag(get()))
  }
}

/** One entry of a pair blob: a host combination and a tone combination (facet_combos ids), their count and score sum. */
export type PairCount = readonly [hostId: number, toneId: number, n: number, scoreMilli: number]

/**
 * Encodes (host combination, tone combination, count, score sum in thousandths) entries, ordered by
 * host id then tone id (migration 22): the host id as the gap from the previous entry's, the tone id
 * as the gap from the previous entry's when the host is the same and whole otherwise, then the
 * count and the zigzagged score sum, each as unsigned LEB128.
 */
export function encodePairCounts(entries: readonly PairCount[]): Uint8Array {
  const out: number[] = []
  const put = (v: number) => putLeb128(out, v)
  let lastHost = 0
  let lastTone = 0
  for (const [hostId, toneId, n, s] of entries) {
    const sameHost = hostId === lastHost
    const ok =
      Number.isSafeInteger(hostId) &&
      Number.isSafeInteger(toneId) &&
      toneId >= 0 &&
      hostId >= lastHost &&
      (!sameHost || toneId > lastTone || out.length === 0) &&
      Number.isSafeInteger(n) &&
      n >= 0 &&
      Number.isSafeInteger(s)
    if (!ok)
      throw new Error(`encodePairCounts: bad entry ${hostId}, ${toneId}, ${n}, ${s} after ${lastHost}, ${lastTone}`)
    put(hostId - lastHost)
    put(sameHost ? toneId - lastTone : toneId)
    put(n)
    put(zigzag(s))
    lastHost = hostId
    lastTone = toneId
  }
  return Uint8Array.from(out)
}

/** Calls `each(hostId, toneId, count, scoreMilli)` for every entry of an `encodePairCounts` blob. */
export function decodePairCounts(
  blob: Uint8Array,
  each: (hostId: number, toneId: number, n: number, scoreMilli: number) => void,
): void {
  const r = { i: 0 }
  const get = () => getLeb128(blob, r, 'decodePairCounts')
  let host = 0
  let tone = 0
  while (r.i < blob.length) {
    const gap = get()
    const t = get()
    tone = gap === 0 ? tone + t : t
    host += gap
    const n = get()
    each(host, tone, n, unzigzag(get()))
  }
}

/** The combinations by id (index = id; holes are undefined). */
export function loadCombos(db: Database): (FacetCombo | undefined)[] {
  const combos: (FacetCombo | undefined)[] = []
  for (const c of db
    .query<FacetCombo & { id: number }, []>(
      'SELECT id, country, lang, tld, host, defaulted, category, sentiment FROM facet_combos',
    )
    .iterate()) {
    combos[c.id] = {
      country: c.country,
      lang: c.lang,
      tld: c.tld,
      host: c.host,
      defaulted: c.defaulted,
      category: c.category,
      sentiment: c.sentiment,
    }
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
