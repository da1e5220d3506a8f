import { beforeAll, describe, expect, test } from 'bun:test'
import { CATEGORIES } from '../../core/categories.ts'
import { DEMO_DEFAULTS, DEMO_LANGS } from '../../demo/index.ts'
import { createPlanContext, type PlanContext, planHour } from '../../demo/plan.ts'
import { type TruthArticle, TruthBuilder } from '../../demo/truth.ts'
import { BITCOIN_RE, NOW, pearson } from './fixtures.ts'

/** The default archive (90 days × 800 articles a day), planned but not written: timing-free properties. */
const DAYS = DEMO_DEFAULTS.days
let ctx: PlanContext
const truth = new TruthBuilder()
const lines: TruthArticle[] = []
const perHour = new Map<number, number>()

beforeAll(() => {
  ctx = createPlanContext(DEMO_DEFAULTS.seed, DEMO_DEFAULTS.articlesPerDay)
  const end = Math.floor(NOW.getTime() / 3_600_000)
  for (let hour = end - DAYS * 24; hour < end; hour++) {
    const plan = planHour(ctx, hour)
    for (const line of truth.addHour(plan).split('\n')) if (line !== '') lines.push(JSON.parse(line) as TruthArticle)
    perHour.set(hour, plan.records.filter((r) => r.kind === 'article').length)
  }
}, 30_000)

describe('default-size demo archive plan', () => {
  test('about 800 articles a day, fewer at weekends and at night', () => {
    const counts = truth.counts()
    expect(counts.articles / DAYS).toBeGreaterThan(720)
    expect(counts.articles / DAYS).toBeLessThan(880)
    const byWeekday = new Array<number>(7).fill(0)
    const byUtcHour = new Array<number>(24).fill(0)
    for (const [hour, n] of perHour) {
      const weekday = new Date(hour * 3_600_000).getUTCDay()
      byWeekday[weekday] = (byWeekday[weekday] ?? 0) + n
      byUtcHour[hour % 24] = (byUtcHour[hour % 24] ?? 0) + n
    }
    expect(Math.max(byWeekday[0] ?? 0, byWeekday[6] ?? 0)).toBeLessThan(Math.min(...byWeekday.slice(1, 6)))
    expect(Math.max(...byUtcHour)).toBeGreaterThan(2 * Math.min(...byUtcHour))
  })

  test('breadth at scale: all 14 languages and 11 categories, 25+ countries', () => {
    const languages = new Set(lines.map((l) => l.lang))
    expect([...languages].sort()).toEqual([...DEMO_LANGS].sort())
    expect(new Set(lines.map((l) => l.category))).toEqual(new Set(CATEGORIES))
    expect(new Set(lines.map((l) => l.country)).size).toBeGreaterThanOrEqual(25)
    expect(new Set(lines.map((l) => l.host)).size).toBeGreaterThan(290)
  })

  test('imperfections at the planned rates', () => {
    const c = truth.counts()
    const malformed = Object.values(c.malformed).reduce((s, n) => s + n, 0) / DAYS
    expect(malformed).toBeGreaterThanOrEqual(3)
    expect(malformed).toBeLessThanOrEqual(9)
    expect(c.duplicates / c.articles).toBeGreaterThan(0.005)
    expect(c.duplicates / c.articles).toBeLessThan(0.03)
    expect(c.syndicated / c.articles).toBeGreaterThan(0.004)
    expect(c.non_html).toBeGreaterThan(DAYS * 5)
    expect(c.non_200).toBeGreaterThan(DAYS * 5)
  })

  test('about 4% bitcoin articles, named as such; stories of one country by 2+ publishers', () => {
    const c = truth.counts()
    expect(c.bitcoin_articles / c.articles).toBeGreaterThan(0.03)
    expect(c.bitcoin_articles / c.articles).toBeLessThan(0.05)
    for (const l of lines) expect(BITCOIN_RE.test(`${l.title} ${l.description}`)).toBe(l.is_bitcoin)
    const stories = new Map<string, { countries: Set<string>; hosts: Set<string>; n: number }>()
    for (const l of lines) {
      if (l.story_id === null) continue
      const s = stories.get(l.story_id) ?? { countries: new Set(), hosts: new Set(), n: 0 }
      s.countries.add(l.country)
      s.hosts.add(l.host)
      s.n++
      stories.set(l.story_id, s)
    }
    expect(stories.size).toBeGreaterThan(DAYS * 30)
    for (const s of stories.values()) expect(s.countries.size).toBe(1)
    const complete = [...stories.values()].filter((s) => s.n >= 3)
    expect(complete.filter((s) => s.hosts.size >= 2).length / complete.length).toBeGreaterThan(0.98)
  })

  test('over 90 days the tone of bitcoin news follows the previous day’s BTC return', () => {
    const tone = new Map<number, { net: number; n: number }>()
    const seen = new Set<string>()
    for (const l of lines) {
      if (!l.is_bitcoin || seen.has(l.canonical_url)) continue
      seen.add(l.canonical_url)
      const day = Math.floor(Date.parse(l.published_at) / 86_400_000)
      const t = tone.get(day) ?? { net: 0, n: 0 }
      t.net += l.tone === 'pos' ? 1 : l.tone === 'neg' ? -1 : 0
      t.n++
      tone.set(day, t)
    }
    const r = (shift: number): number => {
      const days = [...tone.keys()].filter((d) => (tone.get(d)?.n ?? 0) >= 5)
      return pearson(
        days.map((d) => (tone.get(d)?.net ?? 0) / (tone.get(d)?.n ?? 1)),
        days.map((d) => ctx.btc.dailyReturn(d + shift)),
      )
    }
    expect(r(-1)).toBeGreaterThan(0.75)
    expect(Math.abs(r(0))).toBeLessThan(0.25)
    expect(Math.abs(r(-2))).toBeLessThan(0.25)
  })
})
