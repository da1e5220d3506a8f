/**
 * Request parameters → store filters (core/search/request.ts): `in=title` confines words to the
 * headline, so without words it is no filter at all, and the slice must be the one without it
 * (answered from counts where they exist: `in=title&entity=…` stats read every article before).
 */
import { describe, expect, test } from 'bun:test'
import { toFilters } from '../../core/search/request.ts'

const NOW_MS = Date.parse('2026-11-21T14:00:00Z')

describe('in=title', () => {
  test.each([
    { name: 'with words, confines them to the headline', params: { in: 'title', q: 'market' }, titleOnly: true },
    { name: 'with an exclusion only, confines it too', params: { in: 'title', q: '-market' }, titleOnly: true },
    { name: 'without words, is dropped', params: { in: 'title', entity: 'person:ada-lovelace' }, titleOnly: undefined },
    { name: 'in=all with words', params: { in: 'all', q: 'market' }, titleOnly: undefined },
  ])('$name', ({ params, titleOnly }) => {
    expect(toFilters(params, NOW_MS, null).titleOnly).toBe(titleOnly)
  })

  test('without words the filters equal those of the same request without in', () => {
    const { titleOnly: _, ...without } = toFilters({ category: 'sport' }, NOW_MS, null)
    expect(toFilters({ in: 'title', category: 'sport' }, NOW_MS, null)).toEqual(without)
  })
})
