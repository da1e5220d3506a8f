/**
 * One type per name within a text (issue 27), applied to the mentions after tagging: the tagger
 * reads each mention with a few words of context, so a surname or an acronym met alone can take
 * another type than the full name it stands for. Only the prediction is changed; scoring and
 * folding (foldMentions) are untouched.
 *
 * - `surname`: a one-word mention that is the last word of a person named in full in the same
 *   text (`Merkel` after `Angela Merkel`) is that person.
 * - `acronym`: a one-word all-capital mention whose letters are the initials of a longer tagged
 *   name in the same text (`EU` beside `European Union`) takes that name's type.
 * - `acronymTag` (on the tags, before mentions): an all-capital word the tagger left untagged whose
 *   letters are the initials of a tagged organisation's name (`the Securities and Exchange
 *   Commission (SEC)`) is that organisation; not inside a run of all-capital words (a shouted line).
 */
import type { EntityMention } from './entities.ts'
import type { EntityToken } from './entity-tokens.ts'

export interface ConsistencyRules {
  surname: boolean
  /** An untagged capitalised word that is the last name of a person tagged in the same text is that person. */
  surnameTag: boolean
  acronym: boolean
  /** An untagged all-capital word that is the initials of a tagged organisation's name in the text is an organisation. */
  acronymTag: boolean
}

export const CONSISTENCY_RULES: ConsistencyRules = { surname: true, surnameTag: true, acronym: true, acronymTag: true }

const SMALL_WORDS: ReadonlySet<string> = new Set(['of', 'the', 'and', 'for', 'de', 'du', 'des', 'la', 'le', '&'])

/** Longest of SMALL_WORDS: a longer word needs no lower-casing to be known as none of them. */
const SMALL_WORD_MAX_LENGTH = Math.max(...[...SMALL_WORDS].map((w) => w.length))

function initials(words: readonly string[]): string {
  let out = ''
  for (const w of words)
    if (w.length > SMALL_WORD_MAX_LENGTH || !SMALL_WORDS.has(w.toLowerCase())) out += (w[0] as string).toUpperCase()
  return out
}

const isAcronym = (w: string) => {
  if (w.length < 2 || w.length > 6) return false
  for (let i = 0; i < w.length; i++) {
    const c = w.charCodeAt(i)
    if (c < 65 || c > 90) return false
  }
  return true
}

/** Rewrites the type of lone surnames and acronyms in place; returns the same array. */
export function harmoniseTypes(
  mentions: EntityMention[],
  rules: ConsistencyRules = CONSISTENCY_RULES,
): EntityMention[] {
  if (mentions.length < 2) return mentions
  const surnames = new Map<string, number>()
  const acronyms = new Map<string, EntityMention['type']>()
  for (const m of mentions) {
    if (m.words.length < 2) continue
    if (rules.surname && m.type === 'person') {
      const last = (m.words[m.words.length - 1] as string).toLowerCase()
      surnames.set(last, (surnames.get(last) ?? 0) + 1)
    }
    if (rules.acronym) {
      const a = initials(m.words)
      if (a.length >= 2 && !acronyms.has(a)) acronyms.set(a, m.type)
    }
  }
  if (surnames.size === 0 && acronyms.size === 0) return mentions
  for (const m of mentions) {
    if (m.words.length !== 1) continue
    const w = m.words[0] as string
    if (m.type !== 'person' && surnames.has(w.toLowerCase())) m.type = 'person'
    else if (isAcronym(w)) {
      const t = acronyms.get(w)
      if (t !== undefined) m.type = t
    }
  }
  return mentions
}

/**
 * `acronymTag`: tags (BIO indices as core/enrich/entity-model.ts TAGS) rewritten in place. A B-X
 * tag is odd: 1 person, 3 organisation, 5 place; its I-X is the next.
 */
const B_ORG = 3

/** Each tagged span of `tags`, in order: its B tag (odd) and its first and last token. */
function eachSpan(tags: Uint8Array, fn: (tag: number, first: number, last: number) => void): void {
  const n = tags.length
  let i = 0
  while (i < n) {
    const tag = tags[i] as number
    if (tag === 0 || tag % 2 === 0) {
      i++
      continue
    }
    let end = i
    while (end + 1 < n && tags[end + 1] === tag + 1) end++
    fn(tag, i, end)
    i = end + 1
  }
}

export function tagAcronyms(
  tokens: readonly EntityToken[],
  tags: Uint8Array,
  /** isCandidate of each token, when known: an acronym is one, so the rest need no look. */
  candidate?: ArrayLike<number>,
): Uint8Array {
  const n = tokens.length
  const byInitials = new Map<string, number>()
  eachSpan(tags, (tag, i, end) => {
    // Organisations only: on the real pages person and place initials (`DL`, `HD`) were mostly other words.
    if (end > i && tag === B_ORG) {
      const a = initials(tokens.slice(i, end + 1).map((t) => t.text))
      if (a.length >= 2 && !byInitials.has(a)) byInitials.set(a, tag)
    }
  })
  if (byInitials.size === 0) return tags
  const shouted = (k: number) => k >= 0 && k < n && isAcronym((tokens[k] as EntityToken).text)
  for (let k = 0; k < n; k++) {
    if (tags[k] !== 0 || (candidate !== undefined && candidate[k] === 0)) continue
    const w = (tokens[k] as EntityToken).text
    if (!isAcronym(w) || shouted(k - 1) || shouted(k + 1)) continue
    const tag = byInitials.get(w)
    if (tag !== undefined) tags[k] = tag
  }
  return tags
}

const B_PER = 1

/**
 * `surnameTag`: a person named in full (`Yahya Sinwar`) is often named again by the surname alone
 * (`Sinwar said`), which the tagger, reading one sentence's context, misses when the surname is
 * rare. Each untagged capitalised word equal to the last word (3 letters or more) of a person of
 * two words or more tagged in the same text becomes that person, unless a capitalised untagged
 * word stands right before or after it (a longer name the tagger left out: `Sinwar Street`), or
 * it opens a sentence and news writes the word in lower case (`Young people…` after `Will Young`).
 */
export function tagSurnames(
  tokens: readonly EntityToken[],
  tags: Uint8Array,
  candidate: ArrayLike<number>,
  /** CASE_LOWER (news writes the word in lower case) and the other case classes, per token. */
  caseClass: ArrayLike<number>,
  caseLower: number,
): Uint8Array {
  const n = tokens.length
  const surnames = new Set<string>()
  eachSpan(tags, (tag, i, end) => {
    if (tag !== B_PER || end === i) return
    const last = (tokens[end] as EntityToken).text
    if (last.length >= 3 && candidate[end] === 1) surnames.add(last)
  })
  if (surnames.size === 0) return tags
  const looseCapital = (k: number) => k >= 0 && k < n && tags[k] === 0 && candidate[k] === 1
  for (let k = 0; k < n; k++) {
    if (tags[k] !== 0 || candidate[k] !== 1) continue
    const t = tokens[k] as EntityToken
    if (!surnames.has(t.text) || looseCapital(k - 1) || looseCapital(k + 1)) continue
    if (t.start && caseClass[k] === caseLower) continue
    tags[k] = B_PER
  }
  return tags
}
