import { expect, test } from 'bun:test'
import entityGazetteerFile from '../../core/enrich/entity-gazetteer.json' with { type: 'json' }
import { type EntityGazetteerFile, loadGazetteer, markGazetteer } from '../../core/enrich/entity-gazetteer.ts'
import {
  buildLexicon,
  LEX_FIRST_NAME,
  LEX_KNOWN_ORG_FIRST,
  LEX_KINDS,
  LEX_ORG_FIRST,
  LEX_SEEN_ORG_FIRST,
  LEX_STARTS_LONGER,
  lexiconIndex,
} from '../../core/enrich/entity-lexicon.ts'
import {
  GAZ_BEGIN,
  GAZ_COUNTRY,
  GAZ_FIRST_NAME,
  GAZ_ORG,
  GAZ_PLACE,
  hashString,
} from '../../core/enrich/entity-model.ts'
import { WORD_CLUSTERS } from '../../core/enrich/word-clusters.ts'

const SMALL = buildLexicon({
  kinds: new Map([
    ['paris', GAZ_PLACE],
    ['france', GAZ_COUNTRY],
    ['new york', GAZ_PLACE],
    ['home depot', GAZ_ORG],
  ]),
  firstNames: new Set(['anna']),
  organisationFirstWords: new Set(['home']),
  seenOrganisations: new Map([['en', new Set(['labour party', 'bbc'])]]),
  caseOf: new Map([['en', new Map([['police', 1]])]]),
  clusters: new Map([
    ['paris', 7],
    ['police', 3],
  ]),
  knownOrganisations: { names: new Set(['real madrid']), acronyms: new Set(['NATO']) },
})

const facts = (w: string) => {
  const k = lexiconIndex(SMALL, w, hashString(w))
  return k < 0
    ? null
    : { flags: SMALL.flags[k], cluster: SMALL.cluster[k], case: (SMALL.caseOf.get('en') as Uint8Array)[k] }
}

test.each([
  { w: 'paris', want: { flags: GAZ_PLACE, cluster: 7, case: 0 } },
  { w: 'france', want: { flags: GAZ_COUNTRY, cluster: -1, case: 0 } },
  { w: 'new', want: { flags: LEX_STARTS_LONGER, cluster: -1, case: 0 } },
  { w: 'home', want: { flags: LEX_STARTS_LONGER | LEX_ORG_FIRST, cluster: -1, case: 0 } },
  { w: 'labour', want: { flags: LEX_SEEN_ORG_FIRST, cluster: -1, case: 0 } },
  { w: 'bbc', want: { flags: LEX_SEEN_ORG_FIRST, cluster: -1, case: 0 } },
  { w: 'anna', want: { flags: LEX_FIRST_NAME, cluster: -1, case: 0 } },
  { w: 'police', want: { flags: 0, cluster: 3, case: 1 } },
  { w: 'real', want: { flags: LEX_KNOWN_ORG_FIRST, cluster: -1, case: 0 } },
  { w: 'nato', want: { flags: LEX_KNOWN_ORG_FIRST, cluster: -1, case: 0 } },
  { w: 'york', want: null },
  { w: 'depot', want: null },
  { w: '', want: null },
])('lexicon facts of $w', ({ w, want }) => expect(facts(w)).toEqual(want))

// The shipped table answers exactly what the maps it replaces answer, for every word they hold.
test('shipped lexicon agrees with the gazetteer maps and the word clusters', () => {
  const gaz = loadGazetteer(entityGazetteerFile as EntityGazetteerFile)
  const lex = gaz.lexicon
  const words = new Set<string>([...WORD_CLUSTERS.keys(), ...gaz.firstNames, ...gaz.organisationFirstWords])
  for (const key of gaz.kinds.keys()) for (const w of key.split(' ')) words.add(w)
  for (const m of gaz.caseOf.values()) for (const w of m.keys()) words.add(w)
  const longerStarts = new Set([...gaz.kinds.keys()].filter((k) => k.includes(' ')).map((k) => k.split(' ')[0]))
  const caseEn = gaz.caseOf.get('en')
  let mismatches = 0
  for (const w of [...words, 'zzqx', 'not-a-listed-word']) {
    const k = lexiconIndex(lex, w, hashString(w))
    const flags = k < 0 ? 0 : (lex.flags[k] as number)
    const ok =
      (k < 0 ? -1 : lex.cluster[k]) === (WORD_CLUSTERS.get(w) ?? -1) &&
      (flags & LEX_KINDS) === (w.includes(' ') ? 0 : (gaz.kinds.get(w) ?? 0) & LEX_KINDS) &&
      ((flags & LEX_FIRST_NAME) !== 0) === gaz.firstNames.has(w) &&
      ((flags & LEX_ORG_FIRST) !== 0) === gaz.organisationFirstWords.has(w) &&
      ((flags & LEX_STARTS_LONGER) !== 0) === longerStarts.has(w) &&
      (k < 0 ? 0 : (lex.caseOf.get('en') as Uint8Array)[k]) === (caseEn?.get(w) ?? 0)
    if (!ok) mismatches++
  }
  expect(words.size).toBeGreaterThan(60_000)
  expect(mismatches).toBe(0)
})

test.each([
  { name: 'a one-word place', lower: ['paris'], starts: [1], want: [GAZ_PLACE | GAZ_BEGIN] },
  { name: 'longest match', lower: ['new', 'york'], starts: [1, 1], want: [GAZ_PLACE | GAZ_BEGIN, GAZ_PLACE] },
  { name: 'a first word alone is no match', lower: ['new', 'jersey'], starts: [1, 1], want: [0, 0] },
  { name: 'a first name', lower: ['anna', 'paris'], starts: [1, 1], want: [GAZ_FIRST_NAME, GAZ_PLACE | GAZ_BEGIN] },
  { name: 'no match from a lower-case token', lower: ['paris'], starts: [0], want: [0] },
])('markGazetteer: $name', ({ lower, starts, want }) => {
  const gaz = loadGazetteer(
    {
      format: 'newsdesk-entity-gazetteer/1',
      description: 'test',
      max_tokens: 3,
      countries: 'france\tFR',
      places: 'paris\tFR\nnew york\tUS',
      organisations: '',
      first_names: 'anna',
    } satisfies EntityGazetteerFile,
    new Map(),
  )
  const word = Int32Array.from(lower, (w) => lexiconIndex(gaz.lexicon, w, hashString(w)))
  expect(Array.from(markGazetteer(gaz, lower, starts, word))).toEqual([...want])
})
