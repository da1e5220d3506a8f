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
import { parseCsv } from '../core/enrich/sentiment-split.ts'
import { corpusDir as sharedCorpusDir } from '../core/corpus-dir.ts'

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
}

export type SourceUse = 'train' | 'measure'

export interface CategorySource {
  id: string
  /** Under shared/corpus. */
  path: string
  sha256: string
  lang: string
  licence: string
  /** `train`: the shipped weights may learn from it; `measure`: held out for ever (licence or label quality). */
  use: SourceUse
  format: 'uci-csv' | 'huffpost-v3' | 'librarian-jsonl'
  /** The source's own label → our category; labels not listed are dropped. */
  labels: Readonly<Record<string, Category>>
}

export const UCI_PATH = 'trends/uci_news_aggregator_first3000.csv'
export const HUFFPOST_PATH = 'categories/huffpost_news_category_v3_first10k.jsonl'

export const UCI_LABELS: Readonly<Record<string, Category>> = {
  b: 'business',
  t: 'technology',
  e: 'entertainment',
  m: 'health',
}

/** HuffPost's desks, v2 and v3 names. U.S. NEWS is left out: a desk, not a topic (its rows are politics, crime, health…). */
export const HUFFPOST_LABELS: Readonly<Record<string, Category>> = {
  POLITICS: 'politics',
  ENTERTAINMENT: 'entertainment',
  COMEDY: 'entertainment',
  'CULTURE & ARTS': 'entertainment',
  'ARTS & CULTURE': 'entertainment',
  ARTS: 'entertainment',
  MEDIA: 'entertainment',
  'WORLD NEWS': 'world',
  'THE WORLDPOST': 'world',
  WORLDPOST: 'world',
  SPORTS: 'sport',
  CRIME: 'crime',
  ENVIRONMENT: 'environment',
  GREEN: 'environment',
  WELLNESS: 'health',
  'HEALTHY LIVING': 'health',
  BUSINESS: 'business',
  MONEY: 'business',
  TECH: 'technology',
  SCIENCE: 'science',
  PARENTING: 'society',
  PARENTS: 'society',
  'FOOD & DRINK': 'society',
  TASTE: 'society',
  'HOME & LIVING': 'society',
  'STYLE & BEAUTY': 'society',
  STYLE: 'society',
  WOMEN: 'society',
  'QUEER VOICES': 'society',
  'BLACK VOICES': 'society',
  'LATINO VOICES': 'society',
  RELIGION: 'society',
  EDUCATION: 'society',
  COLLEGE: 'society',
  TRAVEL: 'society',
  WEDDINGS: 'society',
  IMPACT: 'society',
  'WEIRD NEWS': 'society',
}

const MASAKHA_LABELS: Readonly<Record<string, Category>> = {
  politics: 'politics',
  business: 'business',
  sports: 'sport',
  entertainment: 'entertainment',
  health: 'health',
  technology: 'technology',
}

