/**
 * The article's language (ISO 639-1): the declared one when the text agrees with it, else what eld
 * detects. CMS templates often declare a site-wide `lang="en"` over pages in another language, so
 * a declaration is checked, never trusted blindly.
 */
import { eld } from 'eld/medium'
import type { ExtractedArticle } from '../article.ts'
import { parseLocale } from './locale.ts'
import { countScripts, isScriptOf, SCRIPT_DEFAULT_LANGUAGE } from './scripts.ts'

export type LanguageInput = Pick<ExtractedArticle, 'declared_lang' | 'title' | 'description' | 'text'>

/** eld reads at most ~380 UTF-8 bytes; more text would only cost time. */
const SAMPLE_MAX_CHARS = 400
/** Below this many letters a detector's verdict is too weak to overrule a declaration. */
const MIN_LETTERS_TO_OVERRULE = 24

const ELD_LANGUAGES: ReadonlySet<string> = new Set(Object.values(eld.info().Languages))

/**
 * Languages a detector confuses with each other on short text; inside a group the declaration wins.
 * eld has no `id` (it answers `ms`) and no `bs` (it answers `hr` or `sr`).
 */
const CONFUSABLE_GROUP: Readonly<Record<string, string>> = {
  no: 'nordic', da: 'nordic', nb: 'nordic', nn: 'nordic',
  hr: 'bcs', sr: 'bcs', bs: 'bcs', me: 'bcs',
  ms: 'malay', id: 'malay',
  cs: 'czechoslovak', sk: 'czechoslovak',
  gl: 'iberian', pt: 'iberian',
}

export function languageSample(a: Omit<LanguageInput, 'declared_lang'>): string {
  let sample = a.title
  if (a.description !== '') sample += `\n${a.description}`
  if (sample.length < SAMPLE_MAX_CHARS && a.text !== '') sample += `\n${a.text.slice(0, SAMPLE_MAX_CHARS - sample.length)}`
  return sample
}

/** What eld makes of the text alone: a language ('' when it has no idea) and whether it is sure. */
export function detectTextLanguage(sample: string): { lang: string; reliable: boolean } {
  const result = eld.detect(sample)
  if (result.language === '') return { lang: '', reliable: false }
  return { lang: result.language, reliable: result.isReliable() }
}

export function detectLanguage(a: LanguageInput): string {
  const declared = parseLocale(a.declared_lang).lang
  const sample = languageSample(a)
  const scripts = countScripts(sample)
  const detected = detectTextLanguage(sample)

  if (declared !== '' && isDeclarationConsistent(declared, scripts.dominant, scripts.letters, detected)) return declared
  if (detected.lang !== '' && isScriptOf(detected.lang, scripts.dominant)) return detected.lang
  // eld's answer disagrees with the letters themselves (or it had none): go by the script.
  return SCRIPT_DEFAULT_LANGUAGE[scripts.dominant]
}

function isDeclarationConsistent(
  declared: string,
  script: ReturnType<typeof countScripts>['dominant'],
  letters: number,
  detected: { lang: string; reliable: boolean },
): boolean {
  if (letters === 0) return true
  if (!isScriptOf(declared, script)) return false
  if (detected.lang === declared) return true
  if (!ELD_LANGUAGES.has(declared)) return true
  if (!detected.reliable || letters < MIN_LETTERS_TO_OVERRULE) return true
  const group = CONFUSABLE_GROUP[declared]
  return group !== undefined && group === CONFUSABLE_GROUP[detected.lang]
}
