/**
 * The before/after verdict of scripts/compare-answers.ts: a table of answer sets, and the fixed
 * live request list against the registry (every endpoint asked, each request one the registry
 * routes).
 */
import { describe, expect, test } from 'bun:test'
import { type AnswerDiff, LIVE_REQUESTS, diffAnswers, isIdentical } from '../../core/answer-diff.ts'
import { ENDPOINTS } from '../../core/endpoints.ts'

const set = (entries: Record<string, string>) => new Map(Object.entries(entries))

interface Case {
  name: string
  a: Record<string, string>
  b: Record<string, string>
  want: AnswerDiff
}

describe('diffAnswers', () => {
  test.each<Case>([
    {
      name: 'identical',
      a: { x: '1', y: '2' },
      b: { y: '2', x: '1' },
      want: { missing: [], extra: [], changed: [], same: 2 },
    },
    {
      name: 'one byte changed',
      a: { x: '{"a":1}' },
      b: { x: '{"a":2}' },
      want: { missing: [], extra: [], changed: ['x'], same: 0 },
    },
    {
      name: 'same text, other length',
      a: { x: 'ab' },
      b: { x: 'ab ' },
      want: { missing: [], extra: [], changed: ['x'], same: 0 },
    },
    {
      name: 'a file gone and one new',
      a: { x: '1', z: '3' },
      b: { x: '1', w: '4' },
      want: { missing: ['z'], extra: ['w'], changed: [], same: 1 },
    },
    { name: 'both empty', a: {}, b: {}, want: { missing: [], extra: [], changed: [], same: 0 } },
  ])('$name', ({ a, b, want }) => {
    const d = diffAnswers(set(a), set(b))
    expect(d).toEqual(want)
    expect(isIdentical(d)).toBe(want.missing.length + want.extra.length + want.changed.length === 0)
  })

  test('ignored keys count on neither side', () => {
    const d = diffAnswers(
      set({ 'manifest.json': 'v1', x: '1' }),
      set({ 'manifest.json': 'v2', x: '1', 'y.json': '2' }),
      (k) => k === 'manifest.json',
    )
    expect(d).toEqual({ missing: [], extra: ['y.json'], changed: [], same: 1 })
  })

  test('bytes and text compare alike', () => {
    expect(isIdentical(diffAnswers(new Map([['x', new TextEncoder().encode('é')]]), set({ x: 'é' })))).toBe(true)
  })
})

describe('LIVE_REQUESTS', () => {
  const pathOf = (r: string) => r.split('?')[0] as string
  const routes = ENDPOINTS.map((e) => new RegExp(`^${e.path.replace(/\{\w+\}/g, '[^/]+')}$`))
  test('every request is a route of the registry', () => {
    for (const r of LIVE_REQUESTS)
      expect({ r, routed: routes.some((re) => re.test(pathOf(r))) }).toEqual({ r, routed: true })
  })
  test('every endpoint without a path parameter is asked at least once', () => {
    const asked = new Set(LIVE_REQUESTS.map(pathOf))
    for (const e of ENDPOINTS.filter((x) => !x.path.includes('{')))
      expect({ path: e.path, asked: asked.has(e.path) }).toEqual({ path: e.path, asked: true })
  })
})
