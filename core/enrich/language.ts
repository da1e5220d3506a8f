/**
 * The article's language (ISO 639-1): the declared one when the text agrees with it, else what eld
 * detects. CMS templates often declare a site-wide `lang="en"` over pages in another language, so
 * a declaration is checked, never trusted blindly. eld runs on its own `medium` scores packed into
 * typed arrays (language-ngrams.ts): the same answers as `eld/medium` in a tenth of its memory.
 */
import type { ExtractedArticle } from '../article.ts'
import { functionWordsConfirm } from './function-words.ts'
import { detectWithNgrams, shippedLanguageNgrams } from './language-ngrams.ts'
import { parseLocale } from './locale.ts'
import { countScripts, isScriptOf, SCRIPT_DEFAULT_LANGUAGE, type Script, type ScriptCounts } from './scripts.ts'

export type LanguageInput = Pick<ExtractedArticle, 'declared_lang' | 'title' | 'description' | 'text'>

/**
 * eld reads UTF-8 bytes (at most ~380) and its cost grows with them: ≈27 µs for 60 Cyrillic
 * characters, ≈65 µs for 160. The sample is 160 bytes or 100 characters, whichever is longer: a
 * Latin headline and standfirst, and enough Cyrillic to tell Russian from Bulgarian (80 Cyrillic
 * characters were not). eld is 99% right on GDELT's link texts (bench/lang-detect.ts).
 */
const SAMPLE_MAX_BYTES = 160
const SAMPLE_MIN_CHARS = 100
/** Enough characters to fill the sample in any script. */
const SAMPLE_MAX_CHARS = SAMPLE_MAX_BYTES
/** Below this many letters a detector's verdict is too weak to overrule a declaration. */
const MIN_LETTERS_TO_OVERRULE = 24

const ELD_LANGUAGES: ReadonlySet<string> = new Set(shippedLanguageNgrams().languages)

/**
 * Languages a detector confuses with each other on short text; inside a group the declaration wins.
 * eld has no `id` (it answers `ms`) and no `bs` (it answers `hr` or `sr`).
 */
const CONFUSABLE_GROUP: Readonly<Record<string, string>> = {
  no: 'nordic',
  da: 'nordic',
  nb: 'nordic',
  nn: 'nordic',
  hr: 'bcs',
  sr: 'bcs',
  bs: 'bcs',
  ms: 'malay',
  id: 'malay',
  cs: 'czechoslovak',
  sk: 'czechoslovak',
  gl: 'iberian',
  pt: 'iberian',
  hi: 'devanagari',
  mr: 'devanagari',
  ne: 'devanagari',
}

/**
 * Within a group, the language news is far more often written in. eld calls Hindi headlines
 * Marathi on a near tie (0.8906 against 0.8905), so a near tie goes to the common language.
 */
const GROUP_PREFERRED: Readonly<Record<string, string>> = { devanagari: 'hi' }
const NEAR_TIE = 0.98
/**
 * To overrule a declaration, eld's winner must beat the declared language's score by this factor;
 * its own isReliable() calls near ties reliable (bg 0.8265 against ru 0.8260 on a Russian page).
 */
const OVERRULE_MARGIN = 1.03

export function languageSample(a: Omit<LanguageInput, 'declared_lang'>): string {
  let sample = a.title.slice(0, SAMPLE_MAX_CHARS)
  if (a.description !== '') sample += `\n${a.description.slice(0, SAMPLE_MAX_CHARS)}`
  if (sample.length < SAMPLE_MAX_CHARS && a.text !== '')
    sample += `\n${a.text.slice(0, SAMPLE_MAX_CHARS - sample.length)}`
  const byBytes = cutToUtf8Bytes(sample, SAMPLE_MAX_BYTES)
  return byBytes.length >= SAMPLE_MIN_CHARS ? byBytes : sample.slice(0, SAMPLE_MIN_CHARS)
}

/** The longest prefix of `text` whose UTF-8 encoding fits in `maxBytes`. */
function cutToUtf8Bytes(text: string, maxBytes: number): string {
  let bytes = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c < 0xdc00 ? 4 : c >= 0xdc00 && c < 0xe000 ? 0 : 3
    if (bytes > maxBytes) return text.slice(0, i)
  }
  return text
}

