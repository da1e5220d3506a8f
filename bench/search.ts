/**
 * Search benchmark shaped like a public news API's traffic: a query mix by class (no words + one
 * country, one word + one country — the largest class —, two words + one country, word + language,
 * country + language, host, TLD, strict_country, phrase, OR, exclusion, rare word, absent word,
 * each sort, deep offset, dedupe, highlight, full_text, fields, several countries, stats), each
 * query a real URL's parameters run through the registry's validation and the live node's answer
 * function over a read-only connection in a separate process (its RSS is a live node's). Prints
 * p50 / p99 / max per class, the weighted overall p50, and the plain FTS5 MATCH floor beside each
 * class; at ≤ 100k also Orama on the same queries (the classes it can express).
 *   bun bench/search.ts [--sizes 1000000,10000000] [--per-class 40] [--db-dir DIR] [--no-orama] [--mmap-mb N] [--count-min-docs N]
 *   bun bench/search.ts --http http://127.0.0.1:8000 [--per-class 40]   (the same classes over HTTP
 *     against a running node, e.g. `npm start` on the 90-day demo; one request at a time, warm)
 * Stores are synthetic (bench/synthetic-articles.ts: hosts keep their country and language, demo
 * vocabulary + a Zipf one) written through the real ArticleWriter; with --db-dir they are kept
 * and reused, and their build time and size are kept beside them (`s<N>.json`).
 */
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { create, insertMultiple, search as oramaSearch } from '@orama/orama'
import { answersFor } from '../answers/registry.ts'
import type { DataView } from '../answers/context.ts'
import { findEndpoint, intParamMax } from '../core/endpoints.ts'
import { parseQuery } from '../core/search/query-syntax.ts'
import { validateRequest } from '../core/validate.ts'
import { ArticleWriter, type ArticleRow } from '../store/articles.ts'
import { openStore } from '../store/open.ts'
import { SqliteSearchIndex } from '../store/search-sqlite.ts'
import { refreshTermCounts } from '../store/term-counts.ts'
import { NOW_S, PUBLISHERS, articles, demoWords, mulberry32, syntheticEntityKey } from './synthetic-articles.ts'

const HANDLERS = answersFor({ version: 'bench', uptimeSeconds: () => 0 })
/** A class's URL: `key` into the path of `/v1/entities/{key}`, the rest as the query. */
const urlOf = (endpoint: string, params: Record<string, string>) => {
  const { key, ...query } = params
  const path = key === undefined ? endpoint : endpoint.replace('{key}', encodeURIComponent(key))
  return `${path}?${new URLSearchParams(query)}`
}

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(name)
  return i === -1 ? def : (process.argv[i + 1] ?? def)
}
const SIZES = arg('--sizes', '100000,1000000').split(',').map(Number)
const PER_CLASS = Number(arg('--per-class', '40'))
const WITH_ORAMA = !process.argv.includes('--no-orama')
const DB_DIR = arg('--db-dir', '')
const MMAP_MB = arg('--mmap-mb', '')
/** The word-count line (store/term-counts.ts, minDocs); empty: the batch job's default. */
const COUNT_MIN_DOCS = arg('--count-min-docs', '')
const NOW_MS = NOW_S * 1000
/** The deepest offset the registry allows. */
const MAX_OFFSET = intParamMax('/v1/search', 'offset')

/** A query class: its share of traffic (weight) and how to draw one of its queries. */
interface QueryClass {
  name: string
  weight: number
  endpoint: '/v1/search' | '/v1/stats' | '/v1/entities' | '/v1/entities/{key}'
  /** For `/v1/entities/{key}`: the params hold `key`, which goes into the path. */
  draw: (d: Draw) => Record<string, string>
}

/** Values a query is drawn from: real hosts, countries and languages of the synthetic crawl. */
interface Draw {
  rnd: () => number
  pick: <T>(xs: readonly T[]) => T
  /** A country as users ask for them: big markets often, the tail sometimes. */
  country: () => { country: string; lang: string }
  /** A word of a language: common, mid-frequency or rare; demo vocabulary or Zipf token. */
  word: (lang: string, band?: 'common' | 'mid' | 'rare') => string
  range: () => Record<string, string>
}

