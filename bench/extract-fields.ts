/**
 * Field accuracy of extractArticle on the fundus news fixtures (/work/shared/corpus/fundus-news-fixtures:
 * 258 real pages, 181 publishers, 41 countries, hand-checked title/authors/publishing_date/topics).
 *
 * Comparison rules:
 * - title: exact after normalisation (NFKC, typographic quotes and dashes unified, whitespace
 *   collapsed, case folded); also the share where one contains the other.
 * - published date: the same instant to the minute (a zone-less expected value is read as UTC, as
 *   fundus stores what the page wrote); the same UTC day is reported beside it.
 * - authors, tags: set equality after the same normalisation, plus mean Jaccard overlap.
 * - body (hold-out check of the text extractor): shingle F1 of our text against fundus' section
 *   headlines and paragraphs (its summary/standfirst left out), using the benchmark's metric.
 *
 * Run: bun bench/extract-fields.ts [--failures N]
 */
import { extractArticle } from '../batch/extract/extract-article.ts'
import { join } from 'node:path'
import { CORPUS_DIR, fundusAvailable, loadFundus, type FundusPage } from './extract-corpus.ts'
import { evaluateBodies } from './extract-shingle-f1.ts'
import type { ExtractedArticle } from '../core/article.ts'

export function normaliseField(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[‘’‚‛′`´]/g, "'")
    .replace(/[“”„‟″«»]/g, '"')
    .replace(/[‐‑‒–—―−]/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()
}

/** Fixture dates: `2024-09-03 04:03:19+00:00`, optional fraction, optional offset. Epoch ms or null. */
export function parseFixtureDate(text: string): number | null {
  const m =
    /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?([+-]\d{2}):?(\d{2})?$/.exec(text.trim()) ??
    /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?()()$/.exec(text.trim())
  if (m === null) return null
  const [, y, mo, d, h, mi, s, oh, om] = m
  const offsetMinutes =
    oh === undefined || oh === '' ? 0 : Number(oh) * 60 + Math.sign(Number(`${oh}1`)) * Number(om ?? 0)
  return Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0)) - offsetMinutes * 60_000
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const x = new Set(a.map(normaliseField))
  const y = new Set(b.map(normaliseField))
  return x.size === y.size && [...x].every((v) => y.has(v))
}

function jaccard(a: readonly string[], b: readonly string[]): number {
  const x = new Set(a.map(normaliseField))
  const y = new Set(b.map(normaliseField))
  if (x.size === 0 && y.size === 0) return 1
  const common = [...x].filter((v) => y.has(v)).length
  return common / (x.size + y.size - common)
}

export interface FieldResult {
  page: FundusPage
  got: ExtractedArticle | null
  title: { ok: boolean; contains: boolean }
  date: { ok: boolean; sameDay: boolean } | null
  authors: { ok: boolean; overlap: number }
  tags: { ok: boolean; overlap: number } | null
}

export function scorePage(page: FundusPage, got: ExtractedArticle | null): FieldResult {
  const title = normaliseField(got?.title ?? '')
  const wantTitle = normaliseField(page.expected.title ?? '')
  const wantDate = page.expected.publishingDate === null ? null : parseFixtureDate(page.expected.publishingDate)
  const gotDate = got === null ? Number.NaN : Date.parse(got.published_at)
  return {
    page,
    got,
    title: {
      ok: title === wantTitle,
      contains: title !== '' && wantTitle !== '' && (title.includes(wantTitle) || wantTitle.includes(title)),
    },
    date:
      wantDate === null
        ? null
        : {
            ok: Math.floor(gotDate / 60_000) === Math.floor(wantDate / 60_000),
            sameDay:
              new Date(gotDate || 0).toISOString().slice(0, 10) === new Date(wantDate).toISOString().slice(0, 10),
          },
    authors: {
      ok: sameSet(got?.authors ?? [], page.expected.authors),
      overlap: jaccard(got?.authors ?? [], page.expected.authors),
    },
    tags:
      page.expected.topics === null
        ? null
        : {
            ok: sameSet(got?.tags ?? [], page.expected.topics),
            overlap: jaccard(got?.tags ?? [], page.expected.topics),
          },
  }
}

export function extractFundusPage(page: FundusPage): ExtractedArticle | null {
  return extractArticle({ html: page.html, targetUri: page.url, warcDate: page.crawledAt, httpHeaders: {} })
}

function pct(n: number, d: number): string {
  return d === 0 ? '   -  ' : `${((100 * n) / d).toFixed(1).padStart(5)}%`
}

function main(): void {
  if (!fundusAvailable()) {
    console.log(`extract-fields: skipped, ${join(CORPUS_DIR, 'fundus-news-fixtures')} is absent (set NEWSDESK_CORPUS)`)
    return
  }
  const pages = loadFundus() ?? []
  const failuresArg = process.argv.indexOf('--failures')
  const failureCount = failuresArg === -1 ? 5 : Number(process.argv[failuresArg + 1] ?? 5)
  const results: FieldResult[] = []
  const times: number[] = []
  for (const page of pages) {
    const start = performance.now()
    const got = extractFundusPage(page)
    times.push(performance.now() - start)
    results.push(scorePage(page, got))
  }
  const rows: [string, number, number, string][] = []
  const count = <T>(items: readonly T[], ok: (item: T) => boolean): number => items.filter(ok).length
  const dated = results.filter((r) => r.date !== null)
  const tagged = results.filter((r) => r.tags !== null)
  const mean = (values: readonly number[]): string =>
    values.length === 0 ? '-' : (values.reduce((a, b) => a + b, 0) / values.length).toFixed(3)
  rows.push(['title (exact, normalised)', count(results, (r) => r.title.ok), results.length, ''])
  rows.push(['title (one contains other)', count(results, (r) => r.title.contains), results.length, ''])
  rows.push(['published (same minute)', count(dated, (r) => r.date?.ok === true), dated.length, ''])
  rows.push(['published (same UTC day)', count(dated, (r) => r.date?.sameDay === true), dated.length, ''])
  rows.push([
    'authors (same set)',
    count(results, (r) => r.authors.ok),
    results.length,
    `mean Jaccard ${mean(results.map((r) => r.authors.overlap))}`,
  ])
  rows.push([
    'tags (same set)',
    count(tagged, (r) => r.tags?.ok === true),
    tagged.length,
    `mean Jaccard ${mean(tagged.map((r) => r.tags?.overlap ?? 0))}`,
  ])

  const body = evaluateBodies(
    results.map((r) => ({ truth: fundusBodyText(r.page), prediction: r.got?.text ?? '' })),
    200,
  )
  const dateSources = new Map<string, number>()
  for (const r of results)
    dateSources.set(r.got?.date_source ?? 'null', (dateSources.get(r.got?.date_source ?? 'null') ?? 0) + 1)

  console.log(`\nfundus-news-fixtures: ${pages.length} pages, ${new Set(pages.map((p) => p.country)).size} countries\n`)
  console.log('| field                       | correct |   n | accuracy | partial            |')
  console.log('|-----------------------------|--------:|----:|---------:|--------------------|')
  for (const [name, ok, n, extra] of rows) {
    console.log(
      `| ${name.padEnd(27)} | ${String(ok).padStart(7)} | ${String(n).padStart(3)} |  ${pct(ok, n)} | ${extra.padEnd(18)} |`,
    )
  }
  console.log(
    `\nbody vs fundus paragraphs (hold-out): F1 ${body.f1.toFixed(3)} ± ${body.f1Std.toFixed(3)}  P ${body.precision.toFixed(3)}  R ${body.recall.toFixed(3)}`,
  )
  console.log(
    `date_source: ${[...dateSources]
      .sort()
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  )
  const sorted = [...times].sort((a, b) => a - b)
  const at = (q: number): string => (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(2)
  console.log(`time per page: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`)

  const show = (label: string, bad: FieldResult[], line: (r: FieldResult) => string): void => {
    console.log(`\nworst ${label} (${bad.length} wrong):`)
    for (const r of bad.slice(0, failureCount)) console.log(`  ${r.page.file}: ${line(r)}`)
  }
  show(
    'titles',
    results.filter((r) => !r.title.ok),
    (r) => `got ${JSON.stringify(r.got?.title ?? null)} want ${JSON.stringify(r.page.expected.title)}`,
  )
  show(
    'dates',
    dated.filter((r) => r.date?.ok !== true),
    (r) => `got ${r.got?.published_at} (${r.got?.date_source}) want ${r.page.expected.publishingDate}`,
  )
  show(
    'authors',
    results.filter((r) => !r.authors.ok).sort((a, b) => a.authors.overlap - b.authors.overlap),
    (r) => `got ${JSON.stringify(r.got?.authors)} want ${JSON.stringify(r.page.expected.authors)}`,
  )
  show(
    'tags',
    tagged.filter((r) => r.tags?.ok !== true).sort((a, b) => (a.tags?.overlap ?? 0) - (b.tags?.overlap ?? 0)),
    (r) => `got ${JSON.stringify(r.got?.tags.slice(0, 8))} want ${JSON.stringify(r.page.expected.topics?.slice(0, 8))}`,
  )
}

/** Fundus body without its summary: section headlines and paragraphs, one per line. */
export function fundusBodyText(page: FundusPage): string {
  return page.expected.bodyParagraphs.join('\n\n')
}

if (import.meta.main) main()
