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
 */
import type { EntityMention } from './entities.ts'

export interface ConsistencyRules {
  surname: boolean
  acronym: boolean
}

export const CONSISTENCY_RULES: ConsistencyRules = { surname: true, acronym: true }

const SMALL_WORDS: ReadonlySet<string> = new Set(['of', 'the', 'and', 'for', 'de', 'du', 'des', 'la', 'le', '&'])

function initials(words: readonly string[]): string {
  let out = ''
  for (const w of words) if (!SMALL_WORDS.has(w.toLowerCase())) out += (w[0] as string).toUpperCase()
  return out
}

const isAcronym = (w: string) => /^[A-Z]{2,6}$/.test(w)

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
