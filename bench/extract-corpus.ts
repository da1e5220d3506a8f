/**
 * Loaders for the two third-party extraction corpora in the shared corpus (core/corpus-dir.ts; read-only, never
 * copied into the project). Each returns null when its folder is absent so benches and tests can
 * skip with a message instead of failing.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { corpusDir } from '../core/corpus-dir.ts'

export const CORPUS_DIR = corpusDir(process.env)
const BENCHMARK_DIR = join(CORPUS_DIR, 'article-extraction-benchmark')
const FUNDUS_DIR = join(CORPUS_DIR, 'fundus-news-fixtures')

export interface BenchmarkPage {
  id: string
  url: string
  html: string
  /** Ground-truth article body. */
  truth: string
}

export interface FundusPage {
  country: string
  file: string
  url: string
  /** Crawl time from meta.info as ISO 8601 UTC with trailing Z. */
  crawledAt: string
  html: string
  expected: {
    title: string | null
    authors: string[]
    /** As written in the fixture, e.g. `2024-09-03 04:03:19+00:00`; null when absent. */
    publishingDate: string | null
    /** Null when the fixture has no `topics` key (not the same as an empty list). */
    topics: string[] | null
    /** Section headlines and paragraphs of `body`, summary left out. */
    bodyParagraphs: string[]
  }
}

function readGzipText(path: string): string {
  return new TextDecoder().decode(gunzipSync(readFileSync(path)))
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
}

function bodyParagraphsOf(body: unknown): string[] {
  if (!isRecord(body) || !Array.isArray(body.sections)) return []
  return body.sections.flatMap((section) =>
    isRecord(section) ? [...stringsOf(section.headline), ...stringsOf(section.paragraphs)] : [],
  )
}

export function benchmarkAvailable(): boolean {
  return existsSync(join(BENCHMARK_DIR, 'ground-truth.json'))
}

export function fundusAvailable(): boolean {
  return existsSync(FUNDUS_DIR)
}

export function loadBenchmark(): BenchmarkPage[] | null {
  if (!benchmarkAvailable()) return null
  const truth: unknown = JSON.parse(readFileSync(join(BENCHMARK_DIR, 'ground-truth.json'), 'utf8'))
  if (!isRecord(truth)) return null
  const pages: BenchmarkPage[] = []
  for (const id of Object.keys(truth).sort()) {
    const item = truth[id]
    if (!isRecord(item)) continue
    const path = join(BENCHMARK_DIR, 'html', `${id}.html.gz`)
    if (!existsSync(path)) continue
    pages.push({
      id,
      url: typeof item.url === 'string' ? item.url : 'http://unknown.invalid/',
      html: readGzipText(path),
      truth: typeof item.articleBody === 'string' ? item.articleBody : '',
    })
  }
  return pages
}

/** Published predictions of another extractor (`output/<name>.json`), keyed by page id. */
export function loadBenchmarkOutput(name: string): Map<string, string> | null {
  const path = join(BENCHMARK_DIR, 'output', `${name}.json`)
  if (!existsSync(path)) return null
  const raw: unknown = JSON.parse(readFileSync(path, 'utf8'))
  const output = isRecord(raw) && isRecord(raw.output) ? raw.output : raw
  if (!isRecord(output)) return null
  const bodies = new Map<string, string>()
  for (const [id, item] of Object.entries(output)) {
    bodies.set(id, isRecord(item) && typeof item.articleBody === 'string' ? item.articleBody : '')
  }
  return bodies
}

/** `2023-04-28 20:32:23.148171` (naive, UTC per fundus' crawler) → `2023-04-28T20:32:23Z`. */
function crawlDateToIso(text: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})/.exec(text)
  return m ? `${m[1]}T${m[2]}Z` : '1970-01-01T00:00:00Z'
}

/**
 * Pairs each publisher's HTML files, sorted by the date in the file name, with the keys of its
 * `<Publisher>.json` in order (the corpus' SOURCES.md documents this mapping).
 */
export function loadFundus(): FundusPage[] | null {
  if (!fundusAvailable()) return null
  const pages: FundusPage[] = []
  const countries = readdirSync(FUNDUS_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
  for (const country of countries) {
    const dir = join(FUNDUS_DIR, country)
    const metaPath = join(dir, 'meta.info')
    const meta: unknown = existsSync(metaPath) ? JSON.parse(readFileSync(metaPath, 'utf8')) : {}
    const files = readdirSync(dir)
    const publishers = files.filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5))
    for (const publisher of publishers.sort()) {
      const expected: unknown = JSON.parse(readFileSync(join(dir, `${publisher}.json`), 'utf8'))
      if (!isRecord(expected)) continue
      const versions = Object.keys(expected)
      const htmlFiles = files
        .filter((f) => f.endsWith('.html.gz') && new RegExp(`^${publisher}_\\d{4}_\\d{2}_\\d{2}\\.html\\.gz$`).test(f))
        .sort((a, b) => a.slice(publisher.length).localeCompare(b.slice(publisher.length)))
      htmlFiles.forEach((file, i) => {
        const want = expected[versions[i] ?? '']
        if (!isRecord(want)) return
        const info = isRecord(meta) ? meta[file] : undefined
        pages.push({
          country,
          file: `${country}/${file}`,
          url: isRecord(info) && typeof info.url === 'string' ? info.url : 'http://unknown.invalid/',
          crawledAt: crawlDateToIso(isRecord(info) && typeof info.crawl_date === 'string' ? info.crawl_date : ''),
          html: readGzipText(join(dir, file)),
          expected: {
            title: typeof want.title === 'string' ? want.title : null,
            authors: stringsOf(want.authors),
            publishingDate: typeof want.publishing_date === 'string' ? want.publishing_date : null,
            topics: Array.isArray(want.topics) ? stringsOf(want.topics) : null,
            bodyParagraphs: bodyParagraphsOf(want.body),
          },
        })
      })
    }
  }
  return pages
}

/** A page of either extraction corpus, named as scripts/extract-dump.ts names it. */
export interface CorpusPage {
  /** `benchmark/<id>` or `fundus/<country>/<file>`. */
  name: string
  url: string
  html: string
  /** The crawl time extraction is told: the fundus page's own, or `benchmarkDate` for benchmark pages (they carry none). */
  warcDate: string
}

/** The benchmark's pages, then the fundus fixtures'; null when neither corpus is present. */
export function loadCorpusPages(benchmarkDate: string): CorpusPage[] | null {
  const bench = loadBenchmark()
  const fundus = loadFundus()
  if (bench === null && fundus === null) return null
  return [
    ...(bench ?? []).map((p) => ({ name: `benchmark/${p.id}`, url: p.url, html: p.html, warcDate: benchmarkDate })),
    ...(fundus ?? []).map((p) => ({ name: `fundus/${p.file}`, url: p.url, html: p.html, warcDate: p.crawledAt })),
  ]
}
