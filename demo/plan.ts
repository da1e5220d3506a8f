/**
 * What each hour of the demo archive contains, decided before any byte is written. A plan is a
 * pure function of (seed, articles per day, hour): stories are derived from (seed, day, country),
 * recrawls from the fresh plans of earlier hours, so any hour can be planned on its own.
 */
import type { DateSource } from '../core/article.ts'
import type { Category } from '../core/categories.ts'
import { parts, ymd } from './dates.ts'
import { COUNTRIES, findCountry } from './geo.ts'
import { type DemoLang, LANG_PACKS, type Tone } from './lang/index.ts'
import { BtcSeries, DAY_MS, HOUR_MS } from './prices.ts'
import { at, hashKey, hashUnit, Rng, TAG } from './prng.ts'
import { buildPublishers, type PageTemplate, type Publisher } from './publishers.ts'
import {
  type ArticleSlots,
  type BitcoinFacts,
  makeBtcHeadline,
  makeBtcLead,
  makeHeadline,
  makeLead,
  personName,
  topicOf,
} from './text.ts'

/** Share of articles that belong to a multi-publisher story. */
const STORY_SHARE = 0.4
const MEAN_STORY_SIZE = 7.5
/** Share of all articles that are about bitcoin (all of them singletons). */
const BTC_SHARE = 0.04
const BTC_SINGLETON_SHARE = BTC_SHARE / (1 - STORY_SHARE)
const RECRAWL_RATE = 0.015
const SYNDICATION_RATE = 0.015
const MAX_RECRAWL_AGE_H = 12
const IDS_PER_HOUR = 100_000
const EXTRA_PAGE_RATES: Readonly<Record<ExtraKind, number>> = {
  robots: 0.004,
  json: 0.004,
  image: 0.005,
  redirect: 0.006,
  'not-found': 0.006,
}

/** Relative article volume by local hour of day (0–23), a newsroom's day. */
const DIURNAL = normalise([
  0.25, 0.15, 0.1, 0.1, 0.15, 0.35, 0.7, 1.1, 1.5, 1.7, 1.7, 1.6, 1.5, 1.5, 1.5, 1.4, 1.3, 1.2, 1.1, 1.0, 0.9, 0.8, 0.6,
  0.4,
])
/** Relative volume by UTC weekday, Sunday first. */
const WEEKDAY = normalise([0.7, 1.1, 1.1, 1.1, 1.1, 1.05, 0.75])

const CATEGORY_WEIGHTS: readonly (readonly [Category, number])[] = [
  ['politics', 15],
  ['business', 13],
  ['sport', 14],
  ['entertainment', 9],
  ['technology', 8],
  ['society', 9],
  ['crime', 8],
  ['health', 7],
  ['science', 4],
  ['environment', 5],
  ['world', 8],
]
const CATEGORY_W = CATEGORY_WEIGHTS.map(([, w]) => w)

export type MalformedKind = 'truncated' | 'bad_content_length' | 'corrupt_payload'
export const MALFORMED_KINDS: readonly MalformedKind[] = ['truncated', 'bad_content_length', 'corrupt_payload']
export type ExtraKind = 'robots' | 'json' | 'image' | 'redirect' | 'not-found'
const EXTRA_KINDS: readonly ExtraKind[] = ['robots', 'json', 'image', 'redirect', 'not-found']
export type PageKind = 'article' | ExtraKind

export interface StorySpec {
  id: string
  country: string
  lang: DemoLang
  slots: ArticleSlots
  keywords: string[]
  size: number
  publishers: Publisher[]
  /** Per article: crawl hour, second within it, publisher, headline template. */
  articles: { hour: number; second: number; publisher: Publisher; template: number }[]
}

export interface ArticleSpec {
  /** Unique across the archive: hour × 100000 + position in the hour's fresh plan. */
  id: number
  publisher: Publisher
  lang: DemoLang
  slots: ArticleSlots
  story: StorySpec | null
  bitcoin: BitcoinFacts | null
  /** True publication instant, whole minutes. */
  publishedMs: number
  title: string
  /** First sentence of the body; the description on templates that have one. */
  lead: string
  /** The article this one is a syndicated copy of (same text on another host). */
  original: ArticleSpec | null
  canonicalUrl: string
}

