/**
 * eld's language detector (npm `eld` 2.1.0, `eld/medium`; Apache-2.0, Nito T.M.) over its own
 * n-gram scores packed into typed arrays (issue 28, worker memory). eld keeps its 105,548 n-grams
 * as one object of 105,548 small objects, which cost each worker thread ~55 MB of heap and 60–80
 * MB of RSS; the same scores here take ~4 MB. core/enrich/language-ngrams.json is written from
 * the installed package by scripts/build-language-ngrams.ts, and the detection below is eld's
 * (src/languageDetector.js and src/LanguageResult.js) step for step, so every answer, score and
 * reliability verdict is eld's: test/enrich/language-ngrams.test.ts compares both on every
 * sample it has and checks the file against the package.
 */
import { StringKeys } from './packed-map.ts'
import shipped from './language-ngrams.json' with { type: 'json' }

export const LANGUAGE_NGRAMS_FORMAT = 'newsdesk-language-ngrams/1'

export interface LanguageNgramsFile {
  format: string
  description: string
  /** eld's data type (`M60`: medium, 60 languages). */
  type: string
  /** Language index → ISO 639-1 code. */
  languages: string[]
  /** eld's average score of a correct detection, per language (isReliable). */
  avg_score: Record<string, number>
  /** eld's word-separator pattern and flags (src/regexPatterns.js). */
  separators: { source: string; flags: string }
  /** eld's byte → character table (src/dictionary.js): 256 characters. */
  dictionary: string
  /** Every n-gram (characters < 256), concatenated in eld's order. */
  keys: string
  /** Base64: per n-gram, its length in characters. */
  key_lengths: string
  /** Base64: per n-gram, how many languages score it. */
  entry_counts: string
  /** Base64: per entry (n-grams in order, languages ascending), the language index. */
  entry_languages: string
  /** Base64: per entry, eld's stored score (before its base score of 53 is added). */
  entry_scores: string
}

/** eld's raw data: `ngrams[ngram][languageIndex] = score`. */
export interface EldNgramsData {
  type: string
  languages: Record<string, string>
  ngrams: Record<string, Record<string, number>>
}

export interface LanguageNgrams {
  type: string
  languages: readonly string[]
  avgScore: Readonly<Record<string, number>>
  separators: RegExp
  dictionary: readonly string[]
  /** The n-grams, numbered as their entries are. */
  keys: StringKeys
  /** N-gram k's entries are entryStart[k] … entryStart[k + 1] - 1. */
  entryStart: Int32Array
  entryLanguages: Uint8Array
  entryScores: Uint8Array
}

function encodeBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, Math.min(bytes.length, i + 0x8000)))
  return btoa(binary)
}

function decodeBase64(text: string): Uint8Array {
  const binary = atob(text)
  const out = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i)
  return out
}

/** eld's tables in this project's file format (scripts/build-language-ngrams.ts; the test's drift check). */
export function packLanguageNgrams(
  data: EldNgramsData,
  extra: { description: string; avgScore: Record<string, number>; separators: RegExp; dictionary: readonly string[] },
): LanguageNgramsFile {
  const keys = Object.keys(data.ngrams)
  const languages = Object.keys(data.languages)
    .map(Number)
    .sort((a, b) => a - b)
    .map((i) => data.languages[String(i)] as string)
  const lengths = new Uint8Array(keys.length)
  const counts = new Uint8Array(keys.length)
  const langs: number[] = []
  const scores: number[] = []
  keys.forEach((key, k) => {
    if (key.length > 255) throw new Error(`language n-grams: key of ${key.length} characters`)
    for (let i = 0; i < key.length; i++)
      if (key.charCodeAt(i) > 255) throw new Error('language n-grams: a key character above 255')
    lengths[k] = key.length
    const entries = data.ngrams[key] as Record<string, number>
    // for…in over integer keys runs in ascending order, as eld's scoring loop does.
    let n = 0
    for (const lang in entries) {
      const score = entries[lang] as number
      if (!Number.isInteger(score) || score < 0 || score > 255) throw new Error(`language n-grams: score ${score}`)
      langs.push(Number(lang))
      scores.push(score)
      n++
    }
    if (n > 255) throw new Error('language n-grams: more than 255 languages for one n-gram')
    counts[k] = n
  })
  if (extra.dictionary.length !== 256) throw new Error('language n-grams: dictionary is not 256 characters')
  return {
    format: LANGUAGE_NGRAMS_FORMAT,
    description: extra.description,
    type: data.type,
    languages,
    avg_score: extra.avgScore,
    separators: { source: extra.separators.source, flags: extra.separators.flags },
    dictionary: extra.dictionary.join(''),
    keys: keys.join(''),
    key_lengths: encodeBase64(lengths),
    entry_counts: encodeBase64(counts),
    entry_languages: encodeBase64(Uint8Array.from(langs)),
    entry_scores: encodeBase64(Uint8Array.from(scores)),
  }
}

