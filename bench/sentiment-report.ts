/**
 * Tone report: the shipped models, the model shipped before issue 25 (164a8fb, tweets only) and
 * the lexicon, on held-out sentences of every labelled set (scripts/sentiment-data.ts): the
 * held-out 20% of each set the models learn from, and all of SemEval-2017 and SEntFiN, which no
 * model ever learned from (whole sources held out). Accuracy, macro-F1, how many negatives were
 * read as positive, and confusion matrices, per source and per language.
 *
 *   bun run bench/sentiment-report.ts [--corpus ../shared/corpus] [--old bench/.data/sentiment-weights-164a8fb.json]
 *
 * The old weights come from git (`git show 164a8fb:core/enrich/sentiment-weights.json`), cached
 * under bench/.data (git-ignored). The old model learned from 80% of the tweets' validation split,
 * so on the tweets it is scored only on held-out rows it never saw.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import type { SentimentLabel } from '../core/article.ts'
import { scoreLexicon } from '../core/enrich/lexicon.ts'
import { lexiconLabel } from '../core/enrich/sentiment.ts'
import {
  loadSentimentModels,
  predictSentiment,
  SHIPPED_MODELS,
  type SentimentModel,
  type SentimentWeights,
} from '../core/enrich/sentiment-model.ts'
import { type LabelledText, parseLabelledCsv, sentenceKey, splitHeldOut } from '../core/enrich/sentiment-split.ts'
import {
  corpusDir,
  hasSentimentCorpus,
  loadSentimentData,
  SENTIMENT_SOURCES,
  type SentimentSourceName,
  TWEETS_VALID_FILE,
} from '../scripts/sentiment-data.ts'

const CLASSES: readonly SentimentLabel[] = ['neg', 'neu', 'pos']
const OLD_COMMIT = '164a8fb'

interface Report {
  n: number
  accuracy: number
  macroF1: number
  /** Share of true negatives labelled pos. */
  negAsPos: number
  /** confusion[truth][predicted] */
  confusion: Record<SentimentLabel, Record<SentimentLabel, number>>
}

export function report(truth: readonly SentimentLabel[], predicted: readonly SentimentLabel[]): Report {
  const confusion = Object.fromEntries(
    CLASSES.map((t) => [t, Object.fromEntries(CLASSES.map((p) => [p, 0]))]),
  ) as Report['confusion']
  truth.forEach((t, i) => {
    confusion[t][predicted[i] ?? 'neu'] += 1
  })
  let f1Sum = 0
  for (const c of CLASSES) {
    const tp = confusion[c][c]
    const predictedC = CLASSES.reduce((s, t) => s + confusion[t][c], 0)
    const support = CLASSES.reduce((s, p) => s + confusion[c][p], 0)
    f1Sum += tp === 0 ? 0 : (2 * tp) / (predictedC + support)
  }
  const negatives = CLASSES.reduce((s, p) => s + confusion.neg[p], 0)
  const correct = CLASSES.reduce((s, c) => s + confusion[c][c], 0)
  return {
    n: truth.length,
    accuracy: correct / truth.length,
    macroF1: f1Sum / CLASSES.length,
    negAsPos: negatives === 0 ? 0 : confusion.neg.pos / negatives,
    confusion,
  }
}

/** The pre-issue-25 weights (format 1: one English model) as a model of today's shape. */
function loadOldModel(path: string): SentimentModel {
  const w = JSON.parse(readFileSync(path, 'utf8')) as {
    format: string
    bias: number[]
    vocab: string[]
    weights: number[]
  }
  if (w.format !== 'newsdesk-sentiment-logreg/1') throw new Error(`${path}: expected format 1, got ${w.format}`)
  const rows = new Map<string, readonly [number, number, number]>()
  w.vocab.forEach((f, i) => rows.set(f, [w.weights[3 * i] ?? 0, w.weights[3 * i + 1] ?? 0, w.weights[3 * i + 2] ?? 0]))
  // Today's features are a superset of format 1's (negation marks are new); the old rows ignore the rest.
  return { lang: 'en', bias: [w.bias[0] ?? 0, w.bias[1] ?? 0, w.bias[2] ?? 0], rows }
}

function oldWeightsPath(repo: string): string | null {
  const i = process.argv.indexOf('--old')
  if (i >= 0) return resolve(process.argv[i + 1] ?? '')
  const cached = join(repo, 'bench/.data', `sentiment-weights-${OLD_COMMIT}.json`)
  if (existsSync(cached)) return cached
  try {
    const text = execFileSync('git', ['show', `${OLD_COMMIT}:core/enrich/sentiment-weights.json`], {
      cwd: repo,
      encoding: 'utf8',
      maxBuffer: 64 << 20,
    })
    mkdirSync(dirname(cached), { recursive: true })
    writeFileSync(cached, text)
    return cached
  } catch {
    return null
  }
}

