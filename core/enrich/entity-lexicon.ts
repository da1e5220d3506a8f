/**
 * Every one-word fact the entity tagger reads about a lower-cased word, in one table keyed by the
 * word's FNV-1a hash (issue 27, ingest cost): its word cluster, its case class per model group,
 * which name lists hold it as a whole key, and whether a longer key of a list starts with it.
 * The tagger hashes each word near a capital letter anyway (hLower, core/enrich/entity-model.ts),
 * so one probe of this table replaces four to six look-ups in large string maps, each of which
 * hashed the word again. A hit is confirmed by comparing the word itself, so two words with one
 * hash never share facts: the table answers exactly what the maps it was built from answer.
 */
import { StringKeys } from './packed-map.ts'

/** The word is a whole key of a list (bits as GAZ_PLACE, GAZ_COUNTRY, GAZ_ORG: 1, 2, 4). */
export const LEX_KINDS = 7
/** The word is in the first-name list. */
export const LEX_FIRST_NAME = 8
/** A list key of two words or more starts with the word. */
export const LEX_STARTS_LONGER = 16
/** An organisation key (the S&P 500 list) starts with the word. */
export const LEX_ORG_FIRST = 32
/** A name some group's training sets label an organisation starts with the word. */
export const LEX_SEEN_ORG_FIRST = 64
/** A hand-kept organisation name starts with the word, or it is a hand-kept acronym lower-cased (entity-known-organisations.ts). */
export const LEX_KNOWN_ORG_FIRST = 128

export interface EntityLexicon {
  /** The words, numbered (packed: ~110,000 words as strings cost every worker thread several MB). */
  words: StringKeys
  /** Word index → cluster, -1 when none. */
  cluster: Int16Array
  /** Word index → LEX_* bits. */
  flags: Uint8Array
  /** Model group → word index → case class (0 unknown). */
  caseOf: ReadonlyMap<string, Uint8Array>
}

export interface LexiconSources {
  /** List key (lower-case words, one space apart) → GAZ_* kind bits. */
  kinds: ReadonlyMap<string, number>
  firstNames: ReadonlySet<string>
  organisationFirstWords: ReadonlySet<string>
  seenOrganisations: ReadonlyMap<string, ReadonlySet<string>>
  caseOf: ReadonlyMap<string, ReadonlyMap<string, number>>
  clusters: ReadonlyMap<string, number>
  /** Hand-kept organisation names (lower case) and acronyms (as written). */
  knownOrganisations: { names: ReadonlySet<string>; acronyms: ReadonlySet<string> }
}

const firstWord = (key: string) => {
  const sp = key.indexOf(' ')
  return sp < 0 ? key : key.slice(0, sp)
}

export function buildLexicon(src: LexiconSources): EntityLexicon {
  const index = new Map<string, number>()
  const words: string[] = []
  const flagList: number[] = []
  const intern = (w: string): number => {
    let k = index.get(w)
    if (k === undefined) {
      k = words.length
      index.set(w, k)
      words.push(w)
      flagList.push(0)
    }
    return k
  }
  const flag = (w: string, bit: number) => {
    const k = intern(w)
    flagList[k] = (flagList[k] as number) | bit
  }
  for (const [key, kind] of src.kinds) {
    if (key.includes(' ')) flag(firstWord(key), LEX_STARTS_LONGER)
    else flag(key, kind & LEX_KINDS)
  }
  for (const w of src.firstNames) flag(w, LEX_FIRST_NAME)
  for (const w of src.organisationFirstWords) flag(w, LEX_ORG_FIRST)
  for (const keys of src.seenOrganisations.values()) for (const key of keys) flag(firstWord(key), LEX_SEEN_ORG_FIRST)
  for (const key of src.knownOrganisations.names) flag(firstWord(key), LEX_KNOWN_ORG_FIRST)
  for (const a of src.knownOrganisations.acronyms) flag(a.toLowerCase(), LEX_KNOWN_ORG_FIRST)
  for (const lists of src.caseOf.values()) for (const w of lists.keys()) intern(w)
  for (const w of src.clusters.keys()) intern(w)
  const n = words.length
  const cluster = new Int16Array(n).fill(-1)
  for (const [w, c] of src.clusters) cluster[index.get(w) as number] = c
  const caseOf = new Map<string, Uint8Array>()
  for (const [group, lists] of src.caseOf) {
    const cls = new Uint8Array(n)
    for (const [w, c] of lists) cls[index.get(w) as number] = c
    caseOf.set(group, cls)
  }
  return {
    words: new StringKeys(words),
    cluster,
    flags: Uint8Array.from(flagList),
    caseOf,
  }
}

/** The index of lower-cased word `w` (hash `h` = hashString(w)) in the lexicon, -1 when absent. */
export function lexiconIndex(lex: EntityLexicon, w: string, h: number): number {
  return lex.words.indexOfHashed(w, h)
}
