import { afterEach, expect, test } from 'bun:test'
import type { ExtractedArticle } from '../../core/article.ts'
import { extractEntities, extractMentions, isTitleCase } from '../../core/enrich/entities.ts'
import { type EntityGazetteerFile, loadGazetteer } from '../../core/enrich/entity-gazetteer.ts'
import gazetteerText from '../../core/enrich/entity-gazetteer.json' with { type: 'text' }
import { tokenizeForEntities } from '../../core/enrich/entity-tokens.ts'
import { capitalise, TRUECASE_RULES, truecaseShoutedLines } from '../../core/enrich/entity-truecase.ts'

/** The shipped lists, as core/enrich/entities.ts loads them. */
const GAZ = loadGazetteer(JSON.parse(gazetteerText as unknown as string) as EntityGazetteerFile)

const truecased = (text: string, lang = 'en') => {
  const tokens = tokenizeForEntities(text)
  const lines = truecaseShoutedLines(tokens, undefined, GAZ, lang === 'en' ? 'en' : 'xx', lang)
  return { lines, text: tokens.map((t) => t.text).join(' ') }
}

const shipped = TRUECASE_RULES.groups
afterEach(() => {
  ;(TRUECASE_RULES as { groups: ReadonlySet<string> }).groups = shipped
})

test.each([
  {
    name: 'case lists, function words, demonyms',
    text: 'EU BACKS FRENCH PLAN TO TAX BRITISH IMPORTS',
    want: 'EU backs French plan to tax British imports',
  },
  {
    name: 'a listed name of several words, a first name',
    text: 'PRESIDENT OBAMA MEETS ANGELA MERKEL IN NEW YORK',
    want: 'President Obama meets Angela Merkel in New York',
  },
  {
    name: 'a known acronym and a dotted one keep their capitals',
    text: 'FBI SAYS U.S. SENATOR BOB MENENDEZ TOOK BRIBES',
    want: 'FBI says U.S Senator Bob Menendez took bribes',
  },
  {
    name: 'the first word takes a capital; punctuation stays',
    text: 'HEALTHY EATING: GOOD FOODS FOR THE WINTER',
    want: 'Healthy eating : good foods for the winter',
  },
  {
    name: 'a hyphenated word by its parts',
    text: 'PAKISTANI-CONTROLLED KASHMIR HIT BY FLOODS',
    want: 'Pakistani-controlled Kashmir hit by floods',
  },
  {
    name: '`US` the country first in a line or after `the`, else the pronoun',
    text: 'US TROOPS TELL THE US SENATE: JOIN US IN KABUL',
    want: 'US troops tell the US Senate : join us in Kabul',
  },
  {
    name: "a possessive 's",
    text: "CHINA'S LEADERS MEET IN BEIJING",
    want: "China 's leaders meet in Beijing",
  },
])('a shouted line in likely case: $name', ({ text, want }) => {
  expect(truecased(text)).toEqual({ lines: 1, text: want })
})

test.each([
  { name: 'mixed case', text: 'The EU backs a French plan to tax British imports' },
  { name: 'one lower-case word among capitals', text: 'EU BACKS FRENCH PLAN to TAX BRITISH IMPORTS' },
  { name: 'fewer than three words of letters (a dateline)', text: 'WASHINGTON (AP) —' },
  { name: 'acronyms and numbers only', text: 'NATO 2024 G7' },
  { name: 'a language without truecasing (Portuguese)', text: 'GOVERNO DE LISBOA APROVA ORÇAMENTO', lang: 'pt' },
])('left as written: $name', ({ text, lang }) => {
  const tokens = tokenizeForEntities(text)
  expect(truecased(text, lang)).toEqual({ lines: 0, text: tokens.map((t) => t.text).join(' ') })
})

