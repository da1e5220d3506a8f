/**
 * The batch job's sync (`syncOpenSearch`) through the official client over real HTTP to the
 * stand-in cluster (test/engines/fake-opensearch.ts), which keeps what it is sent. Three hourly
 * runs on a fixed clock: the first sends the template and every article of the store; the second,
 * after new articles, only those (plus the older member of a syndication group one of them
 * joined); the third, 70 days later, deletes the daily indices that left the 90-day window and
 * trims the day the cutoff falls in. Expected bodies are written from the bulk format and the
 * Query DSL, expected documents from the articles given to the store.
 */
import type { Database } from 'bun:sqlite'
import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { Client } from '@opensearch-project/opensearch'
import { join } from 'node:path'
import { articleId } from '../../core/article-id.ts'
import { isoSeconds } from '../../core/config.ts'
import { dupKey } from '../../core/enrich/dup-key.ts'
import { indexTokens } from '../../core/search/tokens.ts'
import { ArticleWriter } from '../../store/articles.ts'
import { BULK_DOCS, type SyncSummary, syncOpenSearch } from '../../store/opensearch/bulk.ts'
import { indexTemplate } from '../../store/opensearch/index-template.ts'
import { type AsyncTransport, asyncTransport, openSearchClient } from '../../store/opensearch/transport.ts'
import { FIXTURE_NOW, type FixtureArticle, buildFixtureStore, fixtureArticles } from '../support/fixture-store.ts'
import { tempDir } from '../support/tmp.ts'
import { type FakeOpenSearch, type SeenRequest, spawnFakeOpenSearch } from './fake-opensearch.ts'

const DAY_S = 86_400
const NOW_S = FIXTURE_NOW.getTime() / 1000
/** More than one bulk request's worth, so the paging of the first sync is exercised. */
const FIRST = fixtureArticles(BULK_DOCS + 200, 7)
/** Fixture bodies are too short to compare as syndicated copies; this story gets a real-length one, copied later. */
const LONE = 7
const lone = FIRST[LONE]
if (lone !== undefined) {
  lone.text =
    'The central bank held its main rate on Thursday, citing slower inflation, weaker hiring and the risk of a sharper slowdown in the months ahead.'
  lone.dup_key = dupKey(lone)
}
const dailyIndex = (iso: string) => `newsdesk-articles-${iso.slice(0, 10).replaceAll('-', '.')}`

let fake: FakeOpenSearch
let client: Client
let send: AsyncTransport
let db: Database
let tmp: ReturnType<typeof tempDir>
let seenSoFar = 0

beforeAll(async () => {
  tmp = tempDir('os-sync')
  db = buildFixtureStore(join(tmp.dir, 'store.sqlite'), FIRST)
  fake = await spawnFakeOpenSearch()
  client = openSearchClient(fake.base)
  send = asyncTransport(client)
})

afterAll(async () => {
  await client.close()
  fake.stop()
  db.close()
  tmp.cleanup()
})

/** One hourly sync at `nowS`; returns its summary and the requests it made. */
async function sync(nowS: number): Promise<{ summary: SyncSummary; requests: SeenRequest[] }> {
  const summary = await syncOpenSearch({ db, send, nowS, retentionDays: 90, shards: 1, replicas: 1 })
  const all = await fake.requests()
  const requests = all.slice(seenSoFar)
  seenSoFar = all.length
  return { summary, requests }
}

const line = (r: SeenRequest) => `${r.method} ${decodeURIComponent(r.path)}`
const query = (r: SeenRequest | undefined) => Object.fromEntries(new URLSearchParams(r?.query ?? ''))

/** `_bulk` NDJSON: action line, then document, each terminated by a newline. */
function parseBulk(r: SeenRequest | undefined): { action: unknown; doc: Record<string, unknown> }[] {
  expect(r?.contentType).toContain('application/x-ndjson')
  const body = r?.body ?? ''
  expect(body.endsWith('\n')).toBe(true)
  const lines = body.slice(0, -1).split('\n')
  expect(lines.length % 2).toBe(0)
  const out: { action: unknown; doc: Record<string, unknown> }[] = []
  for (let i = 0; i < lines.length; i += 2)
    out.push({ action: JSON.parse(lines[i] ?? ''), doc: JSON.parse(lines[i + 1] ?? '') as Record<string, unknown> })
  return out
}

const storeRow = (id: string) =>
  db.query<{ seq: number; dup_group: string }, [string]>('SELECT seq, dup_group FROM articles WHERE id = ?').get(id)