function drawer(seed: number): Draw {
  const rnd = mulberry32(seed)
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)] as T
  const byCountry = new Map<string, string>()
  for (const p of PUBLISHERS) byCountry.set(p.country, p.lang)
  const countries = [...byCountry.keys()]
  const big = ['US', 'GB', 'DE', 'FR', 'IN', 'ES', 'IT', 'BR', 'CA', 'AU']
  const country = () => {
    const c = rnd() < 0.7 ? pick(big.filter((x) => byCountry.has(x))) : pick(countries)
    return { country: c, lang: byCountry.get(c) ?? 'en' }
  }
  const word = (lang: string, band: 'common' | 'mid' | 'rare' = rnd() < 0.5 ? 'common' : 'mid') => {
    const demo = demoWords(lang)
    if (rnd() < 0.5 && demo.length > 0) {
      // The demo vocabulary is drawn Zipf by position; low positions are common.
      const span = band === 'common' ? [0, 20] : band === 'mid' ? [20, 120] : [120, demo.length]
      const i = Math.min(
        demo.length - 1,
        (span[0] as number) + Math.floor(rnd() * ((span[1] as number) - (span[0] as number))),
      )
      return demo[i] as string
    }
    const rank =
      band === 'common'
        ? Math.floor(rnd() * 30)
        : band === 'mid'
          ? 30 + Math.floor(rnd() * 1500)
          : 4000 + Math.floor(rnd() * 15000)
    return `w${rank.toString(36)}`
  }
  const range = (): Record<string, string> => {
    const u = rnd()
    return u < 0.5 ? {} : u < 0.7 ? { date: '7d' } : u < 0.9 ? { date: '24h' } : { date: '30d' }
  }
  return { rnd, pick, country, word, range }
}

const withCountryWord = (d: Draw, extra: Record<string, string> = {}) => {
  const c = d.country()
  return { q: d.word(c.lang), country: c.country, ...d.range(), ...extra }
}

const CATS = [
  'world',
  'politics',
  'business',
  'sport',
  'entertainment',
  'society',
  'crime',
  'technology',
  'health',
  'science',
  'environment',
] as const
const TONES = ['pos', 'neu', 'neg'] as const

/**
 * An entity key of the synthetic stores, drawn as users ask: the most named ones often, the long
 * tail sometimes, a key no article names now and then.
 */
function entityKey(d: Draw): string {
  const u = d.rnd()
  if (u < 0.05) return 'person:nobody-named-this'
  const rank =
    u < 0.55
      ? Math.floor(d.rnd() * 20)
      : u < 0.85
        ? 20 + Math.floor(d.rnd() * 2000)
        : 5000 + Math.floor(d.rnd() * 40000)
  return syntheticEntityKey(rank)
}