export interface PlannedRecord {
  kind: PageKind
  crawlMs: number
  publisher: Publisher
  targetUri: string
  article: ArticleSpec | null
  recrawl: boolean
  malformed: MalformedKind | null
  /** Stable per-record key for content that is not an article (image bytes, redirects). */
  key: number
}

export interface HourPlan {
  hour: number
  records: PlannedRecord[]
}

export interface PlanContext {
  seed: number
  articlesPerDay: number
  publishers: readonly Publisher[]
  btc: BtcSeries
  countries: readonly string[]
  /** Publishers whose ground-truth country is the key. */
  byCountry: ReadonlyMap<string, readonly Publisher[]>
  byLang: ReadonlyMap<DemoLang, readonly Publisher[]>
  /** Share of the article volume per country (sums to 1). */
  countryShare: ReadonlyMap<string, number>
  storyCache: Map<number, StorySpec[]>
  freshCache: Map<number, HourPlan>
}

export function createPlanContext(seed: number, articlesPerDay: number): PlanContext {
  const publishers = buildPublishers(seed)
  const byCountry = new Map<string, Publisher[]>()
  const byLang = new Map<DemoLang, Publisher[]>()
  for (const p of publishers) {
    byCountry.set(p.country, [...(byCountry.get(p.country) ?? []), p])
    byLang.set(p.lang, [...(byLang.get(p.lang) ?? []), p])
  }
  const totalWeight = publishers.reduce((sum, p) => sum + p.weight, 0)
  const countryShare = new Map<string, number>()
  for (const [code, pubs] of byCountry) countryShare.set(code, pubs.reduce((s, p) => s + p.weight, 0) / totalWeight)
  return {
    seed,
    articlesPerDay,
    publishers,
    btc: new BtcSeries(seed),
    countries: COUNTRIES.map((c) => c.code),
    byCountry,
    byLang,
    countryShare,
    storyCache: new Map(),
    freshCache: new Map(),
  }
}

/** Everything in hour `hour` (hours since the Unix epoch), sorted by crawl time. */
export function planHour(ctx: PlanContext, hour: number): HourPlan {
  const fresh = freshHour(ctx, hour)
  const rng = new Rng(hashKey(ctx.seed, TAG.recrawl, hour))
  const articleCount = fresh.records.filter((r) => r.kind === 'article').length
  const recrawls: PlannedRecord[] = []
  const count = rng.dither(articleCount * RECRAWL_RATE)
  for (let i = 0; i < count; i++) {
    const earlier = freshHour(ctx, hour - 1 - rng.int(MAX_RECRAWL_AGE_H))
    const candidates = earlier.records.filter((r) => r.kind === 'article' && r.malformed === null && r.article !== null)
    if (candidates.length === 0) continue
    const original = rng.pick(candidates)
    if (original.article === null) continue
    recrawls.push({
      ...original,
      crawlMs: hour * HOUR_MS + rng.int(3600) * 1000,
      targetUri: crawlUri(original.article, rng),
      recrawl: true,
    })
  }
  const records = [...fresh.records, ...recrawls]
  // Stable sort: equal crawl times keep creation order.
  records.sort((a, b) => a.crawlMs - b.crawlMs)
  return { hour, records }
}

interface Draft {
  publisher: Publisher
  crawlMs: number
  story: StorySpec | null
  template: number
  malformed: MalformedKind | null
}

function freshHour(ctx: PlanContext, hour: number): HourPlan {
  const cached = ctx.freshCache.get(hour)
  if (cached !== undefined) return cached
  const plan = planFresh(ctx, hour)
  ctx.freshCache.set(hour, plan)
  if (ctx.freshCache.size > 4 * MAX_RECRAWL_AGE_H) {
    const oldest = ctx.freshCache.keys().next().value
    if (oldest !== undefined) ctx.freshCache.delete(oldest)
  }
  return plan
}