export function loadLanguageNgrams(file: LanguageNgramsFile): LanguageNgrams {
  if (file.format !== LANGUAGE_NGRAMS_FORMAT) throw new Error(`language n-grams: unknown format ${file.format}`)
  const lengths = decodeBase64(file.key_lengths)
  const counts = decodeBase64(file.entry_counts)
  const n = lengths.length
  const keyStart = new Int32Array(n + 1)
  const entryStart = new Int32Array(n + 1)
  for (let k = 0; k < n; k++) {
    keyStart[k + 1] = (keyStart[k] as number) + (lengths[k] as number)
    entryStart[k + 1] = (entryStart[k] as number) + (counts[k] as number)
  }
  const entryLanguages = decodeBase64(file.entry_languages)
  const entryScores = decodeBase64(file.entry_scores)
  if (
    keyStart[n] !== file.keys.length ||
    entryStart[n] !== entryLanguages.length ||
    entryScores.length !== entryLanguages.length
  )
    throw new Error('language n-grams: wrong sizes')
  return {
    type: file.type,
    languages: file.languages,
    avgScore: file.avg_score,
    separators: new RegExp(file.separators.source, file.separators.flags),
    dictionary: [...file.dictionary],
    keys: new StringKeys(file.keys, keyStart),
    entryStart,
    entryLanguages,
    entryScores,
  }
}

/** What eld.detect returns: the language ('' when none), its scores and whether it is reliable. */
export interface NgramLanguageResult {
  language: string
  getScores: () => Record<string, number>
  isReliable: (thresholdRatio?: number) => boolean
}

/** eld's `detect` (text cleanup off, no language subset: how eld/medium is used here). */
export function detectWithNgrams(t: LanguageNgrams, input: string): NgramLanguageResult {
  const text = input.substring(0, 1000)
  const byteWords = toUtf8ByteWords(t, text.replace(t.separators, ' ').trim().toLowerCase())
  const byteNgrams = ngramsOf(byteWords)
  const results = scoresOf(t, byteNgrams)
  let langId = -1
  let maxVal = 0
  for (let i = 0; i < results.length; i++) {
    const val = results[i] as number
    if (val > 0 && val > maxVal) {
      maxVal = val
      langId = i
    }
  }
  if (langId < 0) return resultOf(t, '', [], 0)
  return resultOf(t, t.languages[langId] as string, results, byteNgrams.size)
}

