/**
 * Entity quality and cost (issue 27). For every held-out labelled set of ../shared/corpus/entities
 * (scripts/entity-data.ts decides which sets are held out; none of them was trained or tuned on):
 * precision, recall and F1 per type, mention-level and document-level, for what ships
 * (core/enrich/entities.ts) and, on English sets, for `compromise` out of the box in the same run.
 *
 * - Mention level: per document, the multiset of (type, slug of the name) predicted against the
 *   gold one (no character offsets: both systems read the document as text, a sentence a line).
 * - Document level: per document (a tweet, a post, an article, a source URL; each set's rule is
 *   printed), the distinct entities after the same within-document folding for gold and both
 *   systems (core/enrich/entities.ts foldMentions), compared by key.
 * - English news (news-en-dev, news-en-test): this project's own document-level labels of 53 English
 *   news pages of the extraction corpora (bench/data/entity-news-gold.json, scripts/entity-news-scores.ts
 *   for the matching rule), each page read as ingest reads it (extractArticle, then extractEntities; for
 *   compromise the same title, description and cut body as one text). `--news-errors` lists what the
 *   dev half misses and adds (never the test half).
 * - Mention level on the same pages (news-en-dev, news-en-test; bench/data/entity-news-mentions.json, made
 *   from A's labels and a page-by-page review, scripts/entity-news-mentions.ts): character spans of the text
 *   the tagger reads; newsdesk's mentions with their offsets (extractArticleMentionSpans: the mentions
 *   extractEntities folds), compromise's from its match offsets over the same text; both cut to the name as
 *   the document level keys it; exact span, overlap and the sentence sets' type + name rule
 *   (scripts/entity-news-mention-scores.ts).
 * - The same pages labelled a second time, blind, by annotator B (bench/data/entity-news-gold-b.json):
 *   both systems scored against B too (news-en-dev-b, news-en-test-b), and the inter-annotator
 *   agreement, B's entities scored against A's by the same matching rule (`annotator B vs A`).
 * Then the ingest cost on the real pages of the article-extraction benchmark: extract + enrich,
 * with and without entities, best of several passes.
 *
 *   bun bench/entities.ts [--corpus ../shared/corpus] [--sets name,name] [--no-compromise] [--dev] [--news-errors]
 */
import nlp from 'compromise'
import type { ExtractedArticle } from '../core/article.ts'
import { enrichArticle } from '../core/enrich/index.ts'
import {
  type EntityMention,
  entityText,
  extractArticleMentionSpans,
  extractEntities,
  extractMentions,
  foldMentions,
  type MentionSpan,
} from '../core/enrich/entities.ts'
import { ENTITY_TYPES, type EntityType } from '../core/entity.ts'
import { extractArticle } from '../batch/extract/extract-article.ts'
import { tokenizeForEntities } from '../core/enrich/entity-tokens.ts'
import { corpusDir, hasEntityCorpus, loadEntitySets } from '../scripts/entity-data.ts'
import { type Counts, evaluate, prf, total } from '../scripts/entity-scores.ts'
import {
  NewsScoreTally,
  loadNewsGold,
  NEWS_GOLD_B_PATH,
  type NewsGoldPage,
  scoreNewsAnnotation,
  scoreNewsPage,
} from '../scripts/entity-news-scores.ts'
import { existsSync } from 'node:fs'
import {
  emptyMentionCounts,
  keepSupported,
  nameSpan,
  scoreMentionSpans,
  type Span,
  spanMention,
} from '../scripts/entity-news-mention-scores.ts'
import { loadNewsMentions, NEWS_MENTIONS_PATH } from '../scripts/entity-news-mentions.ts'
import { loadEnglishNewsPages } from '../scripts/entity-news-pages.ts'
import { loadBenchmark } from './extract-corpus.ts'

const corpus = corpusDir()
if (!hasEntityCorpus(corpus)) {
  console.log(`bench/entities: skipped, no entity corpus under ${corpus} (set NEWSDESK_CORPUS or --corpus)`)
  process.exit(0)
}
const argValue = (name: string) => {
  const i = process.argv.indexOf(name)
  return i === -1 ? undefined : process.argv[i + 1]
}
const only = argValue('--sets')?.split(',')
const withCompromise = !process.argv.includes('--no-compromise')
const withDev = process.argv.includes('--dev')

function compromiseMentions(text: string): EntityMention[] {
  const doc = nlp(text)
  const out: EntityMention[] = []
  const add = (type: EntityType, names: string[]) => {
    for (const n of names) out.push({ type, words: tokenizeForEntities(n).map((t) => t.text) })
  }
  add('person', doc.people().out('array') as string[])
  add('organisation', doc.organizations().out('array') as string[])
  add('place', doc.places().out('array') as string[])
  return out
}

