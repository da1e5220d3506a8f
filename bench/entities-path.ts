/**
 * Entities through the real path (issue 27): labelled documents written as response records into a
 * real WARC file, ingested by the batch ingest (batch/ingest/run.ts, its worker threads) into a real
 * SQLite store, and read back one by one from the live node's `/v1/article` over HTTP on loopback
 * (live/app.ts behind live/limits.ts, as live/server.ts serves it). Document-level precision,
 * recall and F1 per type, scored as bench/entities.ts scores them, printed beside:
 * - `direct`: what bench/entities.ts reports for the same documents (the sentence sets: the text
 *   tagged with the set's language, extractMentions; the news pages: extractEntities of the
 *   extracted article);
 * - `in-process`: the same HTML through extractArticle and enrichArticle in this process (no WARC,
 *   no store, no server), to tell what the page wrapping costs from what the path after it costs;
 * - `path`: the entities of the `/v1/article` answer. A document the path lost (no article for its
 *   URL) counts as all its gold entities missed.
 *
 * Documents:
 * - news-en-dev / news-en-test: the 53 annotated English news pages (bench/data/entity-news-gold.json,
 *   annotator A), their HTML as-is under their own URLs. The ingest clock is put just after the
 *   oldest page's date, so the 90-day retention keeps them all; how many it would drop with the
 *   clock at the crawl date is printed (a design decision of the store, not of the tagger).
 * - The held-out sentence sets of ../shared/corpus/entities (scripts/entity-data.ts), grouped into
 *   documents as bench/entities.ts groups them, each document wrapped in minimal HTML as an outside
 *   evaluator plausibly would, no `lang` unless said, no dates (published = WARC-Date), one WARC and
 *   store per set and wrapping:
 *   - `title+p`: `<title>` the first sentence, every sentence a `<p>`;
 *   - `title+p+lang`: the same with `<html lang>` the set's language;
 *   - `title+rest`: `<title>` the first sentence, the others a `<p>` each (the headline kept apart);
 *   - `caps`: a newswire headline, the first sentence upper-cased as `<title>` and as the first `<p>`.
 *
 *   bun bench/entities-path.ts [--corpus DIR] [--sets name,name] [--wrappings title+p,caps] [--limit N] [--losses]
 *
 * Default sets: the news pages, uner-en-ewt-test, btc-g, wnut17-test, wikiann-en-test and uner-pt-test;
 * `--sets` names others (any held-out set; `news-en` for the news pages). `--limit N`: the first N
 * documents of each set (direct figures on the same N). `--losses`: prints,
 * per set and wrapping, the first lost documents and what in-process extraction made of them.
 * Skips with a message when the entity corpus is absent.
 */
import type { Database } from 'bun:sqlite'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { ExtractedArticle } from '../core/article.ts'
import { enrichArticle } from '../core/enrich/index.ts'
import { extractEntities, extractMentions } from '../core/enrich/entities.ts'
import { type ArticleEntity, ENTITY_TYPES } from '../core/entity.ts'
import { extractArticle } from '../batch/extract/extract-article.ts'
import { ingest, type IngestSummary, RETENTION_DAYS } from '../batch/ingest/run.ts'
import { resolveInputs } from '../batch/warc/inputs.ts'
import { createApp } from '../live/app.ts'
import { serveWithLimits } from '../live/limits.ts'
import { openStore } from '../store/open.ts'
import { SqliteSearchIndex } from '../store/search-sqlite.ts'
import {
  corpusDir,
  type EntitySet,
  hasEntityCorpus,
  type LabelledSentence,
  loadEntitySets,
} from '../scripts/entity-data.ts'
import {
  type Counts,
  documentsOf,
  documentText,
  emptyCounts,
  entityItem,
  evaluate,
  goldDocumentKeys,
  prf,
  score,
  total,
} from '../scripts/entity-scores.ts'
import { loadNewsGold, type NewsGoldPage, NewsScoreTally, scoreNewsPage } from '../scripts/entity-news-scores.ts'
import { loadEnglishNewsPages } from '../scripts/entity-news-pages.ts'
import { tempDir } from '../test/support/tmp.ts'
import { type ResponsePage, writeResponseWarc } from './response-warc.ts'

/** The ingest clock of the sentence sets; their records are crawled an hour before. */
const NOW = new Date('2026-11-27T12:00:00Z')
const CRAWLED = '2026-11-27T11:00:00Z'
/** As scripts/entity-news-pages.ts reads the news pages. */
const NEWS_WARC_DATE = '2026-11-21T14:00:00Z'