/** eld's strToUtf8Bytes: the text's words as UTF-8 bytes, each byte one character of the dictionary. */
function toUtf8ByteWords(t: LanguageNgrams, str: string): string[] {
  const dictionary = t.dictionary
  let encoded = ''
  const words: string[] = []
  let countBytes = 0
  const cutAfter = 350
  const enforceCutAfter = 380
  for (let ii = 0; ii < str.length; ii++) {
    let charCode = str.charCodeAt(ii)
    if (charCode < 0x80) {
      if (charCode === 32) {
        if (encoded !== '') {
          words.push(encoded)
          encoded = ''
        }
        if (countBytes > cutAfter) break
      } else {
        encoded += str[ii]
      }
      countBytes++
    } else if (charCode < 0x800) {
      encoded += (dictionary[0xc0 | (charCode >> 6)] as string) + (dictionary[0x80 | (charCode & 0x3f)] as string)
      countBytes += 2
    } else if (charCode < 0xd800 || charCode >= 0xe000) {
      encoded +=
        (dictionary[0xe0 | (charCode >> 12)] as string) +
        (dictionary[0x80 | ((charCode >> 6) & 0x3f)] as string) +
        (dictionary[0x80 | (charCode & 0x3f)] as string)
      countBytes += 3
    } else {
      ii++
      charCode = 0x10000 + (((charCode & 0x3ff) << 10) | (str.charCodeAt(ii) & 0x3ff))
      encoded +=
        (dictionary[0xf0 | (charCode >> 18)] as string) +
        (dictionary[0x80 | ((charCode >> 12) & 0x3f)] as string) +
        (dictionary[0x80 | ((charCode >> 6) & 0x3f)] as string) +
        (dictionary[0x80 | (charCode & 0x3f)] as string)
      countBytes += 4
    }
    if (countBytes > enforceCutAfter) break
  }
  if (encoded !== '') words.push(encoded)
  return words
}

/** eld's getByteNgrams: 4-byte n-grams at a stride of 3, the first with a leading space, the last with a trailing one. */
function ngramsOf(words: readonly string[]): Set<string> {
  const byteNgrams = new Set<string>()
  for (const word of words) {
    let len = word.length
    if (len > 70) len = 70
    let j: number
    for (j = 0; j + 4 < len; j += 3) byteNgrams.add((j === 0 ? ' ' : '') + word.substring(j, j + 4))
    byteNgrams.add(`${(j === 0 ? ' ' : '') + word.substring(len !== 3 ? len - 4 : 0)} `)
  }
  return byteNgrams
}

/** eld subtracts this minimum from every stored score to keep its database small. */
const BASE_NGRAM_SCORE = 53

/** eld's calculateScores: per language, the sum of its n-gram scores. */
function scoresOf(t: LanguageNgrams, byteNgrams: ReadonlySet<string>): number[] {
  const langScore = new Array<number>(t.languages.length).fill(0)
  for (const g of byteNgrams) {
    const k = t.keys.indexOf(g)
    if (k < 0) continue
    const end = t.entryStart[k + 1] as number
    for (let e = t.entryStart[k] as number; e < end; e++) {
      const lang = t.entryLanguages[e] as number
      langScore[lang] = (langScore[lang] as number) + (t.entryScores[e] as number) + BASE_NGRAM_SCORE
    }
  }
  return langScore
}

/** eld's LanguageResult: scores ordered and scaled to 0–1 on first use. */
function resultOf(
  t: LanguageNgrams,
  language: string,
  results: readonly number[],
  numNgrams: number,
): NgramLanguageResult {
  let ordered: [number, number][] | null = null
  const order = (): [number, number][] => {
    if (ordered !== null) return ordered
    const scale = 25
    const list: [number, number][] = []
    for (let lang = 0; lang < results.length; lang++) {
      const r = results[lang] as number
      if (r > 0) {
        const ngramScore = r / numNgrams
        list.push([lang, ngramScore / (ngramScore + scale)])
      }
    }
    list.sort((a, b) => b[1] - a[1])
    ordered = list
    return list
  }
  return {
    language,
    getScores: () => {
      const scores: Record<string, number> = {}
      for (const [lang, score] of order()) scores[t.languages[lang] as string] = score
      return scores
    },
    isReliable: (thresholdRatio = 0.75) => {
      const list = order()
      if (list.length === 0 || numNgrams < 3) return false
      // eld compares the best score with the runner-up's language index, not its score; kept as eld has it.
      const nextScore = list.length > 1 ? (list[1] as [number, number])[0] : 0
      const best = list[0] as [number, number]
      return !((t.avgScore[language] as number) * thresholdRatio > best[1] || 0.01 > Math.abs(best[1] - nextScore))
    },
  }
}

let shippedTable: LanguageNgrams | undefined

/** The shipped tables, built on first use (the script that writes the file imports this module too). */
export function shippedLanguageNgrams(): LanguageNgrams {
  shippedTable ??= loadLanguageNgrams(shipped as LanguageNgramsFile)
  return shippedTable
}
