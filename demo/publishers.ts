import type { CountrySource } from '../core/article.ts'
import {
  COUNTRIES,
  findCountry,
  findEdition,
  GENERIC_PUBLISHERS,
  GENERIC_TLDS,
  type GenericSignal,
  type Place,
} from './geo.ts'
import { type DemoLang, LANG_PACKS } from './lang/index.ts'
import { hashKey, Rng, TAG } from './prng.ts'

/** The seven page layouts; they differ in where (and whether) metadata sits. */
export const PAGE_TEMPLATES = ['og', 'jsonld', 'graph', 'time', 'metadate', 'urldate', 'bare'] as const
export type PageTemplate = (typeof PAGE_TEMPLATES)[number]

export type Charset = 'utf-8' | 'windows-1251' | 'shift_jis'
export type Transfer = 'identity' | 'gzip' | 'chunked' | 'gzip-chunked'

export interface Publisher {
  index: number
  /** Lower-case host without `www.`. */
  host: string
  www: boolean
  name: string
  lang: DemoLang
  /** Ground-truth country and how it can be known (DECISIONS.md: tld > html > content > default). */
  country: string
  countrySource: CountrySource
  tld: string
  generic: boolean
  /** `<html lang>` value; empty means no lang attribute. */
  langTag: string
  template: PageTemplate
  charset: Charset
  /** Whether the charset is declared in the Content-Type header (else only in the page). */
  charsetInHeader: boolean
  transfer: Transfer
  /** Separator before the publisher name in `<title>`, empty for a bare title. */
  titleSep: string
  metaDateName: 'date' | 'pubdate' | 'dc.date.issued'
  metaDateFormat: 'rfc1123' | 'iso-offset' | 'iso-z'
  hasImage: boolean
  hasAuthors: boolean
  hasCanonical: boolean
  hasDescription: boolean
  hasTags: boolean
  sectionInUrl: boolean
  /** JSON-LD publisher.address.addressCountry, empty when the page states none. */
  jsonldCountry: string
  /** English dateline city opening the first paragraph, empty when none. */
  dateline: string
  offsetMin: number
  /** Relative output volume. */
  weight: number
  places: readonly Place[]
  ip: string
  server: string
}

const TEMPLATE_WEIGHTS: Readonly<Record<PageTemplate, number>> = {
  og: 25,
  jsonld: 20,
  graph: 12,
  time: 15,
  metadate: 13,
  urldate: 8,
  bare: 7,
}
const TRANSFERS: readonly Transfer[] = ['identity', 'gzip', 'chunked', 'gzip-chunked']
const TRANSFER_WEIGHTS = [66, 16, 12, 6]
const SERVERS = ['nginx', 'Apache', 'cloudflare', 'nginx/1.24.0', 'Apache/2.4.58 (Ubuntu)', 'Varnish']
const IP_FIRST_OCTETS = [23, 34, 45, 52, 64, 78, 91, 104, 151, 185, 199, 203]

interface Draft {
  country: string
  lang: DemoLang
  tld: string
  generic: boolean
  signal: GenericSignal | 'tld'
  dateline: string
}

/** The 300 publishers of the demo archive, a pure function of the seed. */
export function buildPublishers(seed: number): Publisher[] {
  const drafts: Draft[] = []
  const rng = new Rng(hashKey(seed, TAG.publishers))
  for (const country of COUNTRIES) {
    for (const edition of country.editions) {
      for (let i = 0; i < edition.publishers; i++) {
        drafts.push({
          country: country.code,
          lang: edition.lang,
          tld: rng.pick(country.tlds),
          generic: false,
          signal: 'tld',
          dateline: '',
        })
      }
    }
  }
  for (const spec of GENERIC_PUBLISHERS) {
    for (let i = 0; i < spec.count; i++) {
      drafts.push({
        country: spec.country,
        lang: spec.lang,
        tld: rng.pick(GENERIC_TLDS),
        generic: true,
        signal: spec.signal,
        dateline: spec.dateline ?? '',
      })
    }
  }

  const usedHosts = new Set<string>()
  return drafts.map((draft, index) => makePublisher(draft, index, rng, usedHosts))
}

