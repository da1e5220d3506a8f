/**
 * How the category model is tuned and measured, shared by scripts/train-category.ts (which tunes
 * and ships) and bench/category-report.ts (which re-measures with the shipped parameters).
 *
 * - Tuning: a grouped 3-fold cross-validation inside the training half (whole UCI stories and
 *   whole HuffPost days per fold), scored by the mean of UCI 4-class accuracy and HuffPost macro-F1.
 * - Held-out report, two views of UCI:
 *   by story: the model never saw the held-out stories (the hard case: new events);
 *   by publisher: the model never saw the held-out hosts, though their stories continue elsewhere.
 *   HuffPost: held-out days, 11 categories.
 */
import { classifyCategory } from '../core/enrich/category.ts'
import { chooseCategory, MODEL_MIN_PROBABILITY } from '../core/enrich/category-choice.ts'
import { CATEGORY_MODEL_FORMAT, type CategoryModel, loadCategoryModel } from '../core/enrich/category-model.ts'
import { clustersFingerprint, SHIPPED_WORD_CLUSTERS_FILE } from '../core/enrich/word-clusters.ts'
import type { Category } from '../core/categories.ts'
import { type GroupSplit, hash32, type LabelledArticle, splitByGroup, uciClass } from './category-data.ts'
import { CLASSES, type FeatureCache, type FitParams, type Fitted, fit, formatConfusion, predictRows, type Scores, score } from './category-logreg.ts'

export const SPLIT_SEED = 'newsdesk-category-1'
export const UCI_CLASSES = ['b', 't', 'e', 'm', 'other'] as const

export function termListGuess(r: LabelledArticle): Category {
  return classifyCategory({ url: r.url, host: r.host, section: '', tags: [], title: r.title, description: r.description, text: '' }, 'en')
    .category
}

/** A fitted model as the service holds one: through the weights file's own loader, checks included. */
function asServiceModel(m: Fitted): CategoryModel {
  return loadCategoryModel({
    format: CATEGORY_MODEL_FORMAT,
    classes: [...CLASSES],
    languages: ['en'],
    bias: Array.from(m.bias),
    vocab: m.vocab,
    weights: Array.from(m.weights),
    word_clusters: clustersFingerprint(SHIPPED_WORD_CLUSTERS_FILE),
  })
}

/** What the service decides (core/enrich/category-choice.ts): the model, or the term lists where it is unsure and they name a category. */
function serviceGuesses(m: Fitted, rows: readonly LabelledArticle[]): Category[] {
  const model = asServiceModel(m)
  return rows.map((r) => chooseCategory({ url: r.url, host: r.host, section: '', tags: [], title: r.title, description: r.description, text: '' }, 'en', model).category)
}

function uciScores(truth: readonly LabelledArticle[], predicted: readonly Category[]): Scores {
  return score(
    truth.map((r) => uciClass(r.category)),
    predicted.map(uciClass),
    UCI_CLASSES,
  )
}

function categoryScores(truth: readonly LabelledArticle[], predicted: readonly Category[], labels: readonly string[]): Scores {
  return score(
    truth.map((r) => r.category),
    predicted,
    labels,
  )
}

/** The UCI half of a split done by publisher: hosts by hash, HuffPost kept as in `split`. */
export function splitByPublisher(rows: readonly LabelledArticle[], split: GroupSplit): GroupSplit {
  const held = (r: LabelledArticle): boolean => hash32(`${SPLIT_SEED}:${r.host}`) % 2 === 1
  return {
    train: [...rows.filter((r) => r.source === 'uci' && !held(r)), ...split.train.filter((r) => r.source === 'huffpost')],
    heldOut: rows.filter((r) => r.source === 'uci' && held(r)),
  }
}