function planFresh(ctx: PlanContext, hour: number): HourPlan {
  const rng = new Rng(hashKey(ctx.seed, TAG.hour, hour))
  const day = Math.floor(hour / 24)
  const hourStart = hour * HOUR_MS
  const drafts: Draft[] = []

  for (const d of [day - 1, day, day + 1]) {
    for (const story of storiesForDay(ctx, d)) {
      for (const a of story.articles) {
        if (a.hour === hour)
          drafts.push({
            publisher: a.publisher,
            crawlMs: hourStart + a.second * 1000,
            story,
            template: a.template,
            malformed: null,
          })
      }
    }
  }

  const weekday = at(WEEKDAY, new Date(hourStart).getUTCDay())
  for (const code of ctx.countries) {
    const pubs = ctx.byCountry.get(code) ?? []
    const offsetH = Math.floor(findCountry(code).offsetMin / 60)
    const localHour = (((hour + offsetH) % 24) + 24) % 24
    const expected =
      (ctx.articlesPerDay * (ctx.countryShare.get(code) ?? 0) * weekday * (1 - STORY_SHARE) * at(DIURNAL, localHour)) /
      24
    const n = rng.dither(expected)
    for (let i = 0; i < n; i++) {
      drafts.push({
        publisher: pickWeighted(pubs, rng),
        crawlMs: hourStart + rng.int(3600) * 1000,
        story: null,
        template: rng.int(12),
        malformed: null,
      })
    }
  }

  for (const m of malformedForDay(ctx, day)) {
    if (m.hourOfDay !== hour % 24) continue
    drafts.push({
      publisher: pickWeighted(ctx.publishers, rng),
      crawlMs: hourStart + rng.int(3600) * 1000,
      story: null,
      template: rng.int(12),
      malformed: m.kind,
    })
  }

  const records: PlannedRecord[] = []
  let seq = 0
  const nextId = (): number => {
    if (seq >= IDS_PER_HOUR) throw new Error(`more than ${IDS_PER_HOUR} records planned in one hour`)
    return hour * IDS_PER_HOUR + seq++
  }

  for (const draft of drafts) {
    const article = writeArticle(ctx, draft, nextId(), rng)
    records.push({
      kind: 'article',
      crawlMs: draft.crawlMs,
      publisher: draft.publisher,
      targetUri: crawlUri(article, rng),
      article,
      recrawl: false,
      malformed: draft.malformed,
      key: article.id,
    })
  }

  const freshArticles = records.length
  const singles = records.filter((r) => r.article !== null && r.article.story === null && r.malformed === null)
  for (const source of singles) {
    if (!rng.chance(SYNDICATION_RATE) || source.article === null) continue
    const copy = syndicate(ctx, source.article, source.crawlMs, hourStart, nextId(), rng)
    if (copy !== null) records.push(copy)
  }

  for (const kind of EXTRA_KINDS) {
    const n = rng.dither(freshArticles * EXTRA_PAGE_RATES[kind])
    for (let i = 0; i < n; i++) {
      const publisher = pickWeighted(ctx.publishers, rng)
      const key = nextId()
      records.push({
        kind,
        crawlMs: hourStart + rng.int(3600) * 1000,
        publisher,
        targetUri: extraUri(kind, publisher, key, rng),
        article: null,
        recrawl: false,
        malformed: null,
        key,
      })
    }
  }

  return { hour, records }
}

function writeArticle(ctx: PlanContext, draft: Draft, id: number, rng: Rng): ArticleSpec {
  const { publisher, story } = draft
  const lang = publisher.lang
  const pack = LANG_PACKS[lang]
  const lagMin = Math.min(360, 3 + Math.floor(-Math.log(1 - rng.next()) * 40))
  const publishedMs = Math.floor((draft.crawlMs - lagMin * 60_000) / 60_000) * 60_000

  let slots: ArticleSlots
  let bitcoin: BitcoinFacts | null = null
  if (story !== null) {
    slots = story.slots
  } else {
    const isBitcoin = draft.malformed === null && rng.chance(BTC_SINGLETON_SHARE)
    const category: Category = isBitcoin ? 'business' : at(CATEGORY_WEIGHTS, rng.weighted(CATEGORY_W))[0]
    slots = {
      category,
      topicIndex: rng.int(pack.topics[category].length),
      place: rng.pick(publisher.places),
      person: personName(pack, rng),
    }
    if (isBitcoin) bitcoin = bitcoinFacts(ctx, publisher, publishedMs, draft.crawlMs, id)
  }

  const title = bitcoin !== null ? makeBtcHeadline(lang, bitcoin, rng) : makeHeadline(lang, slots, draft.template, rng)
  const lead = bitcoin !== null ? makeBtcLead(lang, bitcoin, rng) : makeLead(lang, slots, rng)
  const spec: ArticleSpec = {
    id,
    publisher,
    lang,
    slots,
    story,
    bitcoin,
    publishedMs,
    title,
    lead,
    original: null,
    canonicalUrl: '',
  }
  spec.canonicalUrl = articleUrl(spec)
  return spec
}

