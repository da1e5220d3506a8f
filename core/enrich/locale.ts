/**
 * The page's declared locale (`<html lang>`, Content-Language, og:locale) as extraction found it,
 * raw: `en-GB`, `pt_BR`, `zh-Hans-CN`, `en-us, en`, `EN`, `es-419`, `iw`.
 */
import { COUNTRY_CODES } from './country-data.ts'

export interface DeclaredLocale {
  /** ISO 639-1, lower case, or '' when the declaration names no usable language. */
  lang: string
  /** ISO 3166-1 alpha-2, upper case, or '' when there is no region or it is not a country. */
  region: string
}

// Deprecated or three-letter codes that pages still declare, mapped to ISO 639-1.
const LANGUAGE_ALIASES: Readonly<Record<string, string>> = {
  iw: 'he',
  in: 'id',
  ji: 'yi',
  jw: 'jv',
  mo: 'ro',
  sh: 'sr',
  nb: 'no',
  nn: 'no',
  eng: 'en',
  spa: 'es',
  por: 'pt',
  fra: 'fr',
  fre: 'fr',
  deu: 'de',
  ger: 'de',
  ita: 'it',
  nld: 'nl',
  dut: 'nl',
  rus: 'ru',
  ara: 'ar',
  hin: 'hi',
  zho: 'zh',
  chi: 'zh',
  jpn: 'ja',
  kor: 'ko',
  tur: 'tr',
  ukr: 'uk',
  pol: 'pl',
  fil: 'tl',
  cmn: 'zh',
  yue: 'zh',
}

const REGION_ALIASES: Readonly<Record<string, string>> = { UK: 'GB' }

const LANG_RE = /^[a-z]{2,3}$/
const REGION_RE = /^[A-Z]{2}$/

/** Parses the first language range of a declaration (`en-us, en;q=0.8` → en, US). */
export function parseLocale(declared: string): DeclaredLocale {
  const first = declared.split(',')[0]?.split(';')[0]?.trim() ?? ''
  if (first === '') return { lang: '', region: '' }
  const parts = first.split(/[-_]/)
  const primary = (parts[0] ?? '').toLowerCase()
  let lang = ''
  if (LANG_RE.test(primary)) {
    const alias = LANGUAGE_ALIASES[primary]
    if (alias !== undefined) lang = alias
    else if (primary.length === 2) lang = primary
  }
  let region = ''
  // Subtags after the language: a 4-letter script (Hans), then a region (CN) or a UN M.49 number (419).
  for (const part of parts.slice(1)) {
    const upper = part.toUpperCase()
    const code = REGION_ALIASES[upper] ?? upper
    if (REGION_RE.test(code) && COUNTRY_CODES.has(code)) {
      region = code
      break
    }
  }
  return { lang, region }
}

/**
 * The declaration extraction keeps, from the page's declarations in order of trust (`<html lang>`,
 * Content-Language, og:locale): the first that names a language, or, when that one names no region,
 * the first later one with the same language and a region (`<html lang="en">` beside
 * `og:locale="en_GB"` is `en_GB`: the page says where it is from). Raw, as the page wrote it.
 */
export function mostSpecificDeclaration(declarations: readonly string[]): string {
  const values = declarations.filter((d) => d.trim() !== '')
  const firstIndex = values.findIndex((d) => parseLocale(d).lang !== '')
  if (firstIndex < 0) return values[0] ?? ''
  const first = values[firstIndex] as string
  const locale = parseLocale(first)
  if (locale.region !== '') return first
  const regional = values.slice(firstIndex + 1).find((d) => {
    const other = parseLocale(d)
    return other.lang === locale.lang && other.region !== ''
  })
  return regional ?? first
}