/**
 * compromise's people, organisations and places in `text` as spans (its match offsets), cut as the
 * document level cuts names; `shifted` counts matches whose offsets did not name their text (then the
 * occurrence of its text nearest the offset is taken).
 */
function compromiseSpans(text: string, stats: { matches: number; shifted: number }): MentionSpan[] {
  const doc = nlp(text)
  const out: MentionSpan[] = []
  const add = (type: EntityType, matches: { text: string; offset: { start: number; length: number } }[]) => {
    for (const m of matches) {
      stats.matches++
      let start = m.offset.start
      if (text.slice(start, start + m.offset.length) !== m.text) {
        stats.shifted++
        // The occurrence of the match's text nearest its offset.
        let best = -1
        for (let k = text.indexOf(m.text); k !== -1; k = text.indexOf(m.text, k + 1))
          if (best < 0 || Math.abs(k - start) < Math.abs(best - start)) best = k
        if (best < 0) continue
        start = best
      }
      const s = spanMention(text, type, start, start + m.text.length)
      if (s !== null) out.push(s)
    }
  }
  type Match = { text: string; offset: { start: number; length: number } }
  add('person', doc.people().json({ offset: true }) as Match[])
  add('organisation', doc.organizations().json({ offset: true }) as Match[])
  add('place', doc.places().json({ offset: true }) as Match[])
  return out.sort((a, b) => a.start - b.start)
}

const spansOf = (ms: readonly MentionSpan[]): Span[] => ms.map(nameSpan).filter((s): s is Span => s !== null)

const fmt = (x: number) => x.toFixed(3)

function row(set: { name: string }, system: string, level: string, c: Counts): string {
  const cells = [...ENTITY_TYPES.map((t) => c[t]), total(c)].map((x) => {
    const { p, r, f } = prf(x)
    return `${fmt(p)} / ${fmt(r)} / **${fmt(f)}**`
  })
  return `| ${set.name} | ${system} | ${level} | ${cells.join(' | ')} |`
}

const sets = loadEntitySets(corpus).filter(
  (s) => (s.use === 'measure' || (withDev && s.use === 'dev')) && (only === undefined || only.includes(s.name)),
)
console.log(`# Entities (bench/entities.ts), ${new Date().toISOString().slice(0, 10)}\n`)
console.log('Cells: precision / recall / **F1**. Documents per set:')
for (const s of sets)
  console.log(
    `- ${s.name} (${s.lang}, ${s.licence}, ${s.use}): ${s.sentences.length} sentences; a document is ${s.documents}`,
  )
console.log('\n| set | system | level | person | organisation | place | all three |')
console.log('|---|---|---|---|---|---|---|')
const speed: string[] = []
for (const set of sets) {
  const ours = evaluate(set, (text) => extractMentions(text, set.lang))
  console.log(row(set, 'newsdesk', 'mention', ours.mention))
  console.log(row(set, 'newsdesk', 'document', ours.document))
  speed.push(
    `${set.name}: newsdesk ${((ours.ms * 1000) / set.sentences.length).toFixed(0)} µs/sentence (documents read whole)`,
  )
  if (withCompromise && set.lang === 'en') {
    const lib = evaluate(set, compromiseMentions)
    console.log(row(set, 'compromise', 'mention', lib.mention))
    console.log(row(set, 'compromise', 'document', lib.document))
    speed[speed.length - 1] += `, compromise ${((lib.ms * 1000) / set.sentences.length).toFixed(0)} µs/sentence`
  }
}