export const CLASSES: readonly QueryClass[] = [
  {
    name: 'no words + one country',
    weight: 10,
    endpoint: '/v1/search',
    draw: (d) => ({ country: d.country().country, ...d.range() }),
  },
  { name: 'one word + one country', weight: 25, endpoint: '/v1/search', draw: (d) => withCountryWord(d) },
  {
    name: 'two words + one country',
    weight: 8,
    endpoint: '/v1/search',
    draw: (d) => {
      const c = d.country()
      return { q: `${d.word(c.lang)} ${d.word(c.lang)}`, country: c.country, ...d.range() }
    },
  },
  {
    name: 'one word + one language',
    weight: 8,
    endpoint: '/v1/search',
    draw: (d) => {
      const c = d.country()
      return { q: d.word(c.lang), lang: c.lang, ...d.range() }
    },
  },
  {
    name: 'country + language',
    weight: 4,
    endpoint: '/v1/search',
    draw: (d) => {
      const c = d.country()
      return { country: c.country, lang: d.rnd() < 0.7 ? c.lang : 'en', ...d.range() }
    },
  },
  {
    name: 'several countries (+ word)',
    weight: 4,
    endpoint: '/v1/search',
    draw: (d) => {
      const cs = [d.country(), d.country(), d.country()]
      return {
        country: cs.map((c) => c.country).join(','),
        ...(d.rnd() < 0.6 ? { q: d.word('en') } : {}),
        ...d.range(),
      }
    },
  },
  {
    name: 'host (+ word)',
    weight: 5,
    endpoint: '/v1/search',
    draw: (d) => {
      const p = PUBLISHERS[Math.floor(d.rnd() ** 2 * PUBLISHERS.length)] ?? PUBLISHERS[0]
      return { host: p?.host ?? '', ...(d.rnd() < 0.5 ? { q: d.word(p?.lang ?? 'en') } : {}), ...d.range() }
    },
  },
  {
    name: 'tld (+ word)',
    weight: 3,
    endpoint: '/v1/search',
    draw: (d) => {
      const c = d.country()
      return {
        tld: d.rnd() < 0.3 ? 'com' : c.country.toLowerCase(),
        ...(d.rnd() < 0.5 ? { q: d.word(c.lang) } : {}),
        ...d.range(),
      }
    },
  },
  {
    name: 'strict_country',
    weight: 3,
    endpoint: '/v1/search',
    draw: (d) => ({
      country: 'US',
      strict_country: 'true',
      ...(d.rnd() < 0.5 ? { q: d.word('en') } : {}),
      ...d.range(),
    }),
  },
  // Phrases of common words, a quarter of them three words long (FTS5 phrases of two pair tokens).
  {
    name: 'phrase',
    weight: 4,
    endpoint: '/v1/search',
    draw: (d) => {
      const c = d.country()
      const n = d.rnd() < 0.25 ? 3 : 2
      return {
        q: `"${Array.from({ length: n }, () => d.word(c.lang, 'common')).join(' ')}"`,
        ...(d.rnd() < 0.5 ? { country: c.country } : {}),
        ...d.range(),
      }
    },
  },
  {
    name: 'OR',
    weight: 3,
    endpoint: '/v1/search',
    draw: (d) => {
      const c = d.country()
      return {
        q: `${d.word(c.lang)} OR ${d.word(c.lang)}`,
        ...(d.rnd() < 0.5 ? { country: c.country } : {}),
        ...d.range(),
      }
    },
  },
  {
    name: 'exclusion',
    weight: 3,
    endpoint: '/v1/search',
    draw: (d) => {
      const c = d.country()
      return {
        q: `${d.rnd() < 0.7 ? `${d.word(c.lang)} ` : ''}-${d.word(c.lang, 'common')}`,
        ...(d.rnd() < 0.6 ? { country: c.country } : {}),
        ...d.range(),
      }
    },
  },
  {
    name: 'rare word',
    weight: 5,
    endpoint: '/v1/search',
    draw: (d) => {
      const c = d.country()
      return { q: d.word(c.lang, 'rare'), ...(d.rnd() < 0.5 ? { country: c.country } : {}), ...d.range() }
    },
  },
  {
    name: 'absent word',
    weight: 3,
    endpoint: '/v1/search',
    draw: (d) => ({
      q: `zq${Math.floor(d.rnd() * 1e6).toString(36)}x`,
      ...(d.rnd() < 0.5 ? { country: d.country().country } : {}),
      ...d.range(),
    }),
  },
  { name: 'sort=date_asc', weight: 2, endpoint: '/v1/search', draw: (d) => withCountryWord(d, { sort: 'date_asc' }) },
  {
    name: 'sort=crawled',
    weight: 2,
    endpoint: '/v1/search',
    draw: (d) =>
      d.rnd() < 0.5
        ? withCountryWord(d, { sort: 'crawled' })
        : { country: d.country().country, sort: 'crawled', ...d.range() },
  },
  {
    name: 'sort=crawled_asc',
    weight: 1,
    endpoint: '/v1/search',
    draw: (d) =>
      d.rnd() < 0.5
        ? withCountryWord(d, { sort: 'crawled_asc' })
        : { country: d.country().country, sort: 'crawled_asc', ...d.range() },
  },
  {
    name: 'sort=relevance',
    weight: 4,
    endpoint: '/v1/search',
    draw: (d) =>
      d.rnd() < 0.5 ? withCountryWord(d, { sort: 'relevance' }) : { q: d.word('en'), sort: 'relevance', ...d.range() },
  },
  {
    name: 'deep offset',
    weight: 2,
    endpoint: '/v1/search',
    draw: (d) =>
      withCountryWord(d, {
        offset: String(d.pick([1000, 5000, MAX_OFFSET])),
        ...(d.rnd() < 0.3 ? { sort: d.pick(['date_asc', 'relevance', 'crawled']) } : {}),
      }),
  },
  { name: 'dedupe', weight: 3, endpoint: '/v1/search', draw: (d) => withCountryWord(d, { dedupe: 'true' }) },
  { name: 'highlight', weight: 3, endpoint: '/v1/search', draw: (d) => withCountryWord(d, { highlight: 'true' }) },
  { name: 'full_text', weight: 2, endpoint: '/v1/search', draw: (d) => withCountryWord(d, { full_text: 'true' }) },
  {
    name: 'fields',
    weight: 2,
    endpoint: '/v1/search',
    draw: (d) => withCountryWord(d, { fields: 'title,url,published_at', size: '100' }),
  },
  // Issue 25: the signal filters, each with one value and with several, alone and with words and a country.
  {
    name: 'category (one/several, + word)',
    weight: 4,
    endpoint: '/v1/search',
    draw: (d) => {
      const c = d.country()
      return {
        category: d.rnd() < 0.5 ? d.pick(CATS) : [d.pick(CATS), d.pick(CATS), d.pick(CATS)].join(','),
        ...(d.rnd() < 0.5 ? { q: d.word(c.lang) } : {}),
        ...(d.rnd() < 0.5 ? { country: c.country } : {}),
        ...d.range(),
      }
    },
  },
  {
    name: 'sentiment (one/several, + word)',
    weight: 3,
    endpoint: '/v1/search',
    draw: (d) => {
      const c = d.country()
      return {
        sentiment: d.rnd() < 0.6 ? d.pick(TONES) : 'pos,neg',
        ...(d.rnd() < 0.5 ? { q: d.word(c.lang) } : {}),
        ...(d.rnd() < 0.5 ? { country: c.country } : {}),
        ...d.range(),
      }
    },
  },
  {
    name: 'tone range (+ word)',
    weight: 2,
    endpoint: '/v1/search',
    draw: (d) => {
      const c = d.country()
      const lo = d.pick(['-1', '-0.5', '0', '0.3', '0.8'])
      return {
        min_score: lo,
        ...(d.rnd() < 0.5
          ? { max_score: String(Math.min(1, Math.round((Number(lo) + d.pick([0.05, 0.2, 0.5, 1])) * 100) / 100)) }
          : {}),
        ...(d.rnd() < 0.5 ? { q: d.word(c.lang) } : {}),
        ...(d.rnd() < 0.4 ? { country: c.country } : {}),
        ...d.range(),
      }
    },
  },
  {
    name: 'exclude_host (+ word)',
    weight: 2,
    endpoint: '/v1/search',
    draw: (d) => {
      const c = d.country()
      const hosts = Array.from(
        { length: d.pick([1, 3, 10]) },
        () => (PUBLISHERS[Math.floor(d.rnd() ** 2 * PUBLISHERS.length)] ?? PUBLISHERS[0])?.host ?? '',
      )
      return {
        exclude_host: hosts.join(','),
        ...(d.rnd() < 0.6 ? { q: d.word(c.lang) } : {}),
        ...(d.rnd() < 0.5 ? { country: c.country } : {}),
        ...d.range(),
      }
    },
  },
  {
    name: 'in=title',
    weight: 3,
    endpoint: '/v1/search',
    draw: (d) => {
      const c = d.country()
      return {
        q: d.rnd() < 0.3 ? `"${d.word(c.lang, 'common')} ${d.word(c.lang, 'common')}"` : d.word(c.lang),
        in: 'title',
        ...(d.rnd() < 0.5 ? { country: c.country } : {}),
        ...(d.rnd() < 0.2 ? { sort: 'relevance' } : {}),
        ...d.range(),
      }
    },
  },
  {
    name: 'grouping and NOT',
    weight: 2,
    endpoint: '/v1/search',
    draw: (d) => {
      const c = d.country()
      const w = () => d.word(c.lang)
      return {
        q: d.pick([
          `${w()} NOT (${w()} OR ${w()})`,
          `(${w()} ${w()}) OR ${w()}`,
          `(${w()} OR ${w()}) -(${w()} ${w()})`,
        ]),
        ...(d.rnd() < 0.5 ? { country: c.country } : {}),
        ...d.range(),
      }
    },
  },
  {
    name: 'signals + sort/offset',
    weight: 2,
    endpoint: '/v1/search',
    draw: (d) => {
      const c = d.country()
      return {
        category: d.pick(CATS),
        sentiment: d.pick(TONES),
        q: d.word(c.lang),
        sort: d.pick(['date', 'date_asc', 'crawled', 'relevance']),
        offset: String(d.pick([0, 1000, MAX_OFFSET])),
        ...d.range(),
      }
    },
  },
  {
    name: 'stats: category/tone facets + share',
    weight: 2,
    endpoint: '/v1/stats',
    draw: (d) => {
      const c = d.country()
      return {
        normalize: 'share',
        ...(d.rnd() < 0.5 ? { q: d.word(c.lang) } : {}),
        ...(d.rnd() < 0.5 ? { country: c.country } : {}),
        ...d.range(),
      }
    },
  },
  {
    name: 'stats: category, tone, excluded hosts',
    weight: 2,
    endpoint: '/v1/stats',
    draw: (d) => {
      const c = d.country()
      const f = d.pick(['category', 'sentiment', 'exclude_host'])
      const v =
        f === 'category'
          ? d.rnd() < 0.6
            ? d.pick(CATS)
            : `${d.pick(CATS)},${d.pick(CATS)}`
          : f === 'sentiment'
            ? d.pick(TONES)
            : ((PUBLISHERS[Math.floor(d.rnd() ** 2 * PUBLISHERS.length)] ?? PUBLISHERS[0])?.host ?? '')
      return {
        [f]: v,
        ...(d.rnd() < 0.5 ? { q: d.word(c.lang) } : {}),
        ...(d.rnd() < 0.5 ? { country: c.country } : {}),
        ...d.range(),
      }
    },
  },
  {
    name: 'stats: tone range',
    weight: 1,
    endpoint: '/v1/stats',
    draw: (d) => {
      const c = d.country()
      return {
        ...(d.rnd() < 0.5 ? { min_score: d.pick(['-0.2', '0.5']) } : { max_score: d.pick(['-0.5', '0']) }),
        ...(d.rnd() < 0.5 ? { q: d.word(c.lang) } : {}),
        ...(d.rnd() < 0.5 ? { country: c.country } : {}),
        ...d.range(),
      }
    },
  },
  {
    name: 'entity (one or several, + word/country)',
    weight: 3,
    endpoint: '/v1/search',
    draw: (d) => {
      const c = d.country()
      const several = d.rnd() < 0.3
      return {
        entity: several ? `${entityKey(d)},${entityKey(d)},${entityKey(d)}` : entityKey(d),
        ...(d.rnd() < 0.4 ? { q: d.word(c.lang) } : {}),
        ...(d.rnd() < 0.4 ? { country: c.country } : {}),
        ...(d.rnd() < 0.2 ? { sort: d.pick(['crawled', 'relevance', 'date_asc']) } : {}),
        ...d.range(),
      }
    },
  },
  {
    name: 'stats: entity',
    weight: 1,
    endpoint: '/v1/stats',
    draw: (d) => {
      const c = d.country()
      return {
        entity: d.rnd() < 0.3 ? `${entityKey(d)},${entityKey(d)}` : entityKey(d),
        ...(d.rnd() < 0.3 ? { country: c.country } : {}),
        ...d.range(),
      }
    },
  },
  {
    name: 'entities: trending list',
    weight: 1,
    endpoint: '/v1/entities',
    draw: (d) => ({
      ...(d.rnd() < 0.5 ? { country: d.country().country } : {}),
      ...(d.rnd() < 0.3 ? { type: d.pick(['person', 'organisation', 'place']) } : {}),
      ...(d.rnd() < 0.6 ? {} : { window: d.pick(['6h', '7d', '30d']) }),
    }),
  },
  {
    name: 'entities: one entity page',
    weight: 1,
    endpoint: '/v1/entities/{key}',
    draw: (d) => ({ key: entityKey(d), ...(d.rnd() < 0.5 ? {} : { date: d.pick(['7d', '24h']) }) }),
  },
  {
    name: 'stats: no words',
    weight: 3,
    endpoint: '/v1/stats',
    draw: (d) => (d.rnd() < 0.5 ? { country: d.country().country, ...d.range() } : d.range()),
  },
  {
    name: 'stats: word (+ country)',
    weight: 3,
    endpoint: '/v1/stats',
    draw: (d) => {
      const c = d.country()
      return { q: d.word(c.lang), ...(d.rnd() < 0.5 ? { country: c.country } : {}), ...d.range() }
    },
  },
]

