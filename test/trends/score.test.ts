import { describe, expect, test } from 'bun:test'
import { clusterStories } from '../../core/trends/cluster.ts'
import {
  BACKGROUND_DAYS,
  backgroundPiece,
  combineBackground,
  countBackground,
  isTopical,
  residualScore,
} from '../../core/trends/score.ts'
import type { TrendArticle } from '../../core/trends/types.ts'

const NOW_S = Date.parse('2026-11-21T14:00:00Z') / 1000
const DAY_S = 86_400

function article(id: string, title: string, publishedAt: number, extra: Partial<TrendArticle> = {}): TrendArticle {
  return {
    id,
    url: `https://x.example/${id}`,
    title,
    host: `h${id}.example`,
    lang: 'en',
    country: 'US',
    category: 'world',
    published_at: publishedAt,
    dup_key: id,
    ...extra,
  }
}

describe('residualScore: mean of (O − E)/√E with E = (B + 0.5) · N_w / N_b', () => {
  const window = { docs: 100, carrying: (k: string) => ({ new: 20, steady: 10, fading: 2 })[k] ?? 0 }
  const background = {
    docs: 1400,
    keys: new Map([
      ['steady', 140],
      ['fading', 280],
    ]),
  }
  const residual = (observed: number, b: number): number => {
    const e = ((b + 0.5) * 100) / 1400
    return (observed - e) / Math.sqrt(e)
  }
  test.each([
    { name: 'a word never seen before', keys: ['new'], want: residual(20, 0) },
    { name: 'a word at its usual rate', keys: ['steady'], want: residual(10, 140) },
    { name: 'a fading word', keys: ['fading'], want: residual(2, 280) },
    { name: 'the mean over keywords', keys: ['new', 'fading'], want: (residual(20, 0) + residual(2, 280)) / 2 },
  ])('$name', ({ keys, want }) => expect(residualScore(keys, window, background)).toBeCloseTo(want, 10))

  test('signs', () => {
    expect(residualScore(['new'], window, background)).toBeGreaterThan(10)
    expect(Math.abs(residualScore(['steady'], window, background))).toBeLessThan(0.2)
    expect(residualScore(['fading'], window, background)).toBeLessThan(0)
  })

  test.each([
    { name: 'no background', background: undefined },
    { name: 'an empty background', background: { docs: 0, keys: new Map<string, number>() } },
  ])('$name: 0', ({ background: b }) => expect(residualScore(['new'], window, b)).toBe(0))

  test('no keywords: 0', () => expect(residualScore([], window, background)).toBe(0))
})

describe("isTopical: bursts against the background (r ≥ 3), or without one, most of its window documents are the story's", () => {
  const window = { docs: 100, carrying: (k: string) => ({ new: 20, steady: 10, edge: 6 })[k] ?? 0 }
  const background = {
    docs: 1400,
    keys: new Map([
      ['steady', 140],
      ['edge', 0],
    ]),
  }
  // E = (B + 0.5)·100/1400; r = (O − E)/√E. new: E ≈ 0.036, r ≫ 3. steady: E ≈ 10.04, r ≈ 0.
  // edge: E ≈ 0.0357, O = 6: r ≈ 31.6 (kept); the same O with B = 50 gives E ≈ 3.61, r ≈ 1.26 (dropped).
  test.each([
    { name: 'a new word', key: 'new', inStory: 1, background, want: true },
    { name: 'a word at its usual rate', key: 'steady', inStory: 10, background, want: false },
    {
      name: 'a word seen often before',
      key: 'edge',
      inStory: 6,
      background: { docs: 1400, keys: new Map([['edge', 50]]) },
      want: false,
    },
    { name: 'a word never seen before', key: 'edge', inStory: 6, background, want: true },
    { name: 'no background: 11 of 20 in the story', key: 'new', inStory: 11, background: undefined, want: true },
    { name: 'no background: 10 of 20 (not most)', key: 'new', inStory: 10, background: undefined, want: false },
    {
      name: 'a background under 100 documents counts as none',
      key: 'steady',
      inStory: 6,
      background: { docs: 99, keys: new Map([['steady', 99]]) },
      want: true,
    },
  ])('$name', ({ key, inStory, background: b, want }) => expect(isTopical(key, inStory, window, b)).toBe(want))
})

