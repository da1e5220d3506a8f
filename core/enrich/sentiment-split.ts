/**
 * The labelled headline set as rows, and its fixed train/held-out split. Pure: the training script
 * and the report read the CSV themselves and pass its text in, so both get the same split.
 */
import { mulberry32 as seededRandom } from '../random.ts'
import type { SentimentLabel } from '../article.ts'

export interface LabelledText {
  text: string
  label: SentimentLabel
}

/** twitter-financial-news-sentiment: 0 = Bearish, 1 = Bullish, 2 = Neutral. */
const LABELS: Readonly<Record<string, SentimentLabel>> = { '0': 'neg', '1': 'pos', '2': 'neu' }

/** RFC 4180 CSV (quoted fields, doubled quotes, newlines inside quotes) into rows of fields. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"'
          i++
        } else quoted = false
      } else field += ch
    } else if (ch === '"') quoted = true
    else if (ch === ',') {
      row.push(field)
      field = ''
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++
      row.push(field)
      rows.push(row)
      row = []
      field = ''
    } else field += ch
  }
  if (field !== '' || row.length > 0) {
    row.push(field)
    rows.push(row)
  }
  return rows
}

/** Rows of `text,label` (header first); unknown labels and exact duplicate texts are dropped. */
export function parseLabelledCsv(csv: string): LabelledText[] {
  const rows = parseCsv(csv)
  const header = rows[0] ?? []
  const textAt = header.indexOf('text')
  const labelAt = header.indexOf('label')
  if (textAt < 0 || labelAt < 0) throw new Error('expected a header with text and label columns')
  const seen = new Set<string>()
  const out: LabelledText[] = []
  for (const row of rows.slice(1)) {
    const text = (row[textAt] ?? '').trim()
    const label = LABELS[(row[labelAt] ?? '').trim()]
    if (text === '' || label === undefined || seen.has(text)) continue
    seen.add(text)
    out.push({ text, label })
  }
  return out
}

export { seededRandom }

export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    const tmp = out[i] as T
    out[i] = out[j] as T
    out[j] = tmp
  }
  return out
}

export interface Split {
  train: LabelledText[]
  heldOut: LabelledText[]
}

/** Stratified: each label keeps its share in both parts. Rows are sorted first, so file order does not matter. */
export function splitHeldOut(rows: readonly LabelledText[], seed: number, heldOutShare: number): Split {
  const random = seededRandom(seed)
  const train: LabelledText[] = []
  const heldOut: LabelledText[] = []
  for (const label of ['neg', 'neu', 'pos'] as const) {
    const ofLabel = rows
      .filter((r) => r.label === label)
      .sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0))
    const mixed = shuffled(ofLabel, random)
    const cut = Math.round(mixed.length * heldOutShare)
    heldOut.push(...mixed.slice(0, cut))
    train.push(...mixed.slice(cut))
  }
  return { train, heldOut }
}

/** A short fingerprint of a row set (FNV-1a over the sorted texts), to prove two runs used the same split. */
export function fingerprint(rows: readonly LabelledText[]): string {
  let h = 0x811c9dc5
  for (const text of rows.map((r) => `${r.label}\t${r.text}`).sort()) {
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i)
      h = Math.imul(h, 0x01000193)
    }
    h ^= 10
    h = Math.imul(h, 0x01000193)
  }
  return (h >>> 0).toString(16).padStart(8, '0')
}

/** One row of a target-dependent set: the label is about `target`, one row per (sentence, target). */
export interface TargetLabel {
  text: string
  target: string
  label: SentimentLabel
}

/**
 * What identifies a sentence across rows and sources: case-folded letters and digits only, so
 * spacing, quotes, punctuation and mojibake (`Â£`) do not make two copies of one headline.
 */
export function sentenceKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

/**
 * One row per sentence from one row per (sentence, target). The rule (docs/sentiment-data.md):
 * a sentence labelled positive for one target and negative for another is dropped (its tone is
 * mixed); otherwise a polar label beats neutral (a headline that is good news for one company and
 * says nothing of another reads as good news). The first spelling of the sentence is kept.
 * `mixed` holds the keys of the kept sentences whose targets did not all agree (polar and neutral),
 * which training may leave out (scripts/train-sentiment.ts, `targets: 'unanimous'`).
 */
export function collapseBySentence(rows: readonly TargetLabel[]): {
  rows: LabelledText[]
  dropped: number
  mixed: Set<string>
} {
  const bySentence = new Map<string, { text: string; labels: Set<SentimentLabel> }>()
  for (const r of rows) {
    const key = sentenceKey(r.text)
    if (key === '') continue
    const seen = bySentence.get(key)
    if (seen === undefined) bySentence.set(key, { text: r.text, labels: new Set([r.label]) })
    else seen.labels.add(r.label)
  }
  const out: LabelledText[] = []
  const mixed = new Set<string>()
  let dropped = 0
  for (const [key, { text, labels }] of bySentence) {
    if (labels.has('pos') && labels.has('neg')) {
      dropped++
      continue
    }
    if (labels.size > 1) mixed.add(key)
    out.push({ text, label: labels.has('pos') ? 'pos' : labels.has('neg') ? 'neg' : 'neu' })
  }
  return { rows: out, dropped, mixed }
}

/** Whether a sentence belongs to the held-out share: FNV-1a of its key and the seed, so the split needs no shuffle and never puts one sentence on both sides. */
export function isHeldOutSentence(text: string, seed: number, heldOutShare: number): boolean {
  const key = `${seed}\t${sentenceKey(text)}`
  let h = 0x811c9dc5
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  // A final avalanche (murmur3's fmix32): FNV's low bits alone are poorly mixed.
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return (h >>> 0) / 4294967296 < heldOutShare
}
