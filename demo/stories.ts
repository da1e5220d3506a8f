/** A day's multi-publisher stories per country (demo/plan.ts): which publishers tell them, when, in which words. */
import { ymd } from './dates.ts'
import { findCountry } from './geo.ts'
import { type DemoLang, LANG_PACKS } from './lang/index.ts'
import {
  CATEGORY_W,
  CATEGORY_WEIGHTS,
  MEAN_STORY_SIZE,
  STORY_SHARE,
  WEEKDAY,
  pickWeighted,
  sampleWeighted,
} from './plan-mix.ts'
import type { PlanContext, StorySpec } from './plan-types.ts'
import { DAY_MS } from './prices.ts'
import { at, hashKey, Rng, TAG } from './prng.ts'
import { type ArticleSlots, personName, topicOf } from './text.ts'

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
