/**
 * Issue 5 on the demo archive: the planted stories of the default 24h window are recovered by
 * /v1/trends (purity and recall ≥ 0.9), with the right country and category, and publishers
 * counted as the generator planted them.
 */
import { beforeAll, expect, test } from 'bun:test'
import { createApp } from '../../live/app.ts'
import { SqliteSearchIndex } from '../../store/search-sqlite.ts'
import { DEMO_NOW, type DemoStore, type TruthStory, demoStore } from '../support/demo-store.ts'

interface Trend {
  country: string
  category: string
  slug: string
  articles: number
  publishers: number
}

let demo: DemoStore
let recovered: { trend: Trend; urls: Set<string> }[] = []
let planted: TruthStory[] = []

beforeAll(async () => {
  demo = await demoStore()
  const db = demo.db
  const app = createApp({
    data: () => ({ db, index: new SqliteSearchIndex(db), version: 't', watermark: null }),
    clock: () => DEMO_NOW,
    uptimeSeconds: () => 0,
    version: 't',
  })
  const list = (await (await app.handle(new Request('http://localhost/v1/trends?min_articles=2&size=200'))).json()) as {
    trends: Trend[]
    total: number
  }
  expect(list.total).toBeLessThanOrEqual(200)
  recovered = await Promise.all(
    list.trends.map(async (trend) => {
      const detail = (await (
        await app.handle(
          new Request(`http://localhost/v1/trends/${trend.country}/${encodeURIComponent(trend.slug)}?size=500`),
        )
      ).json()) as { items: { url: string }[] }
      return { trend, urls: new Set(detail.items.map((i) => i.url)) }
    }),
  )
  const since = DEMO_NOW.getTime() - 86_400_000
  // planted stories wholly inside the window
  planted = demo.truth.stories.filter(
    (s) => Date.parse(s.first_seen) >= since && Date.parse(s.last_seen) < DEMO_NOW.getTime() && s.articles >= 2,
  )
}, 120_000)

test('the planted stories of the window are recovered: purity and recall ≥ 0.9', () => {
  expect(planted.length).toBeGreaterThan(10)
  let purity = 0
  let recall = 0
  let countryOk = 0
  let categoryOk = 0
  let publishersOk = 0
  for (const story of planted) {
    const urls = new Set(story.urls)
    let best: (typeof recovered)[number] | undefined
    let bestOverlap = 0
    for (const r of recovered) {
      const overlap = [...r.urls].filter((u) => urls.has(u)).length
      if (overlap > bestOverlap) (best = r), (bestOverlap = overlap)
    }
    if (best === undefined) continue
    purity += bestOverlap / best.urls.size
    recall += bestOverlap / urls.size
    if (best.trend.country === story.country) countryOk++
    if (best.trend.category === story.category) categoryOk++
    if (best.trend.publishers === story.publishers) publishersOk++
  }
  const n = planted.length
  console.log(
    `trends: ${n} planted stories, purity ${(purity / n).toFixed(3)}, recall ${(recall / n).toFixed(3)}, country ${countryOk}/${n}, category ${categoryOk}/${n}, publishers exact ${publishersOk}/${n}`,
  )
  expect(purity / n).toBeGreaterThanOrEqual(0.9)
  expect(recall / n).toBeGreaterThanOrEqual(0.9)
  expect(countryOk).toBe(n)
  expect(categoryOk / n).toBeGreaterThanOrEqual(0.9)
  // The generator's singletons sometimes reuse a story's person or topic, and a few headlines split
  // off: publisher counts are exact for most stories, not all (measured and reported above).
  expect(publishersOk / n).toBeGreaterThanOrEqual(0.6)
})
