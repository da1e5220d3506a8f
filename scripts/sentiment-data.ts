/**
 * The labelled news-sentiment sets the tone model learns from and is measured on, read from
 * shared/corpus/sentiment (never copied into the project). docs/sentiment-data.md is the data card:
 * licence, size, label mapping and whether each set may teach the shipped weights.
 *
 * Every set is reduced to one row per distinct sentence (core/enrich/sentiment-split.ts,
 * `collapseBySentence`), then split by sentence: a sentence is held out when the hash of its
 * normalised text says so, so one sentence never sits on both sides, and a sentence that occurs in
 * any measuring set is never trained on.
 */
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { SentimentLabel } from '../core/article.ts'
import { corpusDir as sharedCorpusDir } from '../core/corpus-dir.ts'
import {
  collapseBySentence,
  isHeldOutSentence,
  type LabelledText,
  parseCsv,
  sentenceKey,
  type TargetLabel,
} from '../core/enrich/sentiment-split.ts'

export type SentimentSourceName = 'newsmtsc' | 'tweets' | 'semeval' | 'sentfin' | 'gerntsa'

export interface SentimentSource {
  name: SentimentSourceName
  file: string
  lang: 'en' | 'de'
  licence: string
  /** May the shipped weights learn from it? Unknown licences: measure only. */
  trainable: boolean
  /** Real news sentences or headlines (not tweets): what the goal is measured on. */
  realNews: boolean
}

export const SENTIMENT_SOURCES: readonly SentimentSource[] = [
  { name: 'newsmtsc', file: 'sentiment/newsmtsc.jsonl', lang: 'en', licence: 'MIT', trainable: true, realNews: true },
  {
    name: 'tweets',
    file: 'sentiment/twitter_financial_news_sentiment_train.csv',
    lang: 'en',
    licence: 'MIT',
    trainable: true,
    realNews: false,
  },
  {
    name: 'semeval',
    file: 'sentiment/semeval2017_task5_headlines.jsonl',
    lang: 'en',
    licence: 'unknown',
    trainable: false,
    realNews: true,
  },
  {
    name: 'sentfin',
    file: 'sentiment/sentfin_headlines.jsonl',
    lang: 'en',
    licence: 'unknown',
    trainable: false,
    realNews: true,
  },
  {
    name: 'gerntsa',
    file: 'sentiment/gerntsa_de.jsonl',
    lang: 'de',
    licence: 'CC BY 4.0',
    trainable: true,
    realNews: true,
  },
]
/** The tweets' validation split is read with the train split as one source. */
export const TWEETS_VALID_FILE = 'sentiment/twitter_financial_news_sentiment_valid.csv'

export const SENTENCE_SPLIT_SEED = 20261127
export const HELD_OUT_SHARE = 0.2

export interface SourceRows {
  source: SentimentSource
  /** One row per distinct sentence, after collapsing targets. */
  rows: LabelledText[]
  /** Rows before collapsing, and sentences dropped because their targets disagree. */
  rawRows: number
  dropped: number
  /** Keys of kept sentences whose targets did not all agree (polar for one, neutral for another). */
  mixed: Set<string>
  /** sha256 of each input file, hex. */
  checksums: Record<string, string>
}

export function corpusDir(): string {
  const i = process.argv.indexOf('--corpus')
  if (i >= 0 && process.argv[i + 1] !== undefined) return process.argv[i + 1] as string
  return sharedCorpusDir(process.env)
}

export function hasSentimentCorpus(corpus: string): boolean {
  return SENTIMENT_SOURCES.every((s) => existsSync(join(corpus, s.file))) && existsSync(join(corpus, TWEETS_VALID_FILE))
}

const WORD_LABELS: Readonly<Record<string, SentimentLabel>> = { negative: 'neg', neutral: 'neu', positive: 'pos' }
/** twitter-financial-news-sentiment: 0 = Bearish, 1 = Bullish, 2 = Neutral. */
const TWEET_LABELS: Readonly<Record<string, SentimentLabel>> = { '0': 'neg', '1': 'pos', '2': 'neu' }

/**
 * SemEval-2017 gives a score in [-1, 1] per target: its sign is the label (`neutralBand` 0, the
 * mapping the data card documents). The task defines no classes, so the sign is a choice: a score
 * of +0.03 becomes as positive as +0.9. SEMEVAL_NEUTRAL_BAND is the documented alternative the report
 * also shows (measure only, never used to choose a model).
 */
