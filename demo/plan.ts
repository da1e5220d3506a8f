/**
 * What each hour of the demo archive contains, decided before any byte is written. A plan is a
 * pure function of (seed, articles per day, hour): stories are derived from (seed, day, country),
 * recrawls from the fresh plans of earlier hours, so any hour can be planned on its own.
 */
import type { Category } from '../core/categories.ts'
import { COUNTRIES, findCountry } from './geo.ts'
import { type DemoLang, LANG_PACKS } from './lang/index.ts'
import { bitcoinFacts } from './btc-tone.ts'
import {
  BTC_SINGLETON_SHARE,
  CATEGORY_W,
  CATEGORY_WEIGHTS,
  DIURNAL,
  STORY_SHARE,
  WEEKDAY,
  pickWeighted,
} from './plan-mix.ts'
import {
  type ArticleSpec,
  type ExtraKind,
  type HourPlan,
  MALFORMED_KINDS,
  type MalformedKind,
  type PlanContext,
  type PlannedRecord,
  type StorySpec,
} from './plan-types.ts'
import { BtcSeries, HOUR_MS } from './prices.ts'
import { at, hashKey, Rng, TAG } from './prng.ts'
import { buildPublishers, type Publisher } from './publishers.ts'
import { storiesForDay } from './stories.ts'
import {
  type ArticleSlots,
  type BitcoinFacts,
  makeBtcHeadline,
  makeBtcLead,
  makeHeadline,
  makeLead,
  personName,
} from './text.ts'
import { articleUrl, crawlUri, extraUri } from './urls.ts'

export { toneProbabilities } from './btc-tone.ts'
export {
  type ArticleSpec,
  type ExtraKind,
  type HourPlan,
  MALFORMED_KINDS,
  type MalformedKind,
  type PageKind,
  type PlanContext,
  type PlannedRecord,
  type StorySpec,
} from './plan-types.ts'
export { DATE_SOURCES, truthPublishedMs } from './published-at.ts'
export { storiesForDay } from './stories.ts'
export { articleUrl, siteBase, slugify } from './urls.ts'

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

const EXTRA_KINDS: readonly ExtraKind[] = ['robots', 'json', 'image', 'redirect', 'not-found']

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
