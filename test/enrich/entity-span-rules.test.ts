import { describe, expect, test } from 'bun:test'
import { type EntityMention, featureContext, foldMentions, tagsToMentions } from '../../core/enrich/entities.ts'
import { type EntityGazetteerFile, loadGazetteer } from '../../core/enrich/entity-gazetteer.ts'
import { TAGS } from '../../core/enrich/entity-model.ts'
import { applyEntityRules, ENTITY_RULES } from '../../core/enrich/entity-rules.ts'
import { SPAN_RULES, type SpanRules, splitHyphenatedPlaces } from '../../core/enrich/entity-span-rules.ts'
import { tokenizeForEntities } from '../../core/enrich/entity-tokens.ts'

/** A small gazetteer, so each case says exactly what the lists hold. */
const GAZ = loadGazetteer({
  format: 'newsdesk-entity-gazetteer/1',
  description: 'test',
  max_tokens: 4,
  countries: 'india\tIN\npakistan\tPK\nunited kingdom\tGB',
  places: 'kashmir\tIN\nplymouth\tGB\ndelhi\tIN',
  organisations: '',
  first_names: 'jo wilfried jean patrick',
  seen_organisations: { en: '', xx: '' },
  demonyms: 'indian',
  case: { en: { lower: 'talks', capital: '' } },
} satisfies EntityGazetteerFile)

/** Tags as the model might give them, one per token (`O`, `B-PER`, `I-LOC`…), then the rules. */
function spans(text: string, tags: readonly string[], rules = SPAN_RULES): string[] {
  const tokens = tokenizeForEntities(text)
  expect(tokens.length).toBe(tags.length)
  const ctx = featureContext(tokens, 'en', GAZ)
  const ids = Uint8Array.from(tags, (t) => TAGS.indexOf(t as (typeof TAGS)[number]))
  return tagsToMentions(tokens, applyEntityRules(ctx, ids, GAZ, 'en', ENTITY_RULES, rules)).map(
    (m) => `${m.type}:${m.words.join(' ')}`,
  )
}

describe('rules over a span’s own words (English)', () => {
  test.each([
    {
      name: 'orgCue: a name right after an organisation noun, untagged',
      text: 'in the journal Nature Astronomy today',
      tags: ['O', 'O', 'O', 'O', 'O', 'O'],
      want: ['organisation:Nature Astronomy'],
    },
    {
      name: 'orgCue: a place or person the tagger saw becomes the organisation',
      text: 'the think-tank Chatham House said',
      tags: ['O', 'O', 'B-LOC', 'I-LOC', 'O'],
      want: ['organisation:Chatham House'],
    },
    {
      name: 'orgCue: a date after a connector is no part of it',
      text: 'the journal Nature Astronomy on Monday',
      tags: ['O', 'O', 'O', 'O', 'O', 'O'],
      want: ['organisation:Nature Astronomy'],
    },
    {
      name: 'orgCue: published by, on or in before a name',
      text: 'originally published on Live Science . published in the Guardian . published on Thursday',
      tags: ['O', 'O', 'O', 'O', 'O', 'O', 'O', 'O', 'O', 'O', 'O', 'O', 'O', 'O'],
      want: ['organisation:Live Science', 'organisation:Guardian'],
    },
    {
      name: 'orgCue: a second name after and is left alone',
      text: 'published by Walikali and Gossipgist',
      tags: ['O', 'O', 'O', 'O', 'O'],
      want: ['organisation:Walikali'],
    },
    {
      name: 'orgCue: not a listed place, a first name, a title or a day',
      text: 'a Delhi company . the company Patrick Smith founded . the company Tuesday said',
      tags: ['O', 'B-LOC', 'O', 'O', 'O', 'O', 'B-PER', 'I-PER', 'O', 'O', 'O', 'O', 'O', 'O'],
      want: ['place:Delhi', 'person:Patrick Smith'],
    },
    {
      name: 'orgCue: a listed place after the noun stays a place',
      text: 'the company Plymouth is',
      tags: ['O', 'O', 'B-LOC', 'O'],
      want: ['place:Plymouth'],
    },
    {
      name: 'eventHead: an event is no entity',
      text: 'at the Davis Cup today',
      tags: ['O', 'O', 'B-PER', 'I-PER', 'O'],
      want: [],
    },
    {
      name: 'titleSplit: the person after a title inside an organisation span',
      text: 'Prime Minister Shehbaz Sharif said',
      tags: ['B-ORG', 'I-ORG', 'I-ORG', 'I-ORG', 'O'],
      want: ['person:Shehbaz Sharif'],
    },
    {
      name: 'titleSplit: an office title before one name',
      text: 'Vice President Biden said',
      tags: ['B-ORG', 'I-ORG', 'I-ORG', 'O'],
      want: ['person:Biden'],
    },
    {
      name: 'titleSplit: another title needs two words after it',
      text: 'General Electric said',
      tags: ['B-ORG', 'I-ORG', 'O'],
      want: ['organisation:General Electric'],
    },
    {
      name: 'titleSplit: a span ending in an office names nobody',
      text: 'the Indian Foreign Secretary said',
      tags: ['O', 'B-ORG', 'I-ORG', 'I-ORG', 'O'],
      want: [],
    },
    {
      name: 'titleSplit: an organisation before its office keeps its name',
      text: 'the House of Representatives Speaker said',
      tags: ['O', 'B-ORG', 'I-ORG', 'I-ORG', 'I-ORG', 'O'],
      want: ['organisation:House of Representatives'],
    },
    {
      name: 'titleSplit: an office then of before an organisation',
      text: 'the Leader of Burnley Council said',
      tags: ['O', 'B-ORG', 'I-ORG', 'I-ORG', 'I-ORG', 'O'],
      want: ['organisation:Burnley Council'],
    },
    {
      name: 'titleName: a person after a title the tagger left untagged',
      text: 'Foreign Secretary Vikram Misri said',
      tags: ['O', 'O', 'O', 'O', 'O'],
      want: ['person:Vikram Misri'],
    },
    {
      name: 'placeHead: a street tagged a person is a place',
      text: 'on Charles Street today',
      tags: ['O', 'B-PER', 'I-PER', 'O'],
      want: ['place:Charles Street'],
    },
    {
      name: 'roleModifier: a role’s qualifier is no part of the name',
      text: 'Former National Security Council official',
      tags: ['B-ORG', 'I-ORG', 'I-ORG', 'I-ORG', 'O'],
      want: ['organisation:National Security Council'],
    },
    {
      name: 'ofOrg: the organisation after of in a span the head rule made an organisation',
      text: 'Patrick Liu of Victoria Hospital said',
      tags: ['B-PER', 'I-PER', 'I-PER', 'I-PER', 'I-PER', 'O'],
      want: ['organisation:Victoria Hospital'],
    },
    {
      name: 'hyphenName: a hyphenated first name and a surname',
      text: 'after Jo-Wilfried Tsonga won',
      tags: ['O', 'O', 'O', 'O'],
      want: ['person:Jo-Wilfried Tsonga'],
    },
    {
      name: 'handle (off): a name after @ stays',
      text: 'the Senate (@NGRSenate) said',
      tags: ['O', 'B-ORG', 'O', 'O', 'B-ORG', 'O', 'O'],
      want: ['organisation:Senate', 'organisation:NGRSenate'],
    },
  ] as { name: string; text: string; tags: string[]; want: string[] }[])('$name', ({ text, tags, want }) =>
    expect(spans(text, tags)).toEqual(want),
  )

  test('every span rule off leaves the tagger’s spans', () => {
    const off: SpanRules = { ...SPAN_RULES }
    for (const k of Object.keys(off) as (keyof SpanRules)[]) off[k] = false
    expect(spans('Prime Minister Shehbaz Sharif said', ['B-ORG', 'I-ORG', 'I-ORG', 'I-ORG', 'O'], off)).toEqual([
      'organisation:Prime Minister Shehbaz Sharif',
    ])
  })
})

