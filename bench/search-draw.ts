/** How the search benchmark draws a query (bench/search.ts): the values it picks from and a class's shape. */
import { PUBLISHERS, demoWords, mulberry32, syntheticEntityKey } from './synthetic-articles.ts'

/** A query class: its share of traffic (weight) and how to draw one of its queries. */
export interface QueryClass {
  name: string
  weight: number
  endpoint: '/v1/search' | '/v1/stats' | '/v1/entities' | '/v1/entities/{key}'
  /** For `/v1/entities/{key}`: the params hold `key`, which goes into the path. */
  draw: (d: Draw) => Record<string, string>
}

/** Values a query is drawn from: real hosts, countries and languages of the synthetic crawl. */
export interface Draw {
  rnd: () => number
  pick: <T>(xs: readonly T[]) => T
  /** A country as users ask for them: big markets often, the tail sometimes. */
  country: () => { country: string; lang: string }
  /** A word of a language: common, mid-frequency or rare; demo vocabulary or Zipf token. */
  word: (lang: string, band?: 'common' | 'mid' | 'rare') => string
  range: () => Record<string, string>
}

export function drawer(seed: number): Draw {
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

export const withCountryWord = (d: Draw, extra: Record<string, string> = {}) => {
  const c = d.country()
  return { q: d.word(c.lang), country: c.country, ...d.range(), ...extra }
}

export const CATS = [
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
export const TONES = ['pos', 'neu', 'neg'] as const

/**
 * An entity key of the synthetic stores, drawn as users ask: the most named ones often, the long
 * tail sometimes, a key no article names now and then.
 */
export function entityKey(d: Draw): string {
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
