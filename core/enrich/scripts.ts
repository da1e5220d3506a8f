/**
 * Writing systems: which one dominates a sample of text, and which one a language is written in.
 * A declared `ja` over a page of Cyrillic is inconsistent without asking any detector.
 */

export type Script =
  | 'latin'
  | 'cyrillic'
  | 'greek'
  | 'arabic'
  | 'hebrew'
  | 'devanagari'
  | 'bengali'
  | 'thai'
  | 'hangul'
  | 'kana'
  | 'han'
  | 'other'

// [first code point, last code point, script], sorted; anything outside is 'other' (digits, punctuation).
const RANGES: ReadonlyArray<readonly [number, number, Script]> = [
  [0x41, 0x5a, 'latin'],
  [0x61, 0x7a, 'latin'],
  [0xc0, 0x24f, 'latin'],
  [0x370, 0x3ff, 'greek'],
  [0x400, 0x52f, 'cyrillic'],
  [0x590, 0x5ff, 'hebrew'],
  [0x600, 0x6ff, 'arabic'],
  [0x750, 0x77f, 'arabic'],
  [0x900, 0x97f, 'devanagari'],
  [0x980, 0x9ff, 'bengali'],
  [0xe00, 0xe7f, 'thai'],
  [0x1100, 0x11ff, 'hangul'],
  [0x1e00, 0x1eff, 'latin'],
  [0x3040, 0x30ff, 'kana'],
  [0x3130, 0x318f, 'hangul'],
  [0x3400, 0x4dbf, 'han'],
  [0x4e00, 0x9fff, 'han'],
  [0xac00, 0xd7af, 'hangul'],
  [0xfb50, 0xfdff, 'arabic'],
  [0xfe70, 0xfeff, 'arabic'],
]

function scriptOf(code: number): Script {
  for (const [lo, hi, script] of RANGES) {
    if (code < lo) return 'other'
    if (code <= hi) return script
  }
  return 'other'
}

export interface ScriptCounts {
  /** The script with the most letters, or 'other' when there are none. */
  dominant: Script
  letters: number
  kana: number
  han: number
}

/** Counts letters by script over the first `maxChars` characters. */
export function countScripts(text: string, maxChars = 400): ScriptCounts {
  const counts = new Map<Script, number>()
  const end = Math.min(text.length, maxChars)
  let letters = 0
  for (let i = 0; i < end; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x41) continue
    const script = scriptOf(code)
    if (script === 'other') continue
    letters++
    counts.set(script, (counts.get(script) ?? 0) + 1)
  }
  let dominant: Script = 'other'
  let best = 0
  for (const [script, n] of counts) {
    if (n > best) {
      best = n
      dominant = script
    }
  }
  const kana = counts.get('kana') ?? 0
  const han = counts.get('han') ?? 0
  // Japanese mixes kanji and kana; either may outnumber the other in a headline, but Chinese text
  // has no kana beyond a stray の in a brand name.
  if ((dominant === 'han' || dominant === 'kana') && kana * 20 >= han) dominant = 'kana'
  return { dominant, letters, kana, han }
}

/** The script each language is written in; a language missing here is taken to be Latin. */
export const LANGUAGE_SCRIPT: Readonly<Record<string, Script>> = {
  ru: 'cyrillic',
  uk: 'cyrillic',
  bg: 'cyrillic',
  sr: 'cyrillic',
  mk: 'cyrillic',
  be: 'cyrillic',
  kk: 'cyrillic',
  mn: 'cyrillic',
  ky: 'cyrillic',
  tg: 'cyrillic',
  el: 'greek',
  he: 'hebrew',
  yi: 'hebrew',
  ar: 'arabic',
  fa: 'arabic',
  ur: 'arabic',
  ps: 'arabic',
  ku: 'arabic',
  hi: 'devanagari',
  mr: 'devanagari',
  ne: 'devanagari',
  bn: 'bengali',
  th: 'thai',
  ko: 'hangul',
  ja: 'kana',
  zh: 'han',
}

/** Languages that some pages write in a second script (Serbian in Latin, Kurdish in Latin, Mongolian …). */
const SECOND_SCRIPT: Readonly<Record<string, Script>> = {
  sr: 'latin',
  ku: 'latin',
  kk: 'latin',
  uz: 'cyrillic',
  az: 'cyrillic',
}

/** Whether text whose letters are mostly `script` can be in `lang`. */
export function isScriptOf(lang: string, script: Script): boolean {
  const main = LANGUAGE_SCRIPT[lang] ?? 'latin'
  return script === main || SECOND_SCRIPT[lang] === script
}

/** For text no detector can place (a lone brand name): the most common language of its script. */
export const SCRIPT_DEFAULT_LANGUAGE: Readonly<Record<Script, string>> = {
  latin: 'en',
  cyrillic: 'ru',
  greek: 'el',
  arabic: 'ar',
  hebrew: 'he',
  devanagari: 'hi',
  bengali: 'bn',
  thai: 'th',
  hangul: 'ko',
  kana: 'ja',
  han: 'zh',
  other: 'en',
}