export function crossValidate(train: readonly LabelledArticle[], p: FitParams, cache: FeatureCache): number {
  const folds = 3
  const fold = (r: LabelledArticle): number => hash32(`cv:${r.group}`) % folds
  let total = 0
  for (let f = 0; f < folds; f++) {
    const test = train.filter((r) => fold(r) === f)
    const model = fit(
      train.filter((r) => fold(r) !== f),
      p,
      cache,
    )
    const uci = test.filter((r) => r.source === 'uci')
    const hp = test.filter((r) => r.source === 'huffpost')
    const labels = [...new Set(train.map((r) => r.category))]
    total += (uciScores(uci, predictRows(model, uci, cache)).accuracy + categoryScores(hp, predictRows(model, hp, cache), labels).macroF1) / 2
  }
  return total / folds
}

/** The service's own rule in the report: the model, the term lists below its threshold. */
export const SERVICE = `service (term lists below p ${MODEL_MIN_PROBABILITY})`

export interface ReportLine {
  set: string
  method: string
  scores: Scores
}

/** Fits on each training half with `p` and scores the held-out halves; the term lists score alongside. */
export function heldOutReport(rows: readonly LabelledArticle[], p: FitParams, cache: FeatureCache): ReportLine[] {
  const byStory = splitByGroup(rows, SPLIT_SEED)
  const byPublisher = splitByPublisher(rows, byStory)
  const lines: ReportLine[] = []
  const labels = [...new Set(rows.map((r) => r.category))].sort()
  const storyModel = fit(byStory.train, p, cache)
  const uciStory = byStory.heldOut.filter((r) => r.source === 'uci')
  const hp = byStory.heldOut.filter((r) => r.source === 'huffpost')
  lines.push({ set: `UCI, held-out stories (${uciStory.length} headlines), 4 classes`, method: 'model', scores: uciScores(uciStory, predictRows(storyModel, uciStory, cache)) })
  lines.push({ set: `UCI, held-out stories (${uciStory.length} headlines), 4 classes`, method: SERVICE, scores: uciScores(uciStory, serviceGuesses(storyModel, uciStory)) })
  lines.push({ set: `UCI, held-out stories (${uciStory.length} headlines), 4 classes`, method: 'term lists', scores: uciScores(uciStory, uciStory.map(termListGuess)) })
  const publisherModel = fit(byPublisher.train, p, cache)
  const uciPub = byPublisher.heldOut
  lines.push({ set: `UCI, held-out publishers (${uciPub.length} headlines), 4 classes`, method: 'model', scores: uciScores(uciPub, predictRows(publisherModel, uciPub, cache)) })
  lines.push({ set: `UCI, held-out publishers (${uciPub.length} headlines), 4 classes`, method: SERVICE, scores: uciScores(uciPub, serviceGuesses(publisherModel, uciPub)) })
  lines.push({ set: `UCI, held-out publishers (${uciPub.length} headlines), 4 classes`, method: 'term lists', scores: uciScores(uciPub, uciPub.map(termListGuess)) })
  lines.push({ set: `HuffPost, held-out days (${hp.length} rows), 11 categories`, method: 'model', scores: categoryScores(hp, predictRows(storyModel, hp, cache), labels) })
  lines.push({ set: `HuffPost, held-out days (${hp.length} rows), 11 categories`, method: SERVICE, scores: categoryScores(hp, serviceGuesses(storyModel, hp), labels) })
  lines.push({ set: `HuffPost, held-out days (${hp.length} rows), 11 categories`, method: 'term lists', scores: categoryScores(hp, hp.map(termListGuess), labels) })
  return lines
}

export function formatReport(lines: readonly ReportLine[]): string {
  const out = ['| held-out set | method | accuracy | macro-F1 |', '|---|---|---:|---:|']
  for (const l of lines) out.push(`| ${l.set} | ${l.method} | ${l.scores.accuracy.toFixed(3)} | ${l.scores.macroF1.toFixed(3)} |`)
  out.push('')
  for (const l of lines) {
    if (l.method !== 'model') continue
    out.push(`${l.set}, model (rows truth, columns predicted):`, formatConfusion(l.scores), '')
  }
  return out.join('\n')
}
