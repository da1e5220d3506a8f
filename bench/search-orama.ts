/** Orama beside our engine in the search benchmark (bench/search.ts), at ≤ 100k articles. */
import { create, insertMultiple, search as oramaSearch } from '@orama/orama'
import { drawQueries } from './search-queries.ts'
import { NOW_S, articles } from './synthetic-articles.ts'

/** Orama on the same documents and the queries it can express (words, country, lang, date range, sort). */
export async function oramaRun(
  size: number,
  perClass: number,
): Promise<{ buildMs: number; rssMb: number; ms: number[] }> {
  const rssBefore = process.memoryUsage().rss
  let t = performance.now()
  const orama = create({
    schema: {
      title: 'string',
      description: 'string',
      lang: 'enum',
      country: 'enum',
      host: 'enum',
      published_at: 'number',
    } as const,
  })
  const docs = [...articles(size, 1)].map((a) => ({
    title: a.title,
    description: a.description,
    lang: a.lang,
    country: a.country,
    host: a.host,
    published_at: Date.parse(a.published_at) / 1000,
  }))
  await insertMultiple(orama, docs, 5000)
  const buildMs = performance.now() - t
  const ms: number[] = []
  for (const q of drawQueries(perClass)) {
    if (q.cls.endpoint !== '/v1/search') continue
    const p = q.params
    const days = p.date === '24h' ? 1 : p.date === '7d' ? 7 : p.date === '30d' ? 30 : 90
    const where: Record<string, unknown> = { published_at: { between: [NOW_S - days * 86400, NOW_S - 1] } }
    if (p.country) where.country = { in: p.country.split(',') }
    if (p.lang) where.lang = { eq: p.lang }
    if (p.host) where.host = { eq: p.host }
    const term = (p.q ?? '').replace(/"|-\S+|\bOR\b/g, ' ').trim()
    t = performance.now()
    await oramaSearch(orama, {
      term,
      properties: ['title', 'description'],
      where,
      limit: 20,
      offset: Number(p.offset ?? 0),
      threshold: 0,
      ...(p.sort === 'relevance' && term !== ''
        ? {}
        : { sortBy: { property: 'published_at', order: p.sort === 'date_asc' ? 'ASC' : 'DESC' } }),
    })
    ms.push(performance.now() - t)
  }
  return { buildMs, rssMb: (process.memoryUsage().rss - rssBefore) / 1048576, ms }
}
