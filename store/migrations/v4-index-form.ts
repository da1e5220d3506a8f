/**
 * The text handed to FTS5 as migrations 4, 5, 7, 15 and 16 write it, frozen: text with spaces
 * between the words of scripts written without them (Han, Kana, Thai, Lao, Khmer, Myanmar), cut
 * by Intl.Segmenter. NEVER CHANGE THIS FILE (store/migrations/README.md); the live form is
 * core/search/tokens.ts `indexForm`.
 *
 * What cannot be frozen here: Intl.Segmenter's word boundaries come from the runtime's ICU data,
 * so a Bun upgrade may cut CJK and Thai text differently (as it does for new writes).
 */
const NO_SPACE_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u
const NO_SPACE_RUN =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}ー々〆]+/gu

const segmenters = new Map<string, Intl.Segmenter>()
function segmenterFor(run: string): Intl.Segmenter {
  const locale = /\p{Script=Thai}/u.test(run)
    ? 'th'
    : /[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(run)
      ? 'ja'
      : 'zh'
  let s = segmenters.get(locale)
  if (s === undefined) {
    s = new Intl.Segmenter(locale, { granularity: 'word' })
    segmenters.set(locale, s)
  }
  return s
}

export function indexFormV4(text: string): string {
  if (!NO_SPACE_SCRIPT.test(text)) return text
  return text.replace(NO_SPACE_RUN, (run) => {
    const words: string[] = []
    for (const part of segmenterFor(run).segment(run)) words.push(part.segment)
    return ` ${words.join(' ')} `
  })
}
