/**
 * Synthetic articles for the benchmarks, shaped like a news crawl rather than like noise:
 * - countries are skewed as in CC-NEWS (the US and a few large markets carry most articles, a long
 *   tail carries a few each), and each publisher keeps one country, one language and one TLD, as
 *   real hosts do; publishers' output follows a Zipf law (a few wires, many small sites);
 * - headlines and descriptions mix real words of the demo archive's vocabulary in the article's
 *   language (demo/lang: `police`, `football`, `bitcoin`…) with a Zipf vocabulary of
 *   synthetic tokens (`w0`, `w1`, … : rank 0 is the most common), so queries can ask for common,
 *   rare and absent words of either kind;
 * - 8% of English articles from US hosts take the en-US default country (`strict_country` drops
 *   them) and 4% of articles are syndicated copies of an earlier one on another host of the same
 *   language (same title, `dedupe` folds them).
 * Published over the 90 days before NOW_S; written through the real ArticleWriter by the caller.
 */
import type { ArticleEntity } from '../core/entity.ts'
import { articleId } from '../core/article-id.ts'
import { isoSeconds } from '../core/config.ts'
import { mulberry32 } from '../core/random.ts'
import type { ArticleRow } from '../store/articles.ts'
import { LANG_PACKS } from '../demo/lang/index.ts'

export const NOW_S = Date.parse('2026-11-21T14:00:00Z') / 1000

/** Country, its language, and its weight in the crawl (articles per 1,000, roughly CC-NEWS's mix). */
const COUNTRY_MIX: ReadonlyArray<readonly [country: string, lang: string, weight: number]> = [
  ['US', 'en', 260],
  ['GB', 'en', 90],
  ['IN', 'en', 70],
  ['DE', 'de', 50],
  ['FR', 'fr', 40],
  ['ES', 'es', 35],
  ['IT', 'it', 32],
  ['BR', 'pt', 30],
  ['AU', 'en', 28],
  ['CA', 'en', 28],
  ['RU', 'ru', 26],
  ['MX', 'es', 22],
  ['JP', 'ja', 20],
  ['NL', 'nl', 18],
  ['TR', 'tr', 18],
  ['AR', 'es', 14],
  ['KR', 'ko', 12],
  ['CN', 'zh', 12],
  ['IE', 'en', 10],
  ['PT', 'pt', 10],
  ['AT', 'de', 10],
  ['CH', 'de', 9],
  ['BE', 'fr', 9],
  ['ZA', 'en', 9],
  ['NG', 'en', 8],
  ['EG', 'ar', 7],
  ['SA', 'ar', 6],
  ['CO', 'es', 6],
  ['CL', 'es', 5],
  ['NZ', 'en', 5],
  ['PK', 'en', 5],
  ['PH', 'en', 5],
  ['KE', 'en', 4],
  ['GR', 'en', 3],
  ['IS', 'en', 1],
  ['LU', 'fr', 1],
]
export const COUNTRIES: readonly string[] = COUNTRY_MIX.map(([c]) => c)
export const LANGS: readonly string[] = [...new Set(COUNTRY_MIX.map(([, l]) => l))]
const HOSTS = 3_000
const ZIPF_VOCAB = 20_000

/** Words of the demo archive's topics and headlines, per language (lower case, letters only). */
const DEMO_WORDS: ReadonlyMap<string, readonly string[]> = new Map(
  Object.values(LANG_PACKS).map((pack) => {
    const texts: string[] = [...Object.values(pack.topics).flat(), ...pack.headlines]
    const words = new Set<string>()
    for (const t of texts)
      for (const w of t.toLowerCase().split(/[^\p{L}\p{M}\p{N}]+/u)) if (w.length >= 3 && !w.includes('{')) words.add(w)
    return [pack.lang, [...words].sort()]
  }),
)

/** The demo vocabulary of a language (English when the demo has none). */
export function demoWords(lang: string): readonly string[] {
  return DEMO_WORDS.get(lang) ?? DEMO_WORDS.get('en') ?? []
}

/** Zipf rank in [0, n): rank r drawn with probability ∝ 1/(r+1). */
function zipfRank(rnd: () => number, n: number): number {
  return Math.min(n - 1, Math.floor(Math.exp(rnd() * Math.log(n + 1)) - 1))
}

export interface Publisher {
  host: string
  country: string
  lang: string
  tld: string
}

/** The fixed publishers of the synthetic crawl (index = Zipf popularity rank). */
export const PUBLISHERS: readonly Publisher[] = (() => {
  const rnd = mulberry32(77)
  const total = COUNTRY_MIX.reduce((s, [, , w]) => s + w, 0)
  return Array.from({ length: HOSTS }, (_, i) => {
    let u = rnd() * total
    let pick = COUNTRY_MIX[0] as (typeof COUNTRY_MIX)[number]
    for (const c of COUNTRY_MIX) {
      u -= c[2]
      if (u < 0) {
        pick = c
        break
      }
    }
    const [country, lang] = pick
    const tld = rnd() < 0.35 ? 'com' : country.toLowerCase()
    return { host: `pub${i}.news-${country.toLowerCase()}.${tld}`, country, lang, tld }
  })
})()

function zipfWord(rnd: () => number): string {
  return `w${zipfRank(rnd, ZIPF_VOCAB).toString(36)}`
}

function text(rnd: () => number, lang: string, n: number): string {
  const demo = demoWords(lang)
  return Array.from({ length: n }, () =>
    rnd() < 0.5 ? (demo[zipfRank(rnd, demo.length)] as string) : zipfWord(rnd),
  ).join(' ')
}

