import { describe, expect, test } from 'bun:test'
import { countWords } from '../../batch/extract/word-count.ts'

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
