/**
 * The request mix of the load benchmark, as a closed-loop client: `connections` loops, each
 * sending its next request when the last one is answered, for `seconds`. Used by bench/load.ts
 * (60 s) and by the smoke test (a few seconds, a bounded number of requests).
 */
import { mulberry32 as prng } from '../core/random.ts'
import { intParamMax } from '../core/endpoints.ts'
/** The deepest offset the registry allows. */
const MAX_OFFSET = intParamMax('/v1/search', 'offset')

export interface MixOptions {
  base: string
  seconds: number
  connections: number
  /** Default-parameter URLs served from snapshot files (batch/snapshot/compute.ts fixedSnapshotUrls). */
  snapshotUrls: readonly string[]
  seed: number
  /** Stop after this many requests (the smoke test); unbounded by default. */
  maxRequests?: number
  /**
   * Share of requests that are per-country searches ("news from Germany about X": one country,
   * with or without a word, every sort, the default 90-day window), taken from the snapshot share.
   */
  countrySearchShare?: number
  /** A separate client asking /health every 20 ms (kind `health-probe`): what a monitor sees. */
  healthProbe?: boolean
}

interface Stats {
  requests: number
  p50Ms: number
  p99Ms: number
}

export interface MixResult extends Stats {
  seconds: number
  maxMs: number
  ok: number
  /** 4xx the mix asks for on purpose (none at present: every URL of the mix is valid). */
  intended4xx: number
  otherNon2xx: number
  connectionErrors: number
  byKind: Record<string, Stats>
  unexpected: { url: string; status: number | string }[]
}

const WORDS = [
  'market',
  'election',
  'bitcoin',
  'price',
  'government',
  'football',
  'climate',
  'bank',
  'court',
  'health',
  'energy',
  'police',
]
const LANGS = ['en', 'es', 'pt', 'de', 'fr', 'hi']
const COUNTRIES = ['US', 'GB', 'BR', 'IN', 'DE', 'ES', 'FR']
// Categories as the registry names them (a search with an unknown one is a 422 since issue 25; it was ignored before).
const CATEGORIES = ['business', 'politics', 'sport', 'technology', 'world']
const SORTS = ['date', 'relevance', 'crawled']
const INTERVALS = ['hour', 'day', 'week']
const NOW_MS = Date.parse('2026-11-21T14:00:00Z')

const ALL_COUNTRIES = [
  'US',
  'GB',
  'DE',
  'FR',
  'IN',
  'ES',
  'IT',
  'BR',
  'MX',
  'JP',
  'RU',
  'NL',
  'TR',
  'AU',
  'CA',
  'AR',
  'KR',
  'CN',
  'EG',
  'NG',
]
const ALL_SORTS = ['date', 'date_asc', 'crawled', 'crawled_asc', 'relevance']

/**
 * One request of the mix: 60% snapshot (less the per-country share), 30% search with filters,
 * 10% BTC range, and `countryShare` per-country searches.
 */
export function nextRequest(
  random: () => number,
  snapshotUrls: readonly string[],
  countryShare = 0,
): { kind: string; path: string } {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T
  const r = random()
  if (r < countryShare) {
    const q = new URLSearchParams({ country: pick(ALL_COUNTRIES), sort: pick(ALL_SORTS) })
    if (random() < 0.7) q.set('q', random() < 0.3 ? `${pick(WORDS)} ${pick(WORDS)}` : pick(WORDS))
    if (random() < 0.2) q.set('offset', String(pick([100, 1000, MAX_OFFSET])))
    return { kind: 'country-search', path: `/v1/search?${q}` }
  }
  if (r < 0.6) return { kind: 'snapshot', path: pick(snapshotUrls) }
  if (r < 0.9) {
    const q = new URLSearchParams({
      q: random() < 0.3 ? `${pick(WORDS)} ${pick(WORDS)}` : pick(WORDS),
      sort: pick(SORTS),
      size: String(pick([10, 20, 50])),
    })
    if (random() < 0.5) q.set('lang', pick(LANGS))
    if (random() < 0.5) q.set('country', pick(COUNTRIES))
    if (random() < 0.3) q.set('category', pick(CATEGORIES))
    if (random() < 0.3)
      q.set('from', new Date(NOW_MS - Math.floor(random() * 7) * 86_400_000).toISOString().slice(0, 10))
    return { kind: 'search', path: `/v1/search?${q}` }
  }
  const days = 1 + Math.floor(random() * 30)
  const to = NOW_MS - Math.floor(random() * 5) * 86_400_000
  const from = `${new Date(to - days * 86_400_000).toISOString().slice(0, 13)}:00:00Z`
  return {
    kind: 'btc-range',
    path: `/v1/btc/price?interval=${pick(INTERVALS)}&from=${from}&to=${new Date(to).toISOString().slice(0, 13)}:00:00Z`,
  }
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN
}

export async function runMix(opts: MixOptions): Promise<MixResult> {
  const random = prng(opts.seed)
  const latencies: Record<string, number[]> = {}
  const result: MixResult = {
    requests: 0,
    p50Ms: 0,
    p99Ms: 0,
    seconds: 0,
    maxMs: 0,
    ok: 0,
    intended4xx: 0,
    otherNon2xx: 0,
    connectionErrors: 0,
    byKind: {},
    unexpected: [],
  }
  const started = performance.now()
  const deadline = started + opts.seconds * 1000
  const budget = opts.maxRequests ?? Number.POSITIVE_INFINITY
  let sent = 0
  const loop = async () => {
    while (performance.now() < deadline && sent < budget) {
      sent++
      const { kind, path } = nextRequest(random, opts.snapshotUrls, opts.countrySearchShare ?? 0)
      const t = performance.now()
      try {
        const res = await fetch(`${opts.base}${path}`, { headers: { 'accept-encoding': 'gzip' } })
        await res.arrayBuffer()
        const ms = performance.now() - t
        ;(latencies[kind] ??= []).push(ms)
        if (res.status >= 200 && res.status < 300) result.ok++
        else {
          result.otherNon2xx++
          result.unexpected.push({ url: path, status: res.status })
        }
      } catch (error) {
        result.connectionErrors++
        result.unexpected.push({ url: path, status: error instanceof Error ? error.message : String(error) })
      }
    }
  }
  const probe = async () => {
    while (opts.healthProbe === true && performance.now() < deadline && sent < budget) {
      const t = performance.now()
      try {
        const res = await fetch(`${opts.base}/health`)
        await res.arrayBuffer()
        ;(latencies['health-probe'] ??= []).push(performance.now() - t)
      } catch {
        result.connectionErrors++
      }
      await Bun.sleep(20)
    }
  }
  await Promise.all([...Array.from({ length: opts.connections }, loop), probe()])
  result.seconds = (performance.now() - started) / 1000
  const all = new Float64Array(Object.values(latencies).flat()).sort()
  result.requests = all.length + result.connectionErrors
  result.p50Ms = percentile(all, 0.5)
  result.p99Ms = percentile(all, 0.99)
  result.maxMs = all[all.length - 1] ?? 0
  for (const [kind, xs] of Object.entries(latencies)) {
    const sorted = new Float64Array(xs).sort()
    result.byKind[kind] = { requests: xs.length, p50Ms: percentile(sorted, 0.5), p99Ms: percentile(sorted, 0.99) }
  }
  return result
}