/** Models the training script trained but did not ship (they lost to the lexicon on the dev share). */
function notShipped(repo: string): [string, SentimentModel][] {
  const out: [string, SentimentModel][] = []
  for (const lang of ['en', 'de']) {
    const path = join(repo, 'bench/.data', `sentiment-${lang}-not-shipped.json`)
    if (!SHIPPED_MODELS.has(lang) && existsSync(path)) {
      const model = loadSentimentModels(JSON.parse(readFileSync(path, 'utf8')) as SentimentWeights).get(lang)
      if (model !== undefined) out.push([lang, model])
    }
  }
  return out
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`
const row = (name: string, r: Report) =>
  `| ${name} | ${r.n} | ${r.accuracy.toFixed(3)} | ${r.macroF1.toFixed(3)} | ${pct(r.negAsPos)} |`
const confusionLine = (r: Report) =>
  CLASSES.map((t) => `${t}: ${CLASSES.map((p) => String(r.confusion[t][p])).join('/')}`).join('; ')

function main(): void {
  const repo = resolve(dirname(new URL(import.meta.url).pathname), '..')
  const corpus = resolve(repo, corpusDir())
  if (!hasSentimentCorpus(corpus)) {
    console.log(`sentiment report skipped: the labelled sets are not all under ${corpus}/sentiment`)
    return
  }
  const data = loadSentimentData(corpus)
  const oldPath = oldWeightsPath(repo)
  const old = oldPath === null ? null : loadOldModel(oldPath)
  if (old === null) console.log(`note: the ${OLD_COMMIT} weights are unavailable; the old model is left out`)
  // The old model's training rows (80% of the tweets' validation split), to keep them out of its tweets score.
  const oldTrain = new Set(
    splitHeldOut(parseLabelledCsv(readFileSync(join(corpus, TWEETS_VALID_FILE), 'utf8')), 20251121, 0.2).train.map(
      (r) => sentenceKey(r.text),
    ),
  )

  type Labeller = { name: string; label: (text: string, lang: string) => SentimentLabel; langs: readonly string[] }
  const labellers: Labeller[] = [
    {
      name: 'new model',
      label: (t, lang) => predictSentiment(t, SHIPPED_MODELS.get(lang)).label,
      langs: [...SHIPPED_MODELS.keys()],
    },
    ...(old === null
      ? []
      : [{ name: `old model (${OLD_COMMIT})`, label: (t: string) => predictSentiment(t, old).label, langs: ['en'] }]),
    ...notShipped(repo).map(([lang, model]) => ({
      name: `${lang} model, not shipped`,
      label: (t: string) => predictSentiment(t, model).label,
      langs: [lang],
    })),
    { name: 'lexicon', label: (t, lang) => lexiconLabel(scoreLexicon(t, lang).score), langs: ['en', 'de'] },
  ]
  const evaluate = (l: Labeller, rows: readonly LabelledText[], lang: string) =>
    report(
      rows.map((r) => r.label),
      rows.map((r) => l.label(r.text, lang)),
    )
  const rowsFor = (l: Labeller, source: SentimentSourceName) =>
    l.name.startsWith('old') && source === 'tweets'
      ? data.heldOut.tweets.filter((r) => !oldTrain.has(sentenceKey(r.text)))
      : data.heldOut[source]

  console.log('Held-out sentences per source (one row per sentence; targets that disagree in polarity dropped):')
  for (const s of data.sources) {
    const held = data.heldOut[s.source.name]
    const counts = CLASSES.map((c) => `${c} ${held.filter((r) => r.label === c).length}`).join(', ')
    console.log(
      `- ${s.source.name} (${s.source.lang}, ${s.source.trainable ? 'held-out 20%' : 'whole source, never trained on'}): ${held.length} (${counts})`,
    )
  }

  console.log('\n| source | labeller | n | accuracy | macro-F1 | neg read as pos |')
  console.log('|---|---|---:|---:|---:|---:|')
  const groups: { name: string; lang: string; sources: SentimentSourceName[] }[] = [
    ...SENTIMENT_SOURCES.map((s) => ({ name: s.name, lang: s.lang, sources: [s.name] })),
    {
      name: '**en real news** (newsmtsc + semeval + sentfin)',
      lang: 'en',
      sources: ['newsmtsc', 'semeval', 'sentfin'],
    },
    { name: '**en all**', lang: 'en', sources: ['newsmtsc', 'tweets', 'semeval', 'sentfin'] },
  ]
  const confusions: string[] = []
  for (const g of groups) {
    for (const l of labellers) {
      if (!l.langs.includes(g.lang)) continue
      const r = evaluate(
        l,
        g.sources.flatMap((s) => rowsFor(l, s)),
        g.lang,
      )
      console.log(row(`${g.name} | ${l.name}`, r))
      if (l.name !== 'lexicon') confusions.push(`- ${g.name.replaceAll('*', '')}, ${l.name}: ${confusionLine(r)}`)
    }
  }
  console.log('\nConfusion matrices (truth: predicted neg/neu/pos):')
  for (const c of confusions) console.log(c)
  if (old !== null)
    console.log(
      `\nold model on tweets: only the held-out rows outside its own training split (${rowsFor(labellers[1] as Labeller, 'tweets').length} of ${data.heldOut.tweets.length}). German had no model before: the lexicon was its label${SHIPPED_MODELS.has('de') ? '' : ', and still is'}.`,
    )
}

main()