function makePublisher(draft: Draft, index: number, rng: Rng, usedHosts: Set<string>): Publisher {
  const country = findCountry(draft.country)
  const edition = findEdition(country, draft.lang)
  const pack = LANG_PACKS[draft.lang]

  let host = ''
  let name = ''
  for (let attempt = 0; attempt < 500 && host === ''; attempt++) {
    const place = rng.pick(edition.places)
    const [local, ascii] = rng.pick(pack.publisherWords)
    const wordFirst = pack.publisherName.startsWith('{W}')
    const label = wordFirst ? `${ascii}-${place.ascii}` : `${place.ascii}-${ascii}`
    const candidate = `${label}.${draft.tld}`
    if (!usedHosts.has(candidate)) {
      host = candidate
      name = pack.publisherName.replace('{C}', place.name).replace('{W}', local)
    }
  }
  if (host === '') throw new Error(`no free host name for a ${draft.lang}/${draft.country} publisher`)
  usedHosts.add(host)

  const template = pickTemplate(draft, rng)
  const region = `${draft.lang}-${draft.country}`
  let langTag: string
  let countrySource: CountrySource
  switch (draft.signal) {
    case 'tld': {
      countrySource = 'tld'
      const r = rng.next()
      if (r < 0.45) langTag = region
      else if (r < 0.85) langTag = draft.lang
      else if (r < 0.93) {
        // A declared region that contradicts the ccTLD (the TLD wins), or a script subtag.
        if (draft.lang === 'en' && draft.country !== 'US' && draft.country !== 'GB')
          langTag = rng.chance(0.5) ? 'en-US' : 'en-GB'
        else if (draft.lang === 'zh') langTag = 'zh-Hans'
        else langTag = draft.lang
      } else langTag = ''
      break
    }
    case 'html':
      countrySource = 'html'
      langTag = region
      break
    case 'jsonld':
    case 'dateline':
      countrySource = 'content'
      langTag = draft.lang
      break
    case 'default':
      countrySource = 'default'
      langTag = rng.chance(0.7) ? 'en' : ''
      break
  }

  const jsonldTemplate = template === 'jsonld' || template === 'graph'
  const jsonldCountry =
    draft.signal === 'jsonld' || (draft.signal === 'tld' && jsonldTemplate && rng.chance(0.4)) ? draft.country : ''

  let charset: Charset = 'utf-8'
  if (draft.lang === 'ru' && rng.chance(0.34)) charset = 'windows-1251'
  if (draft.lang === 'ja' && rng.chance(0.34)) charset = 'shift_jis'

  return {
    index,
    host,
    www: rng.chance(0.7),
    name,
    lang: draft.lang,
    country: draft.country,
    countrySource,
    tld: draft.tld.slice(draft.tld.lastIndexOf('.') + 1),
    generic: draft.generic,
    langTag,
    template,
    charset,
    charsetInHeader: charset === 'shift_jis' ? false : charset === 'windows-1251' ? true : rng.chance(0.7),
    transfer: TRANSFERS[rng.weighted(TRANSFER_WEIGHTS)] ?? 'identity',
    titleSep: rng.pick([' | ', ' | ', ' - ', charset === 'utf-8' ? ' – ' : ' - ', '']),
    metaDateName: rng.pick(['date', 'pubdate', 'dc.date.issued'] as const),
    metaDateFormat: rng.pick(['rfc1123', 'iso-offset', 'iso-z'] as const),
    hasImage: rng.chance(0.7),
    hasAuthors: rng.chance(0.6),
    hasCanonical: template === 'og' || template === 'jsonld' || template === 'graph' || rng.chance(0.4),
    hasDescription: template !== 'urldate' && template !== 'bare' && rng.chance(0.85),
    hasTags: rng.chance(0.5),
    sectionInUrl: template === 'og' || template === 'jsonld' || template === 'time' || rng.chance(0.5),
    jsonldCountry,
    dateline: draft.dateline,
    offsetMin: country.offsetMin,
    weight: Math.min(4, Math.max(0.25, Math.exp(0.7 * rng.gauss()))),
    places: edition.places,
    ip: `${rng.pick(IP_FIRST_OCTETS)}.${rng.range(1, 254)}.${rng.range(0, 255)}.${rng.range(1, 254)}`,
    server: rng.pick(SERVERS),
  }
}

function pickTemplate(draft: Draft, rng: Rng): PageTemplate {
  // A publisher that states its country in JSON-LD needs a JSON-LD layout.
  if (draft.signal === 'jsonld') return rng.chance(0.6) ? 'jsonld' : 'graph'
  const weights = PAGE_TEMPLATES.map((t) => TEMPLATE_WEIGHTS[t])
  return PAGE_TEMPLATES[rng.weighted(weights)] ?? 'og'
}
