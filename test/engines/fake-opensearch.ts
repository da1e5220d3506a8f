/**
 * A stand-in OpenSearch for the transport and sync tests, run as a separate process (the test's
 * own thread blocks while the synchronous transport waits). It records each request, which
 * `GET /__requests` returns, and keeps the documents `_bulk` sends, per index, so that the batch
 * job's sync sees what a cluster would: `max` of `seq`, `_cat/indices`, index deletion and a
 * `published_at` range `_delete_by_query` act on them (`GET /__indices` lists them). Other
 * searches answer from test/fixtures/opensearch. Only the request shapes the project sends are
 * understood; anything else is a 400, so a changed body fails the test instead of passing by luck.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export interface SeenRequest {
  method: string
  path: string
  query: string
  contentType: string
  body: string
}

type Doc = Record<string, unknown>
const isObject = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v)

/** `newsdesk-articles-*` against an index name: `*` is the only wildcard the project uses. */
function matches(pattern: string, name: string): boolean {
  return pattern.split(',').some((p) =>
    new RegExp(
      `^${p
        .split('*')
        .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*')}$`,
    ).test(name),
  )
}

function serve(): number {
  const fixture = (name: string) =>
    readFileSync(new URL(`../fixtures/opensearch/${name}.json`, import.meta.url), 'utf8')
  const seen: SeenRequest[] = []
  const indices = new Map<string, Map<string, Doc>>()
  const json = (value: unknown, status = 200) =>
    new Response(typeof value === 'string' ? value : JSON.stringify(value), {
      status,
      headers: { 'content-type': 'application/json' },
    })
  const badRequest = (reason: string) => json({ error: { type: 'parse_exception', reason }, status: 400 }, 400)
  const notFound = (index: string) =>
    json({ error: { type: 'index_not_found_exception', reason: `no such index [${index}]`, index }, status: 404 }, 404)

  function bulk(ndjson: string): Response {
    const lines = ndjson.split('\n')
    if (lines.pop() !== '') return badRequest('The bulk request must be terminated by a newline [\\n]')
    const items: Doc[] = []
    for (let i = 0; i < lines.length; i += 2) {
      const action: unknown = JSON.parse(lines[i] ?? '')
      const source: unknown = JSON.parse(lines[i + 1] ?? 'null')
      if (
        !isObject(action) ||
        !isObject(action.index) ||
        typeof action.index._index !== 'string' ||
        typeof action.index._id !== 'string' ||
        !isObject(source)
      ) {
        return badRequest(`bulk line ${i + 1}: only {"index":{"_index","_id"}} followed by a document is understood`)
      }
      const { _index: index, _id: id } = action.index
      const docs = indices.get(index) ?? new Map<string, Doc>()
      indices.set(index, docs)
      const created = !docs.has(id)
      docs.set(id, source)
      items.push({
        index: { _index: index, _id: id, result: created ? 'created' : 'updated', status: created ? 201 : 200 },
      })
    }
    return json({ took: 1, errors: false, items })
  }

  function maxSeq(pattern: string): number | null {
    let max: number | null = null
    for (const [name, docs] of indices) {
      if (!matches(pattern, name)) continue
      for (const d of docs.values()) if (typeof d.seq === 'number' && (max === null || d.seq > max)) max = d.seq
    }
    return max
  }

  function deleteByQuery(index: string, body: unknown): Response {
    const docs = indices.get(index)
    if (docs === undefined) return notFound(index)
    const range =
      isObject(body) && isObject(body.query) && isObject(body.query.range) && isObject(body.query.range.published_at)
        ? body.query.range.published_at
        : null
    if (
      range === null ||
      typeof range.lt !== 'number' ||
      range.format !== 'epoch_second' ||
      Object.keys(body as Doc).length !== 1
    ) {
      return badRequest(
        'only {"query":{"range":{"published_at":{"lt":<epoch s>,"format":"epoch_second"}}}} is understood',
      )
    }
    let deleted = 0
    for (const [id, d] of docs) {
      if (Date.parse(String(d.published_at)) / 1000 < range.lt) {
        docs.delete(id)
        deleted++
      }
    }
    return json({ took: 1, timed_out: false, total: deleted, deleted, failures: [] })
  }

  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      const url = new URL(req.url)
      const path = decodeURIComponent(url.pathname)
      if (path === '/__requests') return Response.json(seen)
      if (path === '/__indices')
        return Response.json(
          Object.fromEntries(
            [...indices].sort(([a], [b]) => (a < b ? -1 : 1)).map(([name, docs]) => [name, [...docs.keys()].sort()]),
          ),
        )
      const text = await req.text()
      seen.push({
        method: req.method,
        path: url.pathname,
        query: url.search,
        contentType: req.headers.get('content-type') ?? '',
        body: text,
      })
      const body: unknown =
        text === '' || req.method === 'GET'
          ? null
          : req.headers.get('content-type')?.includes('ndjson')
            ? null
            : JSON.parse(text)
      const [first = '', second = ''] = path.slice(1).split('/')
      if (first.startsWith('missing')) return json(fixture('index-not-found'), 404)
      if (path === '/_bulk') return bulk(text)
      if (first === '_index_template' && req.method === 'PUT') return json({ acknowledged: true })
      if (first === '_cat' && second === 'indices') {
        return json(
          [...indices.keys()]
            .filter((name) => matches(path.split('/')[3] ?? '*', name))
            .sort()
            .map((index) => ({ index })),
        )
      }
      if (second === '_search') {
        const agg = isObject(body) && isObject(body.aggs) && isObject(body.aggs.max_seq) ? body.aggs.max_seq : null
        if (agg === null) return json(fixture('search-date'))
        return json({
          took: 1,
          timed_out: false,
          hits: { hits: [] },
          aggregations: { max_seq: { value: maxSeq(first) } },
        })
      }
      if (second === '_delete_by_query' && req.method === 'POST') return deleteByQuery(first, body)
      if (second === '_refresh' && req.method === 'POST')
        return json({ _shards: { total: indices.size, successful: indices.size, failed: 0 } })
      if (second === '' && req.method === 'DELETE') {
        if (!indices.delete(first)) return notFound(first)
        return json({ acknowledged: true })
      }
      return json({ acknowledged: true })
    },
  })
  return server.port ?? 0
}

export interface FakeOpenSearch {
  base: string
  requests: () => Promise<SeenRequest[]>
  /** Index name → ids of the documents it holds, both sorted. */
  indices: () => Promise<Record<string, string[]>>
  stop: () => void
}

/** Starts the stand-in in its own process and returns its address once it listens. */
export async function spawnFakeOpenSearch(): Promise<FakeOpenSearch> {
  const child = Bun.spawn([process.execPath, fileURLToPath(import.meta.url)], { stdout: 'pipe', stderr: 'inherit' })
  const reader = child.stdout.getReader()
  let text = ''
  while (!text.includes('\n')) {
    const { value, done } = await reader.read()
    if (done) break
    text += new TextDecoder().decode(value)
  }
  reader.releaseLock()
  const base = `http://127.0.0.1:${text.trim()}`
  return {
    base,
    requests: async () => (await (await fetch(`${base}/__requests`)).json()) as SeenRequest[],
    indices: async () => (await (await fetch(`${base}/__indices`)).json()) as Record<string, string[]>,
    stop: () => child.kill(),
  }
}

if (import.meta.main) console.log(serve())
