/** The query phase of the search benchmark (bench/search.ts): the drawn queries timed through the answer functions. */
import { readFileSync } from 'node:fs'
import type { DataView } from '../answers/context.ts'
import { answersFor } from '../answers/registry.ts'
import { findEndpoint } from '../core/endpoints.ts'
import { parseQuery } from '../core/search/query-syntax.ts'
import { validateRequest } from '../core/validate.ts'
import { openStore } from '../store/open.ts'
import { SqliteSearchIndex } from '../store/search-sqlite.ts'
import { CLASSES } from './search-classes.ts'
import { type QueryClass, drawer } from './search-draw.ts'
import { NOW_S } from './synthetic-articles.ts'

const HANDLERS = answersFor({ version: 'bench', uptimeSeconds: () => 0 })
const NOW_MS = NOW_S * 1000

export interface ClassReport {
  name: string
  weight: number
  ms: number[]
  floorMs: number[]
  slowest: string
  /** The slowest query without words (`q`), whose stats may take another path (counts). */
  slowestNoWords: string
}
export interface QueryReport {
  classes: ClassReport[]
  rss: number
  rssAnon: number
  rssFile: number
  oramaQueries: { cls: string; params: Record<string, string> }[]
}

export const pct = (xs: readonly number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length === 0 ? Number.NaN : (s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number)
}
/** Percentile of samples that carry weights (each class's samples share its traffic weight). */
export function weightedPct(samples: readonly { ms: number; w: number }[], p: number): number {
  const s = [...samples].sort((a, b) => a.ms - b.ms)
  const total = s.reduce((t, x) => t + x.w, 0)
  let acc = 0
  for (const x of s) {
    acc += x.w
    if (acc >= (p / 100) * total) return x.ms
  }
  return s.at(-1)?.ms ?? Number.NaN
}
export const mb = (bytes: number) => `${Math.round(bytes / 1048576)} MB`

function rssSplit(): { anon: number; file: number } {
  const status = readFileSync('/proc/self/status', 'utf8')
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024
  return { anon: kb('RssAnon'), file: kb('RssFile') + kb('RssShmem') }
}

/** The queries of every class, drawn with fixed seeds (the same at every size). */
export function drawQueries(
  perClass: number,
  only: readonly string[] = [],
): { cls: QueryClass; params: Record<string, string> }[] {
  return CLASSES.flatMap((cls, i) => {
    // A class left out is still at its index, so the classes kept draw what they draw in a full run.
    if (only.length > 0 && !only.some((o) => cls.name.includes(o))) return []
    const d = drawer(1000 + i)
    return Array.from({ length: perClass }, () => ({ cls, params: cls.draw(d) }))
  })
}

/** The query phase, in its own process on a read-only connection: its RSS is what a live node holds. */
export function runQueries(path: string, perClass: number, mmapMb: string, only: readonly string[] = []): QueryReport {
  const db = openStore(path, { readonly: true, ...(mmapMb === '' ? {} : { mmapBytes: Number(mmapMb) * 1048576 }) })
  const index = new SqliteSearchIndex(db)
  const watermark = db.query<{ s: number }, []>('SELECT max(seq) AS s FROM articles').get()?.s ?? 0
  const data: DataView = { db, index, version: null, watermark }
  const url = new URL('http://localhost/')
  const queries = drawQueries(perClass, only)
  const answer = (q: (typeof queries)[number]) => {
    const spec = findEndpoint(q.cls.endpoint)
    if (spec === undefined) throw new Error(q.cls.endpoint)
    const { key, ...query } = q.params
    const v = validateRequest(spec, new URLSearchParams(query), key === undefined ? {} : { key }, NOW_MS)
    if (!v.ok) throw new Error(`${JSON.stringify(q.params)}: ${JSON.stringify(v.detail)}`)
    const handler = HANDLERS[q.cls.endpoint]
    if (handler === undefined) throw new Error(`no answer for ${q.cls.endpoint}`)
    // A fresh memo per query: the trending list is memoised per snapshot version, which would time a lookup.
    const out = handler(v.params, { data: { ...data, memo: new Map() }, nowMs: NOW_MS, url })
    if (out.status !== 200) throw new Error(`${JSON.stringify(q.params)}: ${out.status}`)
    return JSON.stringify(out.body).length
  }
  // Warm the page cache with a different draw, as a node that has been serving would be.
  for (const cls of CLASSES) {
    const d = drawer(9)
    for (let i = 0; i < 3; i++) answer({ cls, params: cls.draw(d) })
  }
  const floor = db.query<{ rowid: number }, [string]>(
    'SELECT rowid FROM articles_fts WHERE articles_fts MATCH ? LIMIT 20',
  )
  const reports = new Map<string, ClassReport>()
  for (const q of queries) {
    const r = reports.get(q.cls.name) ?? {
      name: q.cls.name,
      weight: q.cls.weight,
      ms: [],
      floorMs: [],
      slowest: '',
      slowestNoWords: '',
    }
    reports.set(q.cls.name, r)
    const t = performance.now()
    answer(q)
    const ms = performance.now() - t
    if (ms > Math.max(...r.ms, 0)) r.slowest = `${ms.toFixed(1)} ms ${new URLSearchParams(q.params)}`
    if (q.params.q === undefined && ms > Number.parseFloat(r.slowestNoWords || '0'))
      r.slowestNoWords = `${ms.toFixed(1)} ms ${new URLSearchParams(q.params)}`
    r.ms.push(ms)
    const parsed = typeof q.params.q === 'string' ? parseQuery(q.params.q) : null
    if (parsed !== null && parsed.all.length > 0) {
      const match = parsed.all.map((g) => `(${g.map((tm) => `"${tm.tokens.join(' ')}"`).join(' OR ')})`).join(' AND ')
      const t2 = performance.now()
      floor.all(match)
      r.floorMs.push(performance.now() - t2)
    }
  }
  const split = rssSplit()
  db.close()
  return {
    classes: [...reports.values()],
    rss: process.memoryUsage().rss,
    rssAnon: split.anon,
    rssFile: split.file,
    oramaQueries: [],
  }
}
