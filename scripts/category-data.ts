/**
 * The real labelled sets the category model learns from and is measured on, read from
 * shared/corpus (never copied into the project), checked against their SHA-256, and mapped onto
 * our 11 categories. docs/category-data.md is the data card: source, licence, size, mapping and
 * whether each set may train the shipped weights (`use: 'train'`) or only measure them
 * (`use: 'measure'`). AG News, the Financial PhraseBank and CoNLL-2003 are never read.
 */
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Category } from '../core/categories.ts'
import {
  CATEGORY_SOURCES,
  type CategorySource,
  HUFFPOST_LABELS,
  HUFFPOST_PATH,
  UCI_LABELS,
  UCI_PATH,
} from './category-sources.ts'
import { parseCsv } from '../core/enrich/sentiment-split.ts'
import { corpusDir as sharedCorpusDir } from '../core/corpus-dir.ts'
import { standfirstFromBody } from '../core/enrich/category-features.ts'

export { CATEGORY_SOURCES, type CategorySource, type SourceUse } from './category-sources.ts'

export interface LabelledArticle {
  title: string
  description: string
  url: string
  host: string
  category: Category
  /** The unit a split keeps whole: a UCI story id, a HuffPost day, an article id. */
  group: string
  /** The set's id in CATEGORY_SOURCES. */
  source: string
  lang: string
  /** What the row weighs in the fit before class and source balance; 1 when absent (a short view of a row shares its row's weight). */
  weight?: number
}

export function corpusDir(): string {
  return sharedCorpusDir(process.env)
}

export function sourceById(id: string): CategorySource {
  const s = CATEGORY_SOURCES.find((x) => x.id === id)
  if (s === undefined) throw new Error(`category-data: no source ${id}`)
  return s
}

/** The two original training sets; without them there is nothing to train or measure. */
export function hasCategoryCorpus(dir = corpusDir()): boolean {
  return existsSync(join(dir, UCI_PATH)) && existsSync(join(dir, HUFFPOST_PATH))
}

export function hasSource(s: CategorySource, dir = corpusDir()): boolean {
  return existsSync(join(dir, s.path))
}

export function sha256File(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex')
}

/** Throws when a present set is not the file the data card describes (a changed file would change the weights silently). */
export function checkSource(s: CategorySource, dir = corpusDir()): void {
  const got = sha256File(join(dir, s.path))
  if (got !== s.sha256)
    throw new Error(
      `category-data: ${s.path} has sha256 ${got}, expected ${s.sha256}; update docs/category-data.md and CATEGORY_SOURCES if the set changed on purpose`,
    )
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '')
  } catch {
    return ''
  }
}

/** First paragraph of a body, as a standfirst: what an extracted page's description usually holds (the service reads a page without one the same way). */
const leadOf = standfirstFromBody

/** Unescapes the CSV's `\?` (the file escapes query marks) so URLs parse as crawled. */
export function loadUci(dir = corpusDir()): LabelledArticle[] {
  const rows = parseCsv(readFileSync(join(dir, UCI_PATH), 'utf8'))
  const header = rows[0] ?? []
  const at = (name: string): number => header.indexOf(name)
  const out: LabelledArticle[] = []
  const seen = new Set<string>()
  for (const row of rows.slice(1)) {
    const category = UCI_LABELS[row[at('CATEGORY')] ?? '']
    const title = (row[at('TITLE')] ?? '').trim()
    const url = (row[at('URL')] ?? '').replace(/\\\?/g, '?')
    if (category === undefined || title === '' || seen.has(url)) continue
    seen.add(url)
    out.push({
      title,
      description: '',
      url,
      host: hostOf(url),
      category,
      group: `uci:${row[at('STORY')] ?? ''}`,
      source: 'uci',
      lang: 'en',
    })
  }
  return out
}

interface HuffPostRow {
  link?: unknown
  headline?: unknown
  category?: unknown
  short_description?: unknown
  date?: unknown
}

export function loadHuffPost(dir = corpusDir()): LabelledArticle[] {
  const out: LabelledArticle[] = []
  for (const line of readFileSync(join(dir, HUFFPOST_PATH), 'utf8').split('\n')) {
    if (line.trim() === '') continue
    const row = JSON.parse(line) as HuffPostRow
    const category = HUFFPOST_LABELS[String(row.category ?? '')]
    const title = String(row.headline ?? '').trim()
    if (category === undefined || title === '') continue
    const url = String(row.link ?? '')
    out.push({
      title,
      description: String(row.short_description ?? '').trim(),
      url,
      host: hostOf(url),
      category,
      group: `huffpost:${String(row.date ?? '')}`,
      source: 'huffpost',
      lang: 'en',
    })
  }
  return out
}

interface LibrarianRow {
  text_title?: unknown
  text_body?: unknown
  label?: unknown
  url?: unknown
  date?: unknown
  id?: unknown
  lang?: unknown
}