describe('story score against the days before', () => {
  // Every day of the background: the same weather headline five times; nothing about a volcano.
  const background: TrendArticle[] = []
  for (let d = 1; d <= BACKGROUND_DAYS; d++) {
    for (let i = 0; i < 5; i++)
      background.push(
        article(
          `bg${d}-${i}`,
          `Weather forecast: sunny skies over Denver, day ${d * 5 + i}`,
          NOW_S - DAY_S - d * DAY_S + i * 3600,
        ),
      )
    for (let i = 0; i < 10; i++)
      background.push(
        article(
          `bgx${d}-${i}`,
          `Local council meets on budget item ${d * 10 + i}`,
          NOW_S - DAY_S - d * DAY_S + i * 1800,
        ),
      )
  }
  const window: TrendArticle[] = []
  for (let i = 0; i < 5; i++)
    window.push(article(`w${i}`, `Weather forecast: sunny skies over Denver again ${i}`, NOW_S - 20 * 3600 + i * 3600))
  for (let i = 0; i < 5; i++)
    window.push(article(`v${i}`, `Volcano erupts near Naples, thousands evacuated ${i}`, NOW_S - 10 * 3600 + i * 600))

  const stories = clusterStories(window, { background })
  const weather = stories.find((s) => s.title.startsWith('Weather'))
  const volcano = stories.find((s) => s.title.startsWith('Volcano'))

  test('a story whose words were absent before scores higher than one that was always there', () => {
    expect(volcano?.score ?? 0).toBeGreaterThan(weather?.score ?? 0)
    expect(volcano?.score ?? 0).toBeGreaterThan(0)
  })

  test('background as articles or as counts gives the same scores', () => {
    expect(clusterStories(window, { background: countBackground(background) })).toEqual(stories)
  })

  test('no background: every score is 0', () => {
    for (const s of clusterStories(window)) expect(s.score).toBe(0)
  })

  test('a background of another country does not count', () => {
    const elsewhere = background.map((a) => ({ ...a, country: 'GB' }))
    for (const s of clusterStories(window, { background: elsewhere })) expect(s.score).toBe(0)
  })
})

describe('background pieces: consecutive stretches combine into the counts of all their articles', () => {
  // Syndicated copies (one dup_key) across day boundaries and countries, ties at one instant,
  // articles given out of order: a group counts once, at its first article, wherever the cuts fall.
  const words = ['flood', 'senate', 'vote', 'market', 'storm', 'court', 'rally', 'strike', 'budget', 'election']
  const all: TrendArticle[] = []
  for (let i = 0; i < 400; i++) {
    const day = Math.floor((i * 7919) % 20)
    const at = NOW_S - (day + 1) * DAY_S + ((i * 104_729) % DAY_S)
    const group = i % 5 === 0 ? `g${i % 35}` : `a${i}`
    all.push(
      article(
        `${i}`,
        `${words[i % 10]} ${words[(i * 3) % 10]} ${words[(i * 7) % 10]} story ${i % 13}`,
        i % 9 === 0 ? NOW_S - 5 * DAY_S : at,
        {
          dup_key: group,
          country: ['US', 'GB', 'DE'][i % 3] as string,
          lang: i % 3 === 2 ? 'de' : 'en',
        },
      ),
    )
  }
  const cutsOf = (cuts: readonly number[]) => {
    const bounds = [Number.NEGATIVE_INFINITY, ...cuts, Number.POSITIVE_INFINITY]
    return bounds
      .slice(1)
      .map((to, k) => all.filter((a) => a.published_at >= (bounds[k] as number) && a.published_at < to))
  }
  const orderOf = (c: ReturnType<typeof countBackground>) =>
    [...c].map(([country, k]) => [country, k.docs, [...k.keys]] as const)
  test.each([
    { name: 'one piece', cuts: [] },
    { name: 'whole days', cuts: Array.from({ length: 21 }, (_, d) => NOW_S - d * DAY_S) },
    {
      name: 'part days at both ends, whole days between',
      cuts: [NOW_S - 19.5 * DAY_S, NOW_S - 12 * DAY_S, NOW_S - 11 * DAY_S, NOW_S - 0.25 * DAY_S],
    },
    { name: 'a cut at the tied instant', cuts: [NOW_S - 5 * DAY_S, NOW_S - 5 * DAY_S + 1] },
  ])('$name', ({ cuts }) => {
    const pieces = cutsOf(cuts).map((p) => backgroundPiece([...p].reverse()))
    const whole = countBackground(all)
    expect(whole.size).toBe(3)
    expect(orderOf(combineBackground(pieces))).toEqual(orderOf(whole))
  })
  test('a group is counted once across pieces (it would be counted twice if each piece were counted alone)', () => {
    const pieces = cutsOf(Array.from({ length: 21 }, (_, d) => NOW_S - d * DAY_S)).map((p) => backgroundPiece(p))
    const separately = pieces.reduce((n, p) => n + p.groups.length, 0)
    const docs = [...combineBackground(pieces).values()].reduce((n, c) => n + c.docs, 0)
    expect(docs).toBeLessThan(separately)
    expect(docs).toBe([...countBackground(all).values()].reduce((n, c) => n + c.docs, 0))
  })
})
