import { afterAll, describe, expect, test } from 'bun:test'
import { isoSeconds } from '../../core/config.ts'
import { ArticleWriter, type ArticleRow } from '../../store/articles.ts'
import { openStore } from '../../store/open.ts'
import { SqliteSearchIndex } from '../../store/search-sqlite.ts'
import { articles, NOW_S } from '../../bench/synthetic-articles.ts'
import { tempDir } from '../support/tmp.ts'

const tmp = tempDir('newsdesk-crawl-ties-')
afterAll(() => tmp.cleanup())

/**
 * Crawl-time pages of a MATCH-driven slice are sorted in two steps (crawl times from the
 * covering index, then the rows of the page's span): with many articles crawled in the same
 * second, a page may start or end inside a run of ties, so the span's offset must count only the
 * matches before the run. Every offset of a small store whose crawl times come in runs of three,
 * and rows past a watermark, against brute force.
 */
describe('crawl-time pages across runs of equal crawl times, and dedupe past a watermark', () => {
  const store = openStore(`${tmp.dir}/ties.sqlite`)
  const w = new ArticleWriter(store)
  // Runs of three articles share a crawl second, each published ten minutes to an hour later; one
  // country, so the country filter (a facet token) drives every search.
  const tieRows: ArticleRow[] = [...articles(240, 31)].map((a, i) => {
    const crawled = NOW_S - 20 * 86400 + Math.floor(i / 3) * 3600
    const published = crawled + 600 + ((i * 7919) % 3000)
    return {
      ...a,
      country: 'GB',
      crawled_at: isoSeconds(new Date(crawled * 1000)),
      published_at: isoSeconds(new Date(published * 1000)),
    }
  })
  store.transaction(() => {
    for (const r of tieRows) w.write(r, 0)
  })()
  const ix = new SqliteSearchIndex(store)
  const stored = new Map(
    store
      .query<{ id: string; seq: number; crawled_at: number; dup_group: string }, []>(
        'SELECT id, seq, crawled_at, dup_group FROM articles',
      )
      .all()
      .map((r) => [r.id, r]),
  )
  const sec = (iso: string) => Date.parse(iso) / 1000
  const country = [...new Set(tieRows.map((r) => r.country))].sort(
    (a, b) => tieRows.filter((r) => r.country === b).length - tieRows.filter((r) => r.country === a).length,
  )[0] as string
  type TieSort = 'crawled' | 'crawled_asc' | 'date'
  const byId = (a: ArticleRow, b: ArticleRow) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  const order: Record<TieSort, (a: ArticleRow, b: ArticleRow) => number> = {
    crawled: (a, b) => (stored.get(b.id)?.crawled_at ?? 0) - (stored.get(a.id)?.crawled_at ?? 0) || byId(a, b),
    crawled_asc: (a, b) => (stored.get(a.id)?.crawled_at ?? 0) - (stored.get(b.id)?.crawled_at ?? 0) || byId(a, b),
    // Newest first by publication, ties by id descending (the time key's order).
    date: (a, b) => sec(b.published_at) - sec(a.published_at) || byId(b, a),
  }
  const brute = (sort: TieSort, maxSeq: number | null, dedupe: boolean): string[] => {
    const list = tieRows
      .filter((r) => r.country === country && sec(r.published_at) >= NOW_S - 90 * 86400 && sec(r.published_at) < NOW_S)
      .filter((r) => maxSeq === null || (stored.get(r.id)?.seq ?? 0) <= maxSeq)
      .sort(order[sort])
    const seen = new Set<string>()
    return list
      .filter((r) => {
        if (!dedupe) return true
        const g = stored.get(r.id)?.dup_group ?? r.id
        if (seen.has(g)) return false
        seen.add(g)
        return true
      })
      .map((r) => r.id)
  }
  const page = (sort: TieSort, offset: number, maxSeq: number | null, dedupe: boolean) =>
    ix
      .search({
        query: null,
        country: [country],
        fromS: NOW_S - 90 * 86400,
        toS: NOW_S,
        strictCountry: false,
        maxSeq,
        sort,
        size: 4,
        offset,
        dedupe,
        fullText: false,
      })
      .articles.map((a) => a.id)

  test('the store has runs of equal crawl times among the matches, and pages that start inside one', () => {
    const times = brute('crawled', null, false).map((id) => stored.get(id)?.crawled_at)
    expect(times.length).toBeGreaterThan(20)
    expect(times.filter((t, i) => i > 0 && t === times[i - 1]).length).toBeGreaterThan(5)
  })

  test.each(['crawled', 'crawled_asc'] as const)('sort=%s: every offset equals brute force', (sort) => {
    const all = brute(sort, null, false)
    const wrong: number[] = []
    for (let offset = 0; offset <= all.length; offset++)
      if (!Bun.deepEquals(page(sort, offset, null, false), all.slice(offset, offset + 4))) wrong.push(offset)
    expect(wrong).toEqual([])
  })

  test.each(['crawled', 'date'] as const)(
    'dedupe=true, sort=%s, with rows past the watermark: equals brute force at every offset',
    (sort) => {
      const maxSeq = Math.floor(Math.max(...[...stored.values()].map((r) => r.seq)) * 0.7)
      const want = brute(sort, maxSeq, true)
      expect(want.length).toBeGreaterThan(10)
      const wrong: number[] = []
      for (let offset = 0; offset <= want.length; offset++)
        if (!Bun.deepEquals(page(sort, offset, maxSeq, true), want.slice(offset, offset + 4))) wrong.push(offset)
      expect(wrong).toEqual([])
    },
  )
})