export interface TextLanguage {
  /** ISO 639-1, or '' when eld has no idea. */
  lang: string
  /** Whether eld is sure and `lang` beats `other` clearly (asked lazily: scoring costs). */
  beats: (other: string) => boolean
}

/** What eld makes of the text alone. */
export function detectTextLanguage(sample: string): TextLanguage {
  const result = detectWithNgrams(shippedLanguageNgrams(), sample)
  if (result.language === '') return { lang: '', beats: () => false }
  let lang = result.language
  const preferred = GROUP_PREFERRED[CONFUSABLE_GROUP[lang] ?? '']
  if (preferred !== undefined && preferred !== lang) {
    const scores = result.getScores()
    if ((scores[preferred] ?? 0) >= NEAR_TIE * (scores[lang] ?? 0)) lang = preferred
  }
  const beats = (other: string): boolean => {
    if (!result.isReliable()) return false
    const scores = result.getScores()
    return (scores[lang] ?? 0) >= OVERRULE_MARGIN * (scores[other] ?? 0)
  }
  return { lang, beats }
}

/**
 * Scripts only one language writes, as far as the detector and the script rules go: a declaration
 * of that language over that script needs no check. (Han without kana is Chinese: the fallback
 * below answers zh for it whatever eld says.)
 */
const SINGLE_LANGUAGE_SCRIPT: Readonly<Partial<Record<Script, string>>> = {
  greek: 'el',
  thai: 'th',
  hangul: 'ko',
  kana: 'ja',
  han: 'zh',
  hebrew: 'he',
}

export function detectLanguage(a: LanguageInput): string {
  const declared = parseLocale(a.declared_lang).lang
  const sample = languageSample(a)
  const scripts = countScripts(sample)
  if (declared !== '' && isPlainlyDeclared(declared, scripts.dominant, a)) return declared
  return decideWithDetector(declared, sample, scripts)
}

/**
 * detectLanguage without the cheap checks: every declaration weighed against eld. Exported so the
 * tests can show the cheap checks never change an answer.
 */
export function detectLanguageWithDetector(a: LanguageInput): string {
  const sample = languageSample(a)
  return decideWithDetector(parseLocale(a.declared_lang).lang, sample, countScripts(sample))
}

function decideWithDetector(declared: string, sample: string, scripts: ScriptCounts): string {
  const detected = detectTextLanguage(sample)

  if (declared !== '' && isDeclarationConsistent(declared, scripts.dominant, scripts.letters, detected)) return declared
  if (detected.lang !== '' && isScriptOf(detected.lang, scripts.dominant)) return detected.lang
  // eld's answer disagrees with the letters themselves (or it had none): go by the script.
  return SCRIPT_DEFAULT_LANGUAGE[scripts.dominant]
}

/**
 * The cheap checks that settle most pages without the detector: a declaration in a script only it
 * writes, or a declaration in the sample's script whose function words dominate it.
 */
function isPlainlyDeclared(declared: string, script: Script, a: Omit<LanguageInput, 'declared_lang'>): boolean {
  if (SINGLE_LANGUAGE_SCRIPT[script] === declared) return true
  return isScriptOf(declared, script) && functionWordsConfirm(functionWordSample(a), declared)
}

/** Function words are few per sentence: they are counted over a longer opening than eld reads. */
const FUNCTION_WORD_SAMPLE_CHARS = 400

function functionWordSample(a: Omit<LanguageInput, 'declared_lang'>): string {
  let sample = a.title.slice(0, FUNCTION_WORD_SAMPLE_CHARS)
  if (a.description !== '') sample += `\n${a.description.slice(0, FUNCTION_WORD_SAMPLE_CHARS - sample.length)}`
  if (sample.length < FUNCTION_WORD_SAMPLE_CHARS && a.text !== '')
    sample += `\n${a.text.slice(0, FUNCTION_WORD_SAMPLE_CHARS - sample.length)}`
  return sample
}

function isDeclarationConsistent(declared: string, script: Script, letters: number, detected: TextLanguage): boolean {
  if (letters === 0) return true
  if (!isScriptOf(declared, script)) return false
  if (detected.lang === declared) return true
  if (!ELD_LANGUAGES.has(declared)) return true
  const group = CONFUSABLE_GROUP[declared]
  if (group !== undefined && group === CONFUSABLE_GROUP[detected.lang]) return true
  return letters < MIN_LETTERS_TO_OVERRULE || !detected.beats(declared)
}