/** The document an article must become: its fields as given to the store, the store's seq and group, the index tokens. */
function expectedDocument(a: FixtureArticle): Record<string, unknown> {
  const row = storeRow(a.id)
  return {
    seq: row?.seq,
    id: a.id,
    url: a.url,
    title: a.title,
    description: a.description,
    published_at: a.published_at,
    crawled_at: a.crawled_at,
    host: a.host,
    tld: a.tld,
    lang: a.lang,
    country: a.country,
    country_source: a.country_source,
    category: a.category,
    category_confidence: a.category_confidence,
    category_by: a.category_by,
    image: a.image,
    authors: a.authors,
    tags: a.tags,
    words: a.words,
    sentiment: a.sentiment,
    score: a.score,
    labelled_by: a.labelled_by,
    entities: a.entities,
    entity_keys: a.entities.map((e) => e.key),
    lexicon_score: a.lexicon_score,
    lexicon_terms: a.lexicon_terms,
    dup_group: row?.dup_group,
    is_bitcoin: a.is_bitcoin,
    text: a.text,
    title_tokens: indexTokens(a.title).join(' '),
    description_tokens: indexTokens(a.description).join(' '),
    lang_text: { [a.lang]: `${a.title}\n${a.description}` },
  }
}

function expectBulkOf(r: SeenRequest | undefined, articles: readonly FixtureArticle[]): void {
  const items = parseBulk(r)
  expect(items.map((i) => i.action)).toEqual(
    articles.map((a) => ({ index: { _index: dailyIndex(a.published_at), _id: a.id } })),
  )
  expect(items.map((i) => i.doc)).toEqual(articles.map(expectedDocument))
}

const byIndex = (articles: readonly FixtureArticle[]) => {
  const out: Record<string, string[]> = {}
  for (const a of articles) (out[dailyIndex(a.published_at)] ??= []).push(a.id)
  for (const ids of Object.values(out)) ids.sort()
  return Object.fromEntries(Object.entries(out).sort(([x], [y]) => (x < y ? -1 : 1)))
}

test('first sync: the template, then every article in seq order, 1,000 a bulk request, each to the index of its UTC publication day', async () => {
  const { summary, requests } = await sync(NOW_S)
  expect(requests.map(line)).toEqual([
    'PUT /_index_template/newsdesk-articles',
    'POST /newsdesk-articles-*/_search',
    'POST /_bulk',
    'POST /_bulk',
    'GET /_cat/indices/newsdesk-articles-*',
    'POST /newsdesk-articles-*/_refresh',
  ])
  const template = JSON.parse(requests[0]?.body ?? '') as ReturnType<typeof indexTemplate>
  expect(template.index_patterns).toEqual(['newsdesk-articles-*'])
  expect(template.template.settings).toMatchObject({ number_of_shards: 1, number_of_replicas: 1 })
  expect(template).toEqual(JSON.parse(JSON.stringify(indexTemplate({ shards: 1, replicas: 1, refreshIntervalS: 30 }))))
  // The highest seq already indexed: a max aggregation, no hits, no total to count.
  expect(JSON.parse(requests[1]?.body ?? '')).toEqual({
    size: 0,
    track_total_hits: false,
    aggs: { max_seq: { max: { field: 'seq' } } },
  })
  expect(query(requests[1]).allow_no_indices).toBe('true')
  expectBulkOf(requests[2], FIRST.slice(0, BULK_DOCS))
  expectBulkOf(requests[3], FIRST.slice(BULK_DOCS))
  expect(query(requests[4])).toMatchObject({ format: 'json' })
  expect(summary).toEqual({ indexed: FIRST.length, regrouped: 0, deletedIndices: [], trimmed: 0 })
  expect(await fake.indices()).toEqual(byIndex(FIRST))
})

test('every document field is in the strict mapping (a cluster would reject any other)', async () => {
  const mapped = new Set(
    Object.keys(indexTemplate({ shards: 1, replicas: 1, refreshIntervalS: 30 }).template.mappings.properties),
  )
  const first = (await fake.requests()).find((r) => r.path === '/_bulk')
  const unmapped = new Set(parseBulk(first).flatMap(({ doc }) => Object.keys(doc).filter((k) => !mapped.has(k))))
  expect([...unmapped]).toEqual([])
})

/**
 * New articles of the next day, on URLs of their own, and a copy of the lone story on another
 * host whose id sorts first, so that the group is relabelled when the copy joins.
 */
