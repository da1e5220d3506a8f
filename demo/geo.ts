/** The demo's geography: its countries (countries.ts), the generic-TLD publishers and how each makes its country known. */
import { COUNTRIES } from './countries.ts'
import type { Country, CountryEdition } from './country.ts'
import type { DemoLang } from './lang/index.ts'

export { COUNTRIES } from './countries.ts'
export type { Country, CountryEdition, Place } from './country.ts'

/**
 * How a publisher on a generic TLD makes its country known:
 * `html` a region in `<html lang>`, `jsonld` JSON-LD publisher.address.addressCountry,
 * `dateline` an English dateline opening the first paragraph, `default` nothing (English → US).
 */
export type GenericSignal = 'html' | 'jsonld' | 'dateline' | 'default'

export interface GenericPublisherSpec {
  country: string
  lang: DemoLang
  signal: GenericSignal
  count: number
  /** Dateline city in capitals, for `dateline`. */
  dateline?: string
}

export const GENERIC_TLDS = ['com', 'com', 'com', 'net', 'org', 'news'] as const

export const GENERIC_PUBLISHERS: readonly GenericPublisherSpec[] = [
  { country: 'US', lang: 'en', signal: 'default', count: 7 },
  { country: 'US', lang: 'en', signal: 'html', count: 5 },
  { country: 'US', lang: 'en', signal: 'jsonld', count: 3 },
  { country: 'US', lang: 'en', signal: 'dateline', count: 1, dateline: 'NEW YORK' },
  { country: 'US', lang: 'en', signal: 'dateline', count: 1, dateline: 'WASHINGTON' },
  { country: 'GB', lang: 'en', signal: 'html', count: 2 },
  { country: 'GB', lang: 'en', signal: 'dateline', count: 2, dateline: 'LONDON' },
  { country: 'GB', lang: 'en', signal: 'jsonld', count: 1 },
  { country: 'AU', lang: 'en', signal: 'html', count: 1 },
  { country: 'IN', lang: 'en', signal: 'html', count: 1 },
  { country: 'IN', lang: 'en', signal: 'dateline', count: 1, dateline: 'NEW DELHI' },
  { country: 'IN', lang: 'hi', signal: 'html', count: 1 },
  { country: 'ES', lang: 'es', signal: 'html', count: 1 },
  { country: 'MX', lang: 'es', signal: 'html', count: 1 },
  { country: 'MX', lang: 'es', signal: 'jsonld', count: 1 },
  { country: 'BR', lang: 'pt', signal: 'html', count: 1 },
  { country: 'BR', lang: 'pt', signal: 'jsonld', count: 1 },
  { country: 'FR', lang: 'fr', signal: 'html', count: 1 },
  { country: 'FR', lang: 'fr', signal: 'jsonld', count: 1 },
  { country: 'DE', lang: 'de', signal: 'html', count: 1 },
  { country: 'DE', lang: 'de', signal: 'jsonld', count: 1 },
  { country: 'IT', lang: 'it', signal: 'html', count: 1 },
  { country: 'RU', lang: 'ru', signal: 'jsonld', count: 1 },
  { country: 'AE', lang: 'ar', signal: 'jsonld', count: 1 },
  { country: 'AE', lang: 'ar', signal: 'html', count: 1 },
  { country: 'TR', lang: 'tr', signal: 'html', count: 1 },
]

export function findCountry(code: string): Country {
  const country = COUNTRIES.find((c) => c.code === code)
  if (country === undefined) throw new Error(`unknown demo country ${code}`)
  return country
}

export function findEdition(country: Country, lang: DemoLang): CountryEdition {
  const edition = country.editions.find((e) => e.lang === lang)
  if (edition === undefined) throw new Error(`demo country ${country.code} has no ${lang} edition`)
  return edition
}
