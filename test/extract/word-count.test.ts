import { describe, expect, test } from 'bun:test'
import { countWords, WORD_RE } from '../../batch/extract/word-count.ts'

/** The definition for unspaced scripts: word-like segments of Intl.Segmenter. */
function segmenterWords(text: string): number {
  let n = 0
  for (const s of new Intl.Segmenter('und', { granularity: 'word' }).segment(text)) if (s.isWordLike === true) n++
  return n
}

describe('countWords', () => {
  test.each([
    { name: 'empty', text: '', want: 0 },
    { name: 'English', text: 'The quick brown fox jumps.', want: 5 },
    { name: 'punctuation and numbers', text: "It's 3.5% higher — says the U.S. report, again!", want: 8 },
    { name: 'German compound', text: 'Die Bundesregierung beschließt Maßnahmen', want: 4 },
    { name: 'Russian', text: 'Центральный банк повысил ставку', want: 4 },
    { name: 'Hindi with combining marks', text: 'भारत की अर्थव्यवस्था बढ़ी', want: 4 },
  ])('$name', ({ text, want }) => expect(countWords(text)).toBe(want))

  test.each([
    { name: 'Chinese', text: '我们今天去北京大学参观。', min: 4, max: 8 },
    { name: 'Japanese', text: '東京都は今日、新しい計画を発表しました。', min: 6, max: 14 },
    { name: 'Thai', text: 'วันนี้อากาศดีมาก ฉันไปตลาด', min: 5, max: 10 },
  ])('$name counts segmented words, not characters or space runs', ({ text, min, max }) => {
    const n = countWords(text)
    expect(n).toBe(segmenterWords(text))
    expect(n).toBeGreaterThanOrEqual(min)
    expect(n).toBeLessThanOrEqual(max)
    expect(n).toBeGreaterThan(text.split(/\s+/).length)
  })
})

/** The definition for spaced scripts: matches of WORD_RE. */
function regexWords(text: string): number {
  return text.match(WORD_RE)?.length ?? 0
}

/** Seeded xorshift, so a failure names a reproducible string. */
function randomTexts(seed: number, count: number): string[] {
  let x = seed
  const next = (): number => {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    return (x >>> 0) / 0x1_0000_0000
  }
  // Letters, digits, marks, the joiners ' ’ . -, spaces, punctuation, astral letters and digits,
  // astral symbols, lone surrogates.
  const pieces = [
    'a',
    'Z',
    '7',
    'é',
    'ß',
    'Ж',
    'ا',
    '٣',
    '\u0301',
    '\u093f',
    "'",
    '’',
    '.',
    '-',
    ' ',
    '\n',
    ',',
    '!',
    '\u00a0',
    '𝐀',
    '𝟙',
    '😀',
    '\ud800',
    '\udc00',
    '_',
    '$',
    'Ⅻ',
    '\u200d',
  ]
  const texts: string[] = []
  for (let t = 0; t < count; t++) {
    let text = ''
    const length = Math.floor(next() * 40)
    for (let i = 0; i < length; i++) text += pieces[Math.floor(next() * pieces.length)]
    texts.push(text)
  }
  return texts
}

describe('countWords counts the matches of WORD_RE', () => {
  test.each([
    { name: 'joiners inside and after words', text: "rock'n'roll U.S.-led -5 .5 ’tis" },
    { name: 'marks after a letter, a mark alone', text: 'e\u0301te\u0301 \u0301x' },
    { name: 'astral letters and digits', text: '𝐀𝐁 𝟙𝟚 😀x' },
    { name: 'lone surrogates', text: 'a\ud800b \udc00c \ud800' },
  ])('$name', ({ text }) => expect(countWords(text)).toBe(regexWords(text)))

  test('2,000 seeded random strings', () => {
    for (const text of randomTexts(0x2545f491, 2000)) expect([text, countWords(text)]).toEqual([text, regexWords(text)])
  })
})