export const WRAPPINGS = ['title+p', 'title+p+lang', 'title+rest', 'caps'] as const
export type Wrapping = (typeof WRAPPINGS)[number]

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** A labelled document in minimal HTML, as an outside evaluator would wrap plain text; `lang` for `title+p+lang`. */
export function wrapDocument(sentences: readonly string[], wrapping: Wrapping, lang = 'en'): string {
  const first = sentences[0] ?? ''
  const headline = wrapping === 'caps' ? first.toUpperCase() : first
  const paragraphs =
    wrapping === 'title+p' || wrapping === 'title+p+lang'
      ? sentences
      : wrapping === 'title+rest'
        ? sentences.slice(1)
        : [headline, ...sentences.slice(1)]
  const html = wrapping === 'title+p+lang' ? `<html lang="${lang}">` : '<html>'
  return `${html}<head><title>${escapeHtml(headline)}</title></head><body>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}</body></html>`
}

/** One article as the path answers it: its entities and language, or null when the path has none. */
export interface PathAnswer {
  entities: ArticleEntity[]
  lang: string
}

/** A store of these pages through the real ingest, and a live node serving it on loopback. */
export async function throughPath(
  dir: string,
  pages: readonly ResponsePage[],
  now: Date,
): Promise<{ summary: IngestSummary; answers: (PathAnswer | null)[] }> {
  const warcDir = join(dir, 'warc')
  mkdirSync(warcDir, { recursive: true })
  writeResponseWarc(join(warcDir, 'CC-NEWS-20261127110000-00001.warc.gz'), pages, 'newsdesk bench/entities-path')
  const db: Database = openStore(join(dir, 'store.sqlite'))
  try {
    const sources = await resolveInputs([warcDir], { ccNewsBaseUrl: 'http://127.0.0.1:9/' })
    const summary = await ingest({ db, sources, now })
    const app = createApp({
      data: () => ({ db, index: new SqliteSearchIndex(db), version: 'bench', watermark: null }),
      clock: () => now,
      uptimeSeconds: () => 0,
      version: 'bench',
    })
    const server = serveWithLimits(app, { port: 0, hostname: '127.0.0.1' })
    try {
      const base = `http://127.0.0.1:${server.port}`
      const answers: (PathAnswer | null)[] = new Array(pages.length).fill(null)
      const ask = async (i: number) => {
        const url = (pages[i] as ResponsePage).url
        const res = await fetch(`${base}/v1/article?url=${encodeURIComponent(url)}&full_text=false`)
        if (res.status === 404) {
          await res.arrayBuffer()
          return
        }
        if (res.status !== 200) throw new Error(`/v1/article ${url}: ${res.status} ${await res.text()}`)
        const a = (await res.json()) as PathAnswer
        answers[i] = { entities: a.entities, lang: a.lang }
      }
      // A few requests at a time: well under the node's in-flight cap.
      let next = 0
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          while (next < pages.length) await ask(next++)
        }),
      )
      return { summary, answers }
    } finally {
      server.stop(true)
    }
  } finally {
    db.close()
  }
}

/** extractArticle and enrichArticle of one page in this process, as record-to-row does them. */
function inProcess(p: ResponsePage): { article: ExtractedArticle | null; lang: string; entities: ArticleEntity[] } {
  const article = extractArticle({
    html: p.html,
    targetUri: p.url,
    warcDate: p.date,
    httpHeaders: { 'content-type': p.contentType ?? 'text/html; charset=utf-8' },
  })
  if (article === null) return { article, lang: '', entities: [] }
  const e = enrichArticle(article)
  return { article, lang: e.lang, entities: e.entities }
}

const fmt = (x: number) => x.toFixed(3)
const cells = (c: Counts) =>
  [...ENTITY_TYPES.map((t) => c[t]), total(c)].map((x) => {
    const { p, r, f } = prf(x)
    return `${fmt(p)} / ${fmt(r)} / **${fmt(f)}**`
  })
const f1 = (c: Counts) => fmt(prf(total(c)).f)

function lossNote(summary: IngestSummary, pages: number, stored: number): string {
  const skipped = Object.entries(summary.skipped)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')
  return `${pages - stored} lost (ingest: ${summary.articles} stored, ${summary.duplicates} same-URL duplicates, ${summary.out_of_window} out of window${skipped === '' ? '' : `, skipped: ${skipped}`})`
}