test('only the shouted lines of a text are rewritten, and candidates follow', () => {
  const text = 'Markets fell on Monday.\nAPPLE SHARES FALL AS IPHONE SALES SLOW IN CHINA\nAnalysts at UBS said so.'
  const candidates: number[] = []
  const tokens = tokenizeForEntities(text, [], candidates)
  const before = tokens.map((t) => t.text)
  expect(truecaseShoutedLines(tokens, candidates, GAZ, 'en', 'en')).toBe(1)
  const after = tokens.map((t) => t.text)
  const line2 = before.indexOf('APPLE')
  const line3 = before.indexOf('Analysts')
  expect(after.slice(0, line2)).toEqual(before.slice(0, line2))
  expect(after.slice(line3)).toEqual(before.slice(line3))
  expect(after.slice(line2, line3).join(' ')).toBe('Apple shares fall as Iphone sales slow in China')
  expect(candidates.slice(line2, line3)).toEqual(after.slice(line2, line3).map((w) => (/^\p{Lu}/u.test(w) ? 1 : 0)))
})

test.each([
  {
    line: 'PRESIDENT OBAMA MEETS ANGELA MERKEL IN NEW YORK',
    want: ['person:President Obama', 'person:Angela Merkel', 'place:New York'],
  },
  { line: 'POLICE IN PHILADELPHIA ARREST TWO AFTER SHOOTING', want: ['place:Philadelphia'] },
  { line: 'STUDENTS STUDYING IN QUEBEC FACE HIGHER FEES', want: ['place:Quebec'] },
  { line: 'APPLE SHARES FALL AS IPHONE SALES SLOW IN CHINA', want: ['organisation:Apple', 'place:China'] },
  {
    line: 'FBI SAYS U.S. SENATOR BOB MENENDEZ TOOK BRIBES',
    want: ['organisation:FBI', 'place:U.S', 'person:Bob Menendez'],
  },
])('mentions of a shouted line, in proper case: $line', ({ line, want }) => {
  expect(extractMentions(line, 'en').map((m) => `${m.type}:${m.words.join(' ')}`)).toEqual([...want])
})

const article = (title: string, text: string): ExtractedArticle =>
  ({ title, description: '', text }) as unknown as ExtractedArticle

test.each([
  {
    name: 'a shouted headline and first paragraph',
    title: 'APPLE SHARES FALL AS IPHONE SALES SLOW IN CHINA',
    text: 'APPLE SHARES FALL AS IPHONE SALES SLOW IN CHINA\nInvestors were told on Monday that demand had weakened.',
    want: ['organisation:apple=Apple', 'place:china=China'],
  },
  {
    name: 'a shouted wire headline, the body naming the same',
    title: 'POLICE IN PHILADELPHIA ARREST TWO AFTER SHOOTING',
    text: 'POLICE IN PHILADELPHIA ARREST TWO AFTER SHOOTING\nTwo men were held overnight, officers in Philadelphia said.',
    want: ['place:philadelphia=Philadelphia'],
  },
])('entities of an article: $name', ({ title, text, want }) => {
  expect(extractEntities(article(title, text), 'en').map((e) => `${e.key}=${e.name}`)).toEqual([...want])
})

test.each([
  'The European Commission said on Thursday it would not back a French plan to tax British imports.',
  'Apple shares fell as iPhone sales slowed in China, analysts at UBS said.',
  'WASHINGTON (AP) — President Joe Biden met NATO leaders in Brussels.',
  'SAO PAULO, Brazil (AP) — Police said three people were hurt.',
])('normal text: the same mentions with truecasing on and off: %s', (text) => {
  const on = extractMentions(text, 'en')
  ;(TRUECASE_RULES as { groups: ReadonlySet<string> }).groups = new Set()
  expect(extractMentions(text, 'en')).toEqual(on)
})

test.each([
  { title: 'Studying in Quebec, Canada?', want: false },
  { title: 'Studying In Quebec, Canada Today', want: true },
  { title: 'Canada Election Results Announced', want: true },
  { title: 'Trudeau wins another term in Canada', want: false },
])('title case is judged without the first word: $title', ({ title, want }) => {
  expect(isTitleCase(title)).toBe(want)
})

test('a sentence-case headline keeps its names without the body naming them', () => {
  const names = extractEntities(article('Studying in Quebec, Canada?', 'Fees rose again this year.'), 'en')
  expect(names.map((e) => e.key)).toContain('place:quebec')
})

test.each([
  ["O'BRIEN", "O'Brien"],
  ['AL-ASSAD', 'Al-Assad'],
  ['MERKEL', 'Merkel'],
  ["DON'T", "Don't"],
])('capitalise %s', (word, want) => {
  expect(capitalise(word)).toBe(want)
})
