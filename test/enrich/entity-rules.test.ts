import { describe, expect, test } from 'bun:test'
import { extractEntities, featureContext, foldMentions, tagsToMentions } from '../../core/enrich/entities.ts'
import { type EntityGazetteerFile, loadGazetteer } from '../../core/enrich/entity-gazetteer.ts'
import { TAGS } from '../../core/enrich/entity-model.ts'
import { applyEntityRules, ENTITY_RULES } from '../../core/enrich/entity-rules.ts'
import { tokenizeForEntities } from '../../core/enrich/entity-tokens.ts'
import { article } from './fixtures.ts'

/** A small gazetteer, so each case says exactly what the lists hold. */
const GAZ = loadGazetteer({
  format: 'newsdesk-entity-gazetteer/1',
  description: 'test',
  max_tokens: 4,
  countries: 'united states\tUS\nmalaysia\tMY\nus\tUS',
  places: 'washington\tUS\ndubai\tAE\nfort worth\tUS',
  organisations: 'home depot\npg&e\ntarget\nsouthern\nnetflix',
  first_names: '',
  seen_organisations: { en: 'bbc\nlabour party\ncoldplay', xx: 'bbc' },
  demonyms: 'indian iraqi iraqis southern',
  case: { en: { lower: 'target', capital: '' } },
} satisfies EntityGazetteerFile)

/** Tags as the model might give them, one per token (`O`, `B-PER`, `I-LOC`…), then the rules. */
function spans(text: string, tags: readonly string[], group: 'en' | 'xx' = 'en'): string[] {
  const tokens = tokenizeForEntities(text)
  expect(tokens.length).toBe(tags.length)
  const ctx = featureContext(tokens, group, GAZ)
  const ids = Uint8Array.from(tags, (t) => TAGS.indexOf(t as (typeof TAGS)[number]))
  return tagsToMentions(tokens, applyEntityRules(ctx, ids, GAZ, group, ENTITY_RULES)).map(
    (m) => `${m.type}:${m.words.join(' ')}`,
  )
}

