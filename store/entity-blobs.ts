/**
 * Entity counts packed one row a day and country (migration 20): for each day, one blob per
 * article country and one for all countries (`''`), each the int32 records
 * `entity, pos, neu, neg, score_milli` (articles naming the entity, by tone, and their score sum in
 * thousandths), sorted by entity. A trending list over 30 days reads 30 blobs where entity_days
 * holds a million rows. Any write to entity_days marks its day stale (triggers); the batch job packs
 * the stale days again after each ingest (`refreshEntityBlobs`), and until then a reader takes a
 * stale day from entity_days, so an answer never depends on whether the packing has run.
 */
import type { Database } from 'bun:sqlite'

/** Articles naming one entity over some days: by tone, and the sum of their scores in thousandths. */
export type AddEntityCount = (entity: number, pos: number, neu: number, neg: number, scoreMilli: number) => void

const FIELDS = 5
/** `?, ?, …`: one SQL parameter for each value of a list. */
export const marks = (xs: readonly unknown[]) => xs.map(() => '?').join(', ')

interface DayRow {
  country: string
  entity: number
  sentiment: string
  n: number
  score_milli: number
}

/** Packs one day's entity_days rows into its blobs (one per country and one for all). */
function packDay(db: Database, day: number): number {
  const byCountry = new Map<string, Map<number, number[]>>()
  const put = (country: string, r: DayRow) => {
    let m = byCountry.get(country)
    if (m === undefined) byCountry.set(country, (m = new Map()))
    let c = m.get(r.entity)
    if (c === undefined) m.set(r.entity, (c = [0, 0, 0, 0]))
    const slot = r.sentiment === 'pos' ? 0 : r.sentiment === 'neu' ? 1 : r.sentiment === 'neg' ? 2 : -1
    if (slot >= 0) c[slot] = (c[slot] ?? 0) + r.n
    c[3] = (c[3] ?? 0) + r.score_milli
  }
  const rows = db
    .query<DayRow, [number]>('SELECT country, entity, sentiment, n, score_milli FROM entity_days WHERE day = ?')
    .iterate(day)
  for (const r of rows) {
    put(r.country, r)
    put('', r)
  }
  db.query('DELETE FROM entity_day_blobs WHERE day = ?').run(day)
  const insert = db.query('INSERT INTO entity_day_blobs (day, country, entities, blob) VALUES (?, ?, ?, ?)')
  for (const [country, m] of byCountry) {
    const ids = [...m.keys()].sort((a, b) => a - b)
    const out = new Int32Array(ids.length * FIELDS)
    ids.forEach((id, i) => {
      const c = m.get(id) ?? [0, 0, 0, 0]
      out.set([id, c[0] ?? 0, c[1] ?? 0, c[2] ?? 0, c[3] ?? 0], i * FIELDS)
    })
    insert.run(day, country, ids.length, new Uint8Array(out.buffer))
  }
  db.query('DELETE FROM entity_blob_stale WHERE day = ?').run(day)
  return byCountry.size
}

/** Packs every stale day again, one transaction a day; says how many days and blobs it wrote. */
export function refreshEntityBlobs(db: Database): { days: number; blobs: number } {
  const days = db
    .query<{ day: number }, []>('SELECT day FROM entity_blob_stale ORDER BY day')
    .all()
    .map((r) => r.day)
  let blobs = 0
  const pack = db.transaction((day: number) => packDay(db, day))
  for (const day of days) blobs += pack(day)
  return { days: days.length, blobs }
}

/**
 * Adds the articles naming each entity over the whole days [first, end), in these countries (all
 * when empty): packed days from their blobs, stale ones from entity_days.
 */
export function addWholeDays(
  db: Database,
  first: number,
  end: number,
  countries: readonly string[],
  add: AddEntityCount,
  /** Takes a packed day's records whole (`entity, pos, neu, neg, score_milli` each), instead of `add` per record. */
  addRecords?: (records: Int32Array) => void,
): void {
  if (end <= first) return
  const stale = db
    .query<{ day: number }, [number, number]>('SELECT day FROM entity_blob_stale WHERE day >= ? AND day < ?')
    .all(first, end)
    .map((r) => r.day)
  const staleSet = new Set(stale)
  const keys = countries.length > 0 ? countries : ['']
  const blobs = db
    .query<{ day: number; blob: Uint8Array }, (string | number)[]>(
      `SELECT day, blob FROM entity_day_blobs WHERE day >= ? AND day < ? AND country IN (${marks(keys)})`,
    )
    .iterate(first, end, ...keys)
  for (const { day, blob } of blobs) {
    if (staleSet.has(day)) continue
    // Int32Array needs a 4-aligned offset; a blob not so placed is copied (records are little-endian, as every host Bun runs on).
    const bytes = blob.byteOffset % 4 === 0 ? blob : blob.slice()
    const v = new Int32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 2)
    if (addRecords !== undefined) {
      addRecords(v)
      continue
    }
    for (let i = 0; i + FIELDS <= v.length; i += FIELDS)
      add(v[i] as number, v[i + 1] as number, v[i + 2] as number, v[i + 3] as number, v[i + 4] as number)
  }
  if (stale.length === 0) return
  const countryClause = countries.length > 0 ? `AND country IN (${marks(countries)})` : ''
  const rows = db
    .query<{ entity: number; sentiment: string; n: number; s: number }, (string | number)[]>(
      `SELECT entity, sentiment, n, score_milli AS s FROM entity_days WHERE day IN (${marks(stale)}) ${countryClause}`,
    )
    .iterate(...stale, ...countries)
  for (const r of rows)
    add(
      r.entity,
      r.sentiment === 'pos' ? r.n : 0,
      r.sentiment === 'neu' ? r.n : 0,
      r.sentiment === 'neg' ? r.n : 0,
      r.s,
    )
}