interface ClassReport {
  name: string
  weight: number
  ms: number[]
  floorMs: number[]
  slowest: string
  /** The slowest query without words (`q`), whose stats may take another path (counts). */
  slowestNoWords: string
}
interface QueryReport {
  classes: ClassReport[]
  rss: number
  rssAnon: number
  rssFile: number
  oramaQueries: { cls: string; params: Record<string, string> }[]
}

const pct = (xs: readonly number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length === 0 ? Number.NaN : (s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number)
}
/** Percentile of samples that carry weights (each class's samples share its traffic weight). */
function weightedPct(samples: readonly { ms: number; w: number }[], p: number): number {
  const s = [...samples].sort((a, b) => a.ms - b.ms)
  const total = s.reduce((t, x) => t + x.w, 0)
  let acc = 0
  for (const x of s) {
    acc += x.w
    if (acc >= (p / 100) * total) return x.ms
  }
  return s.at(-1)?.ms ?? Number.NaN
}
const mb = (bytes: number) => `${Math.round(bytes / 1048576)} MB`

function rssSplit(): { anon: number; file: number } {
  const status = readFileSync('/proc/self/status', 'utf8')
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024
  return { anon: kb('RssAnon'), file: kb('RssFile') + kb('RssShmem') }
}

/** The queries of every class, drawn with fixed seeds (the same at every size). */
function drawQueries(): { cls: QueryClass; params: Record<string, string> }[] {
  return CLASSES.flatMap((cls, i) => {
    const d = drawer(1000 + i)
    return Array.from({ length: PER_CLASS }, () => ({ cls, params: cls.draw(d) }))
  })
}