describe('rules after the tagger', () => {
  test.each([
    {
      name: 'trim: a lower-case word after a place',
      text: 'in Fort Worth hotel today',
      tags: ['O', 'B-LOC', 'I-LOC', 'I-LOC', 'O'],
      want: ['place:Fort Worth'],
    },
    {
      name: 'trim: a lower-case word after a person',
      text: 'Myles Garrett engaged him',
      tags: ['B-PER', 'I-PER', 'I-PER', 'O'],
      want: ['person:Myles Garrett'],
    },
    {
      name: 'trim: a lower-case word inside splits the span',
      text: 'Pittsburgh center Maurkice Pouncey',
      tags: ['B-PER', 'I-PER', 'I-PER', 'I-PER'],
      want: ['person:Pittsburgh', 'person:Maurkice Pouncey'],
    },
    {
      name: 'trim: a dash after a name',
      text: 'Andy Beshear — who won',
      tags: ['B-PER', 'I-PER', 'I-PER', 'O', 'O'],
      want: ['person:Andy Beshear'],
    },
    {
      name: 'trim: a connector between capitalised words stays',
      text: 'the Bank of England said',
      tags: ['O', 'B-ORG', 'I-ORG', 'I-ORG', 'O'],
      want: ['organisation:Bank of England'],
    },
    {
      name: 'dateline: an all-capital place before (Reuters) is a place',
      text: 'DUBAI (Reuters) - Emirates said',
      tags: ['B-ORG', 'O', 'B-ORG', 'O', 'O', 'B-ORG', 'O'],
      want: ['place:DUBAI', 'organisation:Reuters', 'organisation:Emirates'],
    },
    {
      name: 'dateline: only at the start of a line',
      text: 'flights to DUBAI ( daily )',
      tags: ['O', 'O', 'B-ORG', 'O', 'O', 'O'],
      want: ['organisation:DUBAI'],
    },
    {
      name: 'dateline: an all-capital word that is no listed place stays as tagged',
      text: 'BREAKING : Chelsea sign',
      tags: ['O', 'O', 'B-ORG', 'O'],
      want: ['organisation:Chelsea'],
    },
    {
      name: 'seen organisation: an untagged listed name',
      text: 'He told the BBC and the Labour Party on Monday',
      tags: ['O', 'O', 'O', 'O', 'O', 'O', 'O', 'O', 'O', 'O'],
      want: ['organisation:BBC', 'organisation:Labour Party'],
    },
    {
      name: 'seen organisation: what the model tagged is kept',
      text: 'He met Coldplay fans',
      tags: ['O', 'O', 'B-PER', 'O'],
      want: ['person:Coldplay'],
    },
    {
      name: 'English too: a run ending in an organisation head is an organisation',
      text: 'a Big Ten Conference rule',
      tags: ['O', 'B-LOC', 'I-LOC', 'I-LOC', 'O'],
      want: ['organisation:Big Ten Conference'],
    },
    {
      name: 'English: the capitalised words before `Institute of` are the name',
      text: 'at the Massachusetts Institute of Technology today',
      tags: ['O', 'O', 'B-LOC', 'B-ORG', 'I-ORG', 'I-ORG', 'O'],
      want: ['organisation:Massachusetts Institute of Technology'],
    },
    {
      name: 'organisation heads, English: armed forces',
      text: 'the Israel Defense Forces said',
      tags: ['O', 'B-LOC', 'O', 'O', 'O'],
      want: ['organisation:Israel Defense Forces'],
    },
    {
      name: 'organisation heads: a place named like an organisation',
      text: 'in the West Bank today',
      tags: ['O', 'O', 'B-LOC', 'I-LOC', 'O'],
      want: ['place:West Bank'],
    },
    {
      name: 'organisation heads: `the` after a capitalised word joins two names',
      text: 'told Polygraph.info the Russian Defense Ministry said',
      tags: ['O', 'O', 'O', 'O', 'O', 'O', 'O'],
      want: ['organisation:Russian Defense Ministry'],
    },
    {
      name: 'organisation heads: `and` after a known organisation joins two names',
      text: 'the United Nations and European Union said',
      tags: ['O', 'B-ORG', 'I-ORG', 'I-ORG', 'I-ORG', 'I-ORG', 'O'],
      want: ['organisation:United Nations', 'organisation:European Union'],
    },
    {
      name: 'organisation heads: `and` inside one name',
      text: 'the Securities and Exchange Commission said',
      tags: ['O', 'O', 'O', 'O', 'O', 'O'],
      want: ['organisation:Securities and Exchange Commission'],
    },
    {
      name: 'demonym: a one-word place that is a demonym is no entity',
      text: 'the Indian village and Iraqis in Washington',
      tags: ['O', 'B-LOC', 'O', 'O', 'B-LOC', 'O', 'B-LOC'],
      want: ['place:Washington'],
    },
    {
      name: 'demonym: inside a longer name it stays',
      text: 'the Indian Ocean coast',
      tags: ['O', 'B-LOC', 'I-LOC', 'O'],
      want: ['place:Indian Ocean'],
    },
    {
      name: 'country: a country name tagged an organisation or a person is a place',
      text: 'Malaysia and the United States , not US Steel',
      tags: ['B-ORG', 'O', 'O', 'B-PER', 'I-PER', 'O', 'O', 'B-ORG', 'I-ORG'],
      want: ['place:Malaysia', 'place:United States', 'organisation:US Steel'],
    },
    {
      name: 'listed organisation: untagged words that make a listed name',
      text: 'He shops at Home Depot and pays PG&E bills',
      tags: ['O', 'O', 'O', 'O', 'O', 'O', 'O', 'O', 'O'],
      want: ['organisation:Home Depot', 'organisation:PG&E'],
    },
    {
      name: 'listed organisation: what the model tagged is kept',
      text: 'He shops at Home Depot daily',
      tags: ['O', 'O', 'O', 'B-PER', 'I-PER', 'O'],
      want: ['person:Home Depot'],
    },
    {
      name: 'listed organisation: not the start of a longer capitalised name',
      text: 'a Home Depot Chicago store',
      tags: ['O', 'O', 'O', 'O', 'O'],
      want: [],
    },
    {
      name: 'listed organisation: one word that news writes in lower case, or a demonym, is left alone',
      text: 'they hit the Target and went Southern',
      tags: ['O', 'O', 'O', 'O', 'O', 'O', 'O'],
      want: [],
    },
    {
      name: 'listed organisation: one word at a sentence start is left alone, inside a sentence it is one',
      text: 'Netflix said. He watched Netflix',
      tags: ['O', 'O', 'O', 'O', 'O', 'O'],
      want: ['organisation:Netflix'],
    },
    {
      name: 'seen organisation: one word at a sentence start is left alone',
      text: 'Coldplay said so',
      tags: ['O', 'O', 'O'],
      want: [],
    },
    {
      name: 'known organisation: an untagged acronym as written',
      text: 'then NATO said',
      tags: ['O', 'O', 'O'],
      want: ['organisation:NATO'],
    },
    {
      name: 'known organisation: an acronym in other case is no match',
      text: 'asked Who said',
      tags: ['O', 'O', 'O'],
      want: [],
    },
    {
      name: 'known organisation: a name tagged a person',
      text: 'and Hezbollah fired',
      tags: ['O', 'B-PER', 'O'],
      want: ['organisation:Hezbollah'],
    },
    {
      name: 'known organisation: several words tagged a place',
      text: 'the White House said',
      tags: ['O', 'B-LOC', 'I-LOC', 'O'],
      want: ['organisation:White House'],
    },
    {
      name: 'known organisation: at a sentence start',
      text: 'Real Madrid won',
      tags: ['O', 'O', 'O'],
      want: ['organisation:Real Madrid'],
    },
    {
      name: 'known organisation: not part of a longer capitalised run',
      text: 'on Labour Day and Texas Rangers games',
      tags: ['O', 'O', 'O', 'O', 'O', 'O', 'O'],
      want: [],
    },
    {
      name: 'known organisation: a longer tagged span is kept',
      text: 'the White House Correspondents Dinner',
      tags: ['O', 'B-ORG', 'I-ORG', 'I-ORG', 'I-ORG'],
      want: ['organisation:White House Correspondents Dinner'],
    },
    {
      name: 'known organisation: a span the tagger cut otherwise is kept',
      text: 'Hamas Chief Haniyeh',
      tags: ['B-PER', 'I-PER', 'I-PER'],
      want: ['person:Hamas Chief Haniyeh'],
    },
  ])('$name', ({ text, tags, want }) => {
    expect(spans(text, tags)).toEqual([...want])
  })

  test.each([
    {
      name: 'seen organisations are English only',
      text: 'disse a BBC ontem',
      tags: ['O', 'O', 'O', 'O'],
      want: [],
    },
    {
      name: 'a run ending in an organisation head is an organisation',
      text: 'die Siemens Energy AG meldete',
      tags: ['O', 'B-PER', 'I-PER', 'O', 'O'],
      want: ['organisation:Siemens Energy AG'],
    },
    {
      name: 'a head before `of` starts an organisation',
      text: 'an der University of Texas lehrt',
      tags: ['O', 'O', 'O', 'O', 'B-LOC', 'O'],
      want: ['organisation:University of Texas'],
    },
    {
      name: 'the head alone names nothing',
      text: 'Die Group meldete',
      tags: ['O', 'O', 'O'],
      want: [],
    },
    {
      name: 'demonyms and country names are left to the tagger outside English',
      text: 'a Malaysia e o Indian',
      tags: ['O', 'B-ORG', 'O', 'O', 'B-LOC'],
      want: ['organisation:Malaysia', 'place:Indian'],
    },
    {
      name: 'lower-case words inside a name stay outside English',
      text: 'o Ministério italiano de os Negócios Estrangeiros disse',
      tags: ['O', 'B-ORG', 'I-ORG', 'I-ORG', 'I-ORG', 'I-ORG', 'I-ORG', 'O'],
      want: ['organisation:Ministério italiano de os Negócios Estrangeiros'],
    },
  ])('xx: $name', ({ text, tags, want }) => {
    expect(spans(text, tags, 'xx')).toEqual([...want])
  })
})