/**
 * The planted lag: the tone of a bitcoin article published (as the page tells) on UTC day t follows
 * the BTC return of day t-1 — price leads news by one day (correlation shift -1, DECISIONS.md).
 */
function bitcoinFacts(
  ctx: PlanContext,
  publisher: Publisher,
  publishedMs: number,
  crawlMs: number,
  id: number,
): BitcoinFacts {
  const truthMs = truthPublishedMs(publisher.template, publisher.offsetMin, publishedMs, crawlMs)
  const day = Math.floor(truthMs / DAY_MS)
  const previousReturn = ctx.btc.dailyReturn(day - 1)
  const tone = toneFor(previousReturn, hashUnit(ctx.seed, TAG.tone, id))
  const hour = Math.floor(publishedMs / HOUR_MS)
  return { tone, priceUsd: ctx.btc.close(hour - 1), movePct: Math.max(1, Math.round(Math.abs(previousReturn) * 100)) }
}

/** Tone probabilities move with the size of the return (s in (-1, 1)); a flat day is mostly neutral. */
export function toneProbabilities(dailyReturn: number): Record<Tone, number> {
  const s = Math.tanh(dailyReturn / 0.025)
  const pos = 0.2 + 0.6 * Math.max(s, 0) - 0.15 * Math.max(-s, 0)
  const neg = 0.2 + 0.6 * Math.max(-s, 0) - 0.15 * Math.max(s, 0)
  return { pos, neu: 1 - pos - neg, neg }
}

function toneFor(dailyReturn: number, u: number): Tone {
  const p = toneProbabilities(dailyReturn)
  return u < p.pos ? 'pos' : u < p.pos + p.neg ? 'neg' : 'neu'
}

function syndicate(
  ctx: PlanContext,
  original: ArticleSpec,
  originalCrawlMs: number,
  hourStart: number,
  id: number,
  rng: Rng,
): PlannedRecord | null {
  const sameLang = (ctx.byLang.get(original.lang) ?? []).filter((p) => p.host !== original.publisher.host)
  if (sameLang.length === 0) return null
  const publisher = pickWeighted(sameLang, rng)
  const hourEnd = hourStart + HOUR_MS - 1000
  const crawlMs = Math.min(hourEnd, Math.max(originalCrawlMs, hourStart + rng.int(3600) * 1000))
  const publishedMs = Math.min(
    original.publishedMs + (5 + rng.int(25)) * 60_000,
    Math.floor((crawlMs - 60_000) / 60_000) * 60_000,
  )
  const copy: ArticleSpec = { ...original, id, publisher, story: null, publishedMs, original, canonicalUrl: '' }
  copy.canonicalUrl = articleUrl(copy)
  return {
    kind: 'article',
    crawlMs,
    publisher,
    targetUri: copy.canonicalUrl,
    article: copy,
    recrawl: false,
    malformed: null,
    key: id,
  }
}

