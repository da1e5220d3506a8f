/**
 * The dense part of what the tone model sees: the mean word vector (core/enrich/word-vectors.ts,
 * the category model's 48-dimensional GloVe) of a sentence's words, so a word the labelled sets
 * never used ("skyrockets", "bleeds") still lands near the words they did. Function words and
 * figures are left out: they are in every sentence and only pull the mean to the middle.
 */
import { vectorOfWords } from '../core/enrich/category-features.ts'
import { sentimentTokens } from '../core/enrich/sentiment-features.ts'
import { WORD_VECTORS, type WordVectors } from '../core/enrich/word-vectors.ts'

const SKIP_WORDS: ReadonlySet<string> = new Set(
  'a an the of to in on for and or is are was were be at by with as from that this it its'.split(' '),
)

/** Scaled to length √dims (about 1 a dimension); undefined when no word of the text has a vector. */
export function sentimentVector(text: string, vectors: WordVectors = WORD_VECTORS): Float32Array | undefined {
  return vectorOfWords(
    sentimentTokens(text).filter((t) => t !== '0' && !SKIP_WORDS.has(t)),
    vectors,
  )
}