describe('names and countries on real news text', () => {
  const person = (...words: string[]) => ({ type: 'person' as const, words })
  const org = (...words: string[]) => ({ type: 'organisation' as const, words })
  test.each([
    { words: ['South', 'Dakota', 'Gov', 'Kristi', 'Noem'], want: 'person:kristi-noem' },
    { words: ['Defenseman', 'Jonas', 'Brodin'], want: 'person:jonas-brodin' },
    { words: ['Insider', 'Jason', 'La', 'Canfora'], want: 'person:jason-la-canfora' },
    { words: ['Republican', 'Phil', 'Bryant'], want: 'person:phil-bryant' },
    { words: ['John', 'Major'], want: 'person:john-major' },
    { words: ['President', 'Putin'], want: 'person:putin' },
  ])('a title before the name is dropped: $want', ({ words, want }) => {
    expect(foldMentions([person(...words)]).map((e) => e.key)).toEqual([want])
  })

  test.each([
    {
      mentions: [org('Vice'), person('Mike', 'Pence')],
      want: ['person:mike-pence'],
    },
    {
      mentions: [org('CollectiveBias'), org('Inc')],
      want: ['organisation:collectivebias'],
    },
  ])('half a title or a legal suffix alone is no entity: $want', ({ mentions, want }) => {
    expect(foldMentions(mentions).map((e) => e.key)).toEqual([...want])
  })

  test.each([
    { name: 'Jupiter', want: null },
    { name: 'Asia', want: null },
    { name: 'Europe', want: null },
    { name: 'Middle East', want: null },
    { name: 'Earth', want: null },
    { name: 'Paris', want: 'FR' },
    { name: 'Maryland', want: 'US' },
  ])('place → country: $name → $want', ({ name, want }) => {
    const [e] = foldMentions([{ type: 'place', words: tokenizeForEntities(name).map((t) => t.text) }])
    expect(e?.country ?? null).toBe(want)
  })

  test.each([
    {
      name: 'a title-case headline whose words the body does not repeat',
      title: 'Daily Deals: More Black Friday Deals Are Live, Including Controllers And Watches',
      text: 'Prices fell again this week for many of the things people buy before the holidays.',
    },
    {
      name: 'a shouting headline',
      title: 'BREAKING NEWS: Markets Tumble As Rates Rise Again',
      text: 'shares fell sharply on the news, traders said.',
    },
  ])('no entity from $name', ({ title, text }) => {
    expect(extractEntities(article({ title, text }), 'en')).toEqual([])
  })

  test('a headline name the body repeats is kept', () => {
    const out = extractEntities(
      article({
        title: 'Nadal Keeps Spain Alive Against Russia In Davis Cup',
        text: 'Rafael Nadal won both of his matches. Nadal said the team was tired.',
      }),
      'en',
    )
    expect(out.map((e) => e.key)).toContain('person:rafael-nadal')
  })
})
