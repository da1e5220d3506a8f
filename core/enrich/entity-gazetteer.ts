/**
 * Name lists for entity tagging (issue 27), written by scripts/train-entities.ts from GeoNames
 * (cities ≥ 15,000 people, CC BY 4.0), mledoze/countries (ODbL 1.0), the S&P 500 list (PDDL) and
 * the first-name database (GFDL 1.2+), plus English case lists counted on unlabelled news text
 * (NewsMTSC, MIT; HuffPost News Category, CC BY 4.0; MasakhaNEWS, AFL-3.0) and demonyms from the
 * country file; docs/entities-data.md is the data card. Keys are lower-case
 * token sequences as core/enrich/entity-tokens.ts cuts them, joined by single spaces.
 */
import { KNOWN_ORG_ACRONYMS, KNOWN_ORG_NAMES } from './entity-known-organisations.ts'
import { buildLexicon, type EntityLexicon, LEX_FIRST_NAME, LEX_KINDS, LEX_STARTS_LONGER } from './entity-lexicon.ts'
import { GAZ_BEGIN, GAZ_COUNTRY, GAZ_FIRST_NAME, GAZ_ORG, GAZ_PLACE } from './entity-model.ts'
import { NAME_CONNECTORS } from './entity-tokens.ts'
import { packedNames, packedNumbers, StringKeysBuilder } from './packed-map.ts'
import { WORD_CLUSTERS } from './word-clusters.ts'

export const ENTITY_GAZETTEER_FORMAT = 'newsdesk-entity-gazetteer/1'

export interface EntityGazetteerFile {
  format: string
  description: string
  /** Longest key in tokens. */
  max_tokens: number
  /** `key<TAB>CC` lines: country names in English and the project's languages. */
  countries: string
  /** `key<TAB>CC` lines: GeoNames places, each key to its most populous place's country. */
  places: string
  /** Organisation keys, newline-separated. */
  organisations: string
  /** First names, lower case, space-separated. */
  first_names: string
  /** Organisation keys labelled by hand in the training sets, newline-separated: for the rule after the tagger, never a feature. */
  seen_organisations?: Record<string, string>
  /**
   * Model group → lower-case words, space-separated, by how unlabelled news writes them inside a
   * sentence: `lower` almost never capitalised, `capital` almost always (scripts/entity-case-build.ts).
   */
  case?: Record<string, { lower: string; capital: string }>
  /** English demonyms and their plurals (`turkish`, `australians`), space-separated: adjectives, not places. */
  demonyms?: string
}

export interface EntityGazetteer {
  maxTokens: number
  /** Key → GAZ_PLACE | GAZ_COUNTRY | GAZ_ORG bits. */
  kinds: ReadonlyMap<string, number>
  /** Key → ISO country code, countries before places. */
  countryOf: ReadonlyMap<string, string>
  firstNames: ReadonlySet<string>
  /** Model group (`en`, `xx`) → organisation names its training sets label (core/enrich/entity-rules.ts). */
  seenOrganisations: ReadonlyMap<string, ReadonlySet<string>>
  /** Model group → word → CASE_LOWER or CASE_CAPITAL. */
  caseOf: ReadonlyMap<string, ReadonlyMap<string, number>>
  demonyms: ReadonlySet<string>
  /** First words of the organisation keys: most capitalised words start none, and need no longer look-up. */
  organisationFirstWords: ReadonlySet<string>
  /** The one-word facts above and the word clusters, in one table keyed by the word's hash (entity-lexicon.ts). */
  lexicon: EntityLexicon
}

/** How news writes a word inside a sentence: almost never capitalised, or almost always. */
export const CASE_LOWER = 1
export const CASE_CAPITAL = 2

export function loadGazetteer(
  file: EntityGazetteerFile,
  clusters: ReadonlyMap<string, number> = WORD_CLUSTERS,
): EntityGazetteer {
  if (file.format !== ENTITY_GAZETTEER_FORMAT) throw new Error(`entity gazetteer: unknown format ${file.format}`)
  // Packed (packed-map.ts): ~59,000 keys, which as two Maps cost every worker thread ~10 MB.
  const keys = new StringKeysBuilder()
  const kindList: number[] = []
  /** Key number → 1 + index in `codes`, 0 = no country. */
  const countryList: number[] = []
  const codes: string[] = []
  const codeIndex = new Map<string, number>()
  const add = (key: string, bit: number): number => {
    const k = keys.add(key)
    if (k === kindList.length) {
      kindList.push(0)
      countryList.push(0)
    }
    kindList[k] = (kindList[k] as number) | bit
    return k
  }
  const setCountry = (k: number, cc: string) => {
    let c = codeIndex.get(cc)
    if (c === undefined) {
      c = codes.length
      codes.push(cc)
      codeIndex.set(cc, c)
    }
    countryList[k] = c + 1
  }
  for (const line of file.countries.split('\n')) {
    const [key, cc] = line.split('\t')
    if (key === undefined || key === '' || cc === undefined) continue
    setCountry(add(key, GAZ_COUNTRY), cc)
  }
  for (const line of file.places.split('\n')) {
    const [key, cc] = line.split('\t')
    if (key === undefined || key === '' || cc === undefined) continue
    const k = add(key, GAZ_PLACE)
    if (countryList[k] === 0) setCountry(k, cc)
  }
  const organisationFirstWords = new Set<string>()
  for (const key of file.organisations.split('\n')) {
    if (key === '') continue
    add(key, GAZ_ORG)
    organisationFirstWords.add(key.split(' ')[0] as string)
  }
  const keyIndex = keys.finish()
  const kinds = packedNumbers(keyIndex, Uint8Array.from(kindList))
  const countryOf = packedNames(keyIndex, Uint16Array.from(countryList), codes)
  const firstNames = new Set(file.first_names.split(' ').filter((w) => w !== ''))
  const seenOrganisations = new Map(
    Object.entries(file.seen_organisations ?? {}).map(([group, keys]) => [
      group,
      new Set(keys.split('\n').filter((k) => k !== '')),
    ]),
  )
  const caseOf = new Map(
    Object.entries(file.case ?? {}).map(([group, lists]) => {
      const m = new Map<string, number>()
      for (const w of lists.lower.split(' ')) if (w !== '') m.set(w, CASE_LOWER)
      for (const w of lists.capital.split(' ')) if (w !== '') m.set(w, CASE_CAPITAL)
      return [group, m]
    }),
  )
  const demonyms = new Set((file.demonyms ?? '').split(' ').filter((w) => w !== ''))
  return {
    maxTokens: file.max_tokens,
    kinds,
    countryOf,
    firstNames,
    seenOrganisations,
    caseOf,
    demonyms,
    organisationFirstWords,
    lexicon: buildLexicon({
      kinds,
      firstNames,
      organisationFirstWords,
      seenOrganisations,
      caseOf,
      clusters,
      knownOrganisations: { names: KNOWN_ORG_NAMES, acronyms: KNOWN_ORG_ACRONYMS },
    }),
  }
}

