/**
 * Computes the snapshot files: the default-parameter answer of every snapshot-served URL, through
 * the very function the live node answers with (answers/answer.ts), at the build instant.
 */
import { answerRequest, matchEndpoint } from '../../answers/answer.ts'
import type { DataView, Handler } from '../../answers/context.ts'
import { INSTRUMENTS } from '../../core/instruments.ts'
import { defaultTrendScope } from '../../core/trends/scope.ts'
import { trendSetFor } from '../../answers/trends.ts'
import { entities } from '../../answers/entities.ts'
import { type SnapshotFile, snapshotPathFor } from '../../contract/snapshot-files.ts'

/** The URLs whose default answers do not depend on the data (the data-driven ones are added by their areas). */
export function fixedSnapshotUrls(): string[] {
  return [
    '/v1/trends',
    '/v1/trends/keywords',
    '/v1/trends/countries',
    '/v1/entities',
    '/v1/btc/summary',
    '/v1/btc/price',
    '/v1/btc/sentiment',
    '/v1/btc/series',
    '/v1/btc/correlation',
    '/v1/btc/news',
    '/v1/btc/sources',
    '/v1/markets',
    ...INSTRUMENTS.map((i) => `/v1/markets/${i.slug}`),
  ]
}

/**
 * Per-country trend lists and every trend's detail of the default window, and the page of each
 * entity the default `/v1/entities` lists.
 */
export function trendSnapshotUrls(view: DataView, nowMs: number): string[] {
  const set = trendSetFor(view, defaultTrendScope(nowMs))
  const countries = [...new Set(set.stories.map((s) => s.country))].sort()
  return [
    ...countries.map((cc) => `/v1/trends?country=${cc}`),
    ...set.stories.map((s) => `/v1/trends/${s.country}/${encodeURIComponent(s.slug)}`).sort(),
    ...defaultEntityKeys(view, nowMs).map((key) => `/v1/entities/${encodeURIComponent(key)}`),
  ]
}

/** The keys the default `/v1/entities` answer lists, through the answer itself. */
function defaultEntityKeys(view: DataView, nowMs: number): string[] {
  const url = new URL('/v1/entities', 'http://localhost')
  const match = matchEndpoint(url.pathname)
  if (match === null) throw new Error('/v1/entities is not in the registry')
  const payload = answerRequest(match.endpoint, entities, view, nowMs, url, match.pathValues)
  const body = payload.body as { entities?: { key: string }[] }
  return (body.entities ?? []).map((e) => e.key).sort()
}

export function computeSnapshot(
  view: DataView,
  nowMs: number,
  answers: Readonly<Record<string, Handler>>,
  urls: readonly string[],
): SnapshotFile[] {
  const files: SnapshotFile[] = []
  for (const href of urls) {
    const url = new URL(href, 'http://localhost')
    const path = snapshotPathFor(url.pathname, url.searchParams)
    const match = matchEndpoint(url.pathname)
    if (path === null || match === null) throw new Error(`${href} is not a snapshot-served URL`)
    const handler = answers[match.endpoint.path]
    if (handler === undefined) throw new Error(`no answer for ${match.endpoint.path}`)
    const payload = answerRequest(match.endpoint, handler, view, nowMs, url, match.pathValues)
    if (payload.status !== 200) throw new Error(`${href} answered ${payload.status} at build time`)
    files.push({ path, body: typeof payload.body === 'string' ? payload.body : JSON.stringify(payload.body) })
  }
  return files
}
