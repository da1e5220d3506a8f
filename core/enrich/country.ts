/**
 * The article's country (ISO 3166-1 alpha-2, upper case) and where that came from, strongest
 * signal first: the host's country-code TLD, the region of the declared locale, what the page
 * states (publisher country, a wire dateline), and last the language's default country.
 * All mappings live in country-data.ts.
 */
import type { CountrySource, ExtractedArticle } from '../article.ts'
import {
  COUNTRY_CODES,
  COUNTRY_NAME_ALIASES,
  DATELINE_CITY_COUNTRY,
  GENERIC_CCTLDS,
  LANGUAGE_DEFAULT_COUNTRY,
  NAMED_TLD_COUNTRY,
  PSEUDO_CCTLD_COUNTRY,
  REGISTRY_SECOND_LEVELS,
  TLD_COUNTRY_EXCEPTIONS,
} from './country-data.ts'
import { parseLocale } from './locale.ts'
import { foldCase } from './tokens.ts'

export type CountryInput = Pick<ExtractedArticle, 'host' | 'declared_lang' | 'site_country' | 'text'>

export interface CountryGuess {
  country: string
  country_source: CountrySource
}

/** `lang` is the article's final language: a declared region only counts when its language held. */
export function inferCountry(a: CountryInput, lang: string): CountryGuess {
  const fromTld = countryFromHost(a.host)
  if (fromTld !== '') return { country: fromTld, country_source: 'tld' }

  const locale = parseLocale(a.declared_lang)
  if (locale.region !== '' && locale.lang === lang) return { country: locale.region, country_source: 'html' }

  const stated = countryFromStatement(a.site_country)
  if (stated !== '') return { country: stated, country_source: 'content' }
  const dateline = countryFromDateline(a.text)
  if (dateline !== '') return { country: dateline, country_source: 'content' }

  return { country: LANGUAGE_DEFAULT_COUNTRY[lang] ?? 'US', country_source: 'default' }
}

/** The country a host name implies by its TLD, or '' for generic TLDs. */
export function countryFromHost(host: string): string {
  const labels = host.toLowerCase().replace(/\.$/, '').split('.')
  const tld = labels[labels.length - 1] ?? ''
  const second = labels[labels.length - 2] ?? ''
  if (labels.length >= 3) {
    const pseudo = PSEUDO_CCTLD_COUNTRY[`${second}.${tld}`]
    if (pseudo !== undefined) return pseudo
  }
  const named = NAMED_TLD_COUNTRY[tld]
  if (named !== undefined) return named
  if (tld.length !== 2) return ''
  const code = TLD_COUNTRY_EXCEPTIONS[tld] ?? tld.toUpperCase()
  if (!COUNTRY_CODES.has(code)) return ''
  if (GENERIC_CCTLDS.has(tld) && !(labels.length >= 3 && REGISTRY_SECOND_LEVELS.has(second))) return ''
  return code
}

let namesByFoldedName: ReadonlyMap<string, string> | undefined

/** Country names in the demo languages from CLDR (Intl.DisplayNames), built on first use. */
function countryNames(): ReadonlyMap<string, string> {
  if (namesByFoldedName !== undefined) return namesByFoldedName
  const names = new Map<string, string>()
  for (const locale of ['en', 'es', 'pt', 'fr', 'de', 'it', 'nl', 'ru', 'ar', 'hi', 'zh', 'ja', 'ko', 'tr']) {
    const display = new Intl.DisplayNames([locale], { type: 'region' })
    for (const code of COUNTRY_CODES) {
      const name = display.of(code)
      if (name !== undefined && name !== code && !names.has(foldCase(name))) names.set(foldCase(name), code)
    }
  }
  for (const [alias, code] of Object.entries(COUNTRY_NAME_ALIASES)) names.set(alias, code)
  namesByFoldedName = names
  return names
}

const ISO2_RE = /^[A-Za-z]{2}$/

/** Publisher-stated country (`GB`, `United Kingdom`, `Deutschland`, `USA`) or a dateline in it. */
export function countryFromStatement(stated: string): string {
  // A stated country is a code, a name or a dateline: a few words at most.
  const trimmed = stated.slice(0, 200).trim()
  if (trimmed === '') return ''
  if (ISO2_RE.test(trimmed)) {
    const code = trimmed.toUpperCase() === 'UK' ? 'GB' : trimmed.toUpperCase()
    return COUNTRY_CODES.has(code) ? code : ''
  }
  const folded = foldCase(trimmed).replace(/\s+/g, ' ')
  const named = countryNames().get(folded) ?? DATELINE_CITY_COUNTRY[folded]
  if (named !== undefined) return named
  return countryFromDateline(trimmed)
}

/**
 * A wire-style dateline at the very start of the body: a place in capitals, or any place followed
 * by an agency in parentheses or slashes, then a dash, colon or full stop.
 *   "LONDON (Reuters) -", "NEW DELHI: …", "São Paulo (Reuters) —", "МОСКВА, 5 марта. /ТАСС/."
 * An ordinary sentence ("London is …") has neither capitals nor an agency, so it never matches.
 */
const DATELINE_RE =
  /^\s*([\p{L}][\p{L}\p{M}.'’ -]{1,28}?)\s*(?:,\s*[^()\n—–/]{1,40}?)?\s*(\([^)\n]{1,40}\)|\/[^/\n]{1,20}\/)?\s*(?:--?|[—–:]|\.(?=\s*\/|\s))/u

export function countryFromDateline(text: string): string {
  const m = DATELINE_RE.exec(text.slice(0, 120))
  if (m === null) return ''
  const place = (m[1] ?? '').trim()
  const hasAgency = m[2] !== undefined
  const isCapitals = place === place.toUpperCase() && place !== place.toLowerCase()
  if (!hasAgency && !isCapitals) return ''
  const lookup = foldCase(place)
  return DATELINE_CITY_COUNTRY[lookup] ?? countryNames().get(lookup) ?? ''
}
