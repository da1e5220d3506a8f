/**
 * Builds core/enrich/entity-gazetteer.json from the gazetteers in ../shared/corpus/entities
 * (licences in docs/entities-data.md). Keys are cut by the tagger's own tokeniser, so a list entry
 * and a text token always compare equal.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ENTITY_GAZETTEER_FORMAT, type EntityGazetteerFile } from '../core/enrich/entity-gazetteer.ts'
import { tokenizeForEntities } from '../core/enrich/entity-tokens.ts'
import { caseProfile } from './entity-case-build.ts'
import { type LabelledSentence, loadDemonyms, sha256File } from './entity-data.ts'

/** GeoNames alternate names (other spellings, other languages) only for places this big. */
const ALTERNATE_NAMES_MIN_POPULATION = 250_000
const MAX_TOKENS = 4
/** Country translations kept: the project's languages (mledoze codes). */
const TRANSLATIONS = ['deu', 'fra', 'ita', 'nld', 'por', 'spa']
/** Short forms the country file lists among codes, and a few English names, kept by hand because news writes them. */
const SHORT_FORMS: Record<string, string> = {
  us: 'US',
  usa: 'US',
  'u.s': 'US',
  'u.s.a': 'US',
  uk: 'GB',
  'u.k': 'GB',
  uae: 'AE',
  drc: 'CD',
  // English names the file has replaced or never listed.
  turkey: 'TR',
  britain: 'GB',
  holland: 'NL',
  burma: 'MM',
  'ivory coast': 'CI',
  'east timor': 'TL',
  swaziland: 'SZ',
  macedonia: 'MK',
  'cape verde': 'CV',
}
/** First-name columns kept (log2 frequency class ≥ FIRST_NAME_MIN_CLASS in one of them). */
const FIRST_NAME_COUNTRIES = [
  'Great Britain',
  'Ireland',
  'U.S.A.',
  'Italy',
  'Portugal',
  'Spain',
  'France',
  'Belgium',
  'the Netherlands',
  'Germany',
  'Austria',
  'Swiss',
]
const FIRST_NAME_MIN_CLASS = -6
/**
 * First-level regions news names as places, hand-kept (GeoNames cities15000 has no regions, so
 * `Florida` would resolve to a Colombian town and `Virginia` to a South African one): US states,
 * the UK's nations, Canadian provinces, Australian states. They outrank every city of the name.
 */
