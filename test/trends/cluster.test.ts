import { describe, expect, test } from 'bun:test'
import { CATEGORIES } from '../../core/categories.ts'
import { clusterStories } from '../../core/trends/cluster.ts'
import type { Story, TrendArticle } from '../../core/trends/types.ts'
import { HAND_BUILT, HAND_BUILT_COUNTRIES, NOW_MS, type Planted, everydayBackground } from './fixtures.ts'

const BACKGROUND = everydayBackground(HAND_BUILT_COUNTRIES)
const NOW_S = NOW_MS / 1000

function storyOf(stories: readonly Story[], id: string): Story {
  const s = stories.find((x) => x.items.some((a) => a.id === id))
  if (s === undefined) throw new Error(`no story holds ${id}`)
  return s
}

/** Seeded shuffle (mulberry32 + Fisher–Yates). */
function shuffled<T>(list: readonly T[], seed: number): T[] {
  let a = seed >>> 0
  const random = (): number => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const out = [...list]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[out[i], out[j]] = [out[j] as T, out[i] as T]
  }
  return out
}

function article(id: string, title: string, extra: Partial<TrendArticle> = {}): TrendArticle {
  return {
    id,
    url: `https://x.example/${id}`,
    title,
    host: `${id}.example`,
    lang: 'en',
    country: 'US',
    category: 'world',
    published_at: NOW_S - 3600,
    dup_key: id,
    ...extra,
  }
}

describe('hand-built stories (with a background of ordinary days)', () => {
  const stories = clusterStories(HAND_BUILT, { background: BACKGROUND })
  const planted = new Map<string, Planted[]>()
  for (const a of HAND_BUILT) if (a.story !== null) planted.set(a.story, [...(planted.get(a.story) ?? []), a])

  test('recall 1: every planted story is exactly one found story', () => {
    for (const [name, members] of planted) {
      const s = storyOf(stories, members[0]?.id ?? '')
      expect({ name, ids: s.items.map((a) => a.id).sort() }).toEqual({ name, ids: members.map((a) => a.id).sort() })
    }
  })

  test('purity 1: every singleton stays alone', () => {
    for (const a of HAND_BUILT.filter((x) => x.story === null)) expect(storyOf(stories, a.id).articles).toBe(1)
    expect(stories.length).toBe(planted.size + HAND_BUILT.filter((x) => x.story === null).length)
  })

  test('one country per story: the same news in another country is another story', () => {
    for (const s of stories) expect(new Set(s.items.map((a) => a.country))).toEqual(new Set([s.country]))
    const fed = HAND_BUILT.find((a) => a.story === 'fed')
    const fedGb = HAND_BUILT.find((a) => a.story === 'fed-gb')
    expect(storyOf(stories, fed?.id ?? '')).not.toBe(storyOf(stories, fedGb?.id ?? ''))
  })

  test('publishers: hosts once each, a syndicated copy (same dup_key) adds none', () => {
    const milton = planted.get('milton') ?? []
    const s = storyOf(stories, milton[0]?.id ?? '')
    expect(s.articles).toBe(milton.length)
    const groups = new Map<string, Planted>()
    for (const a of [...milton].sort((x, y) => x.published_at - y.published_at))
      if (!groups.has(a.dup_key)) groups.set(a.dup_key, a)
    expect(s.publishers).toBe(new Set([...groups.values()].map((a) => a.host)).size)
    expect(s.publishers).toBe(milton.length - 1)
  })

  test('near-duplicate headlines and syndicated copies are one line of headlines, newest first', () => {
    const milton = planted.get('milton') ?? []
    const s = storyOf(stories, milton[0]?.id ?? '')
    // 9 articles: one wire copy (same dup_key) and one headline differing only in punctuation and "the".
    expect(s.headlines.length).toBe(7)
    const titles = s.headlines.map((a) => a.title.toLowerCase())
    expect(titles.filter((t) => t.startsWith('millions without power')).length).toBe(1)
    expect(titles.filter((t) => t.startsWith('hurricane milton weakens')).length).toBe(1)
    const times = s.headlines.map((a) => a.published_at)
    expect(times).toEqual([...times].sort((x, y) => y - x))
  })

  test('items: every article, newest first; first/last seen span them', () => {
    for (const s of stories) {
      const times = s.items.map((a) => a.published_at)
      expect(times).toEqual([...times].sort((x, y) => y - x))
      expect(s.firstSeen).toBe(Math.min(...times))
      expect(s.lastSeen).toBe(Math.max(...times))
    }
  })

  test('category: the majority of the articles', () => {
    const category = (name: string) => storyOf(stories, planted.get(name)?.[0]?.id ?? '').category
    expect(category('milton')).toBe('environment') // 8 environment, 1 society
    expect(category('fed')).toBe('business') // 5 business, 1 politics
    expect(category('ampel')).toBe('politics')
  })

  test('keywords: a handful of the story words in their written form', () => {
    const words = (name: string) => storyOf(stories, planted.get(name)?.[0]?.id ?? '').keywords.map((k) => k.word)
    expect(words('milton')).toEqual(expect.arrayContaining(['milton', 'hurricane', 'tampa']))
    expect(words('eleicao')).toEqual(expect.arrayContaining(['nunes', 'boulos']))
    expect(words('ampel')).toEqual(expect.arrayContaining(['ampel', 'scholz', 'lindner']))
    for (const s of stories) expect(s.keywords.length).toBeLessThanOrEqual(5)
  })

  test('title: one of the story headlines; slug from it, unique per country', () => {
    for (const s of stories) expect(s.items.map((a) => a.title)).toContain(s.title)
    const keys = stories.map((s) => `${s.country}/${s.slug}`)
    expect(new Set(keys).size).toBe(keys.length)
  })

  test('the input order does not matter', () => {
    for (const seed of [1, 2, 3]) {
      expect(clusterStories(shuffled(HAND_BUILT, seed), { background: shuffled(BACKGROUND, seed) })).toEqual(stories)
    }
  })

  test('ordered by publishers, articles, last_seen, country, slug', () => {
    for (let i = 1; i < stories.length; i++) {
      const [a, b] = [stories[i - 1] as Story, stories[i] as Story]
      const key = (s: Story) => [-s.publishers, -s.articles, -s.lastSeen]
      const ka = key(a)
      const kb = key(b)
      const cmp =
        ka[0] !== kb[0]
          ? (ka[0] ?? 0) - (kb[0] ?? 0)
          : ka[1] !== kb[1]
            ? (ka[1] ?? 0) - (kb[1] ?? 0)
            : (ka[2] ?? 0) - (kb[2] ?? 0)
      expect(cmp < 0 || (cmp === 0 && `${a.country}/${a.slug}` < `${b.country}/${b.slug}`)).toBe(true)
    }
  })
})

