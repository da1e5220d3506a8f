/**
 * Word counts. Space-separated scripts count runs of letters/digits; text containing Chinese,
 * Japanese or Thai-family scripts (no spaces between words) is counted with Intl.Segmenter's
 * dictionary-based word segmentation, which handles mixed text too.
 */

const UNSPACED_SCRIPT_RE =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u
/**
 * The definition of a word in spaced text: a letter or digit, then letters, digits, marks,
 * apostrophes, dots and hyphens. countWords counts its matches without running it: one scan over
 * the code points, each BMP one classified once (test/extract/word-count.test.ts compares the two).
 */
export const WORD_RE = /[\p{L}\p{N}][\p{L}\p{N}\p{M}'’.-]*/gu
const WORD_START_RE = /^[\p{L}\p{N}]$/u
const WORD_PART_RE = /^[\p{L}\p{N}\p{M}'’.-]$/u

const START = 1
const PART = 2
const KNOWN = 4
/** The class of each BMP code unit met so far (0: not classified yet), filled on first sight: the same for every text. */
const BMP_CLASSES = new Uint8Array(0x10000)

function classify(char: string): number {
  return KNOWN | (WORD_START_RE.test(char) ? START : 0) | (WORD_PART_RE.test(char) ? PART : 0)
}

function bmpClass(c: number): number {
  let k = BMP_CLASSES[c] as number
  if (k === 0) {
    // A lone surrogate is no letter, as under the regex's `u` flag.
    k = c >= 0xd800 && c <= 0xdfff ? KNOWN : classify(String.fromCharCode(c))
    BMP_CLASSES[c] = k
  }
  return k
}

const SEGMENTER = new Intl.Segmenter('und', { granularity: 'word' })

export function countWords(text: string): number {
  if (text === '') return 0
  if (UNSPACED_SCRIPT_RE.test(text)) {
    let count = 0
    for (const segment of SEGMENTER.segment(text)) if (segment.isWordLike === true) count++
    return count
  }
  let count = 0
  let inWord = false
  const n = text.length
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i)
    let k = c < 0xd800 ? BMP_CLASSES[c] || bmpClass(c) : 0
    if (k === 0) {
      const low = c <= 0xdbff && i + 1 < n ? text.charCodeAt(i + 1) : 0
      if (low >= 0xdc00 && low <= 0xdfff) {
        k = classify(String.fromCharCode(c, low))
        i++
      } else k = bmpClass(c)
    }
    if (inWord) {
      if ((k & PART) !== 0) continue
      inWord = false
    }
    if ((k & START) !== 0) {
      count++
      inWord = true
    }
  }
  return count
}
