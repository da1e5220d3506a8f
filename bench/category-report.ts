/**
 * Category accuracy on real labelled news: `bun run bench/category-report.ts`.
 *
 * 1. The held-out halves (scripts/category-evaluation.ts): UCI by story and by publisher (4
 *    classes: business, technology/science, entertainment, health) and HuffPost by day (11
 *    categories), the model refitted on the training half with the shipped parameters, beside the
 *    term lists, with confusion matrices.
 * 2. Per language, the fundus fixtures whose publisher topics name exactly one category through
 *    the section words (e.g. `Politik`, `Sport`, `Business`): what the service decides (the model
 *    for English, the term lists elsewhere) against that label. Few pages; a sanity check only.
 *
 * Skips with a message when shared/corpus is absent.
 */
import { chooseCategory } from '../core/enrich/category-choice.ts'
import { classifyCategory, sectionCategories } from '../core/enrich/category.ts'
import shipped from '../core/enrich/category-weights.json' with { type: 'json' }
import { detectLanguage } from '../core/enrich/language.ts'
import { corpusDir, hasCategoryCorpus, loadHuffPost, loadUci } from '../scripts/category-data.ts'
import { formatReport, heldOutReport } from '../scripts/category-evaluation.ts'
import { cacheFeatures, type FitParams } from '../scripts/category-logreg.ts'
import { fundusAvailable, loadFundus } from './extract-corpus.ts'

interface ShippedParams {
  l2: number
  min_df: number
  balanced: boolean
  uci_weight: number
  iterations: number
  learning_rate: number
}

function fundusByLanguage(): void {
  if (!fundusAvailable()) {
    console.log('fundus fixtures absent: no per-language figures')
    return
  }
  const tally = new Map<string, { n: number; chosen: number; terms: number; by: string }>()
  for (const p of loadFundus() ?? []) {
    const labels = new Set((p.expected.topics ?? []).flatMap((t) => sectionCategories(t)))
    if (labels.size !== 1) continue
    const label = [...labels][0]
    const url = p.url
    const host = new URL(url).hostname.replace(/^www\./, '')
    const a = { url, host, section: '', tags: [], title: p.expected.title ?? '', description: '', text: p.expected.bodyParagraphs.join('\n\n') }
    const lang = detectLanguage({ declared_lang: '', title: a.title, description: '', text: a.text })
    const choice = chooseCategory(a, lang)
    const t = tally.get(lang) ?? { n: 0, chosen: 0, terms: 0, by: choice.category_by }
    t.n++
    if (choice.category === label) t.chosen++
    if (classifyCategory(a, lang).category === label) t.terms++
    tally.set(lang, t)
  }
  console.log('\nfundus fixtures whose topics name one category (label from the topics):\n')
  console.log('| lang | pages | decided by | service right | term lists right |')
  console.log('|---|---:|---|---:|---:|')
  for (const [lang, t] of [...tally].sort((a, b) => b[1].n - a[1].n)) console.log(`| ${lang} | ${t.n} | ${t.by} | ${t.chosen} | ${t.terms} |`)
}

function main(): void {
  if (!hasCategoryCorpus()) {
    console.log(`category-report: skipped, the labelled sets are absent under ${corpusDir()} (set NEWSDESK_CORPUS)`)
    return
  }
  const s = (shipped as { params?: ShippedParams }).params
  if (s === undefined) {
    console.log('category-report: the shipped weights carry no parameters; run scripts/train-category.ts first')
    return
  }
  const p: FitParams = { l2: s.l2, minDf: s.min_df, balanced: s.balanced, uciWeight: s.uci_weight, iterations: s.iterations, learningRate: s.learning_rate }
  const rows = [...loadUci(), ...loadHuffPost()]
  console.log(`category report: ${rows.length} labelled rows, parameters of the shipped weights (l2 ${p.l2}, uci weight ${p.uciWeight})\n`)
  console.log(formatReport(heldOutReport(rows, p, cacheFeatures(rows))))
  fundusByLanguage()
}

main()