const REGIONS: Record<string, string> = {
  US: 'Alabama,Alaska,Arizona,Arkansas,California,Colorado,Connecticut,Delaware,Florida,Georgia,Hawaii,Idaho,Illinois,Indiana,Iowa,Kansas,Kentucky,Louisiana,Maine,Maryland,Massachusetts,Michigan,Minnesota,Mississippi,Missouri,Montana,Nebraska,Nevada,New Hampshire,New Jersey,New Mexico,New York State,North Carolina,North Dakota,Ohio,Oklahoma,Oregon,Pennsylvania,Rhode Island,South Carolina,South Dakota,Tennessee,Texas,Utah,Vermont,Virginia,Washington State,West Virginia,Wisconsin,Wyoming',
  GB: 'England,Scotland,Wales,Northern Ireland',
  CA: 'Ontario,Quebec,British Columbia,Alberta,Manitoba,Saskatchewan,Nova Scotia,New Brunswick,Newfoundland',
  AU: 'Queensland,New South Wales,Victoria,Tasmania,South Australia,Western Australia,Northern Territory',
}
const LATIN = /^[\p{Script=Latin}][\p{Script=Latin}\s'’.-]*$/u
const COMPANY_SUFFIX =
  /,?\s+(Inc\.?|Incorporated|Corporation|Corp\.?|Co\.?|Company|plc|PLC|Ltd\.?|Holdings|Group|N\.V\.|S\.A\.)$/

/** One word, or only words of the place's own name (`New York` for `New York City`). */
function isSafeAlternate(key: string, primary: ReadonlySet<string>): boolean {
  const words = key.split(' ')
  return words.length === 1 || words.every((w) => primary.has(w))
}

export function gazetteerKey(name: string): string {
  return tokenizeForEntities(name)
    .map((t) => t.text.toLowerCase())
    .join(' ')
}

interface CountryRecord {
  name: { common: string; official: string; native?: Record<string, { common: string; official: string }> }
  cca2: string
  altSpellings?: string[]
  translations?: Record<string, { common: string; official: string }>
}

export function buildGazetteer(corpus: string): {
  file: EntityGazetteerFile
  sources: { path: string; sha256: string }[]
} {
  const dir = join(corpus, 'entities', 'gazetteers')
  const paths = {
    countries: join(dir, 'countries', 'countries.json'),
    cities: join(dir, 'geonames', 'cities15000.txt'),
    companies: join(dir, 'companies', 'sp500_constituents.csv'),
    firstNames: join(dir, 'first-names', 'firstnames.csv'),
  }
  const keyOk = (k: string) => k.length >= 2 && k.split(' ').length <= MAX_TOKENS

  const countries = new Map<string, string>()
  const addCountry = (name: string, cc: string) => {
    const k = gazetteerKey(name)
    if (keyOk(k) && !countries.has(k)) countries.set(k, cc)
  }
  const records = JSON.parse(readFileSync(paths.countries, 'utf8')) as CountryRecord[]
  for (const c of records) {
    addCountry(c.name.common, c.cca2)
    addCountry(c.name.official, c.cca2)
  }
  for (const c of records) {
    for (const t of TRANSLATIONS) {
      const tr = c.translations?.[t]
      if (tr !== undefined) {
        addCountry(tr.common, c.cca2)
        addCountry(tr.official, c.cca2)
      }
    }
    for (const n of Object.values(c.name.native ?? {})) if (LATIN.test(n.common)) addCountry(n.common, c.cca2)
    for (const alt of c.altSpellings ?? []) if (alt.length > 3 && LATIN.test(alt)) addCountry(alt, c.cca2)
  }
  for (const [k, cc] of Object.entries(SHORT_FORMS)) countries.set(k, cc)

  const places = new Map<string, { cc: string; pop: number }>()
  for (const [cc, list] of Object.entries(REGIONS))
    for (const name of list.split(',')) places.set(gazetteerKey(name), { cc, pop: Number.POSITIVE_INFINITY })
  for (const line of readFileSync(paths.cities, 'utf8').split('\n')) {
    const cols = line.split('\t')
    if (cols.length < 15) continue
    const cc = cols[8] as string
    const pop = Number(cols[14])
    const names = new Set([cols[1] as string, cols[2] as string])
    const primary = new Set(`${gazetteerKey(cols[1] as string)} ${gazetteerKey(cols[2] as string)}`.split(' '))
    if (pop >= ALTERNATE_NAMES_MIN_POPULATION)
      // One-word alternates only (`Munich`, `Lisboa`, `Moskau`): multi-word ones include
      // translations such as `White House` for Casablanca.
      for (const alt of (cols[3] as string).split(','))
        if (LATIN.test(alt) && /^\p{Lu}/u.test(alt) && isSafeAlternate(gazetteerKey(alt), primary)) names.add(alt)
    for (const name of names) {
      const k = gazetteerKey(name)
      if (!keyOk(k) || k.length < 3) continue
      const had = places.get(k)
      if (had === undefined || pop > had.pop) places.set(k, { cc, pop })
    }
  }

  const organisations = new Set<string>()
  const csv = readFileSync(paths.companies, 'utf8').split('\n').slice(1)
  for (const line of csv) {
    const m = /^[^,]*,("([^"]*)"|[^,]*)/.exec(line)
    const security = (m?.[2] ?? m?.[1] ?? '').replace(/\s*\(.*\)$/, '').trim()
    if (security === '') continue
    for (const name of [security, security.replace(COMPANY_SUFFIX, '')]) {
      const k = gazetteerKey(name)
      if (keyOk(k) && k.length >= 3) organisations.add(k)
    }
  }

  const firstNames = new Set<string>()
  const rows = readFileSync(paths.firstNames, 'utf8').split('\n')
  const header = (rows[0] ?? '').split(';')
  const cols = FIRST_NAME_COUNTRIES.map((c) => header.indexOf(c)).filter((i) => i >= 0)
  for (const row of rows.slice(1)) {
    const cells = row.split(';')
    const name = (cells[0] ?? '').replace(/\+/g, ' ')
    if (!/^\p{Lu}\p{Ll}+$/u.test(name)) continue
    if (cols.some((i) => cells[i] !== undefined && cells[i] !== '' && Number(cells[i]) >= FIRST_NAME_MIN_CLASS))
      firstNames.add(name.toLowerCase())
  }

  const lines = (m: Map<string, string>) =>
    [...m.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${k}\t${v}`)
      .join('\n')
  const sorted = (s: Set<string>) => [...s].sort()
  const cases = caseProfile(corpus)
  const file: EntityGazetteerFile = {
    format: ENTITY_GAZETTEER_FORMAT,
    description:
      'Written by scripts/train-entities.ts. Countries: mledoze/countries v5.1.0 (ODbL 1.0) plus a few hand-kept short forms; places: GeoNames cities15000 (CC BY 4.0, geonames.org); organisations: S&P 500 constituents (ODC-PDDL 1.0); first names: firstname-database by Jörg Michael (GNU FDL 1.2+, notice and licence in core/enrich/entity-first-names-NOTICE.txt); seen_organisations: organisation names labelled in the English training sets (Broad Twitter Corpus and WNUT-17, CC BY 4.0; UNER English-EWT dev, CC BY-SA 4.0); case: how often English words are capitalised inside sentences of NewsMTSC (MIT), HuffPost News Category descriptions (CC BY 4.0) and MasakhaNEWS English bodies (AFL-3.0). Data card: docs/entities-data.md.',
    max_tokens: MAX_TOKENS,
    countries: lines(countries),
    places: lines(new Map([...places].map(([k, v]) => [k, v.cc]))),
    organisations: sorted(organisations).join('\n'),
    first_names: sorted(firstNames).join(' '),
    demonyms: sorted(loadDemonyms(corpus)).join(' '),
    case: { en: { lower: cases.lower.join(' '), capital: cases.capital.join(' ') } },
  }
  const sources = [
    ...Object.values(paths).map((p) => ({ path: p.slice(corpus.length + 1), sha256: sha256File(p) })),
    ...cases.sources.map((s) => ({ path: s.path.slice(corpus.length + 1), sha256: s.sha256 })),
  ]
  return { file, sources }
}

/** Listed names that are ordinary words more often than names in news (`RT` is a retweet, `City` a city). */
const SEEN_ORG_STOP = new Set([
  'rt',
  'can',
  'city',
  'real',
  'united',
  'target',
  'commission',
  'council',
  'coalition',
  'sky',
])

/** Times a name must be labelled an organisation in the training sets to be listed. */
const SEEN_ORG_MIN_COUNT = 2
/** Share of a name's labelled occurrences that must be organisations. */
const SEEN_ORG_MIN_SHARE = 0.75

/**
 * Organisation names labelled by hand in the training sentences (never a dev or measured set):
 * each name labelled ORG at least SEEN_ORG_MIN_COUNT times and as ORG in at least
 * SEEN_ORG_MIN_SHARE of its labelled spans, cut to gazetteer keys. A list for the rule after the
 * tagger (core/enrich/entity-rules.ts), never a feature: as a feature the tagger would learn it from
 * the very sentences it came from and trust it too far.
 */
export function seenOrganisations(sentences: readonly LabelledSentence[]): string[] {
  const counts = new Map<string, { org: number; all: number }>()
  for (const s of sentences) {
    let i = 0
    while (i < s.tags.length) {
      const tag = s.tags[i] as string
      if (!tag.startsWith('B-')) {
        i++
        continue
      }
      let j = i + 1
      while (j < s.tags.length && s.tags[j] === `I-${tag.slice(2)}`) j++
      const key = gazetteerKey(s.tokens.slice(i, j).join(' ').replace(/^[#@]/, ''))
      const c = counts.get(key) ?? { org: 0, all: 0 }
      c.all++
      if (tag === 'B-ORG') c.org++
      counts.set(key, c)
      i = j
    }
  }
  const out: string[] = []
  for (const [key, c] of counts) {
    if (c.org < SEEN_ORG_MIN_COUNT || c.org / c.all < SEEN_ORG_MIN_SHARE) continue
    if (key.length < 2 || key.split(' ').length > MAX_TOKENS || !/\p{L}/u.test(key) || SEEN_ORG_STOP.has(key)) continue
    // Keys with punctuation or digits as words (`alan ' s`, `3 m`) are tokenising noise.
    if (key.split(' ').some((w) => !/^\p{L}/u.test(w))) continue
    out.push(key)
  }
  return out.sort()
}
