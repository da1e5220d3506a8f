import { describe, expect, test } from 'bun:test'
import { inCrawlOrder, type TimedGroupRow } from '../../store/sqlite-search/dedupe.ts'

const row = (crawled: number, tkey: number): TimedGroupRow => ({ crawled, tkey, dup_group: `g${tkey}` })
const IDS = new Map([
  [1, 'c3'],
  [2, 'a1'],
  [3, 'b2'],
  [4, 'ff'],
  [5, '0a'],
])

describe('inCrawlOrder', () => {
  test.each([
    { desc: true, rows: [row(10, 1), row(30, 2), row(20, 3)], want: [2, 3, 1], asked: [] },
    { desc: false, rows: [row(10, 1), row(30, 2), row(20, 3)], want: [1, 3, 2], asked: [] },
    // Equal crawl times: by id ascending in both directions, as ORDER BY crawled_at, id; only those rows' ids are asked.
    {
      desc: true,
      rows: [row(20, 1), row(30, 4), row(20, 2), row(20, 3), row(5, 5)],
      want: [4, 2, 3, 1, 5],
      asked: [1, 2, 3],
    },
    {
      desc: false,
      rows: [row(20, 1), row(30, 4), row(20, 2), row(20, 3), row(5, 5)],
      want: [5, 2, 3, 1, 4],
      asked: [1, 2, 3],
    },
    { desc: true, rows: [], want: [], asked: [] },
  ])('desc $desc: $want', ({ desc, rows, want, asked }) => {
    const seen: number[] = []
    const got = inCrawlOrder(rows, desc, (keys) => {
      seen.push(...keys)
      return IDS
    })
    expect(got.map((r) => r.tkey)).toEqual([...want])
    expect([...seen].sort()).toEqual([...asked])
  })
})
