/**
 * Compact English word vectors (core/enrich/word-vectors.json, written by
 * scripts/build-word-vectors.ts from GloVe): the category model reads the mean vector of an
 * article's headline and standfirst words as dense features (core/enrich/category-features.ts),
 * so a story told in words the labelled sets never used still lands near the stories that used
 * their neighbours. Unit-length GloVe vectors projected on their first principal axes and stored
 * as one signed byte per dimension.
 */
import shipped from './word-vectors.json' with { type: 'json' }
import { packedNumbers, StringKeysBuilder } from './packed-map.ts'

export const WORD_VECTORS_FORMAT = 'newsdesk-word-vectors/1'

export interface WordVectorsFile {
  format: string
  description: string
  params: { words: number; dims: number }
  /** The words, joined by single spaces, in the order of `data`. */
  words: string
  /** Per dimension, what one step of the stored byte is worth. */
  scales: number[]
  /** Base64 of `words × dims` signed bytes, word-major. */
  data: string
}

export interface WordVectors {
  dims: number
  /** Word → its row in `data` (a repeated word keeps its first); packed, not a Map (packed-map.ts). */
  rows: ReadonlyMap<string, number>
  /** Every word's vector, dequantised, `dims` numbers a row. */
  data: Float32Array
  fingerprint: string
}

/** A word's vector (a view into `data`), or undefined when the word has none. */
export function wordVector(v: WordVectors, word: string): Float32Array | undefined {
  const row = v.rows.get(word)
  return row === undefined ? undefined : v.data.subarray(row * v.dims, (row + 1) * v.dims)
}

function decodeBase64(text: string): Uint8Array {
  const binary = atob(text)
  const out = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i)
  return out
}

/** FNV-1a over the words and the bytes: a weights file records it, so a model never reads vectors it was not trained with. */
function fingerprintOf(file: WordVectorsFile): string {
  let h = 0x811c9dc5
  const text = `${file.params.dims}\n${file.scales.join(',')}\n${file.words}\n${file.data}`
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0
  return h.toString(16).padStart(8, '0')
}

export function loadWordVectors(file: WordVectorsFile): WordVectors {
  if (file.format !== WORD_VECTORS_FORMAT) throw new Error(`word vectors: unknown format ${file.format}`)
  const dims = file.params.dims
  const words = file.words.split(' ')
  const bytes = decodeBase64(file.data)
  if (file.scales.length !== dims || bytes.length !== words.length * dims) throw new Error('word vectors: wrong sizes')
  const signed = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length)
  const data = new Float32Array(signed.length)
  for (let i = 0; i < signed.length; i++) data[i] = (signed[i] as number) * (file.scales[i % dims] as number)
  const distinct = new StringKeysBuilder()
  const rowOf: number[] = []
  words.forEach((w, i) => {
    if (distinct.add(w) === rowOf.length) rowOf.push(i)
  })
  return {
    dims,
    rows: packedNumbers(distinct.finish(), Int32Array.from(rowOf)),
    data,
    fingerprint: fingerprintOf(file),
  }
}

export const SHIPPED_WORD_VECTORS_FILE: WordVectorsFile = shipped
export const WORD_VECTORS: WordVectors = loadWordVectors(shipped)
