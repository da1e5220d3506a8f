/** Every integer parameter of the contract at default, min, max and max+1, over a real listen on loopback. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { CONTRACT_INTS } from '../support/contract-limits.ts'
import { fixtureApp } from './app-support.ts'
import { handlersFor } from '../../live/app.ts'

const f = fixtureApp()
let base = ''
let story = { country: 'GB', slug: 'x' }
beforeAll(async () => {
  f.app.listen({ port: 0, hostname: '127.0.0.1' })
  base = `http://127.0.0.1:${f.app.server?.port}`
  const list = (await (await fetch(`${base}/v1/trends?size=1`)).json()) as {
    trends: { country: string; slug: string }[]
  }
  story = list.trends[0] ?? story
})
afterAll(async () => {
  await f.app.stop()
  f.cleanup()
})

const served = new Set(Object.keys(handlersFor({ version: 'x', uptimeSeconds: () => 0 })))
const concrete = (path: string) =>
  path.startsWith('/v1/markets')
    ? path.replace('{slug}', 'gold')
    : path
        .replace('{cc}', story.country)
        .replace('{slug}', encodeURIComponent(story.slug))
        .replace('{key}', 'place:paris')

describe.each(CONTRACT_INTS.filter((c) => served.has(c.path)))('$path $name', ({ path, name, min, max }) => {
  const url = (v: number | null) => `${base}${concrete(path)}${v === null ? '' : `?${name}=${v}`}`
  test.each([
    ['default', null, 200],
    ['min', min, 200],
    ['max', max, 200],
    ['max+1', max + 1, 422],
    ['min-1', min - 1, 422],
  ] as const)('%s', async (_label, value, status) => {
    const r = await fetch(url(value))
    expect(r.status).toBe(status)
    if (status === 422) {
      const body = (await r.json()) as { detail: { loc: unknown[]; type: string }[] }
      expect(body.detail[0]?.loc).toEqual(['query', name])
      expect(body.detail[0]?.type).toBe(value === max + 1 ? 'less_than_equal' : 'greater_than_equal')
    }
  })
})