/** The data librarian's JSONL (categories/SOURCES.md, "Added 2025"): `text_title, text_body, label, lang, url…`. */
function loadLibrarianJsonl(s: CategorySource, dir: string): LabelledArticle[] {
  const out: LabelledArticle[] = []
  let lineNo = 0
  for (const line of readFileSync(join(dir, s.path), 'utf8').split('\n')) {
    lineNo++
    if (line.trim() === '') continue
    // A file of several languages is read for one of them; skip the others before parsing.
    if (s.onlyLang !== undefined && !line.includes(`"${s.onlyLang}"`)) continue
    const row = JSON.parse(line) as LibrarianRow
    if (s.onlyLang !== undefined && row.lang !== s.onlyLang) continue
    const category = s.labels[String(row.label ?? '')]
    if (category === undefined) continue
    let title = String(row.text_title ?? '').trim()
    const body = String(row.text_body ?? '').trim()
    // Two sets have no title: the 2017 HuffPost copy (headline and standfirst run together, so the
    // whole string serves as the title) and 10kGNAD (subheadline + body: its first paragraph is the title).
    let description = leadOf(body)
    if (title === '') {
      title = description
      description = ''
    }
    if (title === '') continue
    const url = s.withoutUrl === true ? '' : String(row.url ?? '')
    const date = String(row.date ?? '')
    // Whole days (dated sets) or single articles stay on one side of a split.
    const group = date !== '' ? `${s.id}:${date}` : `${s.id}:${lineNo}`
    out.push({ title, description, url, host: hostOf(url), category, group, source: s.id, lang: s.lang })
  }
  return out
}

/** Fewer words than this after cleaning: a bare link or ticker list, nothing to learn a topic from. */
const MIN_POST_WORDS = 3

/**
 * A finance tweet as a headline: links (t.co) dropped, a leading cashtag list (`$CCL $RCL - `,
 * `$ESS: `) dropped, a cashtag inside the text kept as its ticker (`$NFLX` → `NFLX`: news
 * headlines name tickers without the sign). Empty when fewer than three words remain.
 */
export function tweetHeadline(text: string): string {
  const clean = text
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/^\s*(?:\$[A-Za-z][A-Za-z.]*[\s,]*)+(?:[-:–—]\s*)?/, '')
    .replace(/\$([A-Za-z][A-Za-z.]*)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim()
  return clean.split(' ').filter((w) => /\p{L}/u.test(w)).length >= MIN_POST_WORDS ? clean : ''
}

/**
 * A `text,label` CSV of posts (the finance-news tweets): each distinct cleaned text once, as a
 * headline; `seen` holds the texts of the publisher's files read before (93 validation tweets
 * read as a training tweet once cleaned).
 */
function loadTextCsv(s: CategorySource, dir: string, seen = new Set<string>()): LabelledArticle[] {
  const rows = parseCsv(readFileSync(join(dir, s.path), 'utf8'))
  const header = rows[0] ?? []
  const out: LabelledArticle[] = []
  rows.slice(1).forEach((row, i) => {
    const category = s.labels[row[header.indexOf('label')] ?? '']
    const title = tweetHeadline(row[header.indexOf('text')] ?? '')
    if (category === undefined || title === '' || seen.has(title)) return
    seen.add(title)
    out.push({ title, description: '', url: '', host: '', category, group: `${s.id}:${i}`, source: s.id, lang: s.lang })
  })
  return out
}

interface SentenceRow {
  text?: unknown
  label?: unknown
  id?: unknown
}

/**
 * Sentences of a target-dependent set (NewsMTSC: one row per person named): each distinct
 * sentence once, as a headline, with its first row's label. A sentence's article
 * (`allsides_1000_401`, `polusa_v1_53001849`: the id's first three parts) is its split group.
 */
function loadSentenceJsonl(s: CategorySource, dir: string): LabelledArticle[] {
  const out: LabelledArticle[] = []
  const seen = new Set<string>()
  for (const line of readFileSync(join(dir, s.path), 'utf8').split('\n')) {
    if (line.trim() === '') continue
    const row = JSON.parse(line) as SentenceRow
    const title = String(row.text ?? '')
      .replace(/\s+/g, ' ')
      .trim()
    const category = s.labels[String(row.label ?? '')]
    if (category === undefined || title === '' || seen.has(title)) continue
    seen.add(title)
    const article = String(row.id ?? '')
      .split('_')
      .slice(0, 3)
      .join('_')
    out.push({
      title,
      description: '',
      url: '',
      host: '',
      category,
      group: `${s.id}:${article}`,
      source: s.id,
      lang: s.lang,
    })
  }
  return out
}

export function loadSource(s: CategorySource, dir = corpusDir(), seenPosts?: Set<string>): LabelledArticle[] {
  checkSource(s, dir)
  if (s.format === 'uci-csv') return loadUci(dir)
  if (s.format === 'huffpost-v3') return loadHuffPost(dir)
  if (s.format === 'text-csv') return loadTextCsv(s, dir, seenPosts)
  if (s.format === 'sentence-jsonl') return loadSentenceJsonl(s, dir)
  return loadLibrarianJsonl(s, dir)
}

export interface LoadedSets {
  rows: LabelledArticle[]
  /** Sets absent under the corpus folder (skipped with a message by the callers). */
  missing: CategorySource[]
}

export function loadSources(filter: (s: CategorySource) => boolean, dir = corpusDir()): LoadedSets {
  const rows: LabelledArticle[] = []
  const missing: CategorySource[] = []
  // Posts already read from another file of the same publisher are not read twice.
  const seenPosts = new Map<string, Set<string>>()
  for (const s of CATEGORY_SOURCES.filter(filter)) {
    if (!hasSource(s, dir)) {
      missing.push(s)
      continue
    }
    const publisher = s.publisher ?? s.id
    const seen = seenPosts.get(publisher) ?? new Set<string>()
    seenPosts.set(publisher, seen)
    rows.push(...loadSource(s, dir, seen))
  }
  return { rows, missing }
}

/** FNV-1a, for splits that do not depend on file order or on a random generator. */
export function hash32(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/** A fingerprint of a row set (FNV-1a over sorted urls and labels), to prove two runs used the same split. */
export function fingerprintRows(rows: readonly LabelledArticle[]): string {
  return hash32(
    rows
      .map((r) => `${r.category}\t${r.url}\t${r.title}`)
      .sort()
      .join('\n'),
  )
    .toString(16)
    .padStart(8, '0')
}
