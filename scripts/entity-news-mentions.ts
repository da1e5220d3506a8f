/**
 * Mention-level gold for the annotated English news pages (issue 27): character offsets into the
 * text the tagger reads (entityText, scripts/entity-news-pages.ts) of every name of a person,
 * organisation or place, built in two steps without any system output:
 *
 * 1. candidates: every word-bounded, exact-case occurrence in the page's text of each document-level
 *    gold entity's name and other names (annotator A, bench/data/entity-news-gold.json); where two
 *    overlap the longer wins; a leading `The` is cut off (the span convention, docs/entities-data.md);
 * 2. a reviewer's edits, page by page (bench/data/entity-news-mentions-edits.txt): occurrences that
 *    are not that entity dropped, spans fixed, names the candidates missed added.
 *
 *   bun scripts/entity-news-mentions.ts --review DIR   # writes each page's text with the candidates marked, outside the project
 *   bun scripts/entity-news-mentions.ts --write        # candidates + edits → bench/data/entity-news-mentions.json
 *
 * Edits file: `## <page path>` starts a page; then one edit a line (`#` starts a comment line):
 *   - Surface                  drop every candidate whose text is Surface
 *   - Surface #2,3             drop the candidates at those occurrences of Surface (word-bounded, exact case, counted from 1 over the whole text)
 *   + Surface = Gold name      add every occurrence of Surface that overlaps no kept mention, as the gold entity of that name
 *   + Surface #1 = Gold name   only those occurrences; `!2` instead: all but those
 *   + Surface = new place|Name a name the document-level gold lacks (type and name given)
 *   +~ Surface = Gold name     as `+`, also where a digit touches it (`21:00Antony Clements-Thrower`)
 * Only labels and offsets are written, never the text.
 */
import { readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import type { EntityType } from '../core/entity.ts'
import { loadNewsGold, type NewsGoldEntity, type NewsGoldPage } from './entity-news-scores.ts'

export interface NewsGoldMention {
  /** Offsets into the page's text (entityText), UTF-16 code units, end exclusive. */
  start: number
  end: number
  type: EntityType
  /** The document-level gold entity's name (bench/data/entity-news-gold.json), or the name of one it lacks. */
  entity: string
  /** The span's text is that entity's gold name or one of its listed other names. */
  listed: boolean
  /** An entity the document-level gold does not list (found while reading the page for its mentions). */
  extra?: true
}

export interface NewsMentionPage {
  path: string
  split: 'dev' | 'test'
  sha256: string
  mentions: NewsGoldMention[]
}

export const NEWS_MENTIONS_PATH = join(import.meta.dir, '..', 'bench', 'data', 'entity-news-mentions.json')
export const NEWS_MENTION_EDITS_PATH = join(import.meta.dir, '..', 'bench', 'data', 'entity-news-mentions-edits.txt')

export function loadNewsMentions(path = NEWS_MENTIONS_PATH): NewsMentionPage[] {
  return (JSON.parse(readFileSync(path, 'utf8')) as { pages: NewsMentionPage[] }).pages
}

const isWordCode = (s: string, i: number, letters = false) =>
  i >= 0 && i < s.length && (letters ? /\p{L}/u : /[\p{L}\p{N}]/u).test(s[i] as string)

/**
 * Start offsets of every word-bounded, exact-case occurrence of `surface` in `text`; `loose`: a digit
 * may touch it (a live blog's `21:00Antony Clements-Thrower`).
 */
export function occurrences(text: string, surface: string, loose = false): number[] {
  const out: number[] = []
  if (surface === '') return out
  let i = text.indexOf(surface)
  while (i !== -1) {
    if (!isWordCode(text, i - 1, loose) && !isWordCode(text, i + surface.length, loose)) out.push(i)
    i = text.indexOf(surface, i + 1)
  }
  return out
}

interface Span {
  start: number
  end: number
  type: EntityType
  entity: string
  extra?: true
}

/** A leading article is no part of a span (`The Hague` → `Hague`, `the Guardian` → `Guardian`), as the tagger keys names. */
function cutArticle(text: string, s: Span): Span {
  const m = /^(the|The|THE)\s+/.exec(text.slice(s.start, s.end))
  return m === null || s.type === 'person' ? s : { ...s, start: s.start + m[0].length }
}

const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) =>
  a.start < b.end && b.start < a.end

