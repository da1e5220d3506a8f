/**
 * Word counts. Space-separated scripts count runs of letters/digits; text containing Chinese,
 * Japanese or Thai-family scripts (no spaces between words) is counted with Intl.Segmenter's
 * dictionary-based word segmentation, which handles mixed text too.
 */

const UNSPACED_SCRIPT_RE =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u
const WORD_RE = /[\p{L}\p{N}][\p{L}\p{N}\p{M}'’.-]*/gu

const SEGMENTER = new Intl.Segmenter('und', { granularity: 'word' })

export function countWords(text: string): number {
  if (text === '') return 0
  if (UNSPACED_SCRIPT_RE.test(text)) {
    let count = 0
    for (const segment of SEGMENTER.segment(text)) if (segment.isWordLike === true) count++
    return count
  }
  let count = 0
  WORD_RE.lastIndex = 0
  while (WORD_RE.exec(text) !== null) count++
  return count
}
