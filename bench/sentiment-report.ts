/**
 * Sentiment report: the trained model and the lexicon on the same held-out split of the labelled
 * headline set (the split the training script set aside; its fingerprint is checked).
 *
 *   bun run bench/sentiment-report.ts [--corpus ../shared/corpus]
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import type { SentimentLabel } from '../core/article.ts'
import { scoreLexicon } from '../core/enrich/lexicon.ts'
import { lexiconLabel } from '../core/enrich/sentiment.ts'
import { predictSentiment } from '../core/enrich/sentiment-model.ts'
import { fingerprint, type LabelledText, parseLabelledCsv, splitHeldOut } from '../core/enrich/sentiment-split.ts'
import shipped from '../core/enrich/sentiment-weights.json' with { type: 'json' }

const CLASSES: readonly SentimentLabel[] = ['neg', 'neu', 'pos']
const CSV_PATH = 'sentiment/twitter_financial_news_sentiment_valid.csv'

interface Report {
  accuracy: number
  macroF1: number
  perClass: Record<SentimentLabel, { precision: number; recall: number; f1: number; support: number }>
  /** confusion[truth][predicted] */
  confusion: Record<SentimentLabel, Record<SentimentLabel, number>>
}

export function report(truth: readonly SentimentLabel[], predicted: readonly SentimentLabel[]): Report {
  const confusion = Object.fromEntries(CLASSES.map((t) => [t, Object.fromEntries(CLASSES.map((p) => [p, 0]))])) as Report['confusion']
  truth.forEach((t, i) => {
    const p = predicted[i] ?? 'neu'
    confusion[t][p] += 1
  })
  const perClass = {} as Report['perClass']
  let f1Sum = 0
  for (const c of CLASSES) {
    const tp = confusion[c][c]
    const predictedC = CLASSES.reduce((s, t) => s + confusion[t][c], 0)
    const support = CLASSES.reduce((s, p) => s + confusion[c][p], 0)
    const precision = predictedC === 0 ? 0 : tp / predictedC
    const recall = support === 0 ? 0 : tp / support
    const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall)
    perClass[c] = { precision, recall, f1, support }
    f1Sum += f1
  }
  const correct = CLASSES.reduce((s, c) => s + confusion[c][c], 0)
  return { accuracy: correct / truth.length, macroF1: f1Sum / CLASSES.length, perClass, confusion }
}

function printReport(name: string, r: Report): void {
  console.log(`\n${name}: accuracy ${r.accuracy.toFixed(3)}, macro-F1 ${r.macroF1.toFixed(3)}`)
  console.log('  class  precision  recall  F1     support')
  for (const c of CLASSES) {
    const p = r.perClass[c]
    console.log(`  ${c}    ${p.precision.toFixed(3)}      ${p.recall.toFixed(3)}   ${p.f1.toFixed(3)}  ${p.support}`)
  }
  console.log('  confusion (rows = truth, columns = predicted)')
  console.log(`  ${'truth'.padEnd(8)}${CLASSES.map((c) => c.padStart(6)).join('')}`)
  for (const t of CLASSES) console.log(`  ${t.padEnd(8)}${CLASSES.map((p) => String(r.confusion[t][p]).padStart(6)).join('')}`)
}

function main(): void {
  const repo = resolve(dirname(new URL(import.meta.url).pathname), '..')
  const i = process.argv.indexOf('--corpus')
  const corpus = resolve(repo, i >= 0 ? (process.argv[i + 1] ?? '') : '../shared/corpus')
  const csv = resolve(corpus, CSV_PATH)
  if (!existsSync(csv)) {
    console.log(`sentiment report skipped: ${csv} not found`)
    return
  }
  const rows = parseLabelledCsv(readFileSync(csv, 'utf8'))
  const { train, heldOut } = splitHeldOut(rows, shipped.split.seed, shipped.split.held_out_share)
  if (fingerprint(heldOut) !== shipped.split.held_out_fingerprint || fingerprint(train) !== shipped.split.train_fingerprint) {
    console.log('warning: the corpus split differs from the one the shipped weights were trained on')
  }
  const counts = CLASSES.map((c) => `${c} ${heldOut.filter((r) => r.label === c).length}`).join(', ')
  console.log(`held-out split: ${heldOut.length} of ${rows.length} rows (${counts}); seed ${shipped.split.seed}`)
  console.log(`model: ${shipped.vocab.length} features, chosen by 5-fold CV on the training part (cv macro-F1 ${shipped.cv_macro_f1})`)

  const truth = heldOut.map((r: LabelledText) => r.label)
  const model = heldOut.map((r) => predictSentiment(r.text).label)
  const lexicon = heldOut.map((r) => lexiconLabel(scoreLexicon(r.text, 'en').score))
  const majority = heldOut.map((): SentimentLabel => 'neu')
  const results = { model: report(truth, model), lexicon: report(truth, lexicon), 'majority (all neu)': report(truth, majority) }

  console.log('\n| labeller | accuracy | macro-F1 |')
  console.log('|---|---|---|')
  for (const [name, r] of Object.entries(results)) console.log(`| ${name} | ${r.accuracy.toFixed(3)} | ${r.macroF1.toFixed(3)} |`)
  printReport('model', results.model)
  printReport('lexicon', results.lexicon)
}

main()