describe('without a background', () => {
  test('still pure: no two planted stories and no singleton share a story', () => {
    const stories = clusterStories(HAND_BUILT)
    const truth = new Map(HAND_BUILT.map((a) => [a.id, a.story ?? `single:${a.id}`]))
    for (const s of stories) expect(new Set(s.items.map((a) => truth.get(a.id))).size).toBe(1)
  })
})

describe('rules', () => {
  test('the most representative headline is the title', () => {
    const stories = clusterStories([
      article('a1', 'Volcano erupts near Naples', { published_at: NOW_S - 4000 }),
      article('a2', 'Thousands evacuated as volcano erupts', { published_at: NOW_S - 3000 }),
      article('a3', 'Volcano erupts near Naples, thousands evacuated', { published_at: NOW_S - 2000 }),
      article('a4', 'Naples volcano: thousands evacuated', { published_at: NOW_S - 1000 }),
    ])
    expect(stories.length).toBe(1)
    expect(stories[0]?.title).toBe('Volcano erupts near Naples, thousands evacuated')
  })

  test('a category tie goes to the category listed first', () => {
    const stories = clusterStories([
      article('b1', 'Volcano erupts near Naples, thousands evacuated', { category: 'sport' }),
      article('b2', 'Naples volcano erupts: thousands evacuated', { category: 'politics' }),
    ])
    expect(stories.length).toBe(1)
    expect(CATEGORIES.indexOf('politics')).toBeLessThan(CATEGORIES.indexOf('sport'))
    expect(stories[0]?.category).toBe('politics')
  })

  test('a host publishing twice is one publisher', () => {
    const stories = clusterStories([
      article('c1', 'Volcano erupts near Naples', { host: 'same.example' }),
      article('c2', 'Naples volcano erupts, thousands evacuated', { host: 'same.example' }),
      article('c3', 'Thousands flee as volcano erupts near Naples', { host: 'other.example' }),
    ])
    expect(stories.map((s) => [s.articles, s.publishers])).toEqual([[3, 2]])
  })

  test('a syndicated copy on another host is no extra publisher, its first host counts', () => {
    const stories = clusterStories([
      article('d1', 'Volcano erupts near Naples', { host: 'wire.example', dup_key: 'w', published_at: NOW_S - 900 }),
      article('d2', 'Volcano erupts near Naples', { host: 'reprint.example', dup_key: 'w', published_at: NOW_S - 600 }),
      article('d3', 'Thousands flee as volcano erupts near Naples', { host: 'own.example' }),
    ])
    expect(stories.map((s) => [s.articles, s.publishers])).toEqual([[3, 2]])
  })

  test('the same headline days apart is two stories with collision-numbered slugs, the first bare', () => {
    const stories = clusterStories([
      article('e1', 'Weekly lottery results', { published_at: NOW_S - 5 * 86_400 }),
      article('e2', 'Weekly lottery results', { published_at: NOW_S - 86_400 }),
    ])
    expect(stories.length).toBe(2)
    const byTime = [...stories].sort((a, b) => a.firstSeen - b.firstSeen)
    expect(byTime.map((s) => s.slug)).toEqual(['weekly-lottery-results', 'weekly-lottery-results-2'])
  })

  test('the same slug in two countries is no collision', () => {
    const stories = clusterStories([
      article('f1', 'Weekly lottery results'),
      article('f2', 'Weekly lottery results', { country: 'GB' }),
    ])
    expect(stories.map((s) => `${s.country}/${s.slug}`).sort()).toEqual([
      'GB/weekly-lottery-results',
      'US/weekly-lottery-results',
    ])
  })

  test('scope, country and headline requirements', () => {
    const stories = clusterStories(
      [
        article('g1', 'Inside the scope'),
        article('g2', 'Before the scope', { published_at: NOW_S - 10 * 86_400 }),
        article('g3', 'At the end of the scope is outside', { published_at: NOW_S }),
        article('g4', 'No country', { country: '' }),
        article('g5', '   '),
      ],
      { sinceMs: NOW_MS - 86_400_000, untilMs: NOW_MS },
    )
    expect(stories.map((s) => s.items.map((a) => a.id))).toEqual([['g1']])
  })
})
