/**
 * Document-level scores of what ships on the development sets only (issue 27): BTC section H
 * second half (English tweets), the first 5,000 sentences of WikiANN en dev (formal English;
 * licence unknown, so measured on only, never learned from) and UNER Portuguese dev. Settings are
 * chosen here; bench/entities.ts reports the held-out sets.
 *
 * Shouted text (a newswire headline in capitals): `--caps` adds a row per set with each document's
 * first sentence upper-cased; `--wrappings caps,title+rest,…` reads each document as
 * bench/entities-path.ts wraps it, through extractArticle and enrichArticle in this process (its
 * `in-process` column); `--news` scores news-en-dev (annotator A) as crawled and with the title and
 * the first body paragraph upper-cased (never the test half).
 *
 *   bun scripts/entity-dev.ts [--corpus ../shared/corpus] [--ewt] [--caps] [--wrappings w,w] [--news] [--news-errors]
 *     [--truecase unknown=lower,groups=en+xx,…]
 */
import { join } from 'node:path'
import { extractArticle } from '../batch/extract/extract-article.ts'
import { type Wrapping, WRAPPINGS, wrapDocument } from '../bench/entities-path.ts'
import { extractEntities, extractMentions, HEADLINE_RULES } from '../core/enrich/entities.ts'
import { TRUECASE_RULES } from '../core/enrich/entity-truecase.ts'
import { enrichArticle } from '../core/enrich/index.ts'
import { ENTITY_TYPES } from '../core/entity.ts'
import { corpusDir, type EntitySet, hasEntityCorpus, loadEntitySets, readWikiann } from './entity-data.ts'
import { loadNewsGold, NewsScoreTally, scoreNewsPage } from './entity-news-scores.ts'
import { loadEnglishNewsPages } from './entity-news-pages.ts'
import {
  type Counts,
  documentsOf,
  emptyCounts,
  entityItem,
  evaluate,
  goldDocumentKeys,
  prf,
  score,
  total,
} from './entity-scores.ts'

const corpus = corpusDir()
if (!hasEntityCorpus(corpus)) {
  console.log('entity-dev: skipped, no entity corpus')
  process.exit(0)
}
// --ewt: also UNER English-EWT dev, for weights trained with `--experiment ewt-dev` (not trained on there).
const withEwt = process.argv.includes('--ewt')
const sets: EntitySet[] = loadEntitySets(corpus).filter(
  (s) => s.use === 'dev' || (withEwt && s.name === 'uner-en-ewt-dev'),
)
// --ewt-half: only the second half of UNER English-EWT dev, for weights trained with `--experiment ewt-half`.
const ewt = sets.find((s) => s.name === 'uner-en-ewt-dev')
if (ewt !== undefined && process.argv.includes('--ewt-half')) {
  let cut = Math.floor(ewt.sentences.length / 2)
  while (cut < ewt.sentences.length && ewt.sentences[cut]?.doc === ewt.sentences[cut - 1]?.doc) cut++
  ewt.name = 'uner-en-ewt-dev-2nd-half'
  ewt.sentences = ewt.sentences.slice(cut)
}
sets.push({
  name: 'wikiann-en-dev-5000',
  lang: 'en',
  use: 'dev',
  licence: 'unknown (measure only)',
  sentences: readWikiann(join(corpus, 'entities', 'wikiann', 'en', 'dev')).slice(0, 5000),
  files: [],
  documents: 'one sentence',
})
const cell = (c: { tp: number; fp: number; fn: number }) => {
  const { p, r, f } = prf(c)
  return `${p.toFixed(3)}/${r.toFixed(3)}/${f.toFixed(3)}`
}
const line = (name: string, document: Counts) =>
  console.log(
    `${name.padEnd(32)} doc all ${cell(total(document))}  ${ENTITY_TYPES.map((t) => `${t.slice(0, 3)} ${cell(document[t])}`).join('  ')}`,
  )
const argValue = (name: string) => {
  const i = process.argv.indexOf(name)
  return i === -1 ? undefined : process.argv[i + 1]
}
const withCaps = process.argv.includes('--caps')
// --truecase key=value,…: a TruecaseRules or HeadlineRules setting other than the shipped one (groups as en+xx, or none).
for (const pair of argValue('--truecase')?.split(',') ?? []) {
  const [key, value = ''] = pair.split('=')
  const rules = (key !== undefined && key in HEADLINE_RULES ? HEADLINE_RULES : TRUECASE_RULES) as unknown as Record<
    string,
    unknown
  >
  if (!(key !== undefined && key in rules)) throw new Error(`unknown truecase setting ${key}`)
  rules[key] =
    key === 'groups'
      ? new Set(value === 'none' ? [] : value.split('+'))
      : typeof rules[key] === 'number'
        ? Number(value)
        : typeof rules[key] === 'boolean'
          ? value === 'true'
          : value
}
const showErrors = process.argv.includes('--news-errors')
const wrappings = (argValue('--wrappings')?.split(',') ?? []) as Wrapping[]
for (const w of wrappings) if (!WRAPPINGS.includes(w)) throw new Error(`unknown wrapping ${w}: ${WRAPPINGS.join(', ')}`)
/** The first line of a text in capitals: a shouted headline. */
const shoutFirst = (text: string) => {
  const nl = text.indexOf('\n')
  return nl < 0 ? text.toUpperCase() : text.slice(0, nl).toUpperCase() + text.slice(nl)
}
for (const set of sets) {
  line(set.name, evaluate(set, (text) => extractMentions(text, set.lang)).document)
  if (withCaps) line(`${set.name} caps`, evaluate(set, (text) => extractMentions(shoutFirst(text), set.lang)).document)
  for (const wrapping of wrappings) {
    const counts = emptyCounts()
    for (const doc of documentsOf(set)) {
      const article = extractArticle({
        html: wrapDocument(
          doc.map((s) => s.tokens.join(' ')),
          wrapping,
          set.lang,
        ),
        targetUri: 'https://news.example.org/dev/1',
        warcDate: '2026-11-27T11:00:00Z',
        httpHeaders: { 'content-type': 'text/html; charset=utf-8' },
      })
      const entities = article === null ? [] : enrichArticle(article).entities
      score(counts, goldDocumentKeys(doc), entities.map(entityItem))
    }
    line(`${set.name} ${wrapping} (in-process)`, counts)
  }
}
if (process.argv.includes('--news')) {
  const pages = loadEnglishNewsPages()
  if (pages === null) console.log('news-en-dev: skipped, no extraction corpus pages')
  else {
    const byPath = new Map(pages.map((p) => [p.path, p]))
    const plain = new NewsScoreTally()
    const caps = new NewsScoreTally()
    for (const g of loadNewsGold().filter((x) => x.split === 'dev')) {
      const page = byPath.get(g.path)
      if (page === undefined || page.sha256 !== g.sha256) continue
      const a = page.article
      plain.add(scoreNewsPage(g.entities, extractEntities(a, 'en')))
      const shouted = scoreNewsPage(
        g.entities,
        extractEntities({ ...a, title: a.title.toUpperCase(), text: shoutFirst(a.text) }, 'en'),
      )
      caps.add(shouted)
      if (showErrors)
        console.log(`${g.path} caps\n  missed: ${shouted.missed.join(', ')}\n  wrong: ${shouted.wrong.join(', ')}`)
    }
    line('news-en-dev', plain.counts)
    line('news-en-dev caps title+first paragraph', caps.counts)
  }
}
