/** Names a reader knows for the API's codes: countries and languages in English, tone labels in words. */
import type { Sentiment } from './wire-types.ts'

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' })
const languageNames = new Intl.DisplayNames(['en'], { type: 'language' })

function displayName(names: Intl.DisplayNames, code: string): string {
  try {
    return names.of(code) ?? code
  } catch {
    return code
  }
}

export const countryName = (code: string): string => displayName(regionNames, code.toUpperCase())
export const languageName = (code: string): string => displayName(languageNames, code.toLowerCase())

export const TONE_WORDS: Readonly<Record<Sentiment, string>> = { pos: 'positive', neu: 'neutral', neg: 'negative' }

/** A tone score as the page prints it: sign always shown, a real minus sign, two decimals (`−0.42`, `+0.10`, `0.00`). */
export function signedScore(score: number): string {
  const fixed = Math.abs(score).toFixed(2)
  if (fixed === '0.00') return fixed
  return `${score < 0 ? '−' : '+'}${fixed}`
}