/** A day's stories, per country: 3–15 articles from 2–8 publishers of one language, over 2–8 hours. */
export function storiesForDay(ctx: PlanContext, day: number): StorySpec[] {
  const cached = ctx.storyCache.get(day)
  if (cached !== undefined) return cached
  const stories: StorySpec[] = []
  const weekday = at(WEEKDAY, new Date(day * DAY_MS).getUTCDay())
  ctx.countries.forEach((code, countryIndex) => {
    const rng = new Rng(hashKey(ctx.seed, TAG.storyDay, day, countryIndex))
    const country = findCountry(code)
    const pubs = ctx.byCountry.get(code) ?? []
    const editions = country.editions.filter((e) => pubs.filter((p) => p.lang === e.lang).length >= 2)
    if (editions.length === 0) return
    const editionWeights = editions.map((e) => pubs.filter((p) => p.lang === e.lang).reduce((s, p) => s + p.weight, 0))
    const expected = (ctx.articlesPerDay * (ctx.countryShare.get(code) ?? 0) * weekday * STORY_SHARE) / MEAN_STORY_SIZE
    const n = rng.dither(expected)
    const used = new Set<string>()
    for (let k = 0; k < n; k++) {
      const edition = at(editions, rng.weighted(editionWeights))
      const lang = edition.lang
      const pack = LANG_PACKS[lang]
      const category = at(CATEGORY_WEIGHTS, rng.weighted(CATEGORY_W))[0]
      let topicIndex = rng.int(pack.topics[category].length)
      for (let tries = 0; used.has(`${lang}:${category}:${topicIndex}`) && tries < 20; tries++)
        topicIndex = rng.int(pack.topics[category].length)
      used.add(`${lang}:${category}:${topicIndex}`)
      const slots: ArticleSlots = {
        category,
        topicIndex,
        place: rng.pick(edition.places),
        person: personName(pack, rng),
      }

      const size = 3 + Math.min(12, Math.floor(-Math.log(1 - rng.next()) * (MEAN_STORY_SIZE - 3)))
      const candidates = pubs.filter((p) => p.lang === lang)
      const publishers = sampleWeighted(candidates, Math.min(size, candidates.length, rng.range(2, 8)), rng)
      const localStart = rng.range(6, 20)
      const duration = rng.range(2, 8)
      const startHour = day * 24 + localStart - Math.floor(country.offsetMin / 60)
      const templates = rng.shuffle(pack.headlines.map((_, i) => i))
      const articles = []
      for (let j = 0; j < size; j++) {
        articles.push({
          hour: startHour + Math.floor((j * duration) / size),
          second: rng.int(3600),
          publisher: j < publishers.length ? at(publishers, j) : pickWeighted(publishers, rng),
          template: at(templates, j % templates.length),
        })
      }
      stories.push({
        id: `${ymd(day * DAY_MS)}-${code}-${lang}-${k + 1}`,
        country: code,
        lang,
        slots,
        keywords: storyKeywords(lang, slots),
        size,
        publishers,
        articles,
      })
    }
  })
  ctx.storyCache.set(day, stories)
  if (ctx.storyCache.size > 8) {
    const oldest = ctx.storyCache.keys().next().value
    if (oldest !== undefined) ctx.storyCache.delete(oldest)
  }
  return stories
}

/** The words a story's headlines share: its topic without the leading article, and its place. */
function storyKeywords(lang: DemoLang, slots: ArticleSlots): string[] {
  let topic = topicOf(lang, slots)
  for (const article of LANG_PACKS[lang].articles) {
    if (topic.toLowerCase().startsWith(article)) {
      topic = topic.slice(article.length)
      break
    }
  }
  return [topic, slots.place.name]
}

interface MalformedSlot {
  kind: MalformedKind
  hourOfDay: number
}

/** A few malformed records a day of each kind, scaled with the volume, at hours fixed by (seed, day). */
function malformedForDay(ctx: PlanContext, day: number): MalformedSlot[] {
  const rng = new Rng(hashKey(ctx.seed, TAG.malformed, day))
  const scale = Math.max(1, Math.round(ctx.articlesPerDay / 800))
  const slots: MalformedSlot[] = []
  for (const kind of MALFORMED_KINDS) {
    const n = (1 + rng.int(3)) * scale
    for (let i = 0; i < n; i++) slots.push({ kind, hourOfDay: rng.int(24) })
  }
  return slots
}

/** Where `published_at` can be read from, per template; `warc` means nowhere in the page. */
export const DATE_SOURCES: Readonly<Record<PageTemplate, DateSource>> = {
  og: 'meta',
  jsonld: 'jsonld',
  graph: 'jsonld',
  time: 'time',
  metadate: 'meta',
  urldate: 'url',
  bare: 'warc',
}

/**
 * `published_at` a correct extractor gets: the page's own timestamp; for a date only in the URL,
 * that date at 00:00Z (URL dates are UTC dates, so never after the crawl); with no date at all,
 * the crawl time (WARC-Date).
 */
