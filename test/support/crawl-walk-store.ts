/**
 * The store of test/store/search-crawl-walk*.test.ts: more articles than the exact-count limit,
 * crawled from 36 h before publication (the store's limit) to 5 days after it, and the brute-force
 * page their searches are checked against.
 */
import type { Database } from 'bun:sqlite'
import { PUBLISHED_AFTER_CRAWL_MAX_S } from '../../core/article.ts'
import { isoSeconds } from '../../core/config.ts'
import { mulberry32 } from '../../core/random.ts'
import { type SearchSort, TOTAL_EXACT_LIMIT } from '../../core/search/types.ts'
import { ArticleWriter, type ArticleRow } from '../../store/articles.ts'
import { openStore } from '../../store/open.ts'
import { SqliteSearchIndex } from '../../store/search-sqlite.ts'
import { articles, NOW_S } from '../../bench/synthetic-articles.ts'
import { tempDir } from './tmp.ts'

export const N = TOTAL_EXACT_LIMIT + 2500

export /** `q` is one synthetic token (`w1`) or its exclusion (`-w1`): whole space-separated words, as the index cuts them. */
interface Case {
  days: number
  endDaysAgo: number
  sort: SearchSort
  lang?: string[]
  country?: string[]
  offset: number
  q?: string
  strict?: boolean
  /** A tone-score range, decided by a row test: the crawl-hour walk counts by joining (crawl-hours-joined). */
  minScore?: number
  maxScore?: number
  /** The watermark: rows written after it are not searched (a snapshot's view of a growing store). */
  maxSeq?: number
}

export interface CrawlWalkStore {
  rows: ArticleRow[]
  db: Database
  index: SqliteSearchIndex
  /** The ids of the page a case asks for, by brute force over the rows. */
  brute: (c: Case) => string[]
  cleanup: () => void
}

/** Builds the store in a new temporary folder (each test file its own). */
export function crawlWalkStore(): CrawlWalkStore {
  const tmp = tempDir('newsdesk-crawl-walk-')
  const rnd = mulberry32(5)
  const rows: ArticleRow[] = [...articles(N, 9)].map((a) => {
    const published = Date.parse(a.published_at) / 1000
    // Crawled from 36 h before publication (the store's limit) to 5 days after it.
    const crawled = Math.min(
      NOW_S - 1,
      published - PUBLISHED_AFTER_CRAWL_MAX_S + Math.floor(rnd() * (PUBLISHED_AFTER_CRAWL_MAX_S + 5 * 86400)),
    )
    return { ...a, crawled_at: isoSeconds(new Date(Math.max(crawled, published - PUBLISHED_AFTER_CRAWL_MAX_S) * 1000)) }
  })
  const db = openStore(`${tmp.dir}/s.sqlite`)
  const writer = new ArticleWriter(db)
  db.transaction(() => {
    for (const r of rows) writer.write(r, 0)
  })()
  const index = new SqliteSearchIndex(db)
  const seqOf = new Map(
    db
      .query<{ id: string; seq: number }, []>('SELECT id, seq FROM articles')
      .all()
      .map((r) => [r.id, r.seq]),
  )

  function brute(c: Case): string[] {
    const toS = NOW_S - c.endDaysAgo * 86400
    const fromS = toS - c.days * 86400
    const sec = (iso: string) => Date.parse(iso) / 1000
    return rows
      .filter((r) => sec(r.published_at) >= fromS && sec(r.published_at) < toS)
      .filter(
        (r) =>
          (c.lang === undefined || c.lang.includes(r.lang)) &&
          (c.country === undefined || c.country.includes(r.country)),
      )
      .filter((r) => c.strict !== true || r.country_source !== 'default')
      .filter(
        (r) =>
          (c.minScore === undefined || r.score >= c.minScore) && (c.maxScore === undefined || r.score <= c.maxScore),
      )
      .filter((r) => c.maxSeq === undefined || (seqOf.get(r.id) ?? 0) <= c.maxSeq)
      .filter((r) => {
        if (c.q === undefined) return true
        const has = `${r.title} ${r.description}`.split(' ').includes(c.q.replace(/^-/, ''))
        return c.q.startsWith('-') ? !has : has
      })
      .sort((a, b) => {
        const byId = a.id < b.id ? -1 : a.id > b.id ? 1 : 0
        if (c.sort === 'date') return sec(b.published_at) - sec(a.published_at) || -byId
        if (c.sort === 'date_asc') return sec(a.published_at) - sec(b.published_at) || byId
        return (
          (c.sort === 'crawled' ? sec(b.crawled_at) - sec(a.crawled_at) : sec(a.crawled_at) - sec(b.crawled_at)) || byId
        )
      })
      .slice(c.offset, c.offset + 20)
      .map((r) => r.id)
  }
  return {
    rows,
    db,
    index,
    brute,
    cleanup: () => {
      db.close()
      tmp.cleanup()
    },
  }
}
