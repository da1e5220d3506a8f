import { describe, expect, test } from 'bun:test'
import { storyTimeline } from '../../core/trends/story-timeline.ts'

const H = 3600
const at = (hour: number, sentiment: string, score: number) => ({
  published_at: 1_000 * H + hour * H + 60,
  sentiment,
  score,
})

describe('storyTimeline', () => {
  test.each([
    {
      name: 'empty story: every hour zero',
      items: [],
      since: 1_000 * H,
      until: 1_003 * H,
      want: [
        [0, 0, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 0, 0],
      ],
    },
    {
      name: 'articles fall in their hour, by label',
      items: [at(0, 'pos', 0.5), at(0, 'neg', -0.25), at(2, 'neu', 0)],
      since: 1_000 * H,
      until: 1_003 * H,
      want: [
        [2, 1, 0, 1],
        [0, 0, 0, 0],
        [1, 0, 1, 0],
      ],
    },
    {
      name: 'a window starting mid-hour starts at that hour; articles outside are left out',
      items: [at(-1, 'pos', 1), at(0, 'pos', 1), at(1, 'neg', -1)],
      since: 1_000 * H + 1_800,
      until: 1_001 * H + 1_800,
      want: [
        [1, 1, 0, 0],
        [1, 0, 0, 1],
      ],
    },
  ])('$name', ({ items, since, until, want }) => {
    const got = storyTimeline(items, since, until)
    expect(got.map((p) => p.t)).toEqual(want.map((_, i) => Math.floor(since / H) * H + i * H))
    expect(got.map((p) => [p.tone.articles, p.tone.pos, p.tone.neu, p.tone.neg])).toEqual(want.map((w) => [...w]))
  })

  test('score sums in thousandths', () => {
    const got = storyTimeline([at(0, 'pos', 0.1234), at(0, 'neg', -0.5)], 1_000 * H, 1_001 * H)
    expect(got[0]?.tone.scoreMilli).toBe(123 - 500)
  })
})