export const CATEGORY_SOURCES: readonly CategorySource[] = [
  {
    id: 'uci',
    path: UCI_PATH,
    sha256: 'b85765e4d4f09b9d6eb4e4d801932eddbd22c11d3c19364093f5cdd43c92cd99',
    lang: 'en',
    licence: 'CC BY 4.0',
    use: 'train',
    format: 'uci-csv',
    labels: UCI_LABELS,
  },
  {
    id: 'huffpost',
    path: HUFFPOST_PATH,
    sha256: 'c50f756e92f00cd22b96869a042dc4089752b3883d34dc946c8002791bc82472',
    lang: 'en',
    licence: 'CC BY 4.0',
    use: 'train',
    format: 'huffpost-v3',
    labels: HUFFPOST_LABELS,
  },
  {
    id: 'huffpost-2018',
    path: 'categories/huffpost_news_category_v2_slice_2018.jsonl',
    sha256: 'f0fe915cac4f97ceb0752f322e9bf258ddaff2a150abd1ebd324afc7bbb0e998',
    lang: 'en',
    licence: 'CC BY 4.0',
    use: 'train',
    format: 'librarian-jsonl',
    labels: HUFFPOST_LABELS,
  },
  {
    id: 'huffpost-2017',
    path: 'categories/huffpost_news_category_v2_slice_2017_concat.jsonl',
    sha256: 'b1b45db41c8bbb79deac1e4bf2107d4b95f547a10861f3cd964e80d5ce33774f',
    lang: 'en',
    licence: 'CC BY 4.0',
    use: 'train',
    format: 'librarian-jsonl',
    labels: HUFFPOST_LABELS,
  },
  {
    id: 'masakhanews-en',
    path: 'categories/masakhanews_eng.jsonl',
    sha256: '0284ffa0fa1cec08ae9731bbfdf6b1525642c4d343dab3d3d3826643cece44ce',
    lang: 'en',
    licence: 'AFL-3.0',
    use: 'train',
    format: 'librarian-jsonl',
    labels: MASAKHA_LABELS,
  },
  {
    id: 'masakhanews-fr',
    path: 'categories/masakhanews_fra.jsonl',
    sha256: '8f2dee779d2c21b030b5abeba52f2debe514ee6ca2a112cf495ce7955327bf35',
    lang: 'fr',
    licence: 'AFL-3.0',
    use: 'train',
    format: 'librarian-jsonl',
    labels: MASAKHA_LABELS,
  },
  {
    id: 'bbc-news',
    path: 'categories/bbc_news.jsonl',
    sha256: 'e6d300ad0dbc6c7ad8fe980754460f5e773c982e07560c54adb92d834419f648',
    lang: 'en',
    licence: 'BBC copyright, research use only',
    use: 'measure',
    format: 'librarian-jsonl',
    labels: {
      business: 'business',
      sport: 'sport',
      politics: 'politics',
      entertainment: 'entertainment',
      tech: 'technology',
    },
  },
  {
    id: 'reddit',
    path: 'categories/reddit_news_headlines_fwd_2021_2022.jsonl',
    sha256: '44ce93e22c889437ed21dff7954a7115810abdf4e8315a01bd1d63adc9c720d7',
    lang: 'en',
    licence: 'unknown (no licence file); labels are subreddit names',
    use: 'measure',
    // r/news, r/nottheonion, r/UpliftingNews and the local subreddits name a mood or a place, not a topic.
    format: 'librarian-jsonl',
    labels: {
      worldnews: 'world',
      ukraine: 'world',
      politics: 'politics',
      technology: 'technology',
      science: 'science',
      sports: 'sport',
      television: 'entertainment',
    },
  },
  {
    id: '10kgnad',
    path: 'categories/10kgnad_de_test.jsonl',
    sha256: '9136888bf71b990460756936e3701d895d8ad9352b965dd8b9d3e6641000f785',
    lang: 'de',
    licence: 'CC BY-NC-SA 4.0',
    use: 'measure',
    format: 'librarian-jsonl',
    // Der Standard's sections: Inland is Austrian politics, Etat its media desk, Panorama the chronicle (accidents, crime, people).
    labels: {
      Web: 'technology',
      Panorama: 'society',
      International: 'world',
      Wirtschaft: 'business',
      Sport: 'sport',
      Inland: 'politics',
      Etat: 'entertainment',
      Wissenschaft: 'science',
      Kultur: 'entertainment',
    },
  },
  {
    id: 'thucnews',
    path: 'categories/thucnews_titles_zh.jsonl',
    sha256: 'e82f592ff7a37cd7263155abf565604c665fbd2da2174a66af7eae5c6de75d64',
    lang: 'zh',
    licence: 'THUCTC: free for research; no explicit data licence',
    use: 'measure',
    format: 'librarian-jsonl',
    // Sina's 科技 (science) channel is mostly technology; its game channel is video games.
    labels: {
      game: 'technology',
      society: 'society',
      finance: 'business',
      sports: 'sport',
      politics: 'politics',
      science: 'technology',
      entertainment: 'entertainment',
      education: 'society',
      realty: 'business',
      stocks: 'business',
    },
  },
]

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

/** First paragraph of a body, as a standfirst: what an extracted page's description usually holds. */
const LEAD_MAX_CHARS = 300
function leadOf(body: string): string {
  const first = body.split('\n').find((p) => p.trim() !== '') ?? ''
  return first.trim().slice(0, LEAD_MAX_CHARS)
}

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
}

/** The data librarian's JSONL (categories/SOURCES.md, "Added 2025"): `text_title, text_body, label, lang, url…`. */
function loadLibrarianJsonl(s: CategorySource, dir: string): LabelledArticle[] {
  const out: LabelledArticle[] = []
  let lineNo = 0
  for (const line of readFileSync(join(dir, s.path), 'utf8').split('\n')) {
    lineNo++
    if (line.trim() === '') continue
    const row = JSON.parse(line) as LibrarianRow
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
    const url = String(row.url ?? '')
    const date = String(row.date ?? '')
    // Whole days (dated sets) or single articles stay on one side of a split.
    const group = date !== '' ? `${s.id}:${date}` : `${s.id}:${lineNo}`
    out.push({ title, description, url, host: hostOf(url), category, group, source: s.id, lang: s.lang })
  }
  return out
}

export function loadSource(s: CategorySource, dir = corpusDir()): LabelledArticle[] {
  checkSource(s, dir)
  if (s.format === 'uci-csv') return loadUci(dir)
  if (s.format === 'huffpost-v3') return loadHuffPost(dir)
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
  for (const s of CATEGORY_SOURCES.filter(filter)) {
    if (!hasSource(s, dir)) missing.push(s)
    else rows.push(...loadSource(s, dir))
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
