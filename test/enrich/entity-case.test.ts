import { expect, test } from 'bun:test'
import { featureContext } from '../../core/enrich/entities.ts'
import {
  CASE_CAPITAL,
  CASE_LOWER,
  type EntityGazetteerFile,
  loadGazetteer,
} from '../../core/enrich/entity-gazetteer.ts'
import { tokenizeForEntities } from '../../core/enrich/entity-tokens.ts'

/** Case lists as scripts/entity-case-build.ts writes them: English words by how news writes them inside a sentence. */
const GAZ = loadGazetteer({
  format: 'newsdesk-entity-gazetteer/1',
  description: 'test',
  max_tokens: 4,
  countries: '',
  places: '',
  organisations: '',
  first_names: '',
  case: { en: { lower: 'yesterday police', capital: 'zelensky' } },
} satisfies EntityGazetteerFile)

const classes = (text: string, group: 'en' | 'xx') =>
  Array.from(featureContext(tokenizeForEntities(text), group, GAZ).caseClass)

test.each([
  { name: 'a sentence-initial ordinary word', text: 'Yesterday Zelensky spoke', want: [CASE_LOWER, CASE_CAPITAL, 0] },
  { name: 'lower-case tokens are never looked up', text: 'the police and zelensky', want: [0, 0, 0, 0] },
  { name: 'a capitalised ordinary word mid-sentence', text: 'then Police came', want: [0, CASE_LOWER, 0] },
  { name: 'a word in neither list', text: 'Kyiv said', want: [0, 0] },
])('case class in English: $name', ({ text, want }) => {
  expect(classes(text, 'en')).toEqual([...want])
})

test('no case class outside English (the lists are English)', () => {
  expect(classes('Yesterday Zelensky spoke', 'xx')).toEqual([0, 0, 0])
})