describe('hyphenPlace: places inside hyphenated words (English)', () => {
  const m = (type: EntityMention['type'], ...words: string[]): EntityMention => ({ type, words })
  test.each([
    { name: 'two listed places', input: [m('place', 'India-Pakistan')], want: ['place:India', 'place:Pakistan'] },
    {
      name: 'a place before a lower-case modifier',
      input: [m('place', 'Pakistan-administered', 'Kashmir')],
      want: ['place:Pakistan', 'place:Kashmir'],
    },
    {
      name: 'a modifier whose part is no place is dropped alone',
      input: [m('organisation', 'Acme-based', 'Council')],
      want: ['organisation:Council'],
    },
    {
      name: 'a hyphenated name stays',
      input: [m('person', 'Jean-Julien', 'Rojer')],
      want: ['person:Jean-Julien Rojer'],
    },
    { name: 'a part that is no place keeps the word', input: [m('place', 'India-Foo')], want: ['place:India-Foo'] },
  ] as { name: string; input: EntityMention[]; want: string[] }[])('$name', ({ input, want }) =>
    expect(splitHyphenatedPlaces(input, GAZ).map((x) => `${x.type}:${x.words.join(' ')}`)).toEqual(want),
  )
})

describe('foldMentions: listed places and letters after names', () => {
  test('a listed place does not fold into a longer name that starts with it', () => {
    const keys = foldMentions(
      [
        { type: 'place', words: ['Plymouth'] },
        { type: 'place', words: ['Plymouth', 'Citybus'] },
      ],
      GAZ,
    ).map((e) => e.key)
    expect(keys.sort()).toEqual(['place:plymouth', 'place:plymouth-citybus'])
  })
  test('an unlisted short name still folds', () => {
    const keys = foldMentions(
      [
        { type: 'place', words: ['Foo'] },
        { type: 'place', words: ['Foo', 'Valley'] },
      ],
      GAZ,
    ).map((e) => e.key)
    expect(keys).toEqual(['place:foo-valley'])
  })
  test.each([
    { words: ['Afrasiab', 'Anwar', 'MBE'], want: 'person:afrasiab-anwar' },
    { words: ['Luke', 'Pollard', 'MP'], want: 'person:luke-pollard' },
    { words: ['MP'], want: 'person:mp' },
  ])('post-nominal letters: $words', ({ words, want }) =>
    expect(foldMentions([{ type: 'person', words: [...words] }], GAZ).map((e) => e.key)).toEqual([want]),
  )
})