export function truthPublishedMs(
  template: PageTemplate,
  offsetMin: number,
  publishedMs: number,
  crawlMs: number,
): number {
  switch (DATE_SOURCES[template]) {
    case 'url':
      return Math.floor(publishedMs / DAY_MS) * DAY_MS
    case 'warc':
      return crawlMs
    default:
      return publishedMs
  }
}

const LATIN_LANGS: ReadonlySet<DemoLang> = new Set<DemoLang>(['en', 'es', 'pt', 'fr', 'de', 'it', 'nl', 'tr'])

export function slugify(title: string, lang: DemoLang): string {
  let s = title.toLowerCase()
  if (lang === 'de') s = s.replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss')
  s = s
    .replace(/ı/g, 'i')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
  s = s.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '')
  return s.split('-').slice(0, 9).join('-')
}

export function siteBase(publisher: Publisher): string {
  return `https://${publisher.www ? 'www.' : ''}${publisher.host}`
}

/** The article's clean URL; the section, when present, is the category in the publisher's language. */
export function articleUrl(spec: ArticleSpec): string {
  const pub = spec.publisher
  const base = siteBase(pub)
  const section = LANG_PACKS[pub.lang].sections[spec.slots.category][0]
  const slug = LATIN_LANGS.has(pub.lang) ? slugify(spec.title, pub.lang) : ''
  const slugId = slug === '' ? String(spec.id) : `${slug}-${spec.id}`
  const local = parts(spec.publishedMs, pub.offsetMin)
  const utc = parts(spec.publishedMs)
  switch (pub.template) {
    case 'og':
      return slug === ''
        ? `${base}/${section}/${local.y}${local.m}${local.d}/${spec.id}.html`
        : `${base}/${section}/${slugId}`
    case 'jsonld':
      return `${base}/${section}/${local.y}/${local.m}/${local.d}/${slugId}/`
    case 'graph':
      return pub.sectionInUrl ? `${base}/${section}/${slugId}` : `${base}/news/${slugId}`
    case 'time':
      return `${base}/${section}/${slug === '' ? `a${spec.id}` : slugId}.html`
    case 'metadate':
      return pub.sectionInUrl ? `${base}/${section}/${spec.id}` : `${base}/articles/${spec.id}`
    case 'urldate':
      return `${base}/${utc.y}/${utc.m}/${utc.d}/${slugId}/`
    case 'bare':
      return `${base}/story/${spec.id}`
  }
}

/** The crawled URL: the clean one, or (on pages with a canonical link) one with feed tracking. */
function crawlUri(spec: ArticleSpec, rng: Rng): string {
  if (spec.original !== null || !spec.publisher.hasCanonical || !rng.chance(0.3)) return spec.canonicalUrl
  return `${spec.canonicalUrl}?utm_source=${rng.pick(['rss', 'twitter', 'newsletter', 'facebook'])}&utm_medium=${rng.pick(['feed', 'social', 'email'])}`
}

function extraUri(kind: ExtraKind, publisher: Publisher, key: number, rng: Rng): string {
  const base = siteBase(publisher)
  const section = LANG_PACKS[publisher.lang].sections[rng.pick(CATEGORY_WEIGHTS)[0]][0]
  switch (kind) {
    case 'robots':
      return `${base}/robots.txt`
    case 'json':
      return `${base}/api/v2/articles/latest.json?page=${1 + rng.int(5)}`
    case 'image':
      return `${base}/media/${key}.jpg`
    case 'redirect':
      return `http://${publisher.host}/${section}/${key}`
    case 'not-found':
      return `${base}/${section}/old-${key}.html`
  }
}

function pickWeighted<T extends { weight: number }>(items: readonly T[], rng: Rng): T {
  return at(items, rng.weighted(items.map((i) => i.weight)))
}

function sampleWeighted<T extends { weight: number }>(items: readonly T[], count: number, rng: Rng): T[] {
  const pool = items.slice()
  const out: T[] = []
  while (out.length < count && pool.length > 0) {
    const i = rng.weighted(pool.map((p) => p.weight))
    out.push(at(pool, i))
    pool.splice(i, 1)
  }
  return out
}

function normalise(values: readonly number[]): number[] {
  const mean = values.reduce((s, v) => s + v, 0) / values.length
  return values.map((v) => v / mean)
}