/** Step 1: candidates from the document-level gold, the longer of two overlapping ones kept. */
export function candidateMentions(text: string, entities: readonly NewsGoldEntity[]): Span[] {
  const all: Span[] = []
  for (const e of entities)
    for (const n of new Set([e.name, ...(e.aliases ?? [])]))
      for (const at of occurrences(text, n)) all.push({ start: at, end: at + n.length, type: e.type, entity: e.name })
  all.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start)
  const kept: Span[] = []
  for (const s of all) if (!kept.some((k) => overlaps(k, s))) kept.push(s)
  return kept.map((s) => cutArticle(text, s)).sort((a, b) => a.start - b.start)
}

interface Edit {
  op: '+' | '-'
  /** `+~`: occurrences a digit touches count too. */
  loose?: true
  surface: string
  only?: number[]
  except?: number[]
  entity?: string
  line: number
}

export function parseEdits(source: string): Map<string, Edit[]> {
  const out = new Map<string, Edit[]>()
  let page: Edit[] | null = null
  source.split('\n').forEach((raw, k) => {
    const line = raw.trim()
    if (line.startsWith('## ')) {
      page = []
      out.set(line.slice(3).trim(), page)
      return
    }
    if (line === '' || line.startsWith('#')) return
    const m = /^([+-])(~?)\s+(.+?)(?:\s+([#!])([\d,]+))?(?:\s+=\s+(.+))?$/.exec(line)
    if (m === null || page === null) throw new Error(`edits line ${k + 1}: cannot read "${raw}"`)
    const nums = m[5]?.split(',').map(Number)
    page.push({
      op: m[1] as '+' | '-',
      ...(m[2] === '~' ? { loose: true } : {}),
      surface: m[3] as string,
      ...(m[4] === '#' ? { only: nums } : m[4] === '!' ? { except: nums } : {}),
      ...(m[6] === undefined ? {} : { entity: m[6].trim() }),
      line: k + 1,
    })
  })
  return out
}

const chosen = (e: Edit, n: number) =>
  (e.only === undefined || e.only.includes(n)) && (e.except === undefined || !e.except.includes(n))

/** Step 2: the candidates with a page's edits applied. Throws on an edit that does nothing. */
export function applyEdits(
  text: string,
  gold: readonly NewsGoldEntity[],
  spans: Span[],
  edits: readonly Edit[],
): Span[] {
  let out = [...spans]
  for (const e of edits) {
    const at = occurrences(text, e.surface, e.loose === true)
    if (at.length === 0) throw new Error(`edits line ${e.line}: "${e.surface}" not in the text`)
    if (e.op === '-') {
      const drop = new Set(at.filter((_, k) => chosen(e, k + 1)))
      const before = out.length
      out = out.filter((s) => !(drop.has(s.start) && s.end === s.start + e.surface.length))
      // A candidate whose leading article was cut starts later than the surface.
      out = out.filter(
        (s) =>
          ![...drop].some(
            (d) =>
              text.slice(d, d + e.surface.length).startsWith('The ') &&
              s.start === d + 4 &&
              s.end === d + e.surface.length,
          ),
      )
      if (out.length === before) throw new Error(`edits line ${e.line}: no candidate "${e.surface}" to drop`)
      continue
    }
    if (e.entity === undefined) throw new Error(`edits line ${e.line}: an addition needs "= entity"`)
    let type: EntityType
    let entity = e.entity
    let extra: true | undefined
    const nm = /^new (person|organisation|place)\|(.+)$/.exec(e.entity)
    if (nm !== null) {
      type = nm[1] as EntityType
      entity = nm[2] as string
      extra = true
    } else {
      const g = gold.find((g) => g.name === e.entity)
      if (g === undefined) throw new Error(`edits line ${e.line}: no gold entity "${e.entity}"`)
      type = g.type
    }
    let added = 0
    at.forEach((start, k) => {
      if (!chosen(e, k + 1)) return
      const s = cutArticle(text, { start, end: start + e.surface.length, type, entity, ...(extra ? { extra } : {}) })
      if (out.some((o) => overlaps(o, s))) return
      out.push(s)
      added++
    })
    if (added === 0) throw new Error(`edits line ${e.line}: "${e.surface}" added nothing`)
  }
  return out.sort((a, b) => a.start - b.start)
}

const TYPE_MARK: Record<EntityType, string> = { person: 'P', organisation: 'O', place: 'L' }

/** The text with candidates marked `⟦span|L entity⟧`, for review (written outside the project). */
export function markText(text: string, spans: readonly Span[]): string {
  let out = ''
  let i = 0
  for (const s of spans) {
    const surface = text.slice(s.start, s.end)
    out += `${text.slice(i, s.start)}⟦${surface}|${TYPE_MARK[s.type]}${s.entity === surface ? '' : ` ${s.entity}`}${s.extra ? ' NEW' : ''}⟧`
    i = s.end
  }
  return out + text.slice(i)
}

export function buildMentions(
  pages: readonly { path: string; text: string; sha256: string }[],
  gold: readonly NewsGoldPage[],
  edits: Map<string, Edit[]>,
): NewsMentionPage[] {
  const byPath = new Map(pages.map((p) => [p.path, p]))
  const out: NewsMentionPage[] = []
  for (const g of gold) {
    const p = byPath.get(g.path)
    if (p === undefined || p.sha256 !== g.sha256) throw new Error(`${g.path}: text absent or changed`)
    const spans = applyEdits(p.text, g.entities, candidateMentions(p.text, g.entities), edits.get(g.path) ?? [])
    out.push({
      path: g.path,
      split: g.split,
      sha256: g.sha256,
      mentions: spans.map((s) => {
        const surface = p.text.slice(s.start, s.end)
        const e = g.entities.find((e) => e.name === s.entity && e.type === s.type)
        const listed = e !== undefined && (e.name === surface || (e.aliases ?? []).includes(surface))
        return {
          start: s.start,
          end: s.end,
          type: s.type,
          entity: s.entity,
          listed,
          ...(s.extra ? { extra: true } : {}),
        }
      }),
    })
  }
  return out
}

if (import.meta.main) {
  const { loadEnglishNewsPages } = await import('./entity-news-pages.ts')
  const pages = loadEnglishNewsPages()
  if (pages === null) {
    console.log('entity-news-mentions: skipped, no extraction corpus')
    process.exit(0)
  }
  const gold = loadNewsGold()
  const edits = existsSync(NEWS_MENTION_EDITS_PATH)
    ? parseEdits(readFileSync(NEWS_MENTION_EDITS_PATH, 'utf8'))
    : new Map()
  const i = process.argv.indexOf('--review')
  if (i !== -1) {
    const dir = process.argv[i + 1] as string
    mkdirSync(dir, { recursive: true })
    const byPath = new Map(pages.map((p) => [p.path, p]))
    gold.forEach((g, k) => {
      const p = byPath.get(g.path)
      if (p === undefined) return
      const spans = applyEdits(p.text, g.entities, candidateMentions(p.text, g.entities), edits.get(g.path) ?? [])
      const list = g.entities.map(
        (e) => `${TYPE_MARK[e.type]} ${e.name}${e.aliases ? ` = ${e.aliases.join(' = ')}` : ''}`,
      )
      writeFileSync(
        join(dir, `${g.split}-${String(k).padStart(2, '0')}.txt`),
        `## ${g.path}\n${list.join('\n')}\n\n${markText(p.text, spans)}\n`,
      )
    })
  }
  if (process.argv.includes('--write')) {
    const out = buildMentions(pages, gold, edits)
    const n = out.reduce((s, p) => s + p.mentions.length, 0)
    const body = out
      .map(
        (p) =>
          `    {"path": ${JSON.stringify(p.path)}, "split": "${p.split}", "sha256": "${p.sha256}", "mentions": [\n${p.mentions.map((m) => `      ${JSON.stringify(m)}`).join(',\n')}\n    ]}`,
      )
      .join(',\n')
    writeFileSync(
      NEWS_MENTIONS_PATH,
      `{\n  "format": "newsdesk-entity-news-mentions/1",\n  "description": "Mention-level entity labels (person, organisation, place) for the English news pages of bench/data/entity-news-gold.json: character offsets (UTF-16, end exclusive) into the text the tagger reads (scripts/entity-news-pages.ts), type and the document-level gold entity's name. Labels and offsets only: the text stays in the shared corpus. How made: scripts/entity-news-mentions.ts, docs/entities-data.md.",\n  "pages": [\n${body}\n  ]\n}\n`,
    )
    console.log(`entity-news-mentions: ${out.length} pages, ${n} mentions → ${NEWS_MENTIONS_PATH}`)
  }
}