function scoreLabel(score: number, neutralBand: number): SentimentLabel {
  if (neutralBand === 0) return score > 0 ? 'pos' : score < 0 ? 'neg' : 'neu'
  return score >= neutralBand ? 'pos' : score < -neutralBand ? 'neg' : 'neu'
}

/**
 * Scores within ±0.1 read as neutral: the cut FinGPT's FinNLP benchmark (finnlp/benchmarks/fiqa.py)
 * applies to FiQA-2018 task 1, a companion set of financial headlines and posts scored on the same
 * [-1, 1] scale, with its edges: −0.1 reads neutral, +0.1 positive.
 */
export const SEMEVAL_NEUTRAL_BAND = 0.1

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

function jsonlTargets(text: string, source: SentimentSourceName, neutralBand: number): TargetLabel[] {
  const out: TargetLabel[] = []
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue
    const row = JSON.parse(line) as { text?: unknown; label?: unknown; target?: unknown }
    if (typeof row.text !== 'string') continue
    const label =
      source === 'semeval'
        ? typeof row.label === 'number'
          ? scoreLabel(row.label, neutralBand)
          : undefined
        : WORD_LABELS[String(row.label)]
    if (label === undefined) continue
    out.push({ text: row.text.trim(), target: typeof row.target === 'string' ? row.target : '', label })
  }
  return out
}

function csvTargets(text: string): TargetLabel[] {
  const rows = parseCsv(text)
  const header = rows[0] ?? []
  const textAt = header.indexOf('text')
  const labelAt = header.indexOf('label')
  if (textAt < 0 || labelAt < 0) throw new Error('expected a header with text and label columns')
  const out: TargetLabel[] = []
  for (const row of rows.slice(1)) {
    const label = TWEET_LABELS[(row[labelAt] ?? '').trim()]
    const t = (row[textAt] ?? '').trim()
    if (label !== undefined && t !== '') out.push({ text: t, target: '', label })
  }
  return out
}

/** `neutralBand`: SemEval-2017 scores within it read as neutral (scoreLabel); 0 everywhere but the report's alternative. */
export function loadSource(corpus: string, source: SentimentSource, neutralBand = 0): SourceRows {
  const files = source.name === 'tweets' ? [source.file, TWEETS_VALID_FILE] : [source.file]
  const checksums: Record<string, string> = {}
  const targets: TargetLabel[] = []
  for (const file of files) {
    const text = readFileSync(join(corpus, file), 'utf8')
    checksums[file] = sha256(text)
    targets.push(...(file.endsWith('.csv') ? csvTargets(text) : jsonlTargets(text, source.name, neutralBand)))
  }
  const { rows, dropped, mixed } = collapseBySentence(targets)
  return { source, rows, rawRows: targets.length, dropped, mixed, checksums }
}

/** A training sentence, its source, and whether its targets disagreed (polar for one, neutral for another). */
export type SourcedText = LabelledText & { source: SentimentSourceName; mixedTargets: boolean }

export interface SentimentData {
  sources: SourceRows[]
  /** Per language: the sentences the model may learn from, with the source each came from. */
  train: Record<'en' | 'de', SourcedText[]>
  /** Per source: the sentences it is measured on (all of a measure-only source, the held-out share of the rest). */
  heldOut: Record<SentimentSourceName, LabelledText[]>
}

/**
 * All sources, split by sentence. A trainable source gives its held-out share to measuring; any
 * sentence whose key occurs in a measuring set (of any source) is kept out of training.
 */
export function loadSentimentData(corpus: string): SentimentData {
  const sources = SENTIMENT_SOURCES.map((s) => loadSource(corpus, s))
  const heldOut = {} as SentimentData['heldOut']
  const measured = new Set<string>()
  for (const { source, rows } of sources) {
    heldOut[source.name] = source.trainable
      ? rows.filter((r) => isHeldOutSentence(r.text, SENTENCE_SPLIT_SEED, HELD_OUT_SHARE))
      : rows
    for (const r of heldOut[source.name]) measured.add(sentenceKey(r.text))
  }
  const train: SentimentData['train'] = { en: [], de: [] }
  for (const { source, rows, mixed } of sources) {
    if (!source.trainable) continue
    for (const r of rows) {
      const key = sentenceKey(r.text)
      if (!measured.has(key)) train[source.lang].push({ ...r, source: source.name, mixedTargets: mixed.has(key) })
    }
  }
  return { sources, train, heldOut }
}
