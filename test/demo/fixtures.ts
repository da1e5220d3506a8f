import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import type { TruthArticle } from '../../demo/truth.ts'

export const NOW = new Date('2026-11-21T14:30:00Z')

export function tempDir(label: string): string {
  return mkdtempSync(join(tmpdir(), `newsdesk-demo-${label}-`))
}

/** Every file under `dir`, relative paths, sorted. */
export function listFiles(dir: string, base = ''): string[] {
  const out: string[] = []
  for (const entry of readdirSync(join(dir, base), { withFileTypes: true })) {
    const rel = base === '' ? entry.name : `${base}/${entry.name}`
    if (entry.isDirectory()) out.push(...listFiles(dir, rel))
    else out.push(rel)
  }
  return out.sort()
}

export interface GroundTruth {
  seed: number
  generated_until: string
  first_hour: string
  counts: {
    hours: number
    warc_files: number
    records: Record<string, number>
    html_responses: number
    articles: number
    duplicates: number
    syndicated: number
    malformed: Record<string, number>
    non_html: number
    non_200: number
    bitcoin_articles: number
    stories: number
  }
  planted_lag: { interval: string; shift: number; meaning: string }
  languages: Record<string, number>
  countries: Record<string, number>
  categories: Record<string, number>
  country_sources: Record<string, number>
  templates: Record<string, number>
  publishers: number
  publisher_list: {
    host: string
    country: string
    lang: string
    tld: string
    country_source: string
    charset: string
  }[]
  malformed: { url: string; kind: string; warc_file: string; record_index: number }[]
  stories: {
    id: string
    country: string
    category: string
    lang: string
    title: string
    keywords: string[]
    publishers: number
    hosts: string[]
    articles: number
    complete: boolean
    urls: string[]
  }[]
}

export function readTruth(dir: string): { truth: GroundTruth; articles: TruthArticle[] } {
  const truth = JSON.parse(readFileSync(join(dir, 'ground-truth.json'), 'utf8')) as GroundTruth
  const lines = gunzipSync(readFileSync(join(dir, 'ground-truth-articles.ndjson.gz')))
    .toString('utf8')
    .split('\n')
    .filter((l) => l !== '')
  return { truth, articles: lines.map((l) => JSON.parse(l) as TruthArticle) }
}

/** Matches a name of bitcoin in any of the archive's languages. */
export const BITCOIN_RE = /bitcoin|\bbtc\b|биткоин|比特币|ビットコイン|비트코인|بيتكوين|बिटकॉइन/i

export function pearson(xs: readonly number[], ys: readonly number[]): number {
  const n = xs.length
  let sx = 0
  let sy = 0
  for (let i = 0; i < n; i++) {
    sx += xs[i] ?? 0
    sy += ys[i] ?? 0
  }
  const mx = sx / n
  const my = sy / n
  let cov = 0
  let vx = 0
  let vy = 0
  for (let i = 0; i < n; i++) {
    const dx = (xs[i] ?? 0) - mx
    const dy = (ys[i] ?? 0) - my
    cov += dx * dy
    vx += dx * dx
    vy += dy * dy
  }
  return cov / Math.sqrt(vx * vy)
}
