/**
 * Tone report: the shipped models beside the models shipped before (PREVIOUS_COMMIT, what main
 * ships today) and the lexicon, on held-out sentences of every labelled set
 * (scripts/sentiment-data.ts): the held-out 20% of each set the models learn from, and all of
 * SemEval-2017 and SEntFiN, which no model ever learned from (whole sources held out). Accuracy,
 * macro-F1, how many negatives were read as positive, and confusion matrices, per source and per
 * language. Both models are scored on the same sentences: the held-out shares did not move.
 *
 *   bun run bench/sentiment-report.ts [--corpus ../shared/corpus] [--previous weights.json] [--weights candidate.json]
 *
 * `--weights` scores a candidate weights file as the new model instead of the shipped one (to
 * compare training runs before one ships). SemEval-2017 is also shown with its scores cut by a
 * neutral band (SEMEVAL_NEUTRAL_BAND in scripts/sentiment-data.ts) beside the sign the data card
 * uses: the task defines no classes, so both mappings are reported and neither chooses a model.
 *
 * The previous weights come from git (`git show PREVIOUS_COMMIT:core/enrich/sentiment-weights.json`),
 * cached under bench/.data (git-ignored); they load with the feature spec they record (format 3) and
 * no pos margin (which they predate).
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import type { SentimentLabel } from '../core/article.ts'
import { scoreLexicon } from '../core/enrich/lexicon.ts'
import { lexiconLabel } from '../core/enrich/sentiment.ts'
import { lexiconFingerprint } from '../core/enrich/sentiment-features.ts'
import {
  loadSentimentModels,
  predictSentiment,
  SHIPPED_MODELS,
  type SentimentModel,
  type SentimentWeights,
} from '../core/enrich/sentiment-model.ts'
import type { LabelledText } from '../core/enrich/sentiment-split.ts'
import {
  corpusDir,
  hasSentimentCorpus,
  loadSentimentData,
  loadSource,
  SEMEVAL_NEUTRAL_BAND,
  SENTIMENT_SOURCES,
  type SentimentSourceName,
} from '../scripts/sentiment-data.ts'

const CLASSES: readonly SentimentLabel[] = ['neg', 'neu', 'pos']
const PREVIOUS_COMMIT = '810d5c0'

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

function previousWeightsPath(repo: string): string | null {
  const i = process.argv.indexOf('--previous')
  if (i >= 0) return resolve(process.argv[i + 1] ?? '')
  const cached = join(repo, 'bench/.data', `sentiment-weights-${PREVIOUS_COMMIT}.json`)
  if (existsSync(cached)) return cached
  try {
    const text = execFileSync('git', ['show', `${PREVIOUS_COMMIT}:core/enrich/sentiment-weights.json`], {
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
  const previousPath = previousWeightsPath(repo)
  const previous =
    previousPath === null
      ? null
      : loadSentimentModels(JSON.parse(readFileSync(previousPath, 'utf8')) as SentimentWeights)
  if (previous === null)
    console.log(`note: the ${PREVIOUS_COMMIT} weights are unavailable; the previous model is left out`)
  // Its lexicon features are drawn with today's word lists: when those changed since, the previous
  // model is read here with words it was not trained on, and its figures as shipped are those of
  // this report run at PREVIOUS_COMMIT.
  for (const [lang, model] of previous ?? []) {
    const trainedWith = (JSON.parse(readFileSync(previousPath ?? '', 'utf8')) as SentimentWeights).models[lang]
    if (trainedWith !== undefined && trainedWith.lexicon_fingerprint !== lexiconFingerprint(model.lang))
      console.log(
        `note: the ${lang} word lists changed since ${PREVIOUS_COMMIT}: the previous model is scored with today's lexicon features`,
      )
  }

  const weightsAt = process.argv.indexOf('--weights')
  const newModels =
    weightsAt >= 0
      ? loadSentimentModels(
          JSON.parse(readFileSync(resolve(process.argv[weightsAt + 1] ?? ''), 'utf8')) as SentimentWeights,
        )
      : SHIPPED_MODELS
  if (weightsAt >= 0) console.log(`note: the new model is ${process.argv[weightsAt + 1]}, not the shipped weights`)

  type Labeller = { name: string; label: (text: string, lang: string) => SentimentLabel; langs: readonly string[] }
  const labellers: Labeller[] = [
    {
      name: 'new model',
      label: (t, lang) => predictSentiment(t, newModels.get(lang)).label,
      langs: [...newModels.keys()],
    },
    ...(previous === null
      ? []
      : [
          {
            name: `previous model (${PREVIOUS_COMMIT})`,
            label: (t: string, lang: string) => predictSentiment(t, previous.get(lang)).label,
            langs: [...previous.keys()],
          },
        ]),
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

  console.log('Held-out sentences per source (one row per sentence; targets that disagree in polarity dropped):')
  for (const s of data.sources) {
    const held = data.heldOut[s.source.name]
    const counts = CLASSES.map((c) => `${c} ${held.filter((r) => r.label === c).length}`).join(', ')
    console.log(
      `- ${s.source.name} (${s.source.lang}, ${s.source.trainable ? 'held-out 20%' : 'whole source, never trained on'}): ${held.length} (${counts})`,
    )
  }

  const semevalSource = SENTIMENT_SOURCES.find((s) => s.name === 'semeval')
  const semevalBand = semevalSource === undefined ? [] : loadSource(corpus, semevalSource, SEMEVAL_NEUTRAL_BAND).rows
  const band = `±${SEMEVAL_NEUTRAL_BAND}`
  console.log(
    `- semeval, scores within ${band} read neutral (alternative mapping): ${semevalBand.length} (${CLASSES.map((c) => `${c} ${semevalBand.filter((r) => r.label === c).length}`).join(', ')})`,
  )

  console.log('\n| source | labeller | n | accuracy | macro-F1 | neg read as pos |')
  console.log('|---|---|---:|---:|---:|---:|')
  const groups: { name: string; lang: string; sources: (SentimentSourceName | 'semeval-band')[] }[] = [
    ...SENTIMENT_SOURCES.map((s) => ({ name: s.name, lang: s.lang, sources: [s.name] })),
    {
      name: '**en real news** (newsmtsc + semeval + sentfin)',
      lang: 'en',
      sources: ['newsmtsc', 'semeval', 'sentfin'],
    },
    { name: '**en all**', lang: 'en', sources: ['newsmtsc', 'tweets', 'semeval', 'sentfin'] },
  ]
  const confusions: string[] = []
  const rowsOf = (sources: readonly string[]): LabelledText[] =>
    sources.flatMap((s) => (s === 'semeval-band' ? semevalBand : data.heldOut[s as SentimentSourceName]))
  groups.push(
    { name: `semeval, ${band} neutral (alternative mapping)`, lang: 'en', sources: ['semeval-band'] },
    {
      name: `en real news, semeval ${band} neutral (alternative mapping)`,
      lang: 'en',
      sources: ['newsmtsc', 'semeval-band', 'sentfin'],
    },
  )
  for (const g of groups) {
    for (const l of labellers) {
      if (!l.langs.includes(g.lang)) continue
      const r = evaluate(l, rowsOf(g.sources), g.lang)
      console.log(row(`${g.name} | ${l.name}`, r))
      confusions.push(`- ${g.name.replaceAll('*', '')}, ${l.name}: ${confusionLine(r)}`)
    }
  }
  console.log('\nConfusion matrices (truth: predicted neg/neu/pos):')
  for (const c of confusions) console.log(c)
  const lexiconLangs = ['en', 'de'].filter((lang) => !newModels.has(lang))
  if (lexiconLangs.length > 0) console.log(`\nNo model ships for ${lexiconLangs.join(', ')}: the lexicon labels it.`)
}

main()