interface Row {
  set: string
  wrapping: string
  docs: number
  direct: Counts
  inProcess: Counts
  path: Counts
  lost: number
  notes: string
}

function printRows(rows: readonly Row[]): void {
  console.log('\nAll three types, document level, F1 (lost: documents with no `/v1/article` answer):\n')
  console.log('| set | wrapping | documents | direct | in-process | path | lost | other language on the path |')
  console.log('|---|---|---:|---:|---:|---:|---:|---|')
  for (const r of rows)
    console.log(
      `| ${r.set} | ${r.wrapping} | ${r.docs} | ${f1(r.direct)} | ${f1(r.inProcess)} | ${f1(r.path)} | ${r.lost} | ${r.notes} |`,
    )
  console.log('\nPer type, precision / recall / **F1**:\n')
  console.log('| set | wrapping | system | person | organisation | place | all three |')
  console.log('|---|---|---|---|---|---|---|')
  for (const r of rows) {
    console.log(`| ${r.set} | ${r.wrapping} | direct | ${cells(r.direct).join(' | ')} |`)
    console.log(`| ${r.set} | ${r.wrapping} | in-process | ${cells(r.inProcess).join(' | ')} |`)
    console.log(`| ${r.set} | ${r.wrapping} | path | ${cells(r.path).join(' | ')} |`)
  }
}

const counted = <T>(items: readonly T[]) => {
  const m = new Map<string, number>()
  for (const i of items) m.set(String(i), (m.get(String(i)) ?? 0) + 1)
  if (m.size === 0) return ''
  const top = [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([k, v]) => `${k === '' ? '(none)' : k} ${v}`)
    .join(', ')
  return `${items.length}: ${top}${m.size > 5 ? ', …' : ''}`
}

async function newsRows(showLosses: boolean): Promise<Row[]> {
  const pages = loadEnglishNewsPages()
  if (pages === null) {
    console.log('news-en: skipped, no extraction corpus pages')
    return []
  }
  const gold = loadNewsGold()
  const byPath = new Map(pages.map((p) => [p.path, p]))
  const rows: Row[] = []
  for (const split of ['dev', 'test'] as const) {
    const wanted: { g: NewsGoldPage; page: ResponsePage; direct: ArticleEntity[] }[] = []
    let changed = 0
    for (const g of gold.filter((x) => x.split === split)) {
      const p = byPath.get(g.path)
      if (p === undefined || p.sha256 !== g.sha256) {
        changed++
        continue
      }
      wanted.push({
        g,
        page: { url: p.url, html: p.html, date: NEWS_WARC_DATE },
        direct: extractEntities(p.article, 'en'),
      })
    }
    const local = wanted.map((w) => inProcess(w.page))
    // Retention keeps 90 days before the ingest clock: put the clock just after the oldest page.
    const published = local.map((l) => Date.parse(l.article?.published_at ?? NEWS_WARC_DATE))
    const now = new Date(Math.min(...published) + 3_600_000)
    const crawl = Date.parse(NEWS_WARC_DATE)
    const wouldDrop = published.filter((t) => t < crawl - RETENTION_DAYS * 86_400_000).length
    const tmp = tempDir('entities-path-news')
    try {
      const { summary, answers } = await throughPath(
        tmp.dir,
        wanted.map((w) => w.page),
        now,
      )
      const direct = new NewsScoreTally()
      const here = new NewsScoreTally()
      const path = new NewsScoreTally()
      const langs: string[] = []
      const lost: string[] = []
      wanted.forEach((w, i) => {
        direct.add(scoreNewsPage(w.g.entities, w.direct))
        here.add(scoreNewsPage(w.g.entities, local[i]?.entities ?? []))
        const a = answers[i] ?? null
        path.add(scoreNewsPage(w.g.entities, a?.entities ?? []))
        if (a === null) lost.push(w.g.path)
        else if (a.lang !== 'en') langs.push(a.lang)
      })
      rows.push({
        set: `news-en-${split}`,
        wrapping: 'page as crawled',
        docs: wanted.length,
        direct: direct.counts,
        inProcess: here.counts,
        path: path.counts,
        lost: lost.length,
        notes: counted(langs),
      })
      console.log(
        `- news-en-${split}: ${wanted.length} pages${changed > 0 ? ` (${changed} skipped: text changed since annotation)` : ''}; ${lossNote(summary, wanted.length, wanted.length - lost.length)}; with the ingest clock at the crawl date (${NEWS_WARC_DATE}) retention (${RETENTION_DAYS} days) would drop ${wouldDrop} of them`,
      )
      if (showLosses) for (const l of lost) console.log(`  lost: ${l}`)
    } finally {
      tmp.cleanup()
    }
  }
  return rows
}