/** The query phase, in its own process on a read-only connection: its RSS is what a live node holds. */
function runQueries(path: string): QueryReport {
  const db = openStore(path, { readonly: true, ...(MMAP_MB === '' ? {} : { mmapBytes: Number(MMAP_MB) * 1048576 }) })
  const index = new SqliteSearchIndex(db)
  const watermark = db.query<{ s: number }, []>('SELECT max(seq) AS s FROM articles').get()?.s ?? 0
  const data: DataView = { db, index, version: null, watermark }
  const url = new URL('http://localhost/')
  const queries = drawQueries()
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

/** Written every PROGRESS_EVERY articles while a store is built, so a build cut off (a session's end) can resume. */
interface BuildProgress {
  articles: number
  /** Seconds spent writing those articles, null when a part was written by a run that kept no record. */
  seconds: number | null
}
const PROGRESS_EVERY = 100_000

function readProgress(path: string): BuildProgress | null {
  if (!existsSync(path)) return null
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as BuildProgress
  } catch {
    return null
  }
}

/**
 * Writes `size` synthetic articles through the real ArticleWriter, resuming a store that a cut-off
 * run left part-built (every committed batch is whole, and the articles are generated from a fixed
 * seed, so the first `count(*)` are skipped); returns the seconds the whole build took, or null
 * when a part of it was written without a record of its time.
 */