/** Category shares of a general news crawl (rough, from the demo's enrichment), heaviest first. */
const CATEGORY_MIX: readonly (readonly [string, number])[] = [
  ['world', 16],
  ['politics', 14],
  ['business', 14],
  ['sport', 13],
  ['entertainment', 10],
  ['society', 9],
  ['crime', 7],
  ['technology', 7],
  ['health', 5],
  ['science', 3],
  ['environment', 2],
]
const CATEGORY_TOTAL = CATEGORY_MIX.reduce((s, [, w]) => s + w, 0)

/** A category and a tone (label with a score of its sign, in thousandths), from their own stream so the text stays as before. */
function signals(rnd: () => number): { category: string; sentiment: 'pos' | 'neu' | 'neg'; score: number } {
  let u = rnd() * CATEGORY_TOTAL
  let category = 'world'
  for (const [c, w] of CATEGORY_MIX) {
    u -= w
    if (u < 0) {
      category = c
      break
    }
  }
  const t = rnd()
  const m = rnd()
  const sentiment = t < 0.3 ? 'neg' : t < 0.78 ? 'neu' : 'pos'
  const score = sentiment === 'pos' ? 0.1 + 0.9 * m : sentiment === 'neg' ? -0.1 - 0.9 * m : (m - 0.5) * 0.2
  return { category, sentiment, score: Math.round(score * 1000) / 1000 || 0 }
}

/** Distinct synthetic entities; ranks are Zipf-drawn, so a few are in several percent of articles. */
const ENTITY_POOL = 50_000
const ENTITY_TYPES_CYCLE = ['person', 'organisation', 'place'] as const

/** The key of the synthetic entity of this Zipf rank (0 the most named). */
export function syntheticEntityKey(rank: number): string {
  return `${ENTITY_TYPES_CYCLE[rank % 3]}:e${rank.toString(36)}`
}

/** 2–9 entities an article, from their own random stream (the other fields stay as they were). */
function syntheticEntities(rnd: () => number, country: string): ArticleEntity[] {
  const n = 2 + Math.floor(rnd() * 8)
  const out = new Map<string, ArticleEntity>()
  for (let k = 0; k < n; k++) {
    const rank = zipfRank(rnd, ENTITY_POOL)
    const type = ENTITY_TYPES_CYCLE[rank % 3] as (typeof ENTITY_TYPES_CYCLE)[number]
    const key = syntheticEntityKey(rank)
    const prev = out.get(key)
    if (prev !== undefined) prev.count++
    else
      out.set(key, { key, name: `E${rank.toString(36)}`, type, count: 1, country: type === 'place' ? country : null })
  }
  return [...out.values()]
}

export function* articles(n: number, seed: number): Generator<ArticleRow> {
  const rnd = mulberry32(seed)
  const signalRnd = mulberry32(seed + 7919)
  const entityRnd = mulberry32(seed + 2727)
  const recent: Array<{
    title: string
    description: string
    lang: string
    host: string
    dupKey: string
    published: number
  }> = []
  for (let i = 0; i < n; i++) {
    let pub = PUBLISHERS[zipfRank(rnd, PUBLISHERS.length)] as Publisher
    let title = text(rnd, pub.lang, 8 + Math.floor(rnd() * 5))
    let description = text(rnd, pub.lang, 25 + Math.floor(rnd() * 11))
    let published = NOW_S - Math.floor(rnd() * 90 * 86400)
    let dupKey = ''
    const source = recent.length > 0 && rnd() < 0.04 ? recent[Math.floor(rnd() * recent.length)] : undefined
    if (source !== undefined) {
      // A syndicated copy: same headline and text, another host of the language, within a few hours.
      const other = PUBLISHERS.find((p, k) => p.lang === source.lang && p.host !== source.host && k % 7 === i % 7)
      if (other !== undefined) {
        pub = other
        title = source.title
        description = source.description
        published = Math.min(NOW_S - 1, source.published + Math.floor(rnd() * 6 * 3600))
        dupKey = source.dupKey
      }
    }
    const url = `https://${pub.host}/a/${i}`
    const id = articleId(url)
    if (dupKey === '') dupKey = `${id.slice(0, 16)}:${id.slice(16, 32)}`
    if (recent.length < 256) recent.push({ title, description, lang: pub.lang, host: pub.host, dupKey, published })
    else recent[i % 256] = { title, description, lang: pub.lang, host: pub.host, dupKey, published }
    const defaulted = pub.country === 'US' && rnd() < 0.08
    const { category, sentiment, score } = signals(signalRnd)
    yield {
      id,
      url,
      target_uri: url,
      title,
      description,
      published_at: isoSeconds(new Date(published * 1000)),
      date_source: 'meta',
      crawled_at: isoSeconds(new Date((published + 900) * 1000)),
      host: pub.host,
      tld: pub.tld,
      image: '',
      authors: [],
      tags: [],
      text: description,
      words: 300,
      declared_lang: pub.lang,
      section: '',
      site_country: '',
      lang: pub.lang,
      country: pub.country,
      country_source: defaulted ? 'default' : 'tld',
      category,
      category_confidence: 0,
      category_by: 'terms',
      sentiment,
      score,
      labelled_by: 'lexicon',
      lexicon_score: 0,
      lexicon_terms: '',
      is_bitcoin: false,
      entities: syntheticEntities(entityRnd, pub.country),
      dup_key: dupKey,
      source_file: 'bench',
    }
  }
}

export { mulberry32 }