// English news: the annotated pages, split dev / test (scripts/entity-news-scores.ts for the matching).
const newsSets = (['dev', 'test'] as const).filter((split) => only === undefined || only.includes(`news-en-${split}`))
const newsPages = newsSets.length === 0 ? null : loadEnglishNewsPages()
if (newsSets.length > 0 && newsPages === null) console.log('\nnews-en: skipped, no extraction corpus pages')
else if (newsPages !== null) {
  const gold = loadNewsGold()
  const goldB = existsSync(NEWS_GOLD_B_PATH) ? loadNewsGold(NEWS_GOLD_B_PATH) : null
  const bByPath = new Map((goldB ?? []).map((g) => [g.path, g]))
  const mentionGold = existsSync(NEWS_MENTIONS_PATH) ? loadNewsMentions() : null
  const mByPath = new Map((mentionGold ?? []).map((g) => [g.path, g]))
  const cStats = { matches: 0, shifted: 0 }
  const byPath = new Map(newsPages.map((p) => [p.path, p]))
  const notes: string[] = []
  const errors: string[] = []
  for (const split of newsSets) {
    const pages = gold.filter((g) => g.split === split)
    const ours = new NewsScoreTally()
    const lib = new NewsScoreTally()
    const oursB = new NewsScoreTally()
    const libB = new NewsScoreTally()
    const agree = new NewsScoreTally()
    const mOurs = emptyMentionCounts()
    const mLib = emptyMentionCounts()
    let mPages = 0
    let mGold = 0
    let read = 0
    const pagesB: NewsGoldPage[] = []
    for (const g of pages) {
      const page = byPath.get(g.path)
      if (page === undefined || page.sha256 !== g.sha256) {
        notes.push(
          `${g.path}: ${page === undefined ? 'absent or not English' : 'text changed since annotation'}, skipped`,
        )
        continue
      }
      read++
      // Annotator B's labels of the same text (same path, split and hash), when present.
      const b = bByPath.get(g.path)
      const withB = b !== undefined && b.sha256 === g.sha256 && b.split === g.split
      if (withB) pagesB.push(b)
      else if (goldB !== null) notes.push(`${g.path}: no label of annotator B for this text`)
      // Mention level: the gold spans of this text, when labelled.
      const mg = mByPath.get(g.path)
      if (mg !== undefined && mg.sha256 === page.sha256) {
        mPages++
        mGold += mg.mentions.length
        const gold = mg.mentions.map((m) => ({ start: m.start, end: m.end, type: m.type }))
        scoreMentionSpans(
          mOurs,
          page.text,
          gold,
          spansOf(keepSupported(extractArticleMentionSpans(page.article, 'en'))),
        )
        if (withCompromise) scoreMentionSpans(mLib, page.text, gold, spansOf(compromiseSpans(page.text, cStats)))
      } else if (mentionGold !== null) notes.push(`${g.path}: no mention labels for this text`)
      const predOurs = extractEntities(page.article, 'en')
      const mine = scoreNewsPage(g.entities, predOurs)
      ours.add(mine)
      if (withB) {
        oursB.add(scoreNewsPage(b.entities, predOurs))
        agree.add(scoreNewsAnnotation(g.entities, b.entities))
      }
      if (process.argv.includes('--news-errors') && split === 'dev')
        errors.push(`${g.path}\n  missed: ${mine.missed.join(', ')}\n  wrong: ${mine.wrong.join(', ')}`)
      if (withCompromise) {
        const predLib = foldMentions(compromiseMentions(entityText(page.article)))
        lib.add(scoreNewsPage(g.entities, predLib))
        if (withB) libB.add(scoreNewsPage(b.entities, predLib))
      }
    }
    const set = { name: `news-en-${split}` }
    if (mPages > 0) {
      for (const [level, key] of [
        ['mention, exact span', 'exact'],
        ['mention, overlap', 'overlap'],
        ['mention, type + name', 'name'],
      ] as const) {
        console.log(row(set, 'newsdesk', level, mOurs[key]))
        if (withCompromise) console.log(row(set, 'compromise', level, mLib[key]))
      }
      notes.push(`${set.name} mention level: ${mPages} pages, ${mGold} gold mentions`)
    }
    console.log(row(set, 'newsdesk', 'document', ours.counts))
    if (withCompromise) console.log(row(set, 'compromise', 'document', lib.counts))
    notes.push(
      `${set.name}: ${read} of ${pages.length} pages, ${pages.reduce((s, g) => s + g.entities.length, 0)} gold entities; duplicates (a second name of a matched entity, not counted): newsdesk ${ours.duplicates}${withCompromise ? `, compromise ${lib.duplicates}` : ''}`,
    )
    if (pagesB.length > 0) {
      const setB = { name: `news-en-${split}-b` }
      console.log(row(setB, 'newsdesk', 'document', oursB.counts))
      if (withCompromise) console.log(row(setB, 'compromise', 'document', libB.counts))
      console.log(row(set, 'annotator B vs A', 'document', agree.counts))
      notes.push(
        `${setB.name}: ${pagesB.length} pages, ${pagesB.reduce((s, g) => s + g.entities.length, 0)} entities of annotator B; duplicates: newsdesk ${oursB.duplicates}${withCompromise ? `, compromise ${libB.duplicates}` : ''}; annotator B vs A (B's entities scored against A's, same rule): ${agree.duplicates} duplicates`,
      )
    }
  }
  if (cStats.matches > 0)
    notes.push(
      `compromise matches on the news pages: ${cStats.matches}, of which ${cStats.shifted} had an offset that left out the leading punctuation of the match's text (the text's nearest occurrence taken)`,
    )
  console.log(`\n${notes.map((n) => `- ${n}`).join('\n')}`)
  if (errors.length > 0) console.log(`\nnews-en-dev errors (newsdesk):\n${errors.join('\n')}`)
}

