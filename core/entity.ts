/**
 * Entities (issue 27): who and where an article is about. The type and key shape are shared by
 * enrichment (core/enrich/entities.ts), the store, the API's `entity` filter and `/v1/entities/{key}`.
 */

/** The three kinds of entity every answer names. */
export const ENTITY_TYPES = ['person', 'organisation', 'place'] as const
export type EntityType = (typeof ENTITY_TYPES)[number]

/** One distinct entity named in one article. */
export interface ArticleEntity {
  /** Canonical key, the same across articles: `<type>:<slug>`, e.g. `person:vladimir-putin`. */
  key: string
  /** Display name: the longest form the article used (e.g. "Vladimir Putin" over "Putin"). */
  name: string
  type: EntityType
  /** Mentions in headline, standfirst and body together (at least 1). */
  count: number
  /** ISO 3166-1 alpha-2 of a place that resolves to a country, upper case; otherwise null. */
  country: string | null
}

/** Longest slug a key may carry after `<type>:`. */
export const ENTITY_SLUG_MAX = 80

/** A type's name in any case, as a character class per letter (no `i` flag: generators of matching strings refuse it). */
const anyCase = (word: string): string => [...word].map((c) => `[${c}${c.toUpperCase()}]`).join('')

/** A key as a path parameter may spell it (any case; answers fold it to the key). */
export const ENTITY_KEY_PATTERN = new RegExp(
  `^(?:${ENTITY_TYPES.map(anyCase).join('|')}):[\\p{L}\\p{N}][\\p{L}\\p{N}-]{0,${ENTITY_SLUG_MAX - 1}}$`,
  'u',
)

const KEY_PATTERN = new RegExp(
  `^(${ENTITY_TYPES.join('|')}):[\\p{Ll}\\p{Lo}\\p{N}](?:[\\p{Ll}\\p{Lo}\\p{N}-]{0,${ENTITY_SLUG_MAX - 1}})$`,
  'u',
)

export function isEntityKey(value: string): boolean {
  return KEY_PATTERN.test(value)
}

/**
 * A name as a key's slug: Unicode NFKD, diacritics dropped, lower case, every run of characters
 * that are not letters or digits one `-`, no `-` at either end, at most ENTITY_SLUG_MAX long.
 * Returns '' when nothing is left (the caller drops such a mention).
 */
export function entitySlug(name: string): string {
  const ascii = asciiSlug(name)
  if (ascii !== null) return ascii
  const folded = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
  return folded.slice(0, ENTITY_SLUG_MAX).replace(/-+$/, '')
}

/**
 * entitySlug of an ASCII name (most names), without normalisation or regular expressions: ASCII
 * has nothing for NFKD to decompose and no marks, its letters and digits are a-z, A-Z and 0-9.
 * Null when the name has a character beyond ASCII.
 */
function asciiSlug(name: string): string | null {
  let out = ''
  let gap = false
  for (let i = 0; i < name.length; i++) {
    let c = name.charCodeAt(i)
    if (c >= 128) return null
    if (c >= 65 && c <= 90) c += 32
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) {
      if (gap && out !== '') out += '-'
      gap = false
      out += String.fromCharCode(c)
    } else gap = true
  }
  return out.length <= ENTITY_SLUG_MAX ? out : out.slice(0, ENTITY_SLUG_MAX).replace(/-+$/, '')
}

export function entityKey(type: EntityType, name: string): string | null {
  const slug = entitySlug(name)
  return slug === '' ? null : `${type}:${slug}`
}

/**
 * The keys an `entity` filter value stands for: a key as given (its slug folded as entitySlug
 * folds names), or a name as the keys of all three types ("Paris" is place:paris, and also
 * person:paris or organisation:paris where such exist). Values that leave no slug stand for none.
 */
export function entityFilterKeys(values: readonly string[]): string[] {
  const keys = new Set<string>()
  for (const v of values) {
    const typed = /^(person|organisation|place):(.*)$/i.exec(v)
    if (typed !== null) {
      const key = entityKey((typed[1] as string).toLowerCase() as EntityType, typed[2] as string)
      if (key !== null) keys.add(key)
      continue
    }
    for (const type of ENTITY_TYPES) {
      const key = entityKey(type, v)
      if (key !== null) keys.add(key)
    }
  }
  return [...keys]
}
