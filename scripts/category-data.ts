/**
 * The real labelled sets the category model learns from and is measured on, read from
 * shared/corpus (never copied into the project), mapped onto our 11 categories, and split into a
 * training half and a held-out half by story (UCI) or by day (HuffPost), never by random rows: a
 * headline's story-mates would otherwise sit on both sides and flatter the score.
 *
 * Mapping (docs/DECISIONS.md, "Category model"):
 * - UCI News Aggregator: b → business, t → technology (the label is "science and technology"; the
 *   4-class score counts technology and science alike), e → entertainment, m → health.
 * - HuffPost News Category: POLITICS → politics; ENTERTAINMENT, COMEDY, CULTURE & ARTS, MEDIA →
 *   entertainment; WORLD NEWS → world; SPORTS → sport; CRIME → crime; ENVIRONMENT → environment;
 *   WELLNESS → health; BUSINESS, MONEY → business; TECH → technology; SCIENCE → science;
 *   PARENTING, FOOD & DRINK, HOME & LIVING, STYLE & BEAUTY, WOMEN, QUEER VOICES, BLACK VOICES,
 *   LATINO VOICES, RELIGION, EDUCATION, TRAVEL, WEDDINGS, IMPACT, WEIRD NEWS → society.
 *   U.S. NEWS is left out: it is a desk, not a topic (its rows are politics, crime, health…).
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Category } from '../core/categories.ts'
import { parseCsv } from '../core/enrich/sentiment-split.ts'

export interface LabelledArticle {
  title: string
  description: string
  url: string
  host: string
  category: Category
  /** The unit a split keeps whole: a UCI story id, a HuffPost day. */
  group: string
  source: 'uci' | 'huffpost'
}

export const UCI_PATH = 'trends/uci_news_aggregator_first3000.csv'
export const HUFFPOST_PATH = 'categories/huffpost_news_category_v3_first10k.jsonl'

export const UCI_LABELS: Readonly<Record<string, Category>> = { b: 'business', t: 'technology', e: 'entertainment', m: 'health' }

export const HUFFPOST_LABELS: Readonly<Record<string, Category>> = {
  POLITICS: 'politics',
  ENTERTAINMENT: 'entertainment',
  COMEDY: 'entertainment',
  'CULTURE & ARTS': 'entertainment',
  MEDIA: 'entertainment',
  'WORLD NEWS': 'world',
  SPORTS: 'sport',
  CRIME: 'crime',
  ENVIRONMENT: 'environment',
  WELLNESS: 'health',
  BUSINESS: 'business',
  MONEY: 'business',
  TECH: 'technology',
  SCIENCE: 'science',
  PARENTING: 'society',
  'FOOD & DRINK': 'society',
  'HOME & LIVING': 'society',
  'STYLE & BEAUTY': 'society',
  WOMEN: 'society',
  'QUEER VOICES': 'society',
  'BLACK VOICES': 'society',
  'LATINO VOICES': 'society',
  RELIGION: 'society',
  EDUCATION: 'society',
  TRAVEL: 'society',
  WEDDINGS: 'society',
  IMPACT: 'society',
  'WEIRD NEWS': 'society',
}

/** The 4-class view of UCI's labels: which of our categories count as right for each. */
export function uciClass(category: Category): 'b' | 't' | 'e' | 'm' | 'other' {
  if (category === 'business') return 'b'
  if (category === 'technology' || category === 'science') return 't'
  if (category === 'entertainment') return 'e'
  if (category === 'health') return 'm'
  return 'other'
}

export function corpusDir(): string {
  return process.env.NEWSDESK_CORPUS ?? join(import.meta.dir, '../../shared/corpus')
}

export function hasCategoryCorpus(dir = corpusDir()): boolean {
  return existsSync(join(dir, UCI_PATH)) && existsSync(join(dir, HUFFPOST_PATH))
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '')
  } catch {
    return ''
  }
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
    out.push({ title, description: '', url, host: hostOf(url), category, group: `uci:${row[at('STORY')] ?? ''}`, source: 'uci' })
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
    })
  }
  return out
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

export interface GroupSplit {
  train: LabelledArticle[]
  heldOut: LabelledArticle[]
}

/**
 * UCI: its 42 stories, ordered by hash within each label, alternate between the halves (so each
 * label has stories on both sides). HuffPost: a fifth of its days, chosen by hash, are held out.
 */
export function splitByGroup(rows: readonly LabelledArticle[], seed: string): GroupSplit {
  const heldGroups = new Set<string>()
  const uciGroups = new Map<Category, Set<string>>()
  for (const r of rows) {
    if (r.source !== 'uci') continue
    const set = uciGroups.get(r.category) ?? new Set<string>()
    set.add(r.group)
    uciGroups.set(r.category, set)
  }
  for (const groups of uciGroups.values()) {
    const ordered = [...groups].sort((a, b) => hash32(seed + a) - hash32(seed + b))
    ordered.forEach((g, i) => {
      if (i % 2 === 1) heldGroups.add(g)
    })
  }
  for (const r of rows) if (r.source === 'huffpost' && hash32(seed + r.group) % 5 === 0) heldGroups.add(r.group)
  return { train: rows.filter((r) => !heldGroups.has(r.group)), heldOut: rows.filter((r) => heldGroups.has(r.group)) }
}

/** A fingerprint of a row set (FNV-1a over sorted urls and labels), to prove two runs used the same split. */
export function fingerprintRows(rows: readonly LabelledArticle[]): string {
  return hash32(rows.map((r) => `${r.category}\t${r.url}\t${r.title}`).sort().join('\n')).toString(16).padStart(8, '0')
}