console.log(`\nTagging time (one pass, includes warm-up): ${speed.join('; ')}`)

// Ingest cost on real pages: extraction + enrichment without and with entities.
const pages = process.argv.includes('--no-ingest') ? null : loadBenchmark()
if (pages === null)
  console.log(
    `\ningest cost: skipped, ${process.argv.includes('--no-ingest') ? '--no-ingest' : 'no article-extraction benchmark pages'}`,
  )
else {
  const inputs = pages.map((p) => ({
    html: p.html,
    targetUri: p.url,
    warcDate: '2024-01-01T00:00:00Z',
    httpHeaders: { 'content-type': 'text/html' },
  }))
  const articles = inputs.map((i) => extractArticle(i)).filter((a): a is ExtractedArticle => a !== null)
  const enriched = articles.map((a) => enrichArticle(a))
  const PASSES = 5
  // Wall time and this process's CPU time (user + system) of the best pass: on a shared machine the CPU time
  // moves less with the other sessions' load than the wall clock does.
  const best = (f: () => void) => {
    let wall = Number.POSITIVE_INFINITY
    let cpu = Number.POSITIVE_INFINITY
    for (let p = 0; p < PASSES; p++) {
      const t = performance.now()
      const c = process.cpuUsage()
      f()
      const used = process.cpuUsage(c)
      wall = Math.min(wall, performance.now() - t)
      cpu = Math.min(cpu, (used.user + used.system) / 1000)
    }
    return { wall, cpu }
  }
  // Interleaved rounds, so drift on the shared machine hits every step alike; each step's best pass counts.
  const ROUNDS = 5
  const min = { extract: [Infinity, Infinity], enrich: [Infinity, Infinity], entities: [Infinity, Infinity] }
  const ratios: number[] = []
  const cpuRatios: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    const ex = best(() => {
      for (const i of inputs) extractArticle(i)
    })
    const en = best(() => {
      for (const a of articles) enrichArticle(a)
    })
    const et = best(() => {
      articles.forEach((a, k) => extractEntities(a, enriched[k]?.lang ?? 'en'))
    })
    ratios.push((ex.wall + en.wall) / (ex.wall + en.wall - et.wall))
    cpuRatios.push((ex.cpu + en.cpu) / (ex.cpu + en.cpu - et.cpu))
    for (const [key, m] of [
      ['extract', ex],
      ['enrich', en],
      ['entities', et],
    ] as const) {
      min[key][0] = Math.min(min[key][0] as number, m.wall)
      min[key][1] = Math.min(min[key][1] as number, m.cpu)
    }
  }
  const n = articles.length
  const us = (ms: number) => (ms * 1000) / n
  const cell = (k: 0 | 1) => {
    const before = us(min.extract[k] as number) + us(min.enrich[k] as number) - us(min.entities[k] as number)
    const after = us(min.extract[k] as number) + us(min.enrich[k] as number)
    return { before, after }
  }
  const wall = cell(0)
  const cpu = cell(1)
  const langs = new Map<string, number>()
  for (const e of enriched) langs.set(e.lang, (langs.get(e.lang) ?? 0) + 1)
  console.log(
    `\nIngest cost on ${n} real pages (article-extraction benchmark; languages ${[...langs].map(([l, c]) => `${l} ${c}`).join(', ')}), µs per article, best of ${PASSES} passes in each of ${ROUNDS} interleaved rounds:`,
  )
  console.log('| step | µs/article (wall) | µs/article (CPU) |\n|---|---|---|')
  const row = (name: string, key: keyof typeof min) =>
    console.log(`| ${name} | ${us(min[key][0] as number).toFixed(0)} | ${us(min[key][1] as number).toFixed(0)} |`)
  row('extractArticle', 'extract')
  row('enrichArticle (with entities)', 'enrich')
  row('of which extractEntities', 'entities')
  console.log(`| extract + enrich without entities | ${wall.before.toFixed(0)} | ${cpu.before.toFixed(0)} |`)
  console.log(
    `| extract + enrich with entities | ${wall.after.toFixed(0)} (×${(wall.after / wall.before).toFixed(3)}) | ${cpu.after.toFixed(0)} (×${(cpu.after / cpu.before).toFixed(3)}) |`,
  )
  console.log(
    `ratio per round, wall: ${ratios.map((r) => r.toFixed(3)).join(', ')}; CPU: ${cpuRatios.map((r) => r.toFixed(3)).join(', ')}`,
  )
  const counts = articles.map((a, k) => extractEntities(a, enriched[k]?.lang ?? 'en').length)
  console.log(
    `entities per article: mean ${(counts.reduce((s, x) => s + x, 0) / n).toFixed(1)}, max ${Math.max(...counts)}`,
  )
}