function buildStore(path: string, size: number, progressPath: string): number | null {
  const db = openStore(path)
  const done = db.query<{ n: number }, []>('SELECT count(*) AS n FROM articles').get()?.n ?? 0
  // A record left beside a store that was since deleted says nothing about this build.
  if (done === 0) rmSync(progressPath, { force: true })
  const before = readProgress(progressPath) ?? { articles: 0, seconds: done === 0 ? 0 : null }
  // The record may lag the store by up to PROGRESS_EVERY articles: their time is then unknown.
  const priorSeconds = before.articles === done ? before.seconds : null
  if (done > 0)
    console.error(
      `resuming s${size}: ${done.toLocaleString('en-US')} articles already written${priorSeconds === null ? ' (their build time unknown)' : ''}`,
    )
  const writer = new ArticleWriter(db)
  // The articles already written are generated again to reach the seed's state, untimed.
  const generated = articles(size, 1)
  for (let i = 0; i < done; i++) generated.next()
  const t = performance.now()
  const record = (n: number) => {
    const seconds = priorSeconds === null ? null : priorSeconds + (performance.now() - t) / 1000
    // Written aside and renamed, so a kill mid-write never leaves half a record.
    writeFileSync(`${progressPath}.tmp`, JSON.stringify({ articles: n, seconds } satisfies BuildProgress))
    renameSync(`${progressPath}.tmp`, progressPath)
    return seconds
  }
  let batch: ArticleRow[] = []
  let written = done
  const flush = db.transaction((b: ArticleRow[]) => {
    for (const r of b) writer.write(r, 0)
  })
  for (const a of generated) {
    batch.push(a)
    if (batch.length === 5000) {
      flush(batch)
      written += batch.length
      batch = []
      if (written % PROGRESS_EVERY === 0) record(written)
    }
  }
  flush(batch)
  written += batch.length
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
  db.close()
  return record(written)
}