/**
 * Marks each token with the lists that a longest match over it comes from, left to right; a
 * match starts only on a candidate token (`starts[i]`), so `of` or `new` alone never matches.
 * `word` is each token's index in gaz.lexicon (-1 when absent or not near a candidate): the
 * one-word matches come from there, and a longer key is looked for only after a word that starts one.
 */
export function markGazetteer(
  gaz: EntityGazetteer,
  lower: readonly string[],
  starts: ArrayLike<number>,
  word: ArrayLike<number>,
  /** Where to write the marks (all 0, as long as `lower`); a new array without it. */
  into?: Uint8Array,
): Uint8Array {
  const n = lower.length
  const flags = gaz.lexicon.flags
  const marks = into ?? new Uint8Array(n)
  for (let i = 0; i < n; i++) {
    const k = word[i] as number
    if (starts[i] && k >= 0 && ((flags[k] as number) & LEX_FIRST_NAME) !== 0) marks[i] = GAZ_FIRST_NAME
  }
  let i = 0
  while (i < n) {
    const k = word[i] as number
    if (!starts[i] || k < 0) {
      i++
      continue
    }
    const f = flags[k] as number
    let bestLen = f & LEX_KINDS ? 1 : 0
    let bestKind = f & LEX_KINDS
    if (f & LEX_STARTS_LONGER) {
      let key = lower[i] as string
      const limit = Math.min(gaz.maxTokens, n - i)
      for (let len = 2; len <= limit; len++) {
        const j = i + len - 1
        // A name runs over capitalised words and the connectors between them (`Bank of America`).
        if (!starts[j] && !(j + 1 < n && starts[j + 1] && NAME_CONNECTORS.has(lower[j] as string))) break
        key = `${key} ${lower[j] as string}`
        const kind = gaz.kinds.get(key)
        if (kind !== undefined) {
          bestLen = len
          bestKind = kind
        }
      }
    }
    if (bestLen === 0) {
      i++
      continue
    }
    marks[i] = (marks[i] as number) | bestKind | GAZ_BEGIN
    for (let m = 1; m < bestLen; m++) marks[i + m] = (marks[i + m] as number) | bestKind
    i += bestLen
  }
  return marks
}

/**
 * gaz.kinds.get(the words from..to of `ctx.lower`, one space apart) ?? 0: the GAZ_* lists that hold
 * that name. When the first word is a candidate its lexicon index is known (`ctx.word`, -1 when the
 * lexicon lacks it), and the lexicon answers without building the key: a word it lacks is no key
 * and starts none, a one-word key's kinds are its flags, and no longer key starts with a word
 * without LEX_STARTS_LONGER. `ctx` must be built over `gaz` (its lexicon).
 */
export function listedKind(
  gaz: EntityGazetteer,
  ctx: { lower: readonly string[]; candidate: ArrayLike<number>; word: ArrayLike<number> },
  from: number,
  to: number,
): number {
  if (ctx.candidate[from] === 1) {
    const k = ctx.word[from] as number
    if (k < 0) return 0
    const f = gaz.lexicon.flags[k] as number
    if (from === to) return f & LEX_KINDS
    if ((f & LEX_STARTS_LONGER) === 0) return 0
  }
  return gaz.kinds.get(ctx.lower.slice(from, to + 1).join(' ')) ?? 0
}

/**
 * Places in no one country that GeoNames has a town of the same name for (`Jupiter` in Florida,
 * `Asia` in the Philippines): continents, world regions and planets resolve to no country.
 */
const NO_COUNTRY: ReadonlySet<string> = new Set([
  'earth',
  'moon',
  'mars',
  'jupiter',
  'saturn',
  'venus',
  'mercury',
  'asia',
  'europe',
  'africa',
  'america',
  'americas',
  'north america',
  'south america',
  'latin america',
  'central america',
  'antarctica',
  'oceania',
  'middle east',
  'caribbean',
  'pacific',
  'atlantic',
])

/** The ISO country of a place name, via the country names, then the most populous GeoNames place. */
export function placeCountry(gaz: EntityGazetteer, key: string): string | null {
  if (NO_COUNTRY.has(key)) return null
  return gaz.countryOf.get(key) ?? null
}