async function setRows(
  set: EntitySet,
  wrappings: readonly Wrapping[],
  limit: number,
  showLosses: boolean,
): Promise<Row[]> {
  const docs = documentsOf(set).slice(0, limit)
  const sentences = docs.flat()
  const direct = evaluate({ ...set, sentences }, (text) => extractMentions(text, set.lang)).document
  const gold = docs.map(goldDocumentKeys)
  const rows: Row[] = []
  for (const wrapping of wrappings) {
    const pages: ResponsePage[] = docs.map((doc, i) => ({
      url: `https://news.example.org/${set.name}/${i + 1}`,
      html: wrapDocument(
        doc.map((s: LabelledSentence) => s.tokens.join(' ')),
        wrapping,
        set.lang,
      ),
      date: CRAWLED,
    }))
    const tmp = tempDir('entities-path')
    try {
      const { summary, answers } = await throughPath(tmp.dir, pages, NOW)
      const here = emptyCounts()
      const path = emptyCounts()
      const langs: string[] = []
      const lost: string[] = []
      pages.forEach((p, i) => {
        const g = gold[i] as string[]
        const local = inProcess(p)
        score(here, g, local.entities.map(entityItem))
        const a = answers[i] ?? null
        score(path, g, (a?.entities ?? []).map(entityItem))
        if (a === null) {
          lost.push(
            `${p.url} (in-process: ${local.article === null ? 'no article' : `title ${JSON.stringify(local.article.title.slice(0, 60))}, ${local.article.text.length} body chars`}): ${JSON.stringify(documentText(docs[i] ?? []).slice(0, 100))}`,
          )
        } else if (a.lang !== set.lang) langs.push(a.lang)
      })
      rows.push({
        set: set.name,
        wrapping,
        docs: docs.length,
        direct,
        inProcess: here,
        path,
        lost: lost.length,
        notes: counted(langs),
      })
      console.log(
        `- ${set.name} ${wrapping}: ${docs.length} documents; ${lossNote(summary, docs.length, docs.length - lost.length)}`,
      )
      if (showLosses) for (const l of lost.slice(0, 10)) console.log(`  lost: ${l}`)
    } finally {
      tmp.cleanup()
    }
  }
  return rows
}

async function main(): Promise<void> {
  const corpus = corpusDir()
  if (!hasEntityCorpus(corpus)) {
    console.log(`bench/entities-path: skipped, no entity corpus under ${corpus} (set NEWSDESK_CORPUS or --corpus)`)
    return
  }
  const argValue = (name: string) => {
    const i = process.argv.indexOf(name)
    return i === -1 ? undefined : process.argv[i + 1]
  }
  const only = argValue('--sets')?.split(',')
  const wrappings = (argValue('--wrappings')?.split(',') ?? [...WRAPPINGS]) as Wrapping[]
  for (const w of wrappings)
    if (!WRAPPINGS.includes(w)) throw new Error(`unknown wrapping ${w}: ${WRAPPINGS.join(', ')}`)
  const limit = Number(argValue('--limit') ?? Number.POSITIVE_INFINITY)
  const showLosses = process.argv.includes('--losses')
  // English by default (the outside benchmark is English news) and the Portuguese newspaper set.
  const DEFAULT_SETS = ['uner-en-ewt-test', 'btc-g', 'wnut17-test', 'wikiann-en-test', 'uner-pt-test']
  const sets = loadEntitySets(corpus).filter(
    (s) => s.use === 'measure' && (only === undefined ? DEFAULT_SETS.includes(s.name) : only.includes(s.name)),
  )
  console.log(`# Entities through the real path (bench/entities-path.ts), ${new Date().toISOString().slice(0, 10)}\n`)
  const rows: Row[] = []
  if (only === undefined || only.some((s) => s.startsWith('news-en'))) rows.push(...(await newsRows(showLosses)))
  for (const set of sets) rows.push(...(await setRows(set, wrappings, limit, showLosses)))
  printRows(rows)
}

if (import.meta.main) await main()
