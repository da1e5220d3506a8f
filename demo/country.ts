/** What the demo knows of a country: its TLDs, UTC offset and editions (a language, publishers, places). */
import type { DemoLang } from './lang/index.ts'

/** A city as written in one language, with an ASCII form for host names. {PL} differs only in Russian. */
export interface Place {
  name: string
  locative: string
  ascii: string
}

export interface CountryEdition {
  lang: DemoLang
  /** Publishers on the country's own TLD(s). */
  publishers: number
  places: readonly Place[]
}

export interface Country {
  code: string
  /** Country-code TLD forms used by its publishers, e.g. `co.uk`, `uk`. */
  tlds: readonly string[]
  /** Standard-time UTC offset in minutes (fixed: the demo ignores daylight saving). */
  offsetMin: number
  editions: readonly CountryEdition[]
}

export function places(spec: string): Place[] {
  // "Name:ascii" or "Name/Locative:ascii", separated by "|"
  return spec.split('|').map((item) => {
    const [names = '', ascii = ''] = item.split(':')
    const [name = '', locative = name] = names.split('/')
    return { name, locative, ascii }
  })
}