function laterArticles(): { fresh: FixtureArticle[]; original: FixtureArticle } {
  const fresh = fixtureArticles(30, 99).map((a, i) => {
    const url = `https://late${i % 3}.example/${i}`
    const published = NOW_S + 3600 + i * 1200
    return {
      ...a,
      url,
      target_uri: url,
      id: articleId(url),
      host: `late${i % 3}.example`,
      published_at: isoSeconds(new Date(published * 1000)),
      crawled_at: isoSeconds(new Date((published + 600) * 1000)),
    }
  })
  const original = FIRST[LONE]
  if (original === undefined) throw new Error('no lone story')
  let n = 0
  while (articleId(`https://copy.example/syndicated/${n}`) >= original.id) n++
  const url = `https://copy.example/syndicated/${n}`
  const published = NOW_S + 7200
  fresh.push({
    ...original,
    url,
    target_uri: url,
    id: articleId(url),
    host: 'copy.example',
    published_at: isoSeconds(new Date(published * 1000)),
    crawled_at: isoSeconds(new Date((published + 600) * 1000)),
  })
  return { fresh, original }
}

let added: FixtureArticle[] = []

test('second sync: only the articles added since, and the older member of the group one of them joined', async () => {
  const { fresh, original } = laterArticles()
  const writer = new ArticleWriter(db)
  db.transaction(() => {
    for (const a of fresh) expect(writer.write(a, 0)).toBe('inserted')
  })()
  added = fresh
  // Groups are named after their smallest id: the copy's, now the original's too.
  const group = fresh.at(-1)?.id
  expect(group !== undefined && group < original.id).toBe(true)
  expect(storeRow(original.id)?.dup_group).toBe(group)

  const { summary, requests } = await sync(NOW_S + DAY_S)
  expect(requests.map(line)).toEqual([
    'PUT /_index_template/newsdesk-articles',
    'POST /newsdesk-articles-*/_search',
    'POST /_bulk',
    'POST /_bulk',
    'GET /_cat/indices/newsdesk-articles-*',
    'POST /newsdesk-articles-*/_refresh',
  ])
  expectBulkOf(requests[2], fresh)
  expectBulkOf(requests[3], [original])
  expect(parseBulk(requests[3])[0]?.doc.dup_group).toBe(group)
  expect(summary).toEqual({ indexed: fresh.length, regrouped: 1, deletedIndices: [], trimmed: 0 })
  expect(await fake.indices()).toEqual(byIndex([...FIRST, ...fresh]))
})

test('70 days later, nothing new: no bulk; daily indices past the 90-day window deleted, the cutoff day trimmed', async () => {
  const nowS = NOW_S + 70 * DAY_S
  const cutoffS = nowS - 90 * DAY_S
  const all = [...FIRST, ...added]
  const publishedS = (a: FixtureArticle) => Date.parse(a.published_at) / 1000
  const cutoffDay = dailyIndex(new Date(cutoffS * 1000).toISOString())
  const gone = [
    ...new Set(all.filter((a) => dailyIndex(a.published_at) < cutoffDay).map((a) => dailyIndex(a.published_at))),
  ].sort()
  const trimmed = all.filter((a) => dailyIndex(a.published_at) === cutoffDay && publishedS(a) < cutoffS).length
  // The fixture spans 40 days back from FIXTURE_NOW: the cutoff (20 days back) splits it.
  expect(gone.length).toBeGreaterThan(10)
  expect(trimmed).toBeGreaterThan(0)

  const { summary, requests } = await sync(nowS)
  expect(requests.map(line)).toEqual([
    'PUT /_index_template/newsdesk-articles',
    'POST /newsdesk-articles-*/_search',
    'GET /_cat/indices/newsdesk-articles-*',
    ...gone.map((name) => `DELETE /${name}`),
    `POST /${cutoffDay}/_delete_by_query`,
    'POST /newsdesk-articles-*/_refresh',
  ])
  const trim = requests.at(-2)
  expect(JSON.parse(trim?.body ?? '')).toEqual({
    query: { range: { published_at: { lt: cutoffS, format: 'epoch_second' } } },
  })
  expect(query(trim).conflicts).toBe('proceed')
  expect(summary).toEqual({ indexed: 0, regrouped: 0, deletedIndices: gone, trimmed })
  expect(await fake.indices()).toEqual(byIndex(all.filter((a) => publishedS(a) >= cutoffS)))
})