/** Orama on the same documents and the queries it can express (words, country, lang, date range, sort). */
async function oramaRun(size: number): Promise<{ buildMs: number; rssMb: number; ms: number[] }> {
  const rssBefore = process.memoryUsage().rss
  let t = performance.now()
  const orama = create({
    schema: {
      title: 'string',
      description: 'string',
      lang: 'enum',
      country: 'enum',
      host: 'enum',
      published_at: 'number',
    } as const,
  })
  const docs = [...articles(size, 1)].map((a) => ({
    title: a.title,
    description: a.description,
    lang: a.lang,
    country: a.country,
    host: a.host,
    published_at: Date.parse(a.published_at) / 1000,
  }))
  await insertMultiple(orama, docs, 5000)
  const buildMs = performance.now() - t
  const ms: number[] = []
  for (const q of drawQueries()) {
    if (q.cls.endpoint !== '/v1/search') continue
    const p = q.params
    const days = p.date === '24h' ? 1 : p.date === '7d' ? 7 : p.date === '30d' ? 30 : 90
    const where: Record<string, unknown> = { published_at: { between: [NOW_S - days * 86400, NOW_S - 1] } }
    if (p.country) where.country = { in: p.country.split(',') }
    if (p.lang) where.lang = { eq: p.lang }
    if (p.host) where.host = { eq: p.host }
    const term = (p.q ?? '').replace(/"|-\S+|\bOR\b/g, ' ').trim()
    t = performance.now()
    await oramaSearch(orama, {
      term,
      properties: ['title', 'description'],
      where,
      limit: 20,
      offset: Number(p.offset ?? 0),
      threshold: 0,
      ...(p.sort === 'relevance' && term !== ''
        ? {}
        : { sortBy: { property: 'published_at', order: p.sort === 'date_asc' ? 'ASC' : 'DESC' } }),
    })
    ms.push(performance.now() - t)
  }
  return { buildMs, rssMb: (process.memoryUsage().rss - rssBefore) / 1048576, ms }
}

const HTTP_BASE = arg('--http', '')
if (HTTP_BASE !== '') {
  const queries = drawQueries()
  for (const q of queries.slice(0, 50))
    await fetch(`${HTTP_BASE}${urlOf(q.cls.endpoint, q.params)}`).then((r) => r.arrayBuffer())
  const byClass = new Map<string, { weight: number; ms: number[]; slowest: string; statuses: Set<number> }>()
  for (const q of queries) {
    const url = `${HTTP_BASE}${urlOf(q.cls.endpoint, q.params)}`
    const t = performance.now()
    const res = await fetch(url, { headers: { 'accept-encoding': 'gzip' } })
    await res.arrayBuffer()
    const ms = performance.now() - t
    const c = byClass.get(q.cls.name) ?? { weight: q.cls.weight, ms: [], slowest: '', statuses: new Set<number>() }
    byClass.set(q.cls.name, c)
    if (ms > Math.max(0, ...c.ms)) c.slowest = `${ms.toFixed(1)} ms ${new URLSearchParams(q.params)}`
    c.ms.push(ms)
    c.statuses.add(res.status)
  }
  console.log(`over HTTP: ${HTTP_BASE}, ${CLASSES.length} classes × ${PER_CLASS} queries, one at a time\n`)
  console.log('| class | n | p50 ms | p99 ms | max ms | statuses |', '\n|---|---:|---:|---:|---:|---|')
  for (const [name, c] of byClass)
    console.log(
      `| ${name} | ${c.ms.length} | ${pct(c.ms, 50).toFixed(2)} | ${pct(c.ms, 99).toFixed(2)} | ${Math.max(...c.ms).toFixed(2)} | ${[...c.statuses].join(', ')} |`,
    )
  const all = [...byClass.values()].flatMap((c) => c.ms.map((ms) => ({ ms, w: c.weight / c.ms.length })))
  console.log(
    `| **weighted overall** | ${all.length} | ${weightedPct(all, 50).toFixed(2)} | ${weightedPct(all, 99).toFixed(2)} | ${Math.max(...all.map((x) => x.ms)).toFixed(2)} | |`,
  )
  console.log(['', 'slowest of each class:', ...[...byClass].map(([n, c]) => `- ${n}: ${c.slowest}`)].join('\n'))
  process.exit(0)
}

if (process.argv[2] === '--queries-on') {
  console.log(JSON.stringify(runQueries(process.argv[3] ?? '')))
  process.exit(0)
}

const out: string[] = []
for (const size of SIZES) {
  const dir = DB_DIR === '' ? mkdtempSync(join(tmpdir(), 'newsdesk-bench-search-')) : DB_DIR
  try {
    const path = join(dir, `s${size}.sqlite`)
    const sidecar = join(dir, `s${size}.json`)
    let built: { buildS: number | null } = { buildS: null }
    // The sidecar is written once a build completes: a store without one was cut off and resumes.
    if (DB_DIR !== '' && existsSync(path) && existsSync(sidecar)) {
      openStore(path).close() // a kept store from an older schema is migrated first, as the batch job would
      built = JSON.parse(readFileSync(sidecar, 'utf8')) as { buildS: number | null }
    } else {
      built = { buildS: buildStore(path, size, join(dir, `s${size}.progress.json`)) }
      writeFileSync(sidecar, JSON.stringify(built))
    }
    // The batch job's step after every ingest (store/term-counts.ts): a kept store is counted in full once.
    const countsStarted = performance.now()
    const countsDb = openStore(path)
    const counts = refreshTermCounts(
      countsDb,
      Math.floor(Date.now() / 1000),
      COUNT_MIN_DOCS === '' ? {} : { minDocs: Number(COUNT_MIN_DOCS) },
    )
    countsDb.close()
    const countsS = (performance.now() - countsStarted) / 1000
    const fileBytes = Bun.file(path).size
    const child = Bun.spawnSync(
      [
        process.execPath,
        import.meta.path,
        '--queries-on',
        path,
        '--per-class',
        String(PER_CLASS),
        ...(MMAP_MB === '' ? [] : ['--mmap-mb', MMAP_MB]),
      ],
      { stdout: 'pipe', stderr: 'inherit' },
    )
    if (child.exitCode !== 0) throw new Error(`query phase failed at ${size}`)
    const report = JSON.parse(child.stdout.toString()) as QueryReport
    const all = report.classes.flatMap((c) => c.ms.map((ms) => ({ ms, w: c.weight / c.ms.length })))
    const searchOnly = report.classes
      .filter((c) => !c.name.startsWith('stats') && !c.name.startsWith('entities'))
      .flatMap((c) => c.ms.map((ms) => ({ ms, w: c.weight / c.ms.length })))
    out.push(
      `\n### ${size.toLocaleString('en-US')} articles: store ${mb(fileBytes)}, built in ${built.buildS === null ? '?' : `${built.buildS.toFixed(0)} s`}; word counts ${counts.keys} words (${counts.added} counted, ${counts.staleDays} days recounted in ${countsS.toFixed(0)} s); reader RSS ${mb(report.rss)} (${mb(report.rssAnon)} own + ${mb(report.rssFile)} mapped file pages)\n`,
    )
    out.push(
      '| class | weight | n | p50 ms | p99 ms | max ms | plain FTS5 p50 ms |',
      '|---|---:|---:|---:|---:|---:|---:|',
    )
    for (const c of report.classes) {
      out.push(
        `| ${c.name} | ${c.weight} | ${c.ms.length} | ${pct(c.ms, 50).toFixed(2)} | ${pct(c.ms, 99).toFixed(2)} | ${Math.max(...c.ms).toFixed(2)} | ${c.floorMs.length > 0 ? pct(c.floorMs, 50).toFixed(2) : '–'} |`,
      )
    }
    out.push(
      `| **weighted overall (search classes)** | | ${searchOnly.length} | **${weightedPct(searchOnly, 50).toFixed(2)}** | **${weightedPct(searchOnly, 99).toFixed(2)}** | | |`,
    )
    out.push(
      `| weighted overall (with stats) | | ${all.length} | ${weightedPct(all, 50).toFixed(2)} | ${weightedPct(all, 99).toFixed(2)} | | |`,
    )
    out.push(
      '',
      'slowest query of each class (and without words, where a slower one had words):',
      ...report.classes.map(
        (c) =>
          `- ${c.name}: ${c.slowest}${c.slowestNoWords !== '' && c.slowestNoWords !== c.slowest ? `; without words ${c.slowestNoWords}` : ''}`,
      ),
    )
    if (WITH_ORAMA && size <= 100_000) {
      const o = await oramaRun(size)
      const ours = searchOnly.map((s) => s.ms)
      out.push(
        '',
        `Orama 3.1 on the same ${size.toLocaleString('en-US')} documents and the same search queries (words stripped of phrase/OR/exclusion syntax; no tld, strict, dedupe): build ${(o.buildMs / 1000).toFixed(1)} s, +${o.rssMb.toFixed(0)} MB; p50 ${pct(o.ms, 50).toFixed(2)} ms, p99 ${pct(o.ms, 99).toFixed(2)} ms — **${(pct(o.ms, 50) / pct(ours, 50)).toFixed(0)}× our p50** (${pct(ours, 50).toFixed(2)} ms), ${(pct(o.ms, 99) / pct(ours, 99)).toFixed(0)}× our p99`,
      )
    }
  } finally {
    if (DB_DIR === '') rmSync(dir, { recursive: true, force: true })
  }
}
console.log(
  `query mix: ${CLASSES.length} classes × ${PER_CLASS} queries, each a URL's parameters through validation and the answer function (JSON included); ranges: 50% the default 90 days, 20% 7d, 20% 24h, 10% 30d`,
)
console.log(out.join('\n'))
console.log(
  '\nTargets: at 1M every class p99 ≤ 50 ms, overall p50 ≤ 3 ms, stats p99 ≤ 100 ms; at 10M every class p99 ≤ 200 ms.',
)
