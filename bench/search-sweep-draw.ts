/**
 * How bench/search-sweep.ts (and the valid-combinations fuzz test) draw a request: random
 * combinations of the registry's parameters for every store-reading endpoint (SWEEP_PATHS) or every
 * endpoint with query parameters (QUERY_PATHS), with values users would send (one and several per list filter, every sort, deep offsets, common, rare and absent
 * words, phrases, OR, exclusions, tone-score ranges, date ranges).
 */
import type { Database } from 'bun:sqlite'
import { ENDPOINTS, findEndpoint } from '../core/endpoints.ts'
import type { ParamSpec } from '../core/params.ts'
import { CATS, type Draw, TONES, entityKey } from './search-draw.ts'
import { NOW_S, PUBLISHERS } from './synthetic-articles.ts'

const DAY_MS = 86_400_000
const iso = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`

/** How many values a list filter gets: one most often, sometimes two to five. */
const count = (d: Draw) => (d.rnd() < 0.6 ? 1 : 2 + Math.floor(d.rnd() * 4))
const several = (d: Draw, one: () => string) => {
  const k = count(d)
  return [...new Set(Array.from({ length: k }, one))].join(',')
}

/** A `q` as users type them: one word (common, mid, rare, absent), two words, a phrase, OR, exclusion. */
function query(d: Draw, lang: string): string {
  const u = d.rnd()
  if (u < 0.3) return d.word(lang, 'common')
  if (u < 0.5) return d.word(lang, 'mid')
  if (u < 0.6) return d.word(lang, 'rare')
  if (u < 0.65) return 'zzqxabsentword'
  if (u < 0.75) return `${d.word(lang)} ${d.word(lang)}`
  if (u < 0.82) return `"${d.word(lang, 'common')} ${d.word(lang, 'common')}"`
  if (u < 0.9) return `${d.word(lang)} OR ${d.word(lang)}`
  return `${d.word(lang, 'common')} -${d.word(lang, 'common')}`
}

/** Values read from the store (--from-store): most common first, so a Zipf-ish pick favours them. */
export interface StoreValues {
  hosts: string[]
  countries: string[]
  langs: string[]
  tlds: string[]
  entities: string[]
  words: string[]
  nowMs: number
}

export function storeValues(db: Database): StoreValues {
  const col = (sql: string) =>
    db
      .query<{ v: string }, []>(sql)
      .all()
      .map((r) => r.v)
  const titles = col('SELECT title AS v FROM articles ORDER BY seq DESC LIMIT 3000')
  const counts = new Map<string, number>()
  for (const t of titles)
    for (const w of t.toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (w.length > 2) counts.set(w, (counts.get(w) ?? 0) + 1)
  return {
    hosts: col('SELECT host AS v FROM article_days GROUP BY host ORDER BY sum(n) DESC'),
    countries: col('SELECT country AS v FROM article_days GROUP BY country ORDER BY sum(n) DESC'),
    langs: col('SELECT lang AS v FROM article_days GROUP BY lang ORDER BY sum(n) DESC'),
    tlds: col('SELECT tld AS v FROM article_days GROUP BY tld ORDER BY sum(n) DESC'),
    entities: col(
      'SELECT e.key AS v FROM (SELECT entity, count(*) AS n FROM article_entities GROUP BY entity ORDER BY n DESC LIMIT 3000) x JOIN entities e ON e.id = x.entity ORDER BY x.n DESC',
    ),
    words: [...counts].sort((a, b) => b[1] - a[1]).map(([w]) => w),
    nowMs: (db.query<{ t: number }, []>('SELECT max(published_at) AS t FROM articles').get()?.t ?? NOW_S) * 1000,
  }
}

/** One of a list ordered by frequency: the head often, the tail sometimes. */
const zipf = <T>(d: Draw, xs: readonly T[]): T => xs[Math.floor(xs.length * d.rnd() ** 3)] as T

/** A value for one parameter of the registry, by name where the name says more than the kind. */
function value(
  d: Draw,
  name: string,
  spec: ParamSpec,
  lang: string,
  sv: StoreValues | null,
  nowMs: number,
): string | undefined {
  const pub = () => d.pick(PUBLISHERS)
  if (sv !== null) {
    const word = () => (d.rnd() < 0.05 ? 'zzqxabsentword' : zipf(d, sv.words))
    switch (name) {
      case 'q': {
        const u = d.rnd()
        if (u < 0.5) return word()
        if (u < 0.65) return `${word()} ${word()}`
        if (u < 0.75) return `"${word()} ${word()}"`
        if (u < 0.88) return `${word()} OR ${word()}`
        return `${word()} -${word()}`
      }
      case 'country':
        return several(d, () => zipf(d, sv.countries))
      case 'lang':
        return several(d, () => zipf(d, sv.langs))
      case 'tld':
        return several(d, () => zipf(d, sv.tlds))
      case 'host':
      case 'exclude_host':
        return several(d, () => zipf(d, sv.hosts))
      case 'entity':
        return several(d, () => (d.rnd() < 0.05 ? 'person:nobody-named-this' : zipf(d, sv.entities)))
    }
  }
  switch (name) {
    case 'q':
      return query(d, lang)
    case 'country':
      return several(d, () => d.country().country)
    case 'lang':
      return several(d, () => d.country().lang)
    case 'tld':
      return several(d, () => (d.rnd() < 0.3 ? 'com' : d.country().country.toLowerCase()))
    case 'host':
    case 'exclude_host':
      return several(d, () => pub().host)
    case 'entity':
      return several(d, () => entityKey(d))
    case 'category':
      return several(d, () => d.pick(CATS))
    case 'sentiment':
      return several(d, () => d.pick(TONES))
    case 'type':
      return several(d, () => d.pick(['person', 'organisation', 'place']))
    case 'label':
      return d.pick(TONES)
    case 'min_score':
      return (Math.round((d.rnd() * 1.6 - 0.8) * 100) / 100).toString()
    case 'max_score':
      return (Math.round((d.rnd() * 1.6 - 0.6) * 100) / 100).toString()
    case 'from': {
      const back = d.pick([1, 2, 7, 30, 60, 89])
      return iso(nowMs - back * DAY_MS - Math.floor(d.rnd() * DAY_MS))
    }
    case 'fields':
      return d.pick(['id,title', 'id,title,entities', 'url,score,sentiment,category', 'text,title'])
    case 'url':
      return undefined
  }
  switch (spec.kind) {
    case 'enum':
      return d.pick(spec.values)
    case 'bool':
      return d.rnd() < 0.5 ? 'true' : 'false'
    case 'int': {
      const hi = spec.max
      if (name === 'offset') return String(d.pick([0, 20, 100, 1000, 5000, hi]))
      return String(d.pick([spec.min, spec.default ?? spec.min, hi]))
    }
    case 'window':
      return d.pick(['1h', '6h', '24h', '7d'])
    case 'day':
      return iso(nowMs - Math.floor(d.rnd() * 30) * DAY_MS).slice(0, 10)
    default:
      return undefined
  }
}

/** The store-reading endpoints a sweep draws from (every one but the article by URL). */
export const SWEEP_PATHS = ENDPOINTS.filter((e) => e.readsStore && e.path !== '/v1/article').map((e) => e.path)
/** Every endpoint whose path needs no value from elsewhere (a trend or market slug) besides an entity key. */
export const QUERY_PATHS = ENDPOINTS.filter(
  (e) => e.path !== '/v1/article' && (!e.path.includes('{') || e.path === '/v1/entities/{key}'),
).map((e) => e.path)
/** Traffic-like shares: search most, stats next, feeds and entity lists less. */
const share: Record<string, number> = { '/v1/search': 5, '/v1/stats': 3 }

export interface Drawn {
  path: string
  params: Record<string, string>
  key?: string
}

/**
 * One request: an endpoint by traffic share, one to six of its registry parameters with values
 * drawn as users ask (`store`: values read from a store; null: the synthetic stores' publishers and
 * vocabulary), dates relative to `nowMs`.
 */
export function drawRequest(
  d: Draw,
  store: StoreValues | null,
  nowMs: number,
  paths: readonly string[] = SWEEP_PATHS,
): Drawn {
  const weights = paths.map((p) => share[p] ?? 1)
  let u = d.rnd() * weights.reduce((a, b) => a + b, 0)
  let path = paths[0] as string
  for (let i = 0; i < paths.length; i++) {
    u -= weights[i] as number
    if (u <= 0) {
      path = paths[i] as string
      break
    }
  }
  const spec = findEndpoint(path)
  if (spec === undefined) throw new Error(path)
  const lang = d.country().lang
  const params: Record<string, string> = {}
  const entries = Object.entries(spec.query ?? {})
  // Between one and six parameters, each drawn from the registry's list.
  const want = entries.length === 0 ? 0 : 1 + Math.floor(d.rnd() * 6)
  for (let i = 0; i < want; i++) {
    const [name, ps] = d.pick(entries)
    if (name === 'to' || name === 'until' || name === 'since') continue
    const v = value(d, name, ps, lang, store, nowMs)
    if (v !== undefined) params[name] = v
  }
  if (params.from !== undefined && d.rnd() < 0.5)
    params.to = iso(Date.parse(params.from) + d.pick([1, 3, 24, 24 * 7]) * 3_600_000)
  if (params.date !== undefined) {
    delete params.from
    delete params.to
  }
  if (params.min_score !== undefined && params.max_score !== undefined && +params.min_score > +params.max_score)
    delete params.max_score
  const key = store === null ? entityKey(d) : zipf(d, store.entities)
  return path.includes('{key}') ? { path, params, key } : { path, params }
}

/** A query's traits, to see which of them the slow answers share. */
export function traits(q: Drawn): string[] {
  const t: string[] = []
  const p = q.params
  if (p.q !== undefined) {
    const words = p.q.split(/\s+/)
    t.push(
      p.q.includes(' OR ')
        ? 'q: OR'
        : p.q.includes(' -')
          ? 'q: exclusion'
          : p.q.startsWith('"')
            ? 'q: phrase'
            : words.length > 1
              ? 'q: two words'
              : 'q: one word',
    )
  } else t.push('no q')
  for (const k of ['entity', 'country', 'lang', 'tld', 'host', 'exclude_host', 'category', 'sentiment'])
    if (p[k] !== undefined) t.push(`${k}${p[k]?.includes(',') ? ' (several)' : ''}`)
  if (p.min_score !== undefined || p.max_score !== undefined) t.push('score range')
  if (p.strict_country === 'true') t.push('strict_country')
  if (p.from !== undefined || p.date !== undefined) t.push('date range')
  if (p.offset !== undefined && Number(p.offset) >= 1000) t.push('offset ≥ 1000')
  if (p.sort !== undefined) t.push(`sort=${p.sort}`)
  return t
}
