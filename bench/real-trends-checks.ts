/**
 * The real-trends benchmark's consistency checks (bench/real-trends.ts): on the store of real
 * headlines, answers read from the counts must equal the same questions read from the articles.
 */
import type { Database } from 'bun:sqlite'
import { matchesFields, parseQuery } from '../core/search/query-syntax.ts'
import { indexTokens } from '../core/search/tokens.ts'
import type { createApp } from '../live/app.ts'
import { SqliteSearchIndex } from '../store/search-sqlite.ts'
import { refreshTermCounts } from '../store/term-counts.ts'

export async function json<T>(app: ReturnType<typeof createApp>, path: string): Promise<T> {
  const res = await app.handle(new Request(`http://localhost${path}`))
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

/** Word counts, search totals from the day counts and phrases through word pairs, each against a read of the articles. */
export async function checkCountsAgainstArticles(
  db: Database,
  app: ReturnType<typeof createApp>,
  now: Date,
): Promise<void> {
  // Word counts (store/term-counts.ts) on real headlines: /v1/stats for every counted word, with
  // no filter, one country and several, must equal the same question read from the articles
  // (an exclusion of an absent word is never counted).
  const counted = refreshTermCounts(db, now.getTime() / 1000, { minDocs: 30 })
  const words = db
    .query<{ term: string }, []>('SELECT term FROM term_keys ORDER BY docs DESC')
    .all()
    .map((r) => r.term)
  const countries = db
    .query<{ country: string }, []>('SELECT country FROM articles GROUP BY 1 ORDER BY count(*) DESC LIMIT 3')
    .all()
    .map((r) => r.country)
  let compared = 0
  const differ: string[] = []
  for (const w of words) {
    for (const filter of [
      '',
      `&country=${countries[0]}`,
      `&country=${countries.join(',')}`,
      '&strict_country=true',
      '&date=7d',
    ]) {
      const strip = ({ q: _q, ...rest }: Record<string, unknown>) => JSON.stringify(rest)
      const fromCounts = await json<Record<string, unknown>>(app, `/v1/stats?q=${encodeURIComponent(w)}${filter}`)
      const fromArticles = await json<Record<string, unknown>>(
        app,
        `/v1/stats?q=${encodeURIComponent(`${w} -qqzzabsent`)}${filter}`,
      )
      compared++
      if (strip(fromCounts) !== strip(fromArticles)) differ.push(`${w}${filter}`)
    }
  }
  console.log(
    `\nword counts on real headlines: ${counted.keys} words in ≥ 30 titles plus descriptions; ${compared} /v1/stats answers compared with a read of the articles, ${differ.length} differ${differ.length > 0 ? `: ${differ.slice(0, 5).join(', ')}` : ''}`,
  )

  // Search totals from the per-day counts (store/sqlite-search/count.ts, countTotal) on the same
  // real store: a counted word with filters, and filters without words (every pair of the
  // commonest countries and languages), each against the same question read from the articles.
  const index = new SqliteSearchIndex(db)
  const langs = db
    .query<{ lang: string }, []>('SELECT lang FROM articles GROUP BY 1 ORDER BY count(*) DESC LIMIT 3')
    .all()
    .map((r) => r.lang)
  const total = (q: string | null, f: { country?: string[]; lang?: string[]; strictCountry?: boolean }) =>
    index.search({
      query: q === null ? null : parseQuery(q),
      fromS: now.getTime() / 1000 - 90 * 86400,
      toS: now.getTime() / 1000,
      strictCountry: false,
      maxSeq: null,
      sort: 'date',
      size: 1,
      offset: 0,
      dedupe: false,
      fullText: false,
      ...f,
    }).total
  const filterSets = [
    { country: [countries[0] as string] },
    { country: countries },
    { strictCountry: true },
    { lang: [langs[0] as string], country: countries },
  ]
  let totals = 0
  const totalsDiffer: string[] = []
  for (const w of words) {
    for (const f of filterSets) {
      totals++
      if (total(w, f) !== total(`${w} -qqzzabsent`, f)) totalsDiffer.push(`${w} ${JSON.stringify(f)}`)
    }
  }
  for (const country of countries) {
    for (const lang of langs) {
      totals++
      if (
        total(null, { country: [country], lang: [lang] }) !== total('-qqzzabsent', { country: [country], lang: [lang] })
      )
        totalsDiffer.push(`${country}/${lang}`)
    }
  }
  console.log(
    `search totals from the day counts on real headlines: ${totals} totals compared with a read of the articles, ${totalsDiffer.length} differ${totalsDiffer.length > 0 ? `: ${totalsDiffer.slice(0, 5).join(', ')}` : ''}`,
  )

  // Phrases through word-pair tokens (store/fts-pairs.ts) on real headlines, with their real
  // punctuation, apostrophes and capitals: two-, three- and four-word runs typed as a user
  // would (whitespace-separated words of every 5th title), each total against a brute-force
  // scan of the articles under the reference semantics, with no filter and with a country.
  const stored = db
    .query<{ title: string; description: string; country: string; published_at: number }, []>(
      'SELECT title, description, country, published_at FROM articles',
    )
    .all()
  const fields = stored.map((a) => [indexTokens(a.title), indexTokens(a.description)])
  const fromS = now.getTime() / 1000 - 90 * 86400
  let phrases = 0
  const phrasesDiffer: string[] = []
  stored.forEach((a, i) => {
    if (i % 5 !== 0) return
    const typed = a.title.split(/\s+/).filter((w) => w !== '')
    const n = 2 + (i % 3)
    if (typed.length < n) return
    const at = i % (typed.length - n + 1)
    const q = `"${typed
      .slice(at, at + n)
      .join(' ')
      .replaceAll('"', '')}"`
    const parsed = parseQuery(q)
    if (parsed === null) return
    for (const country of [undefined, a.country]) {
      const want = stored.filter(
        (b, k) =>
          b.published_at >= fromS &&
          (country === undefined || b.country === country) &&
          matchesFields(parsed, fields[k] as string[][]),
      ).length
      const got = total(q, country === undefined ? {} : { country: [country] })
      phrases++
      if (got !== want) phrasesDiffer.push(`${q} ${country ?? ''}: ${got} vs ${want}`)
    }
  })
  console.log(
    `phrases through word pairs on real headlines: ${phrases} totals compared with a brute-force scan, ${phrasesDiffer.length} differ${phrasesDiffer.length > 0 ? `: ${phrasesDiffer.slice(0, 5).join(', ')}` : ''}`,
  )
}
