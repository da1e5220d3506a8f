/**
 * How often each English word is written with a capital letter inside a sentence, counted on
 * unlabelled news text (issue 27): a tagger feature that tells a name nobody labelled (`Zelensky`,
 * written capitalised wherever it appears) from an ordinary word that only starts a sentence
 * (`Yesterday`). Nothing here is labelled data: only the case of words in running text.
 *
 * Sources (licences in docs/entities-data.md): NewsMTSC sentences (MIT), HuffPost News Category
 * short descriptions (CC BY 4.0; the headlines are title case and left out), MasakhaNEWS English
 * bodies (AFL-3.0; titles left out). The BBC News set (no open licence), the subreddit headlines
 * (licence unknown) and every labelled entity set are not read.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { isCandidate, tokenizeForEntities } from '../core/enrich/entity-tokens.ts'
import { corpusDir, sha256File } from './entity-data.ts'

/** Inside-sentence sightings a word needs before its case says anything. */
export const CASE_MIN_SEEN = 3
/** Share of capitalised sightings at or below which a word is `usually lower`, at or above which `usually capital`. */
export const CASE_LOWER_MAX = 0.1
export const CASE_CAPITAL_MIN = 0.9

interface CaseSource {
  path: string
  /** The fields of one JSON line that hold running text. */
  fields: readonly string[]
}

const SOURCES: readonly CaseSource[] = [
  { path: 'sentiment/newsmtsc.jsonl', fields: ['text'] },
  { path: 'categories/huffpost_news_category_v3_first10k.jsonl', fields: ['short_description'] },
  { path: 'categories/huffpost_news_category_v2_slice_2018.jsonl', fields: ['text_body'] },
  { path: 'categories/masakhanews_eng.jsonl', fields: ['text_body'] },
]

/** Most words of a line capitalised (a headline, a byline): its capitals say nothing about its words. */
function isMostlyCapitalised(words: readonly string[]): boolean {
  let long = 0
  let caps = 0
  for (const w of words) {
    if (w.length < 4) continue
    long++
    if (isCandidate(w)) caps++
  }
  return long >= 3 && caps / long > 0.5
}

export interface CaseProfile {
  /** Words seen inside sentences CASE_MIN_SEEN times or more, capitalised at most CASE_LOWER_MAX of them. */
  lower: string[]
  /** … capitalised at least CASE_CAPITAL_MIN of them. */
  capital: string[]
  sources: { path: string; sha256: string; texts: number }[]
}

export function caseProfile(corpus: string): CaseProfile {
  const seen = new Map<string, number>()
  const capital = new Map<string, number>()
  const sources: CaseProfile['sources'] = []
  const texts = new Set<string>()
  for (const source of SOURCES) {
    const path = join(corpus, source.path)
    let count = 0
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      if (line.trim() === '') continue
      const row = JSON.parse(line) as Record<string, unknown>
      for (const field of source.fields) {
        const text = row[field]
        // NewsMTSC repeats a sentence once per target: each text counts once.
        if (typeof text !== 'string' || text === '' || texts.has(text)) continue
        texts.add(text)
        count++
        for (const paragraph of text.split('\n')) {
          const tokens = tokenizeForEntities(paragraph)
          if (isMostlyCapitalised(tokens.map((t) => t.text))) continue
          for (const t of tokens) {
            if (t.start || !/^\p{L}/u.test(t.text)) continue
            const key = t.text.toLowerCase()
            seen.set(key, (seen.get(key) ?? 0) + 1)
            if (isCandidate(t.text)) capital.set(key, (capital.get(key) ?? 0) + 1)
          }
        }
      }
    }
    sources.push({ path, sha256: sha256File(path), texts: count })
  }
  const lower: string[] = []
  const capitalWords: string[] = []
  for (const [key, n] of seen) {
    if (n < CASE_MIN_SEEN) continue
    const share = (capital.get(key) ?? 0) / n
    if (share <= CASE_LOWER_MAX) lower.push(key)
    else if (share >= CASE_CAPITAL_MIN) capitalWords.push(key)
  }
  const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
  return { lower: lower.sort(byCode), capital: capitalWords.sort(byCode), sources }
}

if (import.meta.main) {
  // `bun scripts/entity-case-build.ts [--corpus DIR]`: the list sizes; scripts/train-entities.ts writes the lists.
  const p = caseProfile(corpusDir())
  console.log(`usually lower: ${p.lower.length} words; usually capital: ${p.capital.length} words`)
  for (const s of p.sources) console.log(`${s.path}: ${s.texts} texts`)
}
