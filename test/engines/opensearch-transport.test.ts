/**
 * The synchronous transport end to end: the official client in a worker thread, over real HTTP to
 * a stand-in server in a child process. Shows that the built bodies arrive as built (JSON and
 * NDJSON), that answers come back through OpenSearchIndex, and how failures surface.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { parseQuery } from '../../core/search/query-syntax.ts'
import type { SearchRequest } from '../../core/search/types.ts'
import { searchBody } from '../../store/opensearch/query-body.ts'
import { type SyncTransportHandle, syncTransport } from '../../store/opensearch/sync-transport.ts'
import { OpenSearchError } from '../../store/opensearch/transport.ts'
import { OpenSearchIndex } from '../../store/search-opensearch.ts'
import { type FakeOpenSearch, spawnFakeOpenSearch } from './fake-opensearch.ts'

let fake: FakeOpenSearch | null = null
let transport: SyncTransportHandle | null = null

beforeAll(async () => {
  fake = await spawnFakeOpenSearch()
  transport = syncTransport(fake.base)
})

afterAll(async () => {
  await transport?.close()
  fake?.stop()
})

const send = () => {
  if (transport === null) throw new Error('no transport')
  return transport.send
}

test('a search goes out as the built body and comes back as contract records', async () => {
  const req: SearchRequest = {
    query: parseQuery('bitcoin -rally'),
    fromS: 1_795_000_000,
    toS: 1_795_300_000,
    strictCountry: false,
    maxSeq: 12,
    sort: 'date',
    size: 10,
    offset: 0,
    dedupe: false,
    fullText: false,
    country: ['GB', 'DE'],
  }
  const page = new OpenSearchIndex(send()).search(req)
  expect(page.total).toBe(2)
  expect(page.articles.map((a) => a.url)).toEqual(['https://news1.co.uk/story/12', 'https://zeitung3.de/artikel/7'])
  send()({ method: 'POST', path: '/_bulk', ndjson: '{"index":{"_index":"i","_id":"1"}}\n{"a":1}\n' })
  const seen = (await fake?.requests()) ?? []
  expect(seen[0]?.method).toBe('POST')
  expect(seen[0]?.path).toBe('/newsdesk-articles-*/_search')
  expect(new URLSearchParams(seen[0]?.query).get('ignore_unavailable')).toBe('true')
  expect(JSON.parse(seen[0]?.body ?? '')).toEqual(searchBody(req))
  expect(seen[1]?.path).toBe('/_bulk')
  expect(seen[1]?.contentType).toContain('ndjson')
  expect(seen[1]?.body).toBe('{"index":{"_index":"i","_id":"1"}}\n{"a":1}\n')
})

test('an error answer is an OpenSearchError with status and type, not the body', () => {
  let error: unknown
  try {
    send()({ method: 'POST', path: '/missing/_search', body: { size: 0 } })
  } catch (e) {
    error = e
  }
  expect(error).toBeInstanceOf(OpenSearchError)
  expect((error as OpenSearchError).status).toBe(404)
  expect((error as OpenSearchError).type).toBe('index_not_found_exception')
  expect((error as Error).message).not.toContain('no such index')
})

test('an unreachable cluster fails the call instead of hanging', async () => {
  const dead = syncTransport('http://127.0.0.1:9')
  try {
    expect(() => dead.send({ method: 'GET', path: '/' })).toThrow(OpenSearchError)
  } finally {
    await dead.close()
  }
})
